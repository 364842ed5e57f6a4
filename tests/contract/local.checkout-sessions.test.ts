import { createLocalCheckoutSessions } from '../../src/services/account-store/local-checkout-sessions.ts';
import { createLocalAuth } from '../../src/services/auth/local-auth.ts';
import { checkoutSessionsContract } from './checkout-sessions.contract.ts';
import { uniqueEmail, useEmbeddedServer } from './support/embedded-server.ts';

const server = useEmbeddedServer();

checkoutSessionsContract('local adapter, embedded server (Server-Sent Events)', () => ({
  async newCustomer() {
    const client = server.client();
    const { uid } = await createLocalAuth({ api: client.api }).signUp(uniqueEmail(), 'secret-password');
    return { uid, sessions: createLocalCheckoutSessions(client) };
  },
  origin: () => server.origin,
}));
