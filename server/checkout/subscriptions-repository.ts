import type { Database } from 'better-sqlite3';

import type { SubscriptionDocument } from '../../shared/billing/billing.schema.ts';
import { nextRenewal } from '../../shared/billing/billing-period.ts';
import type { CardBrand } from '../../shared/billing/card-checks.js';
import { type PlanChange, planChange, proratedAmount } from '../../shared/billing/plan-change.ts';
import { inWriteTurn, runWrite } from '../db/write-turn.ts';
import { createInvoiceLedger, type Invoice } from './invoice-ledger.ts';
import type { PriceWithProduct, ProductsRepository } from './products-repository.ts';
import { newSubscriptionId } from './random-ids.ts';
import { addCalendarMonth, timestamp, toSeconds } from './timestamps.ts';

/** A subscription document, customers/{uid}/subscriptions/{id}, as the Stripe extension writes it. */
export type Subscription = SubscriptionDocument;

export type { Invoice };

export interface CardOnFile {
  brand: CardBrand;
  last4: string;
}

interface SubscriptionRow {
  uid: string;
  id: string;
  role: string;
  status: Subscription['status'];
  price_id: string;
  product_id: string;
  created: number;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: 0 | 1;
  canceled_at: number | null;
  ended_at: number | null;
  scheduled_price_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
}

const optionalTimestamp = (seconds: number | null) => (seconds === null ? null : timestamp(seconds));

/** Why a subscription cannot be changed as asked. */
export type SubscriptionProblem = 'not-found' | 'ended' | 'no-plan' | 'upgrade-needs-payment' | 'plan-changed';

/** What paying for a plan did, or why it could not. */
export type PlanPayment =
  { ok: true; subscription: Subscription; change: PlanChange } | { ok: false; problem: 'same-plan' | 'downgrade' };

/**
 * Each customer's subscription in SQLite. A customer has at most one (the table's key is the
 * uid): subscribing again after it lapsed replaces it. Time is settled before every read and
 * write (`settle`): a period that has ended renews with the card on file — applying a scheduled
 * downgrade, and writing the renewal's invoice — unless the subscription was set to end then,
 * in which case it lapses ('canceled', no current plan), as Stripe's do.
 *
 * Renewing is idempotent (docs/billing.md): a read that finds a renewal due makes it in the
 * write path (`inWriteTurn`, one IMMEDIATE transaction across workers), and the database itself
 * refuses a second charge for a period (a unique index, INSERT OR IGNORE), so any number of
 * pages and workers asking at once charge each period once.
 */
