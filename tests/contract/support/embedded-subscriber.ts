import { createLocalCheckoutSessions } from '../../../src/services/account-store/local-checkout-sessions.ts';
import { createLocalAuth } from '../../../src/services/auth/local-auth.ts';
import { STANDARD_PRICE, watchUntil } from '../checkout-sessions.contract.ts';
import { type EmbeddedClient, uniqueEmail, type useEmbeddedServer } from './embedded-server.ts';

/**
 * Customers of the real embedded server for the plans and billing contracts: each signs up in a
 * browser of its own, and subscribes to Standard the embedded way, end to end.
 */
export function embeddedSubscribers(server: ReturnType<typeof useEmbeddedServer>) {
  const clients = new Map<string, EmbeddedClient>();
  return {
    /** A new customer, signed in: its uid and its browser. */
    async signUp() {
      const client = server.client();
      const { uid } = await createLocalAuth({ api: client.api }).signUp(uniqueEmail(), 'secret-password');
      clients.set(uid, client);
      return { uid, client };
    },
    /** A checkout session, then Stripe's test card on its hosted page. */
    async subscribeToStandard({ uid }: { uid: string }) {
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
  };
}
