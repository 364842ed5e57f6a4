import { describe, expect, it } from 'vitest';

import { firstProfileName } from '../../shared/profiles/profile-rules.ts';
import type { ProfilesStore } from '../../src/services/account-store/profiles.port.ts';
import { AuthError, type AuthService, type AuthUser } from '../../src/services/auth/auth.port.ts';

export interface AuthHarness {
  /** A fresh adapter, as a new browser would have (no one signed in). */
  newAuth(): AuthService;
  uniqueEmail(): string;
  /** The profiles store as the person signed in to `auth` reaches it. */
  profilesOf(auth: AuthService): ProfilesStore;
}

const PASSWORD = 'secret-password';

/** The next user the adapter reports (skipping `skip`), or fails after `ms`. */
function nextUser(auth: AuthService, accept: (user: AuthUser | null) => boolean, ms = 5000) {
  return new Promise<AuthUser | null>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no matching auth state within the time limit')), ms);
    const unsubscribe = auth.onAuthStateChanged((user) => {
      if (!accept(user)) return;
      clearTimeout(timer);
      queueMicrotask(() => unsubscribe());
      resolve(user);
    });
  });
}

async function rejection(promise: Promise<unknown>): Promise<AuthError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AuthError);
  return error as AuthError;
}

/** The auth port's contract (auth.port.ts): Firebase Auth's codes and the embedded server's texts. */
export function authContract(name: string, harness: () => AuthHarness) {
  describe(`auth contract: ${name}`, () => {
    it('signs up: the user has a uid, the e-mail and an ISO creation time', async () => {
      const { newAuth, uniqueEmail } = harness();
      const email = uniqueEmail();
      const before = Date.now();
      const user = await newAuth().signUp(email, PASSWORD);
      expect(user.uid).toMatch(/^[A-Za-z0-9]{20,}$/);
      expect(user.email).toBe(email);
      expect(new Date(user.createdAt).toISOString()).toBe(user.createdAt);
      expect(Math.abs(Date.parse(user.createdAt) - before)).toBeLessThan(5 * 60_000);
    });

    it('gives a new account its first profile, active and named from the e-mail (docs/decisions.md)', async () => {
      const { newAuth, uniqueEmail, profilesOf } = harness();
      const email = uniqueEmail();
      const auth = newAuth();
      const user = await auth.signUp(email, PASSWORD);
      const name = firstProfileName(email);
      expect(name).not.toBe('');
      expect(await profilesOf(auth).list(user.uid)).toEqual([{ id: expect.any(String), name, activeProfile: true }]);
    });

    it('signs in again with the same password, as the same user', async () => {
      const { newAuth, uniqueEmail } = harness();
      const email = uniqueEmail();
      const created = await newAuth().signUp(email, PASSWORD);
      const signedIn = await newAuth().signIn(email, PASSWORD);
      expect(signedIn.uid).toBe(created.uid);
      expect(signedIn.email).toBe(email);
    });

    it('reports the state: nobody, then the user after sign-up, then nobody after sign-out', async () => {
      const { newAuth, uniqueEmail } = harness();
      const auth = newAuth();
      expect(await nextUser(auth, () => true)).toBeNull();
      const user = await auth.signUp(uniqueEmail(), PASSWORD);
      expect((await nextUser(auth, (u) => u !== null))?.uid).toBe(user.uid);
      await auth.signOut();
      expect(await nextUser(auth, () => true)).toBeNull();
    });

    it('signs out of all devices: this one then reports nobody', async () => {
      const { newAuth, uniqueEmail } = harness();
      const auth = newAuth();
      const user = await auth.signUp(uniqueEmail(), PASSWORD);
      expect((await nextUser(auth, (u) => u !== null))?.uid).toBe(user.uid);
      await auth.signOutEverywhere();
      expect(await nextUser(auth, () => true)).toBeNull();
    });

    it('refuses a second account for one e-mail: auth/email-already-in-use', async () => {
      const { newAuth, uniqueEmail } = harness();
      const email = uniqueEmail();
      await newAuth().signUp(email, PASSWORD);
      const error = await rejection(newAuth().signUp(email, PASSWORD));
      expect(error.code).toBe('auth/email-already-in-use');
      expect(error.message).toBe('The email address is already in use by another account.');
    });

    it('keeps one account per e-mail however it is spelled, and refuses hidden characters', async () => {
      const { newAuth, uniqueEmail } = harness();
      // "é" composed (NFC) in the first, decomposed (NFD) in the second: the same address.
      const email = uniqueEmail().replace('@', '-ren\u00e9e@');
      const created = await newAuth().signUp(email, PASSWORD);
      const twin = await rejection(newAuth().signUp(email.normalize('NFD'), PASSWORD));
      expect(twin.code).toBe('auth/email-already-in-use');
      expect((await newAuth().signIn(email.normalize('NFD'), PASSWORD)).uid).toBe(created.uid);
      for (const hidden of ['\u200b', '\u202e', '\u2060']) {
        const error = await rejection(newAuth().signUp(email.replace('@', `${hidden}@`), PASSWORD));
        expect(error.code).toBe('auth/invalid-email');
        expect(error.message).toBe('The email address is badly formatted.');
      }
    });

    it('refuses a password under 6 characters: auth/weak-password', async () => {
      const { newAuth, uniqueEmail } = harness();
      const error = await rejection(newAuth().signUp(uniqueEmail(), '12345'));
      expect(error.code).toBe('auth/weak-password');
      expect(error.message).toBe('Password should be at least 6 characters');
    });

    it('refuses a malformed e-mail: auth/invalid-email', async () => {
      const { newAuth } = harness();
      const error = await rejection(newAuth().signUp('not-an-email', PASSWORD));
      expect(error.code).toBe('auth/invalid-email');
      expect(error.message).toBe('The email address is badly formatted.');
    });

    it('refuses an empty password: auth/missing-password', async () => {
      const { newAuth, uniqueEmail } = harness();
      const error = await rejection(newAuth().signUp(uniqueEmail(), ''));
      expect(error.code).toBe('auth/missing-password');
    });

    it('answers a wrong password and an unknown e-mail alike: auth/invalid-credential', async () => {
      const { newAuth, uniqueEmail } = harness();
      const email = uniqueEmail();
      await newAuth().signUp(email, PASSWORD);
      const wrong = await rejection(newAuth().signIn(email, 'not-the-password'));
      const unknown = await rejection(newAuth().signIn(uniqueEmail(), PASSWORD));
      for (const error of [wrong, unknown]) {
        expect(error.code).toBe('auth/invalid-credential');
        expect(error.message).toBe('The email address or password is incorrect.');
      }
    });
  });
}
