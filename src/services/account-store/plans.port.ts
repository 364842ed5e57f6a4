import type { Entitlements } from '../../../shared/billing/entitlements';

/** A price of a plan (docs/spec.md §3: products/{id}/prices), amounts in minor units (699 = 6.99). */
export interface Price {
  id: string;
  currency: string;
  unitAmount: number;
  /** 'month' or 'year'. */
  interval: string;
  intervalCount: number;
}

/** A plan a customer can subscribe to: an active product with its active prices. */
export interface Plan {
  id: string;
  name: string;
  description: string;
  /** The lower-case plan key that a subscription carries as its role, e.g. "standard". */
  role: string;
  prices: Price[];
  /** What the plan lets an account watch, from its product record's metadata; null when it records none. */
  entitlements: Entitlements | null;
}

/** The customer's current subscription (docs/spec.md §3), times in seconds since the epoch. */
export interface Subscription {
  id: string;
  role: string;
  status: string;
  priceId: string | null;
  productId: string | null;
  currentPeriodStart: number;
  currentPeriodEnd: number;
  /** Set to end at currentPeriodEnd instead of renewing (Cancel Membership). */
  cancelAtPeriodEnd: boolean;
  /** A downgrade that starts at the next renewal (currentPeriodEnd), if one is scheduled. */
  scheduledChange: { priceId: string; role: string } | null;
}

/**
 * The plans part of the account store (docs/spec.md §7): products where active is true with their
 * prices, and customers/{uid}/subscriptions. Failures reject with an Error whose message can be
 * shown to the person.
 */
export interface PlansStore {
  /** Active plans with their active prices, cheapest first. */
  listPlans(): Promise<Plan[]>;
  /** The active (or trialing) subscription, or null before any. */
  currentSubscription(uid: string): Promise<Subscription | null>;
}
