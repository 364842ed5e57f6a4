import { Suspense, lazy, useMemo } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { ErrorPage } from '../components/feedback/ErrorPage';
import { Notice } from '../components/feedback/Notice';
import { provideSearch } from './browse/browse-logic';
import { useCatalogue } from './browse/catalogue-context';
import { SearchContext } from './browse/search-context';
import { SignedInTopBar } from './SignedInTopBar';
import { SessionContext } from './session/session-context';

// Each screen is its own chunk, loaded when its route is first visited.
const HomeScreen = lazy(() => import('./HomeScreen'));
const ProfilesScreen = lazy(() => import('./profiles/ProfilesScreen'));
const AddProfileScreen = lazy(() => import('./profiles/AddProfileScreen'));
const ManageProfileScreen = lazy(() => import('./profiles/ManageProfileScreen'));
const AccountScreen = lazy(() => import('./account/AccountScreen'));
const ChangePlanScreen = lazy(() => import('./plans/ChangePlanScreen'));

/** The signed-in routes (SPEC §2) under the signed-in top bar. */
export default function SignedInRoutes() {
  const [location] = useLocation();
  const catalogue = useCatalogue();
  const searchLogic = useMemo(() => provideSearch(catalogue), [catalogue]);
  const session = SessionContext.useActorRef();
  const sessionError = SessionContext.useSelector((s) => s.context.error);
  return (
    <SearchContext.Provider logic={searchLogic}>
      <SignedInTopBar />
      <Notice message={sessionError} onDismiss={() => session.send({ type: 'session.dismissError' })} />
      <Suspense fallback={null}>
        <Switch>
          <Route path="/" component={HomeScreen} />
          <Route path="/profiles" component={ProfilesScreen} />
          <Route path="/add-profile" component={AddProfileScreen} />
          <Route path="/manage-profile" component={ManageProfileScreen} />
          <Route path="/account" component={AccountScreen} />
          <Route path="/change-plan" component={ChangePlanScreen} />
          <Route>
            <ErrorPage title="Page not found" message={`There is nothing at ${location}.`} />
          </Route>
        </Switch>
      </Suspense>
    </SearchContext.Provider>
  );
}
