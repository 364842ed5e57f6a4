import { Suspense, lazy, useMemo } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';
import { Button } from '../components/Button';
import { ErrorPage } from '../components/feedback/ErrorPage';
import { TopBar } from '../components/layout/TopBar';
import { BRAND } from '../brand';
import { provideSearch } from './browse/browse-logic';
import { useCatalogue } from './browse/catalogue-context';
import { SearchContext } from './browse/search-context';
import { SignedInTopBar } from './SignedInTopBar';
import { SignedOutScreen } from './SignedOutScreen';
import { SessionContext } from './session/session-context';

// Signed-in screens are split from the first load: a visitor on the landing page never downloads them.
const HomeScreen = lazy(() => import('./HomeScreen'));

function SignedOutRoutes() {
  const actor = SessionContext.useActorRef();
  return (
    <>
      <TopBar brand={BRAND} onHomeClick={() => actor.send({ type: 'nav.home' })}>
        <Button size="sm" onClick={() => actor.send({ type: 'nav.signIn' })}>
          Sign In
        </Button>
      </TopBar>
      <Switch>
        <Route path="/" component={SignedOutScreen} />
        {/* Every other address needs an account: show the landing page. */}
        <Route>
          <Redirect to="/" replace />
        </Route>
      </Switch>
    </>
  );
}

function SignedInRoutes() {
  const [location] = useLocation();
  const catalogue = useCatalogue();
  const searchLogic = useMemo(() => provideSearch(catalogue), [catalogue]);
  return (
    <SearchContext.Provider logic={searchLogic}>
      <SignedInTopBar />
      <Suspense fallback={null}>
        <Switch>
          <Route path="/" component={HomeScreen} />
          <Route>
            <ErrorPage title="Page not found" message={`There is nothing at ${location}.`} />
          </Route>
        </Switch>
      </Suspense>
    </SearchContext.Provider>
  );
}

/** Chooses the signed-in or signed-out routes; renders nothing until the session is rehydrated. */
export function AppRoutes() {
  const mode = SessionContext.useSelector((snapshot) =>
    snapshot.matches({ ready: 'signedIn' }) ? 'signedIn' : snapshot.matches('ready') ? 'signedOut' : 'rehydrating',
  );
  if (mode === 'rehydrating') return null;
  return mode === 'signedIn' ? <SignedInRoutes /> : <SignedOutRoutes />;
}
