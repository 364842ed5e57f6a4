import { AuthError, type AuthUser } from '../services/auth/auth.port';
import type { Profile } from '../services/user-state/user-state.port';

/** The session machine's context, events and texts (session.machine.ts). */

/** docs/spec.md §8: every sign-in the backend refuses shows this, whatever the reason. */
export const SIGN_IN_FAILED_MESSAGE = 'That user does not exist. Please try again.';

/**
 * What a failed sign-in shows: the one text of docs/spec.md §8, unless the backend could not be reached at all.
 * Then nothing was refused, and "does not exist" would send a member to sign up again; the
 * adapters' own message says to check the connection and try again.
 */
export function signInFailure(error: unknown): string {
  return error instanceof AuthError && error.code === 'auth/network-request-failed'
    ? error.message
    : SIGN_IN_FAILED_MESSAGE;
}
/** What the landing page says when the server ended this browser's session (signed out elsewhere). */
export const SIGNED_OUT_ELSEWHERE_MESSAGE =
  'You were signed out, perhaps from another device or because the password changed. Sign in again to continue.';

/** docs/spec.md §4: the persisted state is awaited at most this long before the app renders. */
export const REHYDRATE_TIMEOUT_MS = 5000;

export interface Credentials {
  email: string;
  password: string;
}

export interface SessionContext {
  user: AuthUser | null;
  /**
   * The persisted profiles, restored at start: only the seed the profiles actor (the list's one
   * owner, started at sign-in) shows until the server's list arrives.
   */
  restoredProfiles: Profile[];
  /** Signed in with the sign-in form just now: the profiles actor may ask "Who's Watching?". */
  atDoor: boolean;
  /**
   * Signed up just now, and not yet past the join step: home sends the new member on to choose a
   * plan. Not persisted, so a reload or a later sign-in lands where it always has.
   */
  joining: boolean;
  /** The e-mail typed on the landing page, carried into the sign-up form. */
  signUpEmail: string;
  /**
   * The auth backend has reported at least once. Until then a signed-out state may only be the
   * absence of a persisted one (a new tab with a live session cookie, say).
   */
  authChecked: boolean;
  error: string | null;
  /** Said once on the signed-out pages after the server ended the session (SIGNED_OUT_ELSEWHERE_MESSAGE). */
  notice: string | null;
}

export type SessionEvent =
  | { type: 'landing.getStarted'; email: string }
  | { type: 'nav.signIn' }
  | { type: 'nav.signUp' }
  | { type: 'nav.home' }
  | { type: 'signIn.submit'; email: string; password: string }
  | { type: 'signUp.submit'; email: string; password: string }
  | { type: 'session.signOut' }
  /** End every session of the account, on every device, this one included. */
  | { type: 'session.signOutEverywhere' }
  /** The signed-in screens' notice of a failed sign-out was dismissed. */
  | { type: 'session.dismissError' }
  /** The signed-out pages' notice was dismissed. */
  | { type: 'session.dismissNotice' }
  /** `ended`: the server ended a signed-in session (another device, a new password), not this tab. */
  | { type: 'auth.changed'; user: AuthUser | null; ended?: boolean }
  /** The join step was left: a plan's checkout started, or "Browse first". */
  | { type: 'join.leave' }
  /** "Forgot password?" on the sign-in form. */
  | { type: 'nav.forgotPassword' };
