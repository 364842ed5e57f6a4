import { createLocalBilling } from '../../src/services/account-store/local-billing.ts';
import { createLocalCheckoutSessions } from '../../src/services/account-store/local-checkout-sessions.ts';
import { createLocalPlans } from '../../src/services/account-store/local-plans.ts';
import { createLocalAuth } from '../../src/services/auth/local-auth.ts';
import { billingContract } from './billing.contract.ts';
import { STANDARD_PRICE, watchUntil } from './checkout-sessions.contract.ts';
import { type EmbeddedClient, uniqueEmail, useEmbeddedServer } from './support/embedded-server.ts';

const server = useEmbeddedServer();
const clients = new Map<string, EmbeddedClient>();

billingContract('local adapter, embedded server', () => ({
  async newCustomer() {
    const client = server.client();
    const { uid } = await createLocalAuth({ api: client.api }).signUp(uniqueEmail(), 'secret-password');
    clients.set(uid, client);
    return { uid, billing: createLocalBilling({ api: client.api }), plans: createLocalPlans({ api: client.api }) };
  },
  // The embedded path end to end: a checkout session, then Stripe's test card on its hosted page.
  async subscribeToStandard({ uid }) {
    const client = clients.get(uid)!;
    const sessions = createLocalCheckoutSessions(client);
    const url = `${server.origin}/change-plan`;
    const id = await sessions.create(uid, { priceId: STANDARD_PRICE, successUrl: url, cancelUrl: url });
    const { sessionId } = await watchUntil({ uid, sessions }, uid, id, (state) => Boolean(state.sessionId));
    const paid = await client.fetch(`${server.origin}/checkout/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', name: 'Ann Example' }),
    });
    if (!paid.ok) throw new Error(`pay: HTTP ${paid.status} ${await paid.text()}`);
  },
  // The embedded server makes the change itself: no portal.
  async portal() {
    throw new Error('the embedded server changes the subscription itself');
  },
}));
