import { useState } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

import { preloadProfileMenu } from '../../src/components/profiles/ProfileMenu';
import { AccountStoreContext } from '../../src/screens/account/account-store-context';
import { AppRoutes } from '../../src/screens/AppRoutes';
import { CatalogueContext } from '../../src/screens/browse/catalogue-context';
import { PaymentsContext } from '../../src/screens/plans/payments-context';
import { AuthContext } from '../../src/screens/session/auth-context';
import { provideSession } from '../../src/screens/session/live-session';
import { SessionContext } from '../../src/screens/session/session-context';
import { preloadSignedInTopBar } from '../../src/screens/SignedInRoutes';
import { WatchingStoreContext } from '../../src/screens/watching/watching-context';
import type { CheckoutSessionState } from '../../src/services/account-store/checkout-sessions.port';
import type { Subscription } from '../../src/services/account-store/plans.port';
import type { Profile } from '../../src/services/user-state/user-state.port';
import type { WatchingStore } from '../../src/services/watching/watching.port';
import { createFakeCatalogue } from './fake-catalogue';
import { createInMemoryAuth, createMemoryUserState, fakeUser } from './in-memory-auth';
import {
  createInMemoryBilling,
  createInMemoryCheckoutSessions,
  createInMemoryPlans,
  createRecordingPayments,
} from './in-memory-plans';
import { createInMemoryProfiles } from './in-memory-profiles';
import { createInMemoryWatching } from './in-memory-watching';

export const STORY_DELAY_MS = 50;

/**
 * Loaders for a story of the signed-in app: the top bar's chunk, which the server's preload hints
 * fetch with every signed-in page, is there before the story renders, as on a real first load.
 * So is the profile menu's Radix half: otherwise it arrives at idle during the file's first story
 * and replaces the plain button the play function already holds, whose click then goes nowhere
 * (a real pointer always hits the button on screen; tests/unit/components/lazy-menu.test.tsx
 * covers the plain button).
 */
export const signedInAppLoaders = [
  async () => void (await Promise.all([preloadSignedInTopBar(), preloadProfileMenu()])),
];

export interface SignedInAppProps {
  /** The address the app starts at. */
  path: string;
  email?: string;
  /** When the account was created (ISO 8601). */
  createdAt?: string;
  /** The account's profiles, on the (in-memory) server and in the persisted user state. */
  profiles?: Profile[];
  /** Profiles calls reject with this message; a function is asked at every call. */
  profilesFailWith?: string | (() => string | null);
  subscription?: Subscription | null;
  /** Plans calls reject with this message. */
  plansFailWith?: string;
  /** What the payment side writes to a checkout session (default: a session id and url). */
  checkoutAnswer?: CheckoutSessionState;
  /** Called instead of leaving for the checkout page. */
  onRedirect?: (url: string) => void;
  /** Continue Watching and My List (default: empty for every profile). */
  watching?: WatchingStore;
}

/**
 * The app's real routes and machines, signed in, over in-memory fakes of every service —
 * for screen stories. Built once per render: the app navigates the memory location, and a
 * re-render must not reset it.
 */
export function SignedInApp({
  path,
  email = 'ann@example.com',
  createdAt = '2024-03-01T10:00:00.000Z',
  profiles = [],
  profilesFailWith,
  subscription = null,
  plansFailWith,
  checkoutAnswer,
  onRedirect = () => {},
  watching,
}: SignedInAppProps) {
  const [world] = useState(() => {
    const delayMs = STORY_DELAY_MS;
    const auth = createInMemoryAuth({ [email]: 'secret1' }, { signedInAs: email, delayMs, createdAt });
    const profilesStore = createInMemoryProfiles(profiles, { delayMs, failWith: profilesFailWith });
    // Plans and billing share the subscription, so that cancelling shows on the next reading.
    const billingState = { subscription };
    return {
      location: memoryLocation({ path }),
      catalogue: createFakeCatalogue({ delayMs }),
      accountStore: {
        profiles: profilesStore,
        plans: createInMemoryPlans({
          get subscription() {
            return billingState.subscription;
          },
          delayMs,
          failWith: plansFailWith,
        }),
        checkoutSessions: createInMemoryCheckoutSessions({ answer: checkoutAnswer, delayMs }),
        billing: createInMemoryBilling(billingState, { delayMs }),
      },
      payments: createRecordingPayments(onRedirect),
      watching: watching ?? createInMemoryWatching({ delayMs }),
      auth,
      session: provideSession({
        auth,
        userState: createMemoryUserState({ info: fakeUser(email, createdAt), profiles }),
        profiles: profilesStore,
      }),
    };
  });
  return (
    <Router hook={world.location.hook}>
      <CatalogueContext.Provider value={world.catalogue}>
        <AccountStoreContext.Provider value={world.accountStore}>
          <PaymentsContext.Provider value={world.payments}>
            <WatchingStoreContext.Provider value={world.watching}>
              <AuthContext.Provider value={world.auth}>
                <SessionContext.Provider logic={world.session}>
                  <AppRoutes />
                </SessionContext.Provider>
              </AuthContext.Provider>
            </WatchingStoreContext.Provider>
          </PaymentsContext.Provider>
        </AccountStoreContext.Provider>
      </CatalogueContext.Provider>
    </Router>
  );
}
