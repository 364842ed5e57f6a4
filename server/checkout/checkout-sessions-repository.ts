import type { Database } from 'better-sqlite3';

import type { CheckedCard } from '../../shared/billing/card-checks.js';
import { runWrite } from '../db/write-turn.ts';
import type { PriceWithProduct, ProductsRepository } from './products-repository.ts';
import { newAuthenticationToken, newCheckoutSessionId, newDocumentId } from './random-ids.ts';
import { returnUrlProblem } from './site-origin.ts';
import type { SubscriptionsRepository } from './subscriptions-repository.ts';
import { type Timestamp, timestamp, toSeconds } from './timestamps.ts';

/** How long a checkout session can be paid, as Stripe's shortest expiry. */
export const SESSION_TTL_MS = 30 * 60 * 1000;

export type SessionStatus = 'open' | 'complete' | 'expired';

/**
 * A checkout session document, customers/{uid}/checkout_sessions/{id}: the request as the client
 * wrote it, then — once processed — either the session (`sessionId`, `url`, with its `status`
 * and `expires_at`) or an `error`, as the Stripe extension writes them.
 */
export interface CheckoutSessionDocument {
  id: string;
  price: string;
  success_url: string;
  cancel_url: string;
  created: Timestamp;
  sessionId?: string;
  url?: string;
  status?: SessionStatus;
  expires_at?: Timestamp;
  error?: { message: string };
}

export interface CheckoutSessionRequest {
  price: string;
  success_url: string;
  cancel_url: string;
}

/** A session as the hosted page and the pay endpoint see it. */
export interface HostedSession {
  uid: string;
  id: string;
  sessionId: string;
  status: SessionStatus;
  /** Expired because another of the customer's checkouts was paid, not by time. */
  supersededByPayment: boolean;
  success_url: string;
  cancel_url: string;
  /** The plan being bought; null only if its price has been removed from the database. */
  plan: PriceWithProduct | null;
}

interface SessionRow {
  uid: string;
  id: string;
  price: string;
  success_url: string;
  cancel_url: string;
  origin: string;
  created_at: number;
  session_id: string | null;
  url: string | null;
  expires_at: number | null;
  error_message: string | null;
  status: 'open' | 'complete' | 'expired';
  completed_at: number | null;
  subscription_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  authentication_token: string | null;
}

export type PaymentProblem = 'not-found' | 'expired' | 'complete' | 'no-plan' | 'same-plan' | 'downgrade';

/** A payment's outcome; `expired` names the customer's other sessions it expired (document ids). */
export type PaymentResult = { ok: true; redirect: string; expired: string[] } | { ok: false; problem: PaymentProblem };

export type AuthenticationStart = { ok: true; token: string } | { ok: false; problem: PaymentProblem };

export type AuthenticationResult =
  { ok: true; redirect: string; expired: string[] } | { ok: false; problem: PaymentProblem | 'not-pending' | 'failed' };

const statusAt = (row: SessionRow, now: number): SessionStatus =>
  row.status === 'open' && row.expires_at !== null && now >= row.expires_at ? 'expired' : row.status;

function toDocument(row: SessionRow, now: number): CheckoutSessionDocument {
  const document: CheckoutSessionDocument = {
    id: row.id,
    price: row.price,
    success_url: row.success_url,
    cancel_url: row.cancel_url,
    created: timestamp(toSeconds(row.created_at)),
  };
  if (row.error_message !== null) document.error = { message: row.error_message };
  if (row.session_id !== null && row.url !== null && row.expires_at !== null) {
    document.sessionId = row.session_id;
    document.url = row.url;
    document.status = statusAt(row, now);
    document.expires_at = timestamp(toSeconds(row.expires_at));
  }
  return document;
}

/** Why a request cannot become a session, in the words Stripe uses where it has them. */
function requestProblem(row: SessionRow, plan: PriceWithProduct | null): string | null {
  if (!plan) return `No such price: '${row.price}'`;
  if (!plan.price.active) return 'The price specified is inactive. This field only accepts active prices.';
  if (!plan.product.active) {
    return 'The price specified belongs to a product that is no longer offered. This field only accepts prices of active products.';
  }
  if (plan.price.type !== 'recurring') return 'The price specified is not a recurring price: a subscription needs one.';
  return (
    returnUrlProblem('success_url', row.success_url, row.origin) ??
    returnUrlProblem('cancel_url', row.cancel_url, row.origin)
  );
}

export interface CheckoutSessionsDeps {
  products: ProductsRepository;
  subscriptions: SubscriptionsRepository;
  now: () => number;
}

