import { describe, expect, it } from 'vitest';

import type {
  CheckoutSessionsStore,
  CheckoutSessionState,
} from '../../src/services/account-store/checkout-sessions.port.ts';

export interface SessionsCustomer {
  uid: string;
  sessions: CheckoutSessionsStore;
}

export interface CheckoutSessionsHarness {
  newCustomer(): Promise<SessionsCustomer>;
  /** The site's own origin, for success_url and cancel_url. */
  origin(): string;
}

export const STANDARD_PRICE = 'price_1MqStandardMonthlyGbp';

/** Watches until `done(state)`; resolves with that state, rejects on onError or after `ms`. */
export function watchUntil(
  customer: SessionsCustomer,
  uid: string,
  id: string,
  done: (state: CheckoutSessionState) => boolean,
  ms = 8000,
) {
  return new Promise<CheckoutSessionState>((resolve, reject) => {
    let stop = () => {};
    const timer = setTimeout(() => {
      stop();
      reject(new Error('the session did not change as expected in time'));
    }, ms);
    const finish = (fn: () => void) => {
      clearTimeout(timer);
      queueMicrotask(() => stop());
      fn();
    };
    stop = customer.sessions.watch(
      uid,
      id,
      (state) => {
        if (done(state)) finish(() => resolve(state));
      },
      (error) => finish(() => reject(error)),
    );
  });
}

/** The checkout sessions port's contract (checkout-sessions.port.ts), after the Stripe extension. */
export function checkoutSessionsContract(name: string, harness: () => CheckoutSessionsHarness) {
  describe(`checkout sessions contract: ${name}`, () => {
    const request = (h: CheckoutSessionsHarness, priceId = STANDARD_PRICE) => ({
      priceId,
      successUrl: `${h.origin()}/change-plan`,
      cancelUrl: `${h.origin()}/change-plan`,
    });

    it('adds a request; the payment side then writes a session id and the url to pay at', async () => {
      const h = harness();
      const customer = await h.newCustomer();
      const id = await customer.sessions.create(customer.uid, request(h));
      expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
      const state = await watchUntil(customer, customer.uid, id, (s) => Boolean(s.sessionId || s.error));
      expect(state.error).toBeUndefined();
      expect(state.sessionId).toEqual(expect.any(String));
      expect(state.url).toMatch(/^https?:\/\/.+/);
    });

    it('reports an unknown price as the document error, with a message', async () => {
      const h = harness();
      const customer = await h.newCustomer();
      const id = await customer.sessions.create(customer.uid, request(h, 'price_doesNotExist'));
      const state = await watchUntil(customer, customer.uid, id, (s) => Boolean(s.sessionId || s.error));
      expect(state.sessionId).toBeUndefined();
      expect(state.error?.message).toMatch(/\S/);
    });

    it("refuses to add to or follow another customer's sessions", async () => {
      const h = harness();
      const ann = await h.newCustomer();
      const bob = await h.newCustomer();
      await expect(bob.sessions.create(ann.uid, request(h))).rejects.toThrow();
      const id = await ann.sessions.create(ann.uid, request(h));
      await expect(watchUntil(bob, ann.uid, id, () => true)).rejects.toThrow();
    });
  });
}
