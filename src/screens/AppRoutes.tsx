import { Suspense } from 'react';
import { Redirect, useLocation } from 'wouter';

import {
  FORGOT_PASSWORD_ADDRESS,
  RESET_PASSWORD_ADDRESS,
  SIGN_IN_ADDRESS,
  SIGN_UP_ADDRESS,
} from '../../shared/web/signed-out-addresses';
import { lazyScreen } from './lazy-screen';
import { SessionContext } from './session/session-context';
import { serverSawSession } from './session/session-hint';

// Everything signed in is split from the first load: a visitor on the landing page never downloads it.
const SignedInRoutes = lazyScreen(() => import('./SignedInRoutes'));
// And everything signed out from a signed-in visitor's: a signed-out "/" gets the landing document
// (docs/decisions.md), so the app shows these only at the forms' addresses or after signing out.
// The server preloads the chunk with a signed-out page (server/web/index-page.ts).
const SignedOutRoutes = lazyScreen(() => import('./SignedOutRoutes'));
// A reset link's page works signed in or out: setting the password ends every session anyway.
const ResetPasswordScreen = lazyScreen(() => import('./account/ResetPasswordScreen'));

/** Chooses the signed-in or signed-out routes; renders nothing until the session is rehydrated. */
export function AppRoutes() {
  const [location] = useLocation();
  const mode = SessionContext.useSelector((snapshot) =>
    snapshot.matches({ ready: 'signedIn' }) ? 'signedIn' : snapshot.matches('ready') ? 'signedOut' : 'rehydrating',
  );
  const authChecked = SessionContext.useSelector((s) => s.context.authChecked);
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
