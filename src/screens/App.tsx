import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { globalStyles } from '../components/stitches.config';
import type { Inspect } from '../dev/inspector';
import { services } from '../services/services';
import { AppRoutes } from './AppRoutes';
import { CatalogueContext } from './browse/catalogue-context';
import { provideSession } from './session/live-session';
import { SessionContext } from './session/session-context';

const liveSession = provideSession(services.auth, services.userState);

export interface AppProps {
  /** Development only: receives every machine's events for the XState inspector. */
  inspect?: Inspect;
}

export function App({ inspect }: AppProps) {
  globalStyles();
  return (
    <ErrorBoundary onError={(error) => console.error(error)}>
      <CatalogueContext.Provider value={services.catalogue}>
        <SessionContext.Provider logic={liveSession} options={{ inspect }}>
          <AppRoutes />
        </SessionContext.Provider>
      </CatalogueContext.Provider>
    </ErrorBoundary>
  );
}
