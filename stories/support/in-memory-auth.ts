import {
  AUTH_MESSAGES,
  type AuthErrorCode,
  checkEmail,
  checkNewPassword,
  normaliseEmail,
} from '../../shared/auth/credentials';
import { firstProfileName } from '../../shared/profiles/profile-rules';
import type { ProfilesStore } from '../../src/services/account-store/profiles.port';
import { AuthError, type AuthService, type AuthUser } from '../../src/services/auth/auth.port';
import type { UserState, UserStateStorage } from '../../src/services/user-state/user-state.port';

const DEFAULT_CREATED_AT = '2024-03-01T10:00:00.000Z';

/** A made-up account's uid, shaped like the real ones (20 or more letters and digits), the same for one e-mail. */
export const fakeUid = (email: string): string =>
  Array.from(new TextEncoder().encode(normaliseEmail(email)), (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .padEnd(20, '0');

/** The user the fake reports for an e-mail. */
export const fakeUser = (email: string, createdAt = DEFAULT_CREATED_AT): AuthUser => ({
  uid: fakeUid(email),
  email: normaliseEmail(email),
  createdAt,
});

/**
 * The fake's accounts, as a server would hold them: shared by every browser (every
 * createInMemoryAuth) given the same object.
 */
export interface InMemoryAccounts {
  users: Map<string, { password: string; user: AuthUser }>;
  /** Each browser signed in, by uid: told when the account signs out everywhere. */
  browsers: Map<string, Set<() => void>>;
}

/** Accounts from e-mail → password. */
export function createInMemoryAccounts(
  passwords: Record<string, string> = {},
  createdAt = DEFAULT_CREATED_AT,
): InMemoryAccounts {
  const users = new Map(
    Object.entries(passwords).map(([email, password]) => [
      normaliseEmail(email),
      { password, user: fakeUser(email, createdAt) },
    ]),
  );
  return { users, browsers: new Map() };
}

const fail = (code: AuthErrorCode): never => {
  throw new AuthError(code, AUTH_MESSAGES[code]);
};

export interface InMemoryAuthOptions {
  signedInAs?: string;
  delayMs?: number;
  createdAt?: string;
  /** Gives a new account its first profile, named from the e-mail, as the server does at sign-up. */
  profiles?: ProfilesStore;
}

/**
 * A test double of the auth port for stories: one browser over accounts in memory, with the
 * server's e-mail and password rules and Firebase's error codes and texts (shared/auth), held to
 * the same contract suite as the real adapters (tests/contract/fake.auth.test.ts); a short delay
 * makes busy states visible. Never used by the app.
 */
export function createInMemoryAuth(
  accounts: Record<string, string> | InMemoryAccounts = {},
  options: InMemoryAuthOptions = {},
): AuthService {
  const world =
    'users' in accounts ? (accounts as InMemoryAccounts) : createInMemoryAccounts(accounts, options.createdAt);
  const listeners = new Set<(user: AuthUser | null) => void>();
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 150));
  let current: AuthUser | null = null;
  const endThisSession = () => publish(null);
  const publish = (user: AuthUser | null) => {
    if (current) world.browsers.get(current.uid)?.delete(endThisSession);
    current = user;
    if (user) world.browsers.set(user.uid, (world.browsers.get(user.uid) ?? new Set()).add(endThisSession));
    listeners.forEach((listener) => listener(user));
  };
  if (options.signedInAs) {
    const email = normaliseEmail(options.signedInAs);
    publish(world.users.get(email)?.user ?? fakeUser(email, options.createdAt));
  }

  return {
    async signUp(rawEmail, password) {
      await pause();
      const email = normaliseEmail(rawEmail);
      const problem = checkEmail(email) ?? checkNewPassword(password);
      if (problem) fail(problem);
      if (world.users.has(email)) fail('auth/email-already-in-use');
      const user = fakeUser(email, new Date().toISOString());
      world.users.set(email, { password, user });
      await options.profiles?.add(user.uid, firstProfileName(email));
      publish(user);
      return user;
    },
    async signIn(rawEmail, password) {
      await pause();
      const account = world.users.get(normaliseEmail(rawEmail));
      if (!account || account.password !== password) fail('auth/invalid-credential');
      publish(account!.user);
      return account!.user;
    },
    async signOut() {
      await pause();
      publish(null);
    },
    async signOutEverywhere() {
      await pause();
      if (current) [...(world.browsers.get(current.uid) ?? [])].forEach((end) => end());
      publish(null);
    },
    async sendPasswordResetEmail(rawEmail) {
      await pause();
      if (checkEmail(normaliseEmail(rawEmail))) fail('auth/invalid-email');
      // Nothing is sent anywhere, and the answer is the same for any address.
    },
    async confirmPasswordReset(code, newPassword) {
      await pause();
      const problem = checkNewPassword(newPassword);
      if (problem) fail(problem);
      // The stories' one valid code resets the first account.
      if (code !== IN_MEMORY_RESET_CODE) fail('auth/invalid-action-code');
      const [first] = world.users.values();
      if (first) first.password = newPassword;
      publish(null);
    },
    async changeEmail(password, rawEmail) {
      await pause();
      const email = normaliseEmail(rawEmail);
      if (checkEmail(email)) fail('auth/invalid-email');
      const entry = [...world.users.entries()].find(([, account]) => account.user.uid === current?.uid);
      if (!entry || entry[1].password !== password) return fail('auth/wrong-password');
      if (email !== entry[0] && world.users.has(email)) fail('auth/email-already-in-use');
      const user = { ...entry[1].user, email };
      world.users.delete(entry[0]);
      world.users.set(email, { password, user });
      publish(user);
      return user;
    },
    async changePassword(password, newPassword) {
      await pause();
      const problem = checkNewPassword(newPassword);
      if (problem) fail(problem);
      const account = [...world.users.values()].find((entry) => entry.user.uid === current?.uid);
      if (!account || account.password !== password) return fail('auth/wrong-password');
      account.password = newPassword;
    },
    onAuthStateChanged(callback) {
      listeners.add(callback);
      callback(current);
      return () => listeners.delete(callback);
    },
  };
}

/** The reset code the stories' fake accepts (any other is "not valid"). */
export const IN_MEMORY_RESET_CODE = 'story-reset-code';

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