export function createSubscriptionsRepository(db: Database, products: ProductsRepository, now: () => number) {
  const invoices = createInvoiceLedger(db, products);
  const selectRow = db.prepare<[string], SubscriptionRow>('SELECT * FROM subscriptions WHERE uid = ?');
  const upsert = db.prepare(`
    INSERT INTO subscriptions (uid, id, role, status, price_id, product_id, created, current_period_start,
      current_period_end, card_brand, card_last4)
    VALUES (@uid, @id, @role, 'active', @priceId, @productId, @start, @start, @end, @brand, @last4)
    ON CONFLICT (uid) DO UPDATE SET
      id = excluded.id, role = excluded.role, status = excluded.status, price_id = excluded.price_id,
      product_id = excluded.product_id, created = excluded.created,
      current_period_start = excluded.current_period_start, current_period_end = excluded.current_period_end,
      cancel_at_period_end = 0, canceled_at = NULL, ended_at = NULL, scheduled_price_id = NULL,
      card_brand = excluded.card_brand, card_last4 = excluded.card_last4`);
  const setPlan = db.prepare(`
    UPDATE subscriptions SET role = @role, price_id = @priceId, product_id = @productId, scheduled_price_id = NULL,
      cancel_at_period_end = 0, canceled_at = NULL, card_brand = @brand, card_last4 = @last4
    WHERE uid = @uid`);
  // Only from the period it was read in: a renewal made meanwhile elsewhere is not made again.
  const renew = db.prepare(`
    UPDATE subscriptions SET role = @role, price_id = @priceId, product_id = @productId, scheduled_price_id = NULL,
      current_period_start = @start, current_period_end = @end
    WHERE uid = @uid AND status = 'active' AND ended_at IS NULL AND current_period_end = @start`);
  const lapse = db.prepare<[string, number]>(
    "UPDATE subscriptions SET status = 'canceled', ended_at = current_period_end WHERE ended_at IS NULL AND uid = ? AND current_period_end <= ?",
  );
  const setCancel = db.prepare<[0 | 1, number | null, string]>(
    'UPDATE subscriptions SET cancel_at_period_end = ?, canceled_at = ? WHERE uid = ?',
  );
  const setCard = db.prepare<[string, string, string]>(
    'UPDATE subscriptions SET card_brand = ?, card_last4 = ? WHERE uid = ? AND ended_at IS NULL',
  );
  const setScheduled = db.prepare<[string | null, string]>(
    'UPDATE subscriptions SET scheduled_price_id = ? WHERE uid = ?',
  );
  function toSubscription(row: SubscriptionRow): Subscription {
    const scheduled = row.scheduled_price_id ? products.findPrice(row.scheduled_price_id) : null;
    return {
      id: row.id,
      role: row.role,
      status: row.status,
      price: row.price_id,
      product: row.product_id,
      quantity: 1,
      cancel_at_period_end: row.cancel_at_period_end === 1,
      cancel_at: row.cancel_at_period_end === 1 ? timestamp(row.current_period_end) : null,
      canceled_at: optionalTimestamp(row.canceled_at),
      ended_at: optionalTimestamp(row.ended_at),
      created: timestamp(row.created),
      current_period_start: timestamp(row.current_period_start),
      current_period_end: timestamp(row.current_period_end),
      scheduled_change: scheduled
        ? {
            price: scheduled.price.id,
            product: scheduled.product.id,
            role: scheduled.product.role,
            effective_at: timestamp(row.current_period_end),
          }
        : null,
    };
  }

  /** Whether time has passed the subscription's period: a renewal or a lapse is due. */
  const due = (row: SubscriptionRow | undefined, seconds: number) =>
    row !== undefined && row.status === 'active' && row.ended_at === null && seconds >= row.current_period_end;

  /** Brings the customer's subscription up to `at` (milliseconds): renewals, then a lapse. */
  function settle(uid: string, at: number): SubscriptionRow | undefined {
    const seconds = toSeconds(at);
    let row = selectRow.get(uid);
    // Each pass renews one period; a subscription left unread for years renews once per month missed.
    while (row && due(row, seconds)) {
      const plan = products.findPrice(row.scheduled_price_id ?? row.price_id);
      if (row.cancel_at_period_end === 1 || row.card_last4 === null || !plan) {
        runWrite(lapse, uid, seconds);
        return selectRow.get(uid);
      }
      const start = row.current_period_end;
      // Counted from the anchor (the subscription's start), so a short month does not move it.
      const end = toSeconds(nextRenewal(row.created * 1000, start * 1000));
      const renewed = runWrite(renew, {
        uid,
        role: plan.product.role,
        priceId: plan.price.id,
        productId: plan.product.id,
        start,
        end,
      });
      if (renewed.changes === 0) {
        row = selectRow.get(uid);
        continue;
      }
      invoices.record(
        row,
        'subscription_cycle',
        plan,
        plan.price.unit_amount,
        { brand: row.card_brand, last4: row.card_last4 },
        start,
        {
          start,
          end,
        },
      );
      row = selectRow.get(uid);
    }
    return row;
  }

  const settleInTransaction = db.transaction(settle);

  /**
   * The customer's subscription brought up to now. Reading is enough while the period runs; a
   * renewal or lapse due is made in the write path, as one transaction.
   */
  async function upToDate(uid: string): Promise<SubscriptionRow | undefined> {
    const at = now();
    const row = selectRow.get(uid);
    if (!due(row, toSeconds(at))) return row;
    return inWriteTurn(db, () => settleInTransaction(uid, at));
  }

  /** The subscription as of `at`, if it is current (active, not lapsed). */
  const activeRow = (uid: string, at: number) => {
    const row = settle(uid, at);
    return row && row.status === 'active' ? row : undefined;
  };

  /** The change `plan` would make to the customer's subscription at `at`. */
  function quote(uid: string, plan: PriceWithProduct, at: number): PlanChange {
    const row = activeRow(uid, at);
    const current = row ? products.findPrice(row.price_id) : null;
    return planChange(
      row && current
        ? {
            priceId: row.price_id,
            unitAmount: current.price.unit_amount,
            currency: current.price.currency,
            periodStart: row.current_period_start,
            periodEnd: row.current_period_end,
          }
        : null,
      { priceId: plan.price.id, unitAmount: plan.price.unit_amount, currency: plan.price.currency },
      toSeconds(at),
    );
  }

  const setCancelAtPeriodEnd = db.transaction(
    (uid: string, id: string, cancel: boolean): Subscription | SubscriptionProblem => {
      const at = now();
      const row = settle(uid, at);
      if (!row || row.id !== id) return 'not-found';
      if (row.status !== 'active') return 'ended';
      runWrite(setCancel, cancel ? 1 : 0, cancel ? toSeconds(at) : null, uid);
      return toSubscription(selectRow.get(uid)!);
    },
  );

  const scheduleChange = db.transaction(
    (uid: string, id: string, priceId: string, currentPriceId: string): Subscription | SubscriptionProblem => {
      const at = now();
      const row = settle(uid, at);
      if (!row || row.id !== id) return 'not-found';
      if (row.status !== 'active') return 'ended';
      // Asked for against another plan (a page opened before an upgrade, say): a "Keep" or a
      // downgrade meant for that plan would change this one into something not asked for.
      if (row.price_id !== currentPriceId) return 'plan-changed';
      const plan = products.findPrice(priceId);
      if (!plan || !plan.price.active || !plan.product.active || plan.price.type !== 'recurring') return 'no-plan';
      const change = quote(uid, plan, at);
      if (change.kind === 'upgrade' || change.kind === 'new') return 'upgrade-needs-payment';
      // Choosing the current plan again drops a scheduled downgrade.
      runWrite(setScheduled, change.kind === 'downgrade' ? plan.price.id : null, uid);
      return toSubscription(selectRow.get(uid)!);
    },
  );

  return {
    /** The customer's subscription as of now (renewed or lapsed as time requires). */
    async list(uid: string): Promise<Subscription[]> {
      const row = await upToDate(uid);
      return row ? [toSubscription(row)] : [];
    },

    /** Every charge to the customer, newest first, renewals due made first. */
    async invoices(uid: string): Promise<Invoice[]> {
      await upToDate(uid);
      return invoices.list(uid);
    },

    /** Makes the renewals (or the lapse) time has made due, in the write path; nothing when none is. */
    async bringUpToDate(uid: string): Promise<void> {
      await upToDate(uid);
    },

    /**
     * The change `plan` would make at `at`. It settles time itself, so call it inside a write
     * transaction, or after `bringUpToDate` (a renewal it still makes is charged once all the same).
     */
    quote,

    /**
     * Charges for `plan` at `at` with `card`: a new subscription for one calendar month at the
     * full price, or — for a current subscriber — an upgrade at once for the prorated
     * difference, keeping the renewal date. A downgrade or the same plan is refused (nothing to
     * pay). Not a transaction of its own: the payment that pays for it calls it inside its own.
     */
    payFor(uid: string, plan: PriceWithProduct, at: number, card: CardOnFile): PlanPayment {
      const change = quote(uid, plan, at);
      if (change.kind === 'same') return { ok: false, problem: 'same-plan' };
      if (change.kind === 'downgrade') return { ok: false, problem: 'downgrade' };
      const seconds = toSeconds(at);
      const fields = { role: plan.product.role, priceId: plan.price.id, productId: plan.product.id, ...card };
      if (change.kind === 'upgrade') {
        const before = selectRow.get(uid)!;
        const previous = products.findPrice(before.price_id)!;
        // The unused time on the plan left, credited; the charge is the new plan's remaining time less it.
        const credit = proratedAmount(
          previous.price.unit_amount,
          before.current_period_start,
          before.current_period_end,
          seconds,
        );
        runWrite(setPlan, { uid, ...fields });
        const row = selectRow.get(uid)!;
        invoices.record(
          row,
          'subscription_update',
          plan,
          change.amountToday,
          card,
          seconds,
          { start: seconds, end: row.current_period_end },
          { previousPriceId: previous.price.id, credit },
        );
        return { ok: true, subscription: toSubscription(row), change };
      }
      const end = toSeconds(addCalendarMonth(at));
      runWrite(upsert, { uid, id: newSubscriptionId(), ...fields, start: seconds, end });
      const row = selectRow.get(uid)!;
      invoices.record(row, 'subscription_create', plan, change.amountToday, card, seconds, { start: seconds, end });
      return { ok: true, subscription: toSubscription(row), change };
    },

    /** Sets the subscription to end at its period's end, or (false) to renew again. */
    setCancelAtPeriodEnd: (uid: string, id: string, cancel: boolean) =>
      inWriteTurn(db, () => setCancelAtPeriodEnd(uid, id, cancel)),

    /**
     * Schedules a downgrade to `priceId` for the next renewal; the current plan's price drops a
     * scheduled one. An upgrade is refused: it is paid for at checkout. `currentPriceId` is the
     * plan the request was made against: when the subscription is on another plan now, nothing
     * changes ('plan-changed').
     */
    scheduleChange: (uid: string, id: string, priceId: string, currentPriceId: string) =>
      inWriteTurn(db, () => scheduleChange(uid, id, priceId, currentPriceId)),

    /** The card renewals charge, or null when there is no membership to charge. */
    cardOnFile(uid: string): { brand: string; last4: string } | null {
      const row = selectRow.get(uid);
      if (!row || row.ended_at !== null || !row.card_brand || !row.card_last4) return null;
      return { brand: row.card_brand, last4: row.card_last4 };
    },

    /** Replaces the card renewals charge; false when there is no membership (or it has ended). */
    setCardOnFile: (uid: string, card: CardOnFile) =>
      inWriteTurn(db, () => runWrite(setCard, card.brand, card.last4, uid).changes === 1),
  };
}

export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>;
