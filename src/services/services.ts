import type { AccountStore } from './account-store/account-store.port';
import { createLocalCheckoutSessions } from './account-store/local-checkout-sessions';
import { createLocalPlans } from './account-store/local-plans';
import { createLocalProfiles } from './account-store/local-profiles';
import { createLocalAuth } from './auth/local-auth';
import { catalogueConfig } from './catalogue/catalogue-config';
import { createTmdbCatalogue } from './catalogue/tmdb-catalogue';
import { createLocalPayments } from './payments/local-payments';
import { createLocalStorageUserState } from './user-state/local-storage-user-state';

/**
 * The one place that knows which backend is live. Every port has its embedded-server adapter;
 * hosted ones (TMDB today; Firebase and Stripe later) are chosen here from configuration.
 */
export const services = {
  auth: createLocalAuth(),
  userState: createLocalStorageUserState(),
  accountStore: {
    profiles: createLocalProfiles(),
    plans: createLocalPlans(),
    checkoutSessions: createLocalCheckoutSessions(),
  } satisfies AccountStore,
  payments: createLocalPayments(),
  catalogue: createTmdbCatalogue(catalogueConfig(import.meta.env)),
};
