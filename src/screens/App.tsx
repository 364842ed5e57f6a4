import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { globalStyles } from '../components/stitches.config';
import type { Inspect } from '../dev/inspector';
import { services } from '../services/services';
import { AccountStoreContext } from './account/account-store-context';
import { AppRoutes } from './AppRoutes';
import { CatalogueContext } from './browse/catalogue-context';
import { PaymentsContext } from './plans/payments-context';
import { provideSession } from './session/live-session';
import { SessionContext } from './session/session-context';

const liveSession = provideSession({
  auth: services.auth,
  userState: services.userState,
  profiles: services.accountStore.profiles,
});

export interface AppProps {
  /** Development only: receives every machine's events for the XState inspector. */
  inspect?: Inspect;
}

export function App({ inspect }: AppProps) {
  globalStyles();
  return (
    <ErrorBoundary onError={(error) => console.error(error)}>
      <CatalogueContext.Provider value={services.catalogue}>
        <AccountStoreContext.Provider value={services.accountStore}>
          <PaymentsContext.Provider value={services.payments}>
            <SessionContext.Provider logic={liveSession} options={{ inspect }}>
              <AppRoutes />
            </SessionContext.Provider>
          </PaymentsContext.Provider>
        </AccountStoreContext.Provider>
      </CatalogueContext.Provider>
    </ErrorBoundary>
  );
}
