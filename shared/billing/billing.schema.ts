/**
 * The billing documents under customers/{uid} (docs/decisions.md, Billing), in the Stripe
 * extension's field names, as JSON Schema (TypeBox) with their TypeScript types. The server
 * validates its answers with the schemas; the client imports only the types (`import type`).
 */
import { type Static, Type } from 'typebox';

/** A Firestore Timestamp as it reaches a client in JSON. */
export const Timestamp = Type.Object({ seconds: Type.Integer(), nanoseconds: Type.Integer() });
export type Timestamp = Static<typeof Timestamp>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** products/{productId}/prices/{id}, as the Stripe extension stores it. */
export const PriceDocument = Type.Object({
  id: Type.String(),
  active: Type.Boolean(),
  /** ISO 4217, lower-case as Stripe writes it. */
  currency: Type.String(),
  /** In minor units: 699 is 6.99. */
  unit_amount: Type.Integer(),
  type: Type.Union([Type.Literal('recurring'), Type.Literal('one_time')]),
  interval: Nullable(
    Type.Union([Type.Literal('day'), Type.Literal('week'), Type.Literal('month'), Type.Literal('year')]),
  ),
  interval_count: Nullable(Type.Integer()),
});
export type PriceDocument = Static<typeof PriceDocument>;

/** products/{id}, with its prices sub-collection folded in. */
export const ProductDocument = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  active: Type.Boolean(),
  /** The plan key a subscription to this product carries (the extension's `firebaseRole`). */
  role: Type.String(),
  images: Type.Array(Type.String()),
  /** Stripe's product metadata; the plan's entitlements (shared/billing/entitlements.ts) live here. */
  metadata: Type.Optional(Type.Record(Type.String(), Type.String())),
  prices: Type.Array(PriceDocument),
});
export type ProductDocument = Static<typeof ProductDocument>;

/** customers/{uid}/subscriptions/{id} */
export const SubscriptionDocument = Type.Object({
  id: Type.String(),
  role: Type.String(),
  status: Type.Union([
    Type.Literal('active'),
    Type.Literal('canceled'),
    Type.Literal('past_due'),
    Type.Literal('trialing'),
    Type.Literal('unpaid'),
  ]),
  price: Type.String(),
  product: Type.String(),
  quantity: Type.Integer(),
  /** Ends when the period does instead of renewing. */
  cancel_at_period_end: Type.Boolean(),
  cancel_at: Nullable(Timestamp),
  canceled_at: Nullable(Timestamp),
  ended_at: Nullable(Timestamp),
  created: Timestamp,
  current_period_start: Timestamp,
  current_period_end: Timestamp,
  /** A downgrade that starts at the next renewal (Marquee's field: the extension has none). */
  scheduled_change: Nullable(
    Type.Object({ price: Type.String(), product: Type.String(), role: Type.String(), effective_at: Timestamp }),
  ),
});
export type SubscriptionDocument = Static<typeof SubscriptionDocument>;

/**
 * One line of an invoice, as Stripe's invoice lines: the plan for a period, or — for an upgrade —
 * the proration, as the new plan's remaining time and a credit (negative) for the old plan's
 * unused time.
 */
export const InvoiceLine = Type.Object({
  description: Type.String(),
  /** In the currency's minor units; a credit is negative. */
  amount: Type.Integer(),
  proration: Type.Boolean(),
  period_start: Timestamp,
  period_end: Timestamp,
});
export type InvoiceLine = Static<typeof InvoiceLine>;

/** customers/{uid}/invoices/{id}: one charge, with the card that paid it. */
export const InvoiceDocument = Type.Object({
  id: Type.String(),
  subscription: Type.String(),
  /** A new subscription, an upgrade's prorated difference, or a renewal (Stripe's reasons). */
  billing_reason: Type.Union([
    Type.Literal('subscription_create'),
    Type.Literal('subscription_update'),
    Type.Literal('subscription_cycle'),
  ]),
  created: Timestamp,
  /** In the currency's minor units. */
  amount_paid: Type.Integer({ minimum: 0 }),
  currency: Type.String(),
  price: Type.String(),
  product: Type.String(),
  /** The plan's name. */
  description: Type.String(),
  card: Nullable(Type.Object({ brand: Type.String(), last4: Type.String() })),
  period_start: Timestamp,
  period_end: Timestamp,
  /** What the amount is made of; the lines add up to `amount_paid`. */
  lines: Type.Array(InvoiceLine),
});
export type InvoiceDocument = Static<typeof InvoiceDocument>;

/** PATCH customers/{uid}/subscriptions/{id}: end at the period's end, or renew again. */
export const SubscriptionUpdate = Type.Object(
  { cancel_at_period_end: Type.Boolean() },
  { additionalProperties: false },
);

/** The answer to a scheduled change asked against a plan the subscription has since left (409 plan-changed). */
export const PLAN_CHANGED_MESSAGE =
  'Your plan has changed since this page was opened, so nothing was changed. Check your current plan and choose again.';

/**
 * POST customers/{uid}/subscriptions/{id}/scheduled_change: a downgrade at the next renewal (or
 * the current plan, which drops one). `current_price` is the plan the choice was made against: if
 * the subscription has moved to another since, the request is refused (409 plan-changed).
 */
export const ScheduledChangeRequest = Type.Object(
  {
    price: Type.String({ minLength: 1, maxLength: 255 }),
    current_price: Type.String({ minLength: 1, maxLength: 255 }),
  },
  { additionalProperties: false },
);
