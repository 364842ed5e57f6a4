import { Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Redirect, Route, Switch, useLocation } from 'wouter';

import { STUDIO_PATH } from '../../shared/studio/studio-paths';
import { isPlayerAddress } from '../../shared/web/player-address';
import { BRAND } from '../brand';
import { chunkLoader } from '../chunk-loader';
import { ErrorBoundary } from '../components/feedback/ErrorBoundary';
import { ErrorPage } from '../components/feedback/ErrorPage';
import { Notice } from '../components/feedback/Notice';
import { TopBar } from '../components/layout/TopBar';
import { SCREENS_PREFETCH_ID } from '../resource-hints';
import { PageBeneath, PageRouter, splitPath, usePageState } from './browse/page-location';
import { SEARCH_PATH } from './browse/search-address';
import { beneathOf } from './browse/title-address';
import { TitleOverlay } from './browse/TitleOverlay';
import { lazyScreen, retryFailedScreens } from './lazy-screen';
import { JOIN_PLAN_PATH } from './plans/checkout-return';
import {
  removePrerenderedHero,
  removePrerenderedPlayer,
  removePrerenderedRow,
  removePrerenderedTopBar,
} from './prerendered-shell';
import { ProfileLockGate, useAskingPin } from './profiles/ProfileLockGate';
import { useProfiles, useProfilesDoor } from './profiles/profiles-actor';
import { useRouteFocus } from './route-focus';
import { SessionContext } from './session/session-context';
import { trackInAppHistory } from './watching/app-history';
import { WatchingNotice } from './watching/WatchingNotice';
import { WatchingProvider } from './watching/WatchingProvider';

// Each screen is its own chunk, loaded when its route is first visited, or sooner: once the
// first screen is up, the others download while the browser is idle, so a later visit neither
// waits nor fails if the server has become unreachable in between.
const HomeScreen = lazyScreen(() => import('./HomeScreen'));
const ProfilesScreen = lazyScreen(() => import('./profiles/ProfilesScreen'));
const AddProfileScreen = lazyScreen(() => import('./profiles/AddProfileScreen'));
const ManageProfileScreen = lazyScreen(() => import('./profiles/ManageProfileScreen'));
const AccountScreen = lazyScreen(() => import('./account/AccountScreen'));
const DevicesScreen = lazyScreen(() => import('./account/DevicesScreen'));
const ChangePlanScreen = lazyScreen(() => import('./plans/ChangePlanScreen'));
const JoinPlanScreen = lazyScreen(() => import('./plans/JoinPlanScreen'));
const MyListScreen = lazyScreen(() => import('./watching/MyListScreen'));
const ViewingActivityScreen = lazyScreen(() => import('./watching/ViewingActivityScreen'));
// TV Shows and Films share one screen (and chunk); New & Popular has its own.
const SectionScreen = lazyScreen(() => import('./browse/SectionScreen'));
const NewScreen = lazyScreen(() => import('./browse/NewScreen'));
const SearchScreen = lazyScreen(() => import('./browse/SearchScreen'));
// Not prefetched with the others (src/resource-hints.ts): it alone imports hls.js, on the player page only.
const PlayerScreen = lazyScreen(() => import('./watching/PlayerScreen'));
// An operator's alone: loaded only when an operator opens it, never prefetched for anyone.
const StudioScreen = lazyScreen(() => import('./studio/StudioScreen'));
// The top bar's live controls (sections, search, profile menu): not in the player page's first
// load, which shows no top bar; the server preloads them with every other signed-in page.
const liveTopBar = chunkLoader(() => import('./SignedInTopBar').then((module) => module.SignedInTopBar));
/** Downloads the top bar's live controls ahead of time, as the server's preload hints do (screen stories' loaders). */
export const preloadSignedInTopBar = () => liveTopBar.preload();
/** Downloads what signing in shows first (home, or Who's Watching, under the top bar), so that it renders at once. */
export function preloadFirstScreens(): void {
  void HomeScreen.preload();
  void ProfilesScreen.preload();
  void liveTopBar.preload();
}
const PREFETCH_AFTER_MS = 3000;

