import { createLocalBilling } from '../../src/services/account-store/local-billing.ts';
import { createLocalPlans } from '../../src/services/account-store/local-plans.ts';
import { billingContract } from './billing.contract.ts';
import { useEmbeddedServer } from './support/embedded-server.ts';
import { embeddedSubscribers } from './support/embedded-subscriber.ts';

const server = useEmbeddedServer();
const subscribers = embeddedSubscribers(server);

billingContract('local adapter, embedded server', () => ({
  async newCustomer() {
    const { uid, client } = await subscribers.signUp();
    return { uid, billing: createLocalBilling({ api: client.api }), plans: createLocalPlans({ api: client.api }) };
  },
  subscribeToStandard: subscribers.subscribeToStandard,
  // The embedded server makes the change itself: no portal.
  async portal() {
    throw new Error('the embedded server changes the subscription itself');
  },
}));
