import type { AccountStore } from './account-store/account-store.port';
import { createLazyMembership } from './account-store/lazy-membership';
import { createLocalProfiles } from './account-store/local-profiles';
import type { AuthService } from './auth/auth.port';
import { createLocalAuth } from './auth/local-auth';
import type { CatalogueService } from './catalogue/catalogue.port';
import { catalogueConfig } from './catalogue/catalogue-config';
import { readFirstScreen } from './catalogue/first-screen';
import { createTmdbCatalogue } from './catalogue/tmdb-catalogue';
import { type BackendConfig, backendConfig, ConfigurationError, type FirebaseConfig } from './config/backend-config';
import { api } from './http/api-client';
import { createLocalMetrics } from './metrics/local-metrics';
import type { MetricsService } from './metrics/metrics.port';
import { createLocalPayments } from './payments/local-payments';
import type { PaymentsService } from './payments/payments.port';
import type { GrantsPort } from './playback/grants.port';
import { createLazyGrants } from './playback/lazy-grants';
import type { StudioService } from './studio/studio.port';
import { createLocalStorageUserState } from './user-state/local-storage-user-state';
import type { UserStateStorage } from './user-state/user-state.port';
import { createLocalWatching } from './watching/local-watching';
import type { WatchingStore } from './watching/watching.port';

export interface Services {
  auth: AuthService;
  userState: UserStateStorage;
  accountStore: AccountStore;
  payments: PaymentsService;
  catalogue: CatalogueService;
  metrics: MetricsService;
  /** Continue Watching and My List, per profile. */
  watching: WatchingStore;
  /** Playback grants: Marquee's media host in both modes, signed in as the backend signs in. */
  grants: GrantsPort;
}

/**
 * Whether this build carries the Firebase and Stripe adapters: a build-time constant (Vite
 * replaces import.meta.env.VITE_BACKEND), so the default build drops the hosted branch and every
 * chunk it would import.
 */
const FIREBASE_IN_BUILD = import.meta.env.VITE_BACKEND === 'firebase';

/** The configuration of a build without the hosted backend: VITE_BACKEND must be unset or embedded. */
function embeddedOnly(env: ImportMetaEnv): BackendConfig {
  const backend = env.VITE_BACKEND?.trim();
  if (backend && backend !== 'embedded') {
    throw new ConfigurationError([
      `VITE_BACKEND is "${backend}", but this build was made for the embedded backend: set it when building (npm run build)`,
    ]);
  }
  return { backend: 'embedded' };
}

/** Firebase Auth, Cloud Firestore (the Stripe extension's collections) and Stripe.js. */
async function loadFirebaseServices(
  config: FirebaseConfig,
): Promise<Pick<Services, 'auth' | 'accountStore' | 'payments' | 'watching' | 'grants'>> {
  const [firebase, auth, profiles, plans, sessions, billing, payments, watching, grants] = await Promise.all([
    import('./firebase/firebase-app'),
    import('./auth/hosted-auth'),
    import('./account-store/hosted-profiles'),
    import('./account-store/hosted-plans'),
    import('./account-store/hosted-checkout-sessions'),
    import('./account-store/hosted-billing'),
    import('./payments/hosted-payments'),
    import('./watching/hosted-watching'),
    import('./playback/hosted-grants'),
  ]);
  const app = firebase.connectFirebase(config);
  const profilesStore = profiles.createHostedProfiles(app.firestore);
  return {
    auth: auth.createHostedAuth(app.auth, { profiles: profilesStore }),
    accountStore: {
      profiles: profilesStore,
      plans: plans.createHostedPlans(app.firestore),
      checkoutSessions: sessions.createHostedCheckoutSessions(app.firestore),
      billing: billing.createHostedBilling(app.firestore, { createPortalLink: app.createPortalLink }),
    },
    payments: payments.createHostedPayments({ publishableKey: config.stripePublishableKey }),
    watching: watching.createHostedWatching(app.firestore),
    grants: grants.createHostedGrants(app.auth, api),
  };
}

/**
 * The studio's service (always the embedded server's), loaded only when an operator opens the
 * studio: its chunk, with tus-js-client, is never part of a subscriber's pages.
 */
export const loadStudioService = (): Promise<StudioService> =>
  import('./studio/local-studio').then((module) => module.createLocalStudio());

/**
 * The one place that knows which backend is live. VITE_BACKEND picks the accounts, documents and
 * checkout (the embedded server by default, or Firebase + Stripe); VITE_TMDB_API_KEY picks the
 * catalogue on its own. Rejects with a ConfigurationError when the configuration cannot work.
 */
export async function loadServices(env: ImportMetaEnv): Promise<Services> {
  // In a default build the hosted configuration is not even read (it is dropped with the rest).
  const config = FIREBASE_IN_BUILD ? backendConfig(env) : embeddedOnly(env);
  const common = {
    userState: createLocalStorageUserState(),
    catalogue: createTmdbCatalogue({ ...catalogueConfig(env), firstScreen: readFirstScreen() }),
    metrics: createLocalMetrics(),
  };
  if (FIREBASE_IN_BUILD && config.backend === 'firebase') {
    return { ...common, ...(await loadFirebaseServices(config.firebase)) };
  }
  return {
    ...common,
    auth: createLocalAuth(),
    accountStore: {
      profiles: createLocalProfiles(),
      // Plans, checkout and billing load when a screen first calls them (their own chunk).
      ...createLazyMembership(),
    } satisfies AccountStore,
    payments: createLocalPayments(),
    watching: createLocalWatching(),
    // The media host's grants load with the player (their own chunk), when it first asks.
    grants: createLazyGrants(() => import('./playback/media-host-grants').then((m) => m.createMediaHostGrants(api))),
  };
}