/** The signed-in routes, with one Continue Watching and one My List actor for every screen. */
export default function SignedInRoutes() {
  return (
    <WatchingProvider>
      <SignedInScreens />
    </WatchingProvider>
  );
}

/** Where a viewer who must first say who is watching may be: choosing, adding or editing one. */
const AT_THE_DOOR = new Set(['/profiles', '/add-profile', '/manage-profile']);
/** The same while the active profile is locked: editing it would come before its PIN. */
const AT_A_LOCKED_DOOR = new Set(['/profiles', '/add-profile']);

/** The signed-in routes (docs/spec.md §2) under the signed-in top bar. */
function SignedInScreens() {
  const [location] = useLocation();
  // "Who's Watching?" first after signing in to an account with two or more profiles (docs/decisions.md).
  const door = useProfilesDoor();
  const askingPin = useAskingPin();
  const activeLocked = useProfiles().some((profile) => profile.activeProfile && profile.locked);
  // The top bar below replaces the one the server's page showed before this script ran.
  useLayoutEffect(removePrerenderedTopBar, []);
  // Home's prerendered banner stays until home's own has its title (HomeHero), the player page's
  // player until the app's has its programme (PlayerScreen), and a section page's first row until
  // its own has its titles (SectionRow), unless the viewer is sent to say who is watching first.
  useLayoutEffect(() => {
    if (door !== 'choose') return;
    removePrerenderedHero();
    removePrerenderedPlayer();
    removePrerenderedRow();
  }, [door]);
  useEffect(trackInAppHistory, []);
  useEffect(() => {
    // The other screens' files, a few seconds in, so the first screen's own data and art go first:
    // fetched into the cache, not run (importing them ran each one's module code while the page
    // was starting, tasks of up to 200 ms at a phone's CPU).
    // Best effort: a server out of reach just means nothing is prefetched.
    const timer = setTimeout(
      () =>
        import('../hints-when-idle').then(
          (hints) => hints.addHintsWhenIdle(SCREENS_PREFETCH_ID),
          () => undefined,
        ),
      PREFETCH_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, []);
  // Signed up just now: home sends the new member on to choose a plan (never anywhere else, so nobody is trapped).
  const joining = SessionContext.useSelector((s) => s.context.joining);
  if (joining && location === '/') return <Redirect to={JOIN_PLAN_PATH} replace />;
  // Until the account's profiles are read at sign-in, nothing: no home that then turns into the picker.
  if (door === 'deciding') return null;
  if (door === 'choose' && !(activeLocked ? AT_A_LOCKED_DOOR : AT_THE_DOOR).has(location)) {
    return <Redirect to="/profiles" replace />;
  }
  // A locked profile chosen in the top bar's menu: its PIN in place of the page, nothing behind it.
  if (askingPin && location !== '/profiles') return <ProfileLockGate />;
  return (
    // A title's own address opens its detail view over the page it was opened from.
    <TitleOverlay>
      <PageRouter>
        <Pages />
      </PageRouter>
    </TitleOverlay>
  );
}

/**
 * The page at the address, or under a title's address the page beneath it (page-location.tsx).
 * The search page is pushed over the page it started from, which stays mounted but hidden, so
 * clearing the search shows that page as it was: no refetch, the same hero, the same scroll.
 */
function Pages() {
  const [location, navigate] = useLocation();
  const state = usePageState();
  const session = SessionContext.useActorRef();
  const sessionError = SessionContext.useSelector((s) => s.context.error);
  useRouteFocus(location);
  const searching = location === SEARCH_PATH;
  const beneath = searching ? beneathOf(state) : null;
  useScrollKeptBeneath(searching);
  // The player page is the whole viewport, without the top bar.
  const watching = isPlayerAddress(location);
  // Until a profile is chosen (or while a locked one's PIN is asked), the logo alone: no sections,
  // search or profile menu. Who's Watching and its forms are the same when a profile was chosen
  // before, as on the real service, though the logo then goes home as that profile.
  const askingPin = useAskingPin();
  const atTheGate = useProfilesDoor() === 'choose' || askingPin || location === JOIN_PLAN_PATH;
  return (
    <>
      {!watching &&
        (atTheGate || AT_THE_DOOR.has(location) ? (
          <TopBar brand={BRAND} solid onHomeClick={atTheGate ? undefined : () => navigate('/')} />
        ) : (
          <SignedInTopBarSlot />
        ))}
      <Notice message={sessionError} onDismiss={() => session.send({ type: 'session.dismissError' })} />
      <WatchingNotice />
      {/* A screen that fails (its chunk could not be downloaded, say) keeps the top bar; moving
          to another address or "Try again" renders it afresh. */}
      <ErrorBoundary
        resetKey={location}
        onRetry={retryFailedScreens}
        onError={(error) => {
          removePrerenderedHero();
          removePrerenderedPlayer();
          removePrerenderedRow();
          console.error(error);
        }}
      >
        <div hidden={searching} style={searching ? undefined : { display: 'contents' }}>
          {(!searching || beneath) && (
            <PageBeneath page={beneath ? splitPath(beneath) : null}>
              <Suspense fallback={null}>
                <PageSwitch />
              </Suspense>
            </PageBeneath>
          )}
        </div>
        {searching && (
          <Suspense fallback={null}>
            <SearchScreen />
          </Suspense>
        )}
      </ErrorBoundary>
    </>
  );
}

/**
 * The signed-in top bar, or until its chunk is there the plain one the server's page showed (the
 * logo alone), so nothing moves when it arrives. A failed download is tried again at the next
 * address.
 */
function SignedInTopBarSlot() {
  const [location, navigate] = useLocation();
  const [LiveTopBar, setLiveTopBar] = useState(() => liveTopBar.current);
  useEffect(() => {
    if (LiveTopBar) return;
    void liveTopBar.preload().then((loaded) => loaded && setLiveTopBar(() => loaded));
  }, [LiveTopBar, location]);
  return LiveTopBar ? <LiveTopBar /> : <TopBar brand={BRAND} onHomeClick={() => navigate('/')} />;
}

/** The signed-in pages by address. */
function PageSwitch() {
  const [location] = useLocation();
  const operator = SessionContext.useSelector((s) => s.context.user?.operator === true);
  return (
    <Switch>
      <Route path="/" component={HomeScreen} />
      <Route path="/profiles" component={ProfilesScreen} />
      <Route path="/add-profile" component={AddProfileScreen} />
      <Route path="/manage-profile" component={ManageProfileScreen} />
      <Route path="/account" component={AccountScreen} />
      <Route path="/account/devices" component={DevicesScreen} />
      <Route path="/change-plan" component={ChangePlanScreen} />
      <Route path={JOIN_PLAN_PATH} component={JoinPlanScreen} />
      <Route path="/my-list" component={MyListScreen} />
      <Route path="/viewing-activity" component={ViewingActivityScreen} />
      {/* Keyed, so going from one section to the other starts the page afresh. */}
      <Route path="/tv">
        <SectionScreen key="tv" mediaType="tv" />
      </Route>
      <Route path="/films">
        <SectionScreen key="movie" mediaType="movie" />
      </Route>
      <Route path="/new" component={NewScreen} />
      <Route path="/watch/:mediaType/:id/:season?/:episode?" component={PlayerScreen} />
      <Route path={STUDIO_PATH} nest>
        {operator ? (
          <StudioScreen />
        ) : (
          <ErrorPage title="Page not found" message={`There is nothing at ${location}.`} />
        )}
      </Route>
      <Route>
        <ErrorPage title="Page not found" message={`There is nothing at ${location}.`} />
      </Route>
    </Switch>
  );
}

/** The search page starts at the top; leaving it returns to where the page beneath was scrolled. */
function useScrollKeptBeneath(searching: boolean) {
  const kept = useRef(0);
  const previous = useRef(searching);
  useLayoutEffect(() => {
    if (previous.current === searching) return;
    previous.current = searching;
    if (searching) {
      kept.current = window.scrollY;
      window.scrollTo(0, 0);
    } else {
      window.scrollTo(0, kept.current);
    }
  }, [searching]);
}
