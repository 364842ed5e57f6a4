import { createLocalPlans } from '../../src/services/account-store/local-plans.ts';
import { plansContract } from './plans.contract.ts';
import { useEmbeddedServer } from './support/embedded-server.ts';
import { embeddedSubscribers } from './support/embedded-subscriber.ts';

const server = useEmbeddedServer();
const subscribers = embeddedSubscribers(server);

plansContract('local adapter, embedded server', () => ({
  async newCustomer() {
    const { uid, client } = await subscribers.signUp();
    return { uid, plans: createLocalPlans({ api: client.api }) };
  },
  subscribeToStandard: subscribers.subscribeToStandard,
}));
