import type { AccountStore } from './account-store.port';
import { createLocalBilling } from './local-billing';
import { createLocalCheckoutSessions } from './local-checkout-sessions';
import { createLocalPlans } from './local-plans';

/** The embedded server's plans, checkout sessions and billing: the module lazy-membership.ts loads. */
export const createLocalMembership = (): Membership => ({
  plans: createLocalPlans(),
  checkoutSessions: createLocalCheckoutSessions(),
  billing: createLocalBilling(),
});

export type Membership = Pick<AccountStore, 'plans' | 'checkoutSessions' | 'billing'>;
