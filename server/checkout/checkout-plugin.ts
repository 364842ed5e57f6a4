import fp from 'fastify-plugin';

import { inWriteTurn } from '../db/write-turn.ts';
import { type CheckoutSessionsRepository, createCheckoutSessionsRepository } from './checkout-sessions-repository.ts';
import { loadProducts } from './load-products.ts';
import { createProductsRepository, type ProductsRepository } from './products-repository.ts';
import { PRODUCTS_SEED } from './products-seed.ts';
import { SessionEvents, type SessionRelay } from './session-events.ts';
import { createSubscriptionsRepository, type SubscriptionsRepository } from './subscriptions-repository.ts';

export interface Checkout {
  products: ProductsRepository;
  subscriptions: SubscriptionsRepository;
  sessions: CheckoutSessionsRepository;
  events: SessionEvents;
  /** Runs a stored request's asynchronous step soon, outside the request that stored it. */
  processLater(uid: string, id: string): void;
  /** The checkout's clock, in milliseconds since the epoch. */
  now: () => number;
}

declare module 'fastify' {
  interface FastifyInstance {
    checkout: Checkout;
  }
}

export interface CheckoutPluginOptions {
  /** The clock for session expiry, subscription periods and card expiry; Date.now by default. */
  now?: () => number;
  /** Passes session changes to and from the other workers of a cluster (none in one process). */
  relay?: SessionRelay;
}

/**
 * Plans, subscriptions and checkout sessions: loads the plans at start (a no-op when the same
 * seed is loaded already), decorates `app.checkout` with the repositories, and runs the
 * asynchronous step that turns a checkout session request into a session — as the Stripe
 * extension's function does after the client's write — publishing each change to the session's
 * listeners. Requests left unprocessed by a stop are processed at the next start.
 */
export default fp<CheckoutPluginOptions>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    const loaded = await loadProducts(app.db, PRODUCTS_SEED);
    if (loaded.changed) app.log.info(`checkout: loaded ${loaded.products} products`);

    const products = createProductsRepository(app.db);
    const subscriptions = createSubscriptionsRepository(app.db, products, now);
    const sessions = createCheckoutSessionsRepository(app.db, { products, subscriptions, now });
    const events = new SessionEvents(options.relay);

    const scheduled = new Set<NodeJS.Immediate>();
    let closing = false;
    const processLater = (uid: string, id: string) => {
      if (closing) return;
      const handle = setImmediate(() => {
        scheduled.delete(handle);
        inWriteTurn(app.db, () => sessions.process(uid, id)).then(
          (processed) => {
            if (processed) events.publish(uid, id);
          },
          (error: unknown) => {
            // Left pending: the next start picks it up again.
            if (!closing) app.log.error({ err: error, uid, id }, 'checkout: processing a session request failed');
          },
        );
      });
      scheduled.add(handle);
    };

    // Steps still to run are dropped before the database closes; they run at the next start.
    app.addHook('preClose', async () => {
      closing = true;
      events.close();
      for (const handle of scheduled) clearImmediate(handle);
      scheduled.clear();
    });

    for (const { uid, id } of sessions.pending()) processLater(uid, id);

    app.decorate('checkout', { products, subscriptions, sessions, events, processLater, now });
  },
  { name: 'checkout', dependencies: ['database'] },
);
