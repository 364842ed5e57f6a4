import type { Database } from 'better-sqlite3';

import type { PriceWithProduct } from './products-repository.ts';
import { newSubscriptionId } from './random-ids.ts';
import { addCalendarMonth, type Timestamp, timestamp, toSeconds } from './timestamps.ts';

/** A subscription document, customers/{uid}/subscriptions/{id}, as the Stripe extension writes it. */
export interface Subscription {
  id: string;
  role: string;
  status: 'active' | 'canceled' | 'past_due' | 'trialing' | 'unpaid';
  /** The price's id (the extension stores a reference to products/{product}/prices/{price}). */
  price: string;
  product: string;
  quantity: number;
  cancel_at_period_end: boolean;
  created: Timestamp;
  current_period_start: Timestamp;
  current_period_end: Timestamp;
}

interface SubscriptionRow {
  id: string;
  role: string;
  status: Subscription['status'];
  price_id: string;
  product_id: string;
  created: number;
  current_period_start: number;
  current_period_end: number;
}

/**
 * Nothing renews a subscription here, so one whose period has ended has lapsed: it reads as
 * 'canceled' (as Stripe's does once it ends), and so is no current plan.
 */
const statusAt = (row: SubscriptionRow, now: number): Subscription['status'] =>
  row.status === 'active' && now >= row.current_period_end * 1000 ? 'canceled' : row.status;

const toSubscription = (row: SubscriptionRow, now: number): Subscription => ({
  id: row.id,
  role: row.role,
  status: statusAt(row, now),
  price: row.price_id,
  product: row.product_id,
  quantity: 1,
  cancel_at_period_end: false,
  created: timestamp(row.created),
  current_period_start: timestamp(row.current_period_start),
  current_period_end: timestamp(row.current_period_end),
});

/**
 * Each customer's subscription in SQLite. A customer has at most one (the table's key is the
 * uid): subscribing again replaces it with a new subscription to the new plan.
 */
export function createSubscriptionsRepository(db: Database, now: () => number) {
  const selectAll = db.prepare<[string], SubscriptionRow>('SELECT * FROM subscriptions WHERE uid = ?');
  const upsert = db.prepare(`
    INSERT INTO subscriptions (uid, id, role, status, price_id, product_id, created, current_period_start, current_period_end)
    VALUES (@uid, @id, @role, 'active', @priceId, @productId, @start, @start, @end)
    ON CONFLICT (uid) DO UPDATE SET
      id = excluded.id, role = excluded.role, status = excluded.status, price_id = excluded.price_id,
      product_id = excluded.product_id, created = excluded.created,
      current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end`);

  return {
    /** The customer's subscription as of now: a lapsed one reads as canceled. */
    list: (uid: string): Subscription[] => selectAll.all(uid).map((row) => toSubscription(row, now())),

    /**
     * Starts an active subscription to `plan` at `now`, for one calendar month, replacing the
     * customer's current one if any. Not a transaction of its own: the payment that pays for it
     * calls it inside its transaction.
     */
    startOrReplace(uid: string, plan: PriceWithProduct, at: number): Subscription {
      const id = newSubscriptionId();
      upsert.run({
        uid,
        id,
        role: plan.product.role,
        priceId: plan.price.id,
        productId: plan.product.id,
        start: toSeconds(at),
        end: toSeconds(addCalendarMonth(at)),
      });
      return toSubscription(selectAll.get(uid)!, at);
    },
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
