import { FirebaseError } from 'firebase/app';
import {
  type Auth,
  confirmPasswordReset,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
  updatePassword,
  type User,
  verifyBeforeUpdateEmail,
} from 'firebase/auth';

import { AUTH_MESSAGES } from '../../../shared/auth/credentials';
import { firstProfileName } from '../../../shared/profiles/profile-rules';
import { findHiddenCharacter, toIdentityForm } from '../../../shared/text/identity-text';
import { UNREACHABLE_MESSAGE } from '../../brand';
import type { ProfilesStore } from '../account-store/profiles.port';
import { AuthError, type AuthService, type AuthUser } from './auth.port';

/** The embedded server's texts for Firebase Auth's codes, so both backends read the same. */
const MESSAGES: Record<string, string> = {
  ...AUTH_MESSAGES,
  // Firebase's other names for the same answers.
  'auth/missing-email': AUTH_MESSAGES['auth/invalid-email'],
  'auth/invalid-login-credentials': AUTH_MESSAGES['auth/invalid-credential'],
  'auth/wrong-password': AUTH_MESSAGES['auth/invalid-credential'],
  'auth/user-not-found': AUTH_MESSAGES['auth/invalid-credential'],
  'auth/network-request-failed': UNREACHABLE_MESSAGE,
};

/** A FirebaseError as the port's AuthError: Firebase's code, a readable message. */
export function toAuthError(error: unknown): AuthError {
  if (error instanceof FirebaseError) {
    // "Firebase: Password should be … (auth/weak-password)." → "Password should be …"
    const bare = error.message.replace(/^Firebase:\s*/, '').replace(/\s*\(auth\/[^)]*\)\.?$/, '');
    return new AuthError(
      error.code,
      MESSAGES[error.code] ?? (bare && bare !== 'Error' ? bare : 'Something went wrong. Please try again.'),
    );
  }
  return new AuthError('auth/internal-error', error instanceof Error ? error.message : String(error));
}

export function toAuthUser(user: User): AuthUser {
  const created = user.metadata.creationTime ? new Date(user.metadata.creationTime) : new Date();
  return { uid: user.uid, email: user.email ?? '', createdAt: created.toISOString() };
}

/**
 * The e-mail as the embedded server keys it (composed, NFC), so that two spellings of one address
 * are one Firebase account; one with a zero-width or direction-control character is refused as
 * the server refuses it (shared/text/identity-text.ts).
 */
function identityEmail(email: string): string {
  const composed = toIdentityForm(email.trim());
  if (findHiddenCharacter(composed)) throw new AuthError('auth/invalid-email', AUTH_MESSAGES['auth/invalid-email']);
  return composed;
}

/**
 * The auth port over Firebase Auth (e-mail and password). A new account is given its first
 * profile through the profiles port, as the embedded server gives it at sign-up (docs/decisions.md).
 */
export function createHostedAuth(auth: Auth, { profiles }: { profiles: ProfilesStore }): AuthService {
  const attempt = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw error instanceof AuthError ? error : toAuthError(error);
    }
  };
  return {
    signUp: (email, password) =>
      attempt(async () => {
        const user = toAuthUser((await createUserWithEmailAndPassword(auth, identityEmail(email), password)).user);
        // Firebase has no transaction spanning Auth and Firestore: the account stands even if this
        // write fails, and the profiles screens then offer Add Profile.
        await profiles.add(user.uid, firstProfileName(user.email)).catch(() => undefined);
        return user;
      }),
    signIn: (email, password) =>
      attempt(async () => toAuthUser((await signInWithEmailAndPassword(auth, identityEmail(email), password)).user)),
    signOut: () => attempt(() => signOut(auth)),
    // Firebase revokes a user's refresh tokens only from the Admin SDK (revokeRefreshTokens), on
    // a server this backend does not have; the web SDK cannot. The closest honest step is to sign
    // out here: other devices stay signed in until their tokens are revoked from the console or
    // by a Cloud Function, or the password changes.
    signOutEverywhere: () => attempt(() => signOut(auth)),
    onAuthStateChanged: (callback) => onAuthStateChanged(auth, (user) => callback(user ? toAuthUser(user) : null)),
    // Firebase's own e-mail and its action page (unless the project's action address is set to
    // /reset-password, which reads Firebase's oobCode too). With e-mail enumeration protection on,
    // Firebase answers the same for an unknown address; without it, "user-not-found" is hidden here.
    sendPasswordResetEmail: (email) =>
      attempt(async () => {
        try {
          await sendPasswordResetEmail(auth, identityEmail(email));
        } catch (error) {
          if (!(error instanceof FirebaseError && error.code === 'auth/user-not-found')) throw error;
        }
      }),
    confirmPasswordReset: (code, newPassword) => attempt(() => confirmPasswordReset(auth, code, newPassword)),
    // Firebase changes the address only once the new one is verified (verifyBeforeUpdateEmail: it
    // mails a link there); until then the user stays as it is.
    changeEmail: (password, newEmail) =>
      attempt(async () => {
        const user = await reauthenticated(password);
        await verifyBeforeUpdateEmail(user, identityEmail(newEmail));
        return toAuthUser(user);
      }),
    // Firebase revokes the account's other refresh tokens when its password changes.
    changePassword: (password, newPassword) =>
      attempt(async () => updatePassword(await reauthenticated(password), newPassword)),
  };

  async function reauthenticated(password: string): Promise<User> {
    const user = auth.currentUser;
    if (!user?.email) throw new AuthError('auth/requires-recent-login', 'Please sign in again first.');
    await reauthenticateWithCredential(user, EmailAuthProvider.credential(user.email, password));
    return user;
  }
}
