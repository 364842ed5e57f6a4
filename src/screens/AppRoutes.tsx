import { Suspense, useLayoutEffect } from 'react';
import { Redirect, Route, Switch } from 'wouter';

import { BRAND } from '../brand';
import { Button } from '../components/Button';
import { TopBar } from '../components/layout/TopBar';
import { lazyScreen } from './lazy-screen';
import { removePrerenderedShell } from './prerendered-shell';
import { SessionContext } from './session/session-context';
import { serverSawSession } from './session/session-hint';
import { SignedOutScreen } from './SignedOutScreen';

// Everything signed in is split from the first load: a visitor on the landing page never downloads it.
const SignedInRoutes = lazyScreen(() => import('./SignedInRoutes'));

function SignedOutRoutes() {
  const actor = SessionContext.useActorRef();
  const authChecked = SessionContext.useSelector((s) => s.context.authChecked);
  // The landing page below replaces the one the built page showed before this script ran.
  useLayoutEffect(removePrerenderedShell, []);
  return (
    <>
      <TopBar brand={BRAND} onHomeClick={() => actor.send({ type: 'nav.home' })}>
        <Button size="sm" onClick={() => actor.send({ type: 'nav.signIn' })}>
          Sign In
        </Button>
      </TopBar>
      <Switch>
        <Route path="/" component={SignedOutScreen} />
        {/* Every other address needs an account: once the auth backend has said there is none,
            go to the landing page. Before that, a new tab with a live session may be about to
            sign in on this very address, so show the landing page without leaving it. */}
        <Route>{authChecked ? <Redirect to="/" replace /> : <SignedOutScreen />}</Route>
      </Switch>
    </>
  );
}

/** Chooses the signed-in or signed-out routes; renders nothing until the session is rehydrated. */
export function AppRoutes() {
  const mode = SessionContext.useSelector((snapshot) =>
    snapshot.matches({ ready: 'signedIn' }) ? 'signedIn' : snapshot.matches('ready') ? 'signedOut' : 'rehydrating',
  );
  const authChecked = SessionContext.useSelector((s) => s.context.authChecked);
  // A visitor the server saw signed in is about to be: no landing page in between.
  if (mode === 'rehydrating' || (mode === 'signedOut' && serverSawSession && !authChecked)) return null;
  return mode === 'signedIn' ? (
    <Suspense fallback={null}>
      <SignedInRoutes />
    </Suspense>
  ) : (
    <SignedOutRoutes />
  );
}
