import { useMemo } from 'react';

import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { globalStyles } from '../components/stitches.config';
import type { Inspect } from '../dev/inspector';
import type { Services } from '../services/services';
import { AccountStoreContext } from './account/account-store-context';
import { AppRoutes } from './AppRoutes';
import { CatalogueContext } from './browse/catalogue-context';
import { InspectContext } from './inspect-context';
import { retryFailedScreens } from './lazy-screen';
import { PaymentsContext } from './plans/payments-context';
import { removePrerenderedShell } from './prerendered-shell';
import { AuthContext } from './session/auth-context';
import { provideSession } from './session/live-session';
import { SessionContext } from './session/session-context';
import { GrantsContext } from './watching/grants-context';
import { WatchingStoreContext } from './watching/watching-context';

export interface AppProps {
  /** The live services (src/services/services.ts loads them from configuration). */
  services: Services;
  /** Development only: receives every machine's events for the XState inspector. */
  inspect?: Inspect;
}

export function App({ services, inspect }: AppProps) {
  globalStyles();
  const liveSession = useMemo(
    () =>
      provideSession({ auth: services.auth, userState: services.userState, profiles: services.accountStore.profiles }),
    [services],
  );
  return (
    <ErrorBoundary
      onRetry={retryFailedScreens}
      onError={(error) => {
        // The error page is the app's first page then: the build's landing page must not stay over it.
        removePrerenderedShell();
        console.error(error);
      }}
    >
      <CatalogueContext.Provider value={services.catalogue}>
        <AccountStoreContext.Provider value={services.accountStore}>
          <PaymentsContext.Provider value={services.payments}>
            <WatchingStoreContext.Provider value={services.watching}>
              <GrantsContext.Provider value={services.grants}>
                <InspectContext.Provider value={inspect}>
                  <AuthContext.Provider value={services.auth}>
                    <SessionContext.Provider logic={liveSession} options={{ inspect }}>
                      <AppRoutes />
                    </SessionContext.Provider>
                  </AuthContext.Provider>
                </InspectContext.Provider>
              </GrantsContext.Provider>
            </WatchingStoreContext.Provider>
          </PaymentsContext.Provider>
        </AccountStoreContext.Provider>
      </CatalogueContext.Provider>
    </ErrorBoundary>
  );
}