/**
 * Checkout sessions in SQLite. Statements are scoped by uid (a document id from another account
 * is not found), and every write runs in a write turn (server/db/write-turn.ts), so a check and the write it
 * guards never interleave with another writer's: two payments of one session cannot both pass
 * the "still open" check.
 */
export function createCheckoutSessionsRepository(db: Database, { products, subscriptions, now }: CheckoutSessionsDeps) {
  const selectOne = db.prepare<[string, string], SessionRow>(
    'SELECT * FROM checkout_sessions WHERE uid = ? AND id = ?',
  );
  const selectBySessionId = db.prepare<[string], SessionRow>('SELECT * FROM checkout_sessions WHERE session_id = ?');
  const selectPending = db.prepare<[], { uid: string; id: string }>(
    'SELECT uid, id FROM checkout_sessions WHERE session_id IS NULL AND error_message IS NULL ORDER BY created_at',
  );
  const insert = db.prepare(`
    INSERT INTO checkout_sessions (uid, id, price, success_url, cancel_url, origin, created_at)
    VALUES (@uid, @id, @price, @success_url, @cancel_url, @origin, @created_at)`);
  const setSession = db.prepare<[string, string, number, string, string]>(
    'UPDATE checkout_sessions SET session_id = ?, url = ?, expires_at = ? WHERE uid = ? AND id = ?',
  );
  const setError = db.prepare<[string, string, string]>(
    'UPDATE checkout_sessions SET error_message = ? WHERE uid = ? AND id = ?',
  );
  const setComplete = db.prepare(`
    UPDATE checkout_sessions
    SET status = 'complete', completed_at = @at, subscription_id = @subscriptionId, card_brand = @brand,
      card_last4 = @last4, authentication_token = NULL
    WHERE uid = @uid AND id = @id AND status = 'open'`);
  // One payable checkout per customer: when one completes, the customer's other open ones end.
  const expireOthers = db.prepare<[string, string], { id: string }>(`
    UPDATE checkout_sessions SET status = 'expired', authentication_token = NULL
    WHERE uid = ? AND id <> ? AND status = 'open' AND session_id IS NOT NULL
    RETURNING id`);
  const setAuthentication = db.prepare(`
    UPDATE checkout_sessions SET authentication_token = @token, card_brand = @brand, card_last4 = @last4
    WHERE uid = @uid AND id = @id AND status = 'open'`);
  const clearAuthentication = db.prepare<[string, string]>(`
    UPDATE checkout_sessions SET authentication_token = NULL, card_brand = NULL, card_last4 = NULL
    WHERE uid = ? AND id = ? AND status = 'open'`);

  const create = db.transaction(
    (uid: string, request: CheckoutSessionRequest, origin: string): CheckoutSessionDocument => {
      let id = newDocumentId();
      while (selectOne.get(uid, id)) id = newDocumentId();
      runWrite(insert, { uid, id, ...request, origin, created_at: now() });
      return toDocument(selectOne.get(uid, id)!, now());
    },
  );

  const process = db.transaction((uid: string, id: string): CheckoutSessionDocument | null => {
    const row = selectOne.get(uid, id);
    if (!row) return null;
    // Processed already (twice scheduled, or picked up again after a restart): nothing to do.
    if (row.session_id !== null || row.error_message !== null) return toDocument(row, now());
    const problem = requestProblem(row, products.findPrice(row.price));
    if (problem) {
      runWrite(setError, problem, uid, id);
    } else {
      let sessionId = newCheckoutSessionId();
      while (selectBySessionId.get(sessionId)) sessionId = newCheckoutSessionId();
      // The page is reached through the site's own origin, so it works behind a proxy on another port.
      runWrite(setSession, sessionId, `${row.origin}/checkout/${sessionId}`, row.created_at + SESSION_TTL_MS, uid, id);
    }
    return toDocument(selectOne.get(uid, id)!, now());
  });

  /** The session to pay, if it is this customer's and still open. */
  function payable(uid: string, sessionId: string, at: number): SessionRow | PaymentProblem {
    const row = selectBySessionId.get(sessionId);
    if (!row || row.uid !== uid) return 'not-found';
    const status = statusAt(row, at);
    if (status === 'complete') return 'complete';
    if (status === 'expired') return 'expired';
    return row;
  }

  /**
   * Charges an open session: a new subscription or an upgrade (subscriptions.payFor), the
   * session complete, the customer's other open sessions expired.
   */
  function complete(row: SessionRow, card: Pick<CheckedCard, 'brand' | 'last4'>, at: number): PaymentResult {
    const plan = products.findPrice(row.price);
    if (!plan) return { ok: false, problem: 'no-plan' };
    const paid = subscriptions.payFor(row.uid, plan, at, card);
    if (!paid.ok) return paid;
    runWrite(setComplete, { uid: row.uid, id: row.id, at, subscriptionId: paid.subscription.id, ...card });
    const expired = expireOthers.all(row.uid, row.id).map((other) => other.id);
    return { ok: true, redirect: row.success_url, expired };
  }

  const pay = db.transaction(
    (uid: string, sessionId: string, card: Pick<CheckedCard, 'brand' | 'last4'>): PaymentResult => {
      const at = now();
      const row = payable(uid, sessionId, at);
      return typeof row === 'string' ? { ok: false, problem: row } : complete(row, card, at);
    },
  );

  const startAuthentication = db.transaction(
    (uid: string, sessionId: string, card: Pick<CheckedCard, 'brand' | 'last4'>): AuthenticationStart => {
      const row = payable(uid, sessionId, now());
      if (typeof row === 'string') return { ok: false, problem: row };
      const plan = products.findPrice(row.price);
      if (!plan) return { ok: false, problem: 'no-plan' };
      const change = subscriptions.quote(uid, plan, now());
      if (change.kind === 'same') return { ok: false, problem: 'same-plan' };
      if (change.kind === 'downgrade') return { ok: false, problem: 'downgrade' };
      // A new attempt replaces an earlier one still waiting: its token stops working.
      const token = newAuthenticationToken();
      runWrite(setAuthentication, { uid, id: row.id, token, brand: card.brand, last4: card.last4 });
      return { ok: true, token };
    },
  );

  const authenticate = db.transaction(
    (uid: string, sessionId: string, token: string, outcome: 'complete' | 'fail'): AuthenticationResult => {
      const at = now();
      const row = payable(uid, sessionId, at);
      if (typeof row === 'string') return { ok: false, problem: row };
      if (row.authentication_token === null || row.authentication_token !== token) {
        return { ok: false, problem: 'not-pending' };
      }
      if (outcome === 'fail') {
        runWrite(clearAuthentication, uid, row.id);
        return { ok: false, problem: 'failed' };
      }
      return complete(row, { brand: row.card_brand as CheckedCard['brand'], last4: row.card_last4! }, at);
    },
  );

  return {
    /** Stores a request as the client wrote it; `process` turns it into a session or an error. */
    create: (uid: string, request: CheckoutSessionRequest, origin: string) => create(uid, request, origin),

    /** The customer's document, or null when the customer has none with this id. */
    get(uid: string, id: string): CheckoutSessionDocument | null {
      const row = selectOne.get(uid, id);
      return row ? toDocument(row, now()) : null;
    },

    /** The extension's asynchronous step: gives a stored request its session, or its error. */
    process: (uid: string, id: string) => process(uid, id),

    /** Requests not processed yet (e.g. the server stopped in between). */
    pending: () => selectPending.all(),

    /** The session behind a hosted page, if it is this customer's. */
    findHosted(uid: string, sessionId: string): HostedSession | null {
      const row = selectBySessionId.get(sessionId);
      if (!row || row.uid !== uid || row.session_id === null) return null;
      return {
        uid: row.uid,
        id: row.id,
        sessionId: row.session_id,
        status: statusAt(row, now()),
        // Time never writes 'expired' (statusAt reads it); only a payment of another session does.
        supersededByPayment: row.status === 'expired',
        success_url: row.success_url,
        cancel_url: row.cancel_url,
        plan: products.findPrice(row.price),
      };
    },

    /**
     * Pays an open session of this customer's: in one transaction, starts (or replaces) the
     * customer's subscription to the session's plan and marks the session complete.
     */
    pay: (uid: string, sessionId: string, card: Pick<CheckedCard, 'brand' | 'last4'>) => pay(uid, sessionId, card),

    /**
     * Holds a payment for authentication (3D Secure): nothing is charged yet; the session keeps
     * the card's brand and last four digits and a single-use token for `authenticate`.
     */
    startAuthentication: (uid: string, sessionId: string, card: Pick<CheckedCard, 'brand' | 'last4'>) =>
      startAuthentication(uid, sessionId, card),

    /**
     * The outcome of the authentication step, once per token: 'complete' charges as `pay` does,
     * 'fail' drops the held payment and leaves the session open for another card.
     */
    authenticate: (uid: string, sessionId: string, token: string, outcome: 'complete' | 'fail') =>
      authenticate(uid, sessionId, token, outcome),
  };
}

export type CheckoutSessionsRepository = ReturnType<typeof createCheckoutSessionsRepository>;
