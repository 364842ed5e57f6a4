import type { BillingStore } from './billing.port';
import type { CheckoutSessionsStore } from './checkout-sessions.port';
import type { PlansStore } from './plans.port';
import type { ProfilesStore } from './profiles.port';

/**
 * The account store (docs/spec.md §3, §7): the documents under customers/{uid} and the plans on offer.
 * One port per collection, grouped so that a screen receives the whole store from one place.
 */
export interface AccountStore {
  profiles: ProfilesStore;
  plans: PlansStore;
  checkoutSessions: CheckoutSessionsStore;
  billing: BillingStore;
}
