import { Suspense, useEffect } from 'react';
import { Redirect, useLocation } from 'wouter';

import {
  FORGOT_PASSWORD_ADDRESS,
  RESET_PASSWORD_ADDRESS,
  SIGN_IN_ADDRESS,
  SIGN_UP_ADDRESS,
} from '../../shared/web/signed-out-addresses';
import { whenIdle } from '../when-idle';
import { lazyScreen } from './lazy-screen';
import { SessionContext } from './session/session-context';
import { serverSawSession } from './session/session-hint';

// Everything signed in is split from the first load: a visitor on the landing page never downloads it.
const SignedInRoutes = lazyScreen(() => import('./SignedInRoutes'));
// And everything signed out from a signed-in visitor's: a signed-out "/" gets the landing document
// (docs/decisions.md), so the app shows these only at the forms' addresses or after signing out.
// The server preloads the chunk with a signed-out page (server/web/index-page.ts).
const SignedOutRoutes = lazyScreen(() => import('./SignedOutRoutes'));
/**
 * What Sign In opens first: the signed-in routes, home or Who's Watching, and the top bar's live
 * controls. Fetched (and run) while the sign-in form is up, so that once Sign In is answered the
 * page waits only for the account's data: not for a chain of chunks each found in the last, nor
 * for a lazy screen's suspense (lazy-screen.tsx renders a loaded one at once).
 */
let signedInPreloaded = false;
function preloadSignedIn(): void {
  if (signedInPreloaded) return;
  signedInPreloaded = true;
  void SignedInRoutes.preload();
  import('./SignedInRoutes').then(
    (routes) => routes.preloadFirstScreens(),
    () => undefined,
  );
}

/** Preloads the signed-in screens once the sign-in form is idle on screen, or at once when it is sent. */
function usePreloadOnSignIn(): void {
  const form = SessionContext.useSelector((snapshot) =>
    snapshot.matches({ ready: { signedOut: { signIn: 'submitting' } } })
      ? 'sent'
      : snapshot.matches({ ready: { signedOut: 'signIn' } })
        ? 'shown'
        : undefined,
  );
  useEffect(() => {
    if (form === 'sent') preloadSignedIn();
    else if (form === 'shown') whenIdle(preloadSignedIn);
  }, [form]);
}

// A reset link's page works signed in or out: setting the password ends every session anyway.
const ResetPasswordScreen = lazyScreen(() => import('./account/ResetPasswordScreen'));

/** Chooses the signed-in or signed-out routes; renders nothing until the session is rehydrated. */
export function AppRoutes() {
  const [location] = useLocation();
  const mode = SessionContext.useSelector((snapshot) =>
    snapshot.matches({ ready: 'signedIn' }) ? 'signedIn' : snapshot.matches('ready') ? 'signedOut' : 'rehydrating',
  );
  const authChecked = SessionContext.useSelector((s) => s.context.authChecked);
  usePreloadOnSignIn();
  if (location === RESET_PASSWORD_ADDRESS) {
    return (
      <Suspense fallback={null}>
        <ResetPasswordScreen />
      </Suspense>
    );
  }
  // A visitor the server saw signed in is about to be: no landing page in between.
  if (mode === 'rehydrating' || (mode === 'signedOut' && serverSawSession && !authChecked)) return null;
  // Signed in already (in another tab, say): the sign-in and sign-up addresses go home, once the
  // auth backend has said so (a user persisted from an ended session is about to be signed out).
  if (
    mode === 'signedIn' &&
    (location === SIGN_IN_ADDRESS || location === SIGN_UP_ADDRESS || location === FORGOT_PASSWORD_ADDRESS)
  ) {
    return authChecked ? <Redirect to="/" replace /> : null;
  }
  return mode === 'signedIn' ? (
    <Suspense fallback={null}>
      <SignedInRoutes />
    </Suspense>
  ) : (
    <Suspense fallback={null}>
      <SignedOutRoutes />
    </Suspense>
  );
}
