import { AuthError, type AuthService, type AuthUser } from '../../src/services/auth/auth.port';
import type { UserState, UserStateStorage } from '../../src/services/user-state/user-state.port';

/**
 * A test double of the auth port for stories: accounts in memory, Firebase's error codes,
 * and a short delay so busy states are visible. Never used by the app.
 */
export function createInMemoryAuth(
  accounts: Record<string, string> = {},
  options: { signedInAs?: string; delayMs?: number; createdAt?: string } = {},
): AuthService {
  const passwords = new Map(Object.entries(accounts));
  const listeners = new Set<(user: AuthUser | null) => void>();
  const createdAt = options.createdAt ?? '2024-03-01T10:00:00.000Z';
  const userFor = (email: string): AuthUser => ({ uid: `uid-${email}`, email, createdAt });
  let current: AuthUser | null = options.signedInAs ? userFor(options.signedInAs) : null;
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 150));
  const publish = (user: AuthUser | null) => {
    current = user;
    listeners.forEach((listener) => listener(user));
  };

  return {
    async signUp(rawEmail, password) {
      await pause();
      const email = rawEmail.trim().toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
        throw new AuthError('auth/invalid-email', 'The email address is badly formatted.');
      }
      if (password.length < 6) throw new AuthError('auth/weak-password', 'Password should be at least 6 characters');
      if (passwords.has(email)) {
        throw new AuthError('auth/email-already-in-use', 'The email address is already in use by another account.');
      }
      passwords.set(email, password);
      publish(userFor(email));
      return userFor(email);
    },
    async signIn(rawEmail, password) {
      await pause();
      const email = rawEmail.trim().toLowerCase();
      if (passwords.get(email) !== password) {
        throw new AuthError('auth/invalid-credential', 'The email address or password is incorrect.');
      }
      publish(userFor(email));
      return userFor(email);
    },
    async signOut() {
      await pause();
      publish(null);
    },
    // One browser in memory: every session of the account is this one.
    async signOutEverywhere() {
      await pause();
      publish(null);
    },
    onAuthStateChanged(callback) {
      listeners.add(callback);
      callback(current);
      return () => listeners.delete(callback);
    },
  };
}

/** User-state storage kept in a variable instead of localStorage. */
export function createMemoryUserState(initial: UserState | null = null): UserStateStorage {
  let stored = initial;
  return {
    load: async () => stored,
    saveUser: (info) => {
      stored = { info, profiles: info !== null && stored?.info?.uid === info.uid ? stored.profiles : [] };
    },
    saveProfiles: (profiles) => {
      stored = { info: stored?.info ?? null, profiles };
    },
  };
}
