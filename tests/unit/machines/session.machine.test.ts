import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';

import { profilesMachine } from '../../../src/machines/profiles/profiles.machine.ts';
import { sessionMachine } from '../../../src/machines/session.machine.ts';
import {
  type Credentials,
  REHYDRATE_TIMEOUT_MS,
  type SessionEvent,
  SIGN_IN_FAILED_MESSAGE,
  SIGNED_OUT_ELSEWHERE_MESSAGE,
} from '../../../src/machines/session-types.ts';
import { AuthError, type AuthUser } from '../../../src/services/auth/auth.port.ts';
import type { Profile, UserState } from '../../../src/services/user-state/user-state.port.ts';
import { type Deferred, deferred, flush } from '../support/deferred.ts';

// ---------------------------------------------------------------------------------------------
// Fakes: every effect of the machine is a controllable fake, so each test decides when (and how)
// the restore, sign-in, sign-up and sign-out settle.
// ---------------------------------------------------------------------------------------------

const ALICE: AuthUser = { uid: 'uid-alice', email: 'alice@example.com', createdAt: '2022-09-01T10:00:00.000Z' };
const BOB: AuthUser = { uid: 'uid-bob', email: 'bob@example.com', createdAt: '2023-01-15T08:30:00.000Z' };
const PROFILES: Profile[] = [
  { id: 'p1', name: 'Alice', activeProfile: true },
  { id: 'p2', name: 'Kids', activeProfile: false },
];
const PASSWORD = 'correct-horse-battery-staple';

function userFrom(credentials: Credentials): AuthUser {
  return { uid: `uid-${credentials.email}`, email: credentials.email, createdAt: '2024-05-05T12:00:00.000Z' };
}

function createHarness() {
  const restores: Deferred<UserState | null>[] = [];
  const signIns: { input: Credentials; result: Deferred<AuthUser> }[] = [];
  const signUps: { input: Credentials; result: Deferred<AuthUser> }[] = [];
  const signOuts: Deferred<void>[] = [];
  const signOutsEverywhere: Deferred<void>[] = [];
  const profileReads: { uid: string; result: Deferred<Profile[]> }[] = [];
  const listener = {
    started: 0,
    stopped: 0,
    sendBack: undefined as ((event: SessionEvent) => void) | undefined,
  };
  // The browser's storage, written in two parts as the real one is: the user by the session,
  // the profiles by the profiles actor. `persisted()` lists the whole state after each write.
  let stored: UserState = { info: null, profiles: [] };
  const writes: UserState[] = [];
  const persistUser = vi.fn((_args: unknown, info: AuthUser | null) => {
    stored = { info, profiles: info !== null && stored.info?.uid === info.uid ? stored.profiles : [] };
    writes.push(stored);
  });
  const persistProfiles = vi.fn((_args: unknown, profiles: Profile[]) => {
    stored = { info: stored.info, profiles };
    writes.push(stored);
  });

  const machine = sessionMachine.provide({
    actors: {
      restoreUserState: fromPromise<UserState | null>(() => {
        const result = deferred<UserState | null>();
        restores.push(result);
        return result.promise;
      }),
      authStateListener: fromCallback<SessionEvent>(({ sendBack }) => {
        listener.started += 1;
        listener.sendBack = sendBack;
        return () => {
          listener.stopped += 1;
          listener.sendBack = undefined;
        };
      }),
      signIn: fromPromise<AuthUser, Credentials>(({ input }) => {
        const result = deferred<AuthUser>();
        signIns.push({ input, result });
        return result.promise;
      }),
      signUp: fromPromise<AuthUser, Credentials>(({ input }) => {
        const result = deferred<AuthUser>();
        signUps.push({ input, result });
        return result.promise;
      }),
      signOut: fromPromise<void>(() => {
        const result = deferred<void>();
        signOuts.push(result);
        return result.promise;
      }),
      signOutEverywhere: fromPromise<void>(() => {
        const result = deferred<void>();
        signOutsEverywhere.push(result);
        return result.promise;
      }),
      // The list's one owner, started at sign-in: its read is a fake settled by hand.
      profiles: profilesMachine.provide({
        actors: {
          listProfiles: fromPromise<Profile[], { uid: string }>(({ input }) => {
            const result = deferred<Profile[]>();
            profileReads.push({ uid: input.uid, result });
            return result.promise;
          }),
        },
        actions: { persistProfiles },
      }),
    },
    actions: { persistUser },
  });

  const actor = createActor(machine);
  actor.start();

  const last = <T>(list: T[], name: string): T => {
    const item = list.at(-1);
    if (item === undefined) throw new Error(`The fake "${name}" was never invoked`);
    return item;
  };

  return {
    actor,
    restores,
    signIns,
    signUps,
    signOuts,
    signOutsEverywhere,
    profileReads,
    listener,
    persistUser,
    /** The stored state after each write, in order. */
    persisted: () => writes,
    async restoreWith(state: UserState | null) {
      stored = state ?? stored;
      last(restores, 'restoreUserState').resolve(state);
      await flush();
    },
    async resolveSignIn(user: AuthUser) {
      last(signIns, 'signIn').result.resolve(user);
      await flush();
    },
    async rejectSignIn(error: unknown) {
      last(signIns, 'signIn').result.reject(error);
      await flush();
    },
    async resolveSignUp(user: AuthUser) {
      last(signUps, 'signUp').result.resolve(user);
      await flush();
    },
    async rejectSignUp(error: unknown) {
      last(signUps, 'signUp').result.reject(error);
      await flush();
    },
    async resolveSignOut() {
      last(signOuts, 'signOut').resolve();
      await flush();
    },
    async rejectSignOut(error: unknown) {
      last(signOuts, 'signOut').reject(error);
      await flush();
    },
    async resolveSignOutEverywhere() {
      last(signOutsEverywhere, 'signOutEverywhere').resolve();
      await flush();
    },
    async rejectSignOutEverywhere(error: unknown) {
      last(signOutsEverywhere, 'signOutEverywhere').reject(error);
      await flush();
    },
    async resolveProfiles(profiles: Profile[]) {
      last(profileReads, 'listProfiles').result.resolve(profiles);
      await flush();
    },
    async rejectProfiles(error: unknown) {
      last(profileReads, 'listProfiles').result.reject(error);
      await flush();
    },
    /** What the auth backend's listener reports. */
    emitAuth(user: AuthUser | null, ended?: boolean) {
      if (!listener.sendBack) throw new Error('The auth state listener is not running');
      listener.sendBack({ type: 'auth.changed', user, ...(ended && { ended }) });
    },
  };
}

type Harness = ReturnType<typeof createHarness>;

async function startSignedOut(): Promise<Harness> {
  const harness = createHarness();
  await harness.restoreWith(null);
  expect(harness.actor.getSnapshot().value).toEqual({ ready: { signedOut: 'landing' } });
  return harness;
}

async function startSignedIn(user: AuthUser = ALICE, profiles: Profile[] = PROFILES): Promise<Harness> {
  const harness = createHarness();
  await harness.restoreWith({ info: user, profiles });
  expect(harness.actor.getSnapshot().value).toEqual({ ready: { signedIn: 'active' } });
  return harness;
}

function snapshotOf(harness: Harness) {
  return harness.actor.getSnapshot();
}

/** The profiles actor the session started (none while signed out). */
function profilesActorOf(harness: Harness) {
  return snapshotOf(harness).children.profiles;
}

/** The account's profiles as their one owner holds them ([] while signed out). */
function profilesOf(harness: Harness) {
  return profilesActorOf(harness)?.getSnapshot().context.profiles ?? [];
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

// ---------------------------------------------------------------------------------------------

describe('session machine: rehydrating', () => {
  it('starts in rehydrating, with the auth listener not yet running', () => {
    const harness = createHarness();

    expect(snapshotOf(harness).value).toBe('rehydrating');
    expect(harness.restores).toHaveLength(1);
    expect(harness.listener.started).toBe(0);
    expect(harness.persistUser).not.toHaveBeenCalled();
  });

  it('with a persisted user goes to signedIn and keeps its info and profiles', async () => {
    const harness = createHarness();

    await harness.restoreWith({ info: ALICE, profiles: PROFILES });

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshot.context.user).toEqual(ALICE);
    expect(profilesOf(harness)).toEqual(PROFILES);
    expect(snapshot.context.error).toBeNull();
    expect(harness.listener.started).toBe(1);
    expect(harness.persisted()).toEqual([{ info: ALICE, profiles: PROFILES }]);
  });

  it('with nothing persisted goes to signedOut.landing', async () => {
    const harness = createHarness();

    await harness.restoreWith(null);

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshot.context).toEqual({
      user: null,
      restoredProfiles: [],
      atDoor: false,
      joining: false,
      signUpEmail: '',
      authChecked: false,
      error: null,
      notice: null,
    });
    expect(harness.listener.started).toBe(1);
    expect(harness.persisted()).toEqual([{ info: null, profiles: [] }]);
  });

  it('with a persisted signed-out state (info null) goes to signedOut.landing', async () => {
    const harness = createHarness();

    await harness.restoreWith({ info: null, profiles: PROFILES });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(profilesOf(harness)).toEqual([]);
  });

  it('gives up on a restore that never settles after exactly REHYDRATE_TIMEOUT_MS and goes signed out', async () => {
    expect(REHYDRATE_TIMEOUT_MS).toBe(5000);
    const harness = createHarness();

    vi.advanceTimersByTime(REHYDRATE_TIMEOUT_MS - 1);
    await flush();
    expect(snapshotOf(harness).value).toBe('rehydrating');
    expect(harness.listener.started).toBe(0);

    vi.advanceTimersByTime(1);
    await flush();
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshotOf(harness).context.user).toBeNull();
    expect(harness.listener.started).toBe(1);
  });

  it('ignores a restore that settles after the time-out', async () => {
    const harness = createHarness();
    vi.advanceTimersByTime(REHYDRATE_TIMEOUT_MS);
    await flush();

    await harness.restoreWith({ info: ALICE, profiles: PROFILES });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshotOf(harness).context.user).toBeNull();
    expect(profilesOf(harness)).toEqual([]);
  });

  it('does not time out once the restore has settled', async () => {
    const harness = await startSignedIn();

    vi.advanceTimersByTime(REHYDRATE_TIMEOUT_MS * 2);
    await flush();

    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshotOf(harness).context.user).toEqual(ALICE);
  });

  it('goes on signed out when the restore rejects', async () => {
    const harness = createHarness();

    harness.restores[0]!.reject(new Error('localStorage is blocked'));
    await flush();

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshotOf(harness).context.user).toBeNull();
    expect(harness.listener.started).toBe(1);
  });
});

describe('session machine: signed-out screens', () => {
  it("'landing.getStarted' opens sign-up with the typed e-mail, trimmed", async () => {
    const harness = await startSignedOut();

    harness.actor.send({ type: 'landing.getStarted', email: '  carol@example.com \t' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signUp: 'editing' } } });
    expect(snapshotOf(harness).context.signUpEmail).toBe('carol@example.com');
  });

  it("'landing.getStarted' with an empty e-mail still opens sign-up", async () => {
    const harness = await startSignedOut();

    harness.actor.send({ type: 'landing.getStarted', email: '   ' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signUp: 'editing' } } });
    expect(snapshotOf(harness).context.signUpEmail).toBe('');
  });

  it("'nav.signIn' from landing opens sign-in", async () => {
    const harness = await startSignedOut();

    harness.actor.send({ type: 'nav.signIn' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signIn: 'editing' } } });
  });

  it("'nav.signIn' from sign-up opens sign-in", async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'landing.getStarted', email: 'carol@example.com' });

    harness.actor.send({ type: 'nav.signIn' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signIn: 'editing' } } });
  });

  it("'nav.signUp' from sign-in opens sign-up", async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });

    harness.actor.send({ type: 'nav.signUp' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signUp: 'editing' } } });
  });

  it("'nav.home' from sign-in goes back to landing", async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });

    harness.actor.send({ type: 'nav.home' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
  });

  it("'nav.home' from sign-up goes back to landing", async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'landing.getStarted', email: 'carol@example.com' });

    harness.actor.send({ type: 'nav.home' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
  });

  it("only landing answers 'landing.getStarted', and only sign-in answers 'nav.signUp'", async () => {
    const harness = await startSignedOut();
    expect(snapshotOf(harness).can({ type: 'nav.signUp' })).toBe(false);
    harness.actor.send({ type: 'nav.signUp' });
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });

    harness.actor.send({ type: 'nav.signIn' });
    expect(snapshotOf(harness).can({ type: 'landing.getStarted', email: 'x@example.com' })).toBe(false);
    harness.actor.send({ type: 'landing.getStarted', email: 'x@example.com' });
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signIn: 'editing' } } });
    expect(snapshotOf(harness).context.signUpEmail).toBe('');
  });

  it("'auth.changed' with null while signed out changes nothing", async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });

    harness.emitAuth(null);

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signIn: 'editing' } } });
  });

  it("'auth.changed' with a user while signed out signs in", async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'landing.getStarted', email: 'bob@example.com' });

    harness.emitAuth(BOB);

    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshotOf(harness).context.user).toEqual(BOB);
    expect(snapshotOf(harness).context.signUpEmail).toBe('');
  });
});

describe('session machine: sign-in', () => {
  async function onSignIn() {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });
    return harness;
  }

  it('submit goes to submitting (busy) and calls signIn with the credentials', async () => {
    const harness = await onSignIn();
    expect(snapshotOf(harness).hasTag('busy')).toBe(false);

    harness.actor.send({ type: 'signIn.submit', email: 'alice@example.com', password: PASSWORD });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signIn: 'submitting' } } });
    expect(snapshotOf(harness).hasTag('busy')).toBe(true);
    expect(harness.signIns.map((call) => call.input)).toEqual([{ email: 'alice@example.com', password: PASSWORD }]);
  });

  it('on success is signed in with the returned user', async () => {
    const harness = await onSignIn();
    harness.actor.send({ type: 'signIn.submit', email: 'alice@example.com', password: PASSWORD });

    await harness.resolveSignIn(ALICE);

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.user).toEqual(ALICE);
    expect(snapshot.context.error).toBeNull();
  });

  it.each([
    [
      'an AuthError-like Error',
      Object.assign(new Error('The email address or password is incorrect.'), { code: 'auth/invalid-credential' }),
    ],
    ['a bare fetch failure (no adapter said what it was)', new TypeError('Failed to fetch')],
    ['a non-Error rejection', 'boom'],
  ])('on failure with %s goes back to editing with the fixed message', async (_label, error) => {
    const harness = await onSignIn();
    harness.actor.send({ type: 'signIn.submit', email: 'nobody@example.com', password: PASSWORD });

    await harness.rejectSignIn(error);

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedOut: { signIn: 'editing' } } });
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.error).toBe('That user does not exist. Please try again.');
    expect(SIGN_IN_FAILED_MESSAGE).toBe('That user does not exist. Please try again.');
    expect(snapshot.context.user).toBeNull();
  });

  it('says so when the backend could not be reached, instead of claiming the user does not exist', async () => {
    const harness = await onSignIn();
    harness.actor.send({ type: 'signIn.submit', email: 'alice@example.com', password: PASSWORD });

    await harness.rejectSignIn(
      new AuthError('auth/network-request-failed', 'Could not reach Marquee. Check your connection and try again.'),
    );

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedOut: { signIn: 'editing' } } });
    expect(snapshot.context.error).toBe('Could not reach Marquee. Check your connection and try again.');
  });

  it('clears the error on the next submit', async () => {
    const harness = await onSignIn();
    harness.actor.send({ type: 'signIn.submit', email: 'nobody@example.com', password: PASSWORD });
    await harness.rejectSignIn(new Error('nope'));
    expect(snapshotOf(harness).context.error).toBe(SIGN_IN_FAILED_MESSAGE);

    harness.actor.send({ type: 'signIn.submit', email: 'alice@example.com', password: PASSWORD });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signIn: 'submitting' } } });
    expect(snapshotOf(harness).context.error).toBeNull();
    expect(harness.signIns).toHaveLength(2);
  });

  it.each([
    ['nav.home', { ready: { signedOut: 'landing' } }],
    ['nav.signUp', { ready: { signedOut: { signUp: 'editing' } } }],
    ['nav.signIn', { ready: { signedOut: { signIn: 'editing' } } }],
  ] as const)('clears the error on %s', async (type, expected) => {
    const harness = await onSignIn();
    harness.actor.send({ type: 'signIn.submit', email: 'nobody@example.com', password: PASSWORD });
    await harness.rejectSignIn(new Error('nope'));
    expect(snapshotOf(harness).context.error).toBe(SIGN_IN_FAILED_MESSAGE);

    harness.actor.send({ type });

    expect(snapshotOf(harness).value).toEqual(expected);
    expect(snapshotOf(harness).context.error).toBeNull();
  });

  it('the error does not follow the user back to sign-in after going home', async () => {
    const harness = await onSignIn();
    harness.actor.send({ type: 'signIn.submit', email: 'nobody@example.com', password: PASSWORD });
    await harness.rejectSignIn(new Error('nope'));

    harness.actor.send({ type: 'nav.home' });
    harness.actor.send({ type: 'nav.signIn' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signIn: 'editing' } } });
    expect(snapshotOf(harness).context.error).toBeNull();
  });
});

describe('session machine: sign-up', () => {
  async function onSignUp(email = 'carol@example.com') {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'landing.getStarted', email });
    return harness;
  }

  it('submit goes to submitting (busy) and calls signUp with the credentials', async () => {
    const harness = await onSignUp();

    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: PASSWORD });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signUp: 'submitting' } } });
    expect(snapshotOf(harness).hasTag('busy')).toBe(true);
    expect(harness.signUps.map((call) => call.input)).toEqual([{ email: 'carol@example.com', password: PASSWORD }]);
  });

  it("on failure shows the provider's own message and goes back to editing", async () => {
    const harness = await onSignUp();
    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: '123' });

    await harness.rejectSignUp(new Error('Password should be at least 6 characters'));

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedOut: { signUp: 'editing' } } });
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.error).toBe('Password should be at least 6 characters');
    expect(snapshot.context.signUpEmail).toBe('carol@example.com');
  });

  it('clears the error on the next submit and on navigating', async () => {
    const harness = await onSignUp();
    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: '123' });
    await harness.rejectSignUp(new Error('Password should be at least 6 characters'));

    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: '1234' });
    expect(snapshotOf(harness).context.error).toBeNull();
    await harness.rejectSignUp(new Error('Password should be at least 6 characters'));
    expect(snapshotOf(harness).context.error).toBe('Password should be at least 6 characters');

    harness.actor.send({ type: 'nav.signIn' });
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signIn: 'editing' } } });
    expect(snapshotOf(harness).context.error).toBeNull();
  });

  it('on success is signed in with the new user', async () => {
    const harness = await onSignUp();
    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: PASSWORD });

    await harness.resolveSignUp(userFrom(harness.signUps[0]!.input));

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshot.context.user).toEqual({
      uid: 'uid-carol@example.com',
      email: 'carol@example.com',
      createdAt: '2024-05-05T12:00:00.000Z',
    });
  });

  it('a new member is joining (home sends it on to choose a plan) until it leaves the join step', async () => {
    const harness = await onSignUp();
    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: PASSWORD });
    await harness.resolveSignUp(userFrom(harness.signUps[0]!.input));
    expect(snapshotOf(harness).context.joining).toBe(true);

    harness.actor.send({ type: 'join.leave' });

    expect(snapshotOf(harness).context.joining).toBe(false);
    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
  });

  it('is joining too when the backend reports the new user before the sign-up call answers', async () => {
    const harness = await onSignUp();
    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: PASSWORD });

    harness.actor.send({ type: 'auth.changed', user: userFrom(harness.signUps[0]!.input) });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshotOf(harness).context.joining).toBe(true);
  });

  it('signing out forgets the join step, and signing in is never joining', async () => {
    const harness = await onSignUp();
    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: PASSWORD });
    await harness.resolveSignUp(userFrom(harness.signUps[0]!.input));
    harness.actor.send({ type: 'session.signOut' });
    await harness.resolveSignOut();
    expect(snapshotOf(harness).context.joining).toBe(false);

    harness.actor.send({ type: 'nav.signIn' });
    harness.actor.send({ type: 'signIn.submit', email: 'carol@example.com', password: PASSWORD });
    await harness.resolveSignIn(userFrom({ email: 'carol@example.com', password: PASSWORD }));

    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshotOf(harness).context.joining).toBe(false);
  });
});

describe('session machine: logging in and out clears the flags', () => {
  it('after signing in via sign-up and signing out, lands on landing with signUpEmail cleared', async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'landing.getStarted', email: ' carol@example.com ' });
    expect(snapshotOf(harness).context.signUpEmail).toBe('carol@example.com');
    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: PASSWORD });
    await harness.resolveSignUp(userFrom(harness.signUps[0]!.input));
    expect(snapshotOf(harness).context.signUpEmail).toBe('');

    harness.actor.send({ type: 'session.signOut' });
    await harness.resolveSignOut();

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshotOf(harness).context).toEqual({
      user: null,
      restoredProfiles: [],
      atDoor: false,
      joining: false,
      signUpEmail: '',
      authChecked: false,
      error: null,
      notice: null,
    });
  });

  it('after signing in via sign-in and being signed out by the backend, lands on landing', async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });
    harness.actor.send({ type: 'signIn.submit', email: 'alice@example.com', password: PASSWORD });
    await harness.resolveSignIn(ALICE);

    harness.emitAuth(null);

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
  });

  it("signing in through 'auth.changed' from sign-up clears signUpEmail", async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'landing.getStarted', email: 'carol@example.com' });

    harness.emitAuth(ALICE);
    expect(snapshotOf(harness).context.signUpEmail).toBe('');
    harness.emitAuth(null);

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshotOf(harness).context.signUpEmail).toBe('');
  });
});

describe('session machine: signed in', () => {
  it("'auth.changed' with null signs out to landing and clears user and profiles", async () => {
    const harness = await startSignedIn(ALICE, PROFILES);

    harness.emitAuth(null);

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshot.context.user).toBeNull();
    expect(profilesOf(harness)).toEqual([]);
    expect(harness.persisted().at(-1)).toEqual({ info: null, profiles: [] });
  });

  it("'auth.changed' with the same user updates the user and keeps the profiles", async () => {
    const harness = await startSignedIn(ALICE, PROFILES);
    const refreshed = { ...ALICE, email: 'alice@new.example.com' };

    harness.emitAuth(refreshed);

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshot.context.user).toEqual(refreshed);
    expect(profilesOf(harness)).toEqual(PROFILES);
    expect(harness.persisted().at(-1)).toEqual({ info: refreshed, profiles: PROFILES });
    expect(harness.profileReads).toHaveLength(1);
  });

  it("'auth.changed' with another user drops the profiles and reads that user's", async () => {
    const harness = await startSignedIn(ALICE, PROFILES);

    harness.emitAuth(BOB);

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshot.context.user).toEqual(BOB);
    expect(profilesOf(harness)).toEqual([]);
    expect(harness.persisted().at(-1)).toEqual({ info: BOB, profiles: [] });
    expect(harness.profileReads.map((read) => read.uid)).toEqual([ALICE.uid, BOB.uid]);
  });

  it("'session.signOut' goes to signingOut (busy), then to signedOut.landing", async () => {
    const harness = await startSignedIn();

    harness.actor.send({ type: 'session.signOut' });
    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'signingOut' } });
    expect(snapshotOf(harness).hasTag('busy')).toBe(true);
    expect(harness.signOuts).toHaveLength(1);

    await harness.resolveSignOut();

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.user).toBeNull();
    expect(profilesOf(harness)).toEqual([]);
  });

  it('a failing signOut stays signed in with an error starting "Could not sign out:"', async () => {
    const harness = await startSignedIn();
    harness.actor.send({ type: 'session.signOut' });

    await harness.rejectSignOut(new Error('Could not reach Marquee. Check your connection and try again.'));

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.user).toEqual(ALICE);
    expect(snapshot.context.error).toMatch(/^Could not sign out:/);
    expect(snapshot.context.error).toBe(
      'Could not sign out: Could not reach Marquee. Check your connection and try again.',
    );
  });

  it("'session.dismissError' clears the sign-out error and stays signed in", async () => {
    const harness = await startSignedIn();
    harness.actor.send({ type: 'session.signOut' });
    await harness.rejectSignOut(new Error('offline'));
    expect(snapshotOf(harness).context.error).not.toBeNull();

    harness.actor.send({ type: 'session.dismissError' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshotOf(harness).context.error).toBeNull();
  });

  it('clears the sign-out error on the next sign-out attempt', async () => {
    const harness = await startSignedIn();
    harness.actor.send({ type: 'session.signOut' });
    await harness.rejectSignOut(new Error('offline'));
    expect(snapshotOf(harness).context.error).toBe('Could not sign out: offline');

    harness.actor.send({ type: 'session.signOut' });

    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'signingOut' } });
    expect(snapshotOf(harness).context.error).toBeNull();
  });

  it("'session.signOutEverywhere' goes to signingOutEverywhere (busy), then to signedOut.landing", async () => {
    const harness = await startSignedIn();

    harness.actor.send({ type: 'session.signOutEverywhere' });
    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'signingOutEverywhere' } });
    expect(snapshotOf(harness).hasTag('busy')).toBe(true);
    expect(harness.signOutsEverywhere).toHaveLength(1);
    // Not the plain sign-out.
    expect(harness.signOuts).toHaveLength(0);
    // Busy: neither sign-out can be sent again meanwhile.
    expect(snapshotOf(harness).can({ type: 'session.signOut' })).toBe(false);
    expect(snapshotOf(harness).can({ type: 'session.signOutEverywhere' })).toBe(false);

    await harness.resolveSignOutEverywhere();

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshot.context.user).toBeNull();
    expect(profilesOf(harness)).toEqual([]);
    expect(harness.persisted().at(-1)).toEqual({ info: null, profiles: [] });
  });

  it('a failing signOutEverywhere stays signed in with an error saying so', async () => {
    const harness = await startSignedIn();
    harness.actor.send({ type: 'session.signOutEverywhere' });

    await harness.rejectSignOutEverywhere(new Error('Could not reach Marquee. Check your connection and try again.'));

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshot.hasTag('busy')).toBe(false);
    expect(snapshot.context.user).toEqual(ALICE);
    expect(snapshot.context.error).toBe(
      'Could not sign out of all devices: Could not reach Marquee. Check your connection and try again.',
    );

    // Trying again clears the error.
    harness.actor.send({ type: 'session.signOutEverywhere' });
    expect(snapshotOf(harness).context.error).toBeNull();
  });

  it("'auth.changed' with null while signing out also lands on landing", async () => {
    const harness = await startSignedIn();
    harness.actor.send({ type: 'session.signOut' });

    harness.emitAuth(null);

    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
  });

  it('ignores signed-out screen events while signed in', async () => {
    const harness = await startSignedIn();

    for (const event of [
      { type: 'nav.signIn' },
      { type: 'nav.signUp' },
      { type: 'nav.home' },
      { type: 'landing.getStarted', email: 'x@example.com' },
      { type: 'signIn.submit', email: 'x@example.com', password: PASSWORD },
      { type: 'signUp.submit', email: 'x@example.com', password: PASSWORD },
    ] satisfies SessionEvent[]) {
      harness.actor.send(event);
    }

    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
    expect(harness.signIns).toHaveLength(0);
    expect(harness.signUps).toHaveLength(0);
  });
});

describe('session machine: authChecked (has the auth backend reported yet?)', () => {
  it('is false until the listener reports, whatever was persisted', async () => {
    const harness = await startSignedOut();
    expect(snapshotOf(harness).context.authChecked).toBe(false);
    const signedIn = await startSignedIn();
    expect(snapshotOf(signedIn).context.authChecked).toBe(false);
  });

  it('becomes true when the backend reports no user while signed out, staying signed out', async () => {
    const harness = await startSignedOut();
    harness.emitAuth(null);
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshotOf(harness).context.authChecked).toBe(true);
  });

  it('becomes true when the backend reports a user (a new tab with a live session signs in)', async () => {
    const harness = await startSignedOut();
    harness.emitAuth(ALICE);
    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
    expect(snapshotOf(harness).context.authChecked).toBe(true);
  });

  it('becomes true on any report while signed in, and stays true after signing out', async () => {
    const harness = await startSignedIn();
    harness.emitAuth(ALICE);
    expect(snapshotOf(harness).context.authChecked).toBe(true);
    harness.emitAuth(null);
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshotOf(harness).context.authChecked).toBe(true);
  });
});

describe('session machine: a session the server ended', () => {
  it('returns to the landing page with a short message, which signing in clears', async () => {
    const harness = await startSignedIn();
    harness.emitAuth(ALICE);
    harness.emitAuth(null, true);
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshotOf(harness).context.notice).toBe(SIGNED_OUT_ELSEWHERE_MESSAGE);
    harness.actor.send({ type: 'nav.signIn' });
    expect(snapshotOf(harness).context.notice).toBeNull();
  });

  it('says nothing after a sign-out made here', async () => {
    const harness = await startSignedIn();
    harness.emitAuth(ALICE);
    harness.emitAuth(null);
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'landing' } });
    expect(snapshotOf(harness).context.notice).toBeNull();
  });

  it('offers "Forgot password?" from the sign-in form, and back', async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });
    harness.actor.send({ type: 'nav.forgotPassword' });
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: 'forgotPassword' } });
    harness.actor.send({ type: 'nav.signIn' });
    expect(snapshotOf(harness).value).toEqual({ ready: { signedOut: { signIn: 'editing' } } });
  });
});

describe('session machine: the persisted profiles follow the server', () => {
  const SERVER_LIST: Profile[] = [
    { id: 'p1', name: 'Alice', activeProfile: false },
    { id: 'p3', name: 'Guest', activeProfile: true },
  ];

  it('reads the profiles on returning signed in and replaces the persisted copy', async () => {
    const harness = await startSignedIn(ALICE, PROFILES);
    expect(harness.profileReads.map((read) => read.uid)).toEqual([ALICE.uid]);
    // The persisted copy is shown while the server answers.
    expect(profilesOf(harness)).toEqual(PROFILES);

    await harness.resolveProfiles(SERVER_LIST);

    expect(profilesOf(harness)).toEqual(SERVER_LIST);
    expect(harness.persisted().at(-1)).toEqual({ info: ALICE, profiles: SERVER_LIST });
  });

  it('reads the profiles at sign-in', async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });
    harness.actor.send({ type: 'signIn.submit', email: ALICE.email, password: PASSWORD });
    expect(harness.profileReads).toHaveLength(0);

    await harness.resolveSignIn(ALICE);
    expect(harness.profileReads.map((read) => read.uid)).toEqual([ALICE.uid]);
    await harness.resolveProfiles(SERVER_LIST);

    expect(profilesOf(harness)).toEqual(SERVER_LIST);
    expect(harness.persisted().at(-1)).toEqual({ info: ALICE, profiles: SERVER_LIST });
  });

  it('keeps the persisted list when the read fails, and stays signed in', async () => {
    const harness = await startSignedIn(ALICE, PROFILES);
    const persistedBefore = harness.persisted().length;

    await harness.rejectProfiles(new Error('Network down'));

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedIn: 'active' } });
    expect(profilesOf(harness)).toEqual(PROFILES);
    expect(snapshot.context.error).toBeNull();
    expect(harness.persisted()).toHaveLength(persistedBefore);
  });

  it('has one owner: the screens change the list through the profiles actor, whose list is persisted', async () => {
    const harness = await startSignedIn(ALICE, PROFILES);
    await harness.resolveProfiles(SERVER_LIST);

    // A second read (a profiles screen opening) answers a newer list: it replaces the one copy.
    const newer: Profile[] = [...SERVER_LIST, { id: 'p4', name: 'Nan', activeProfile: false }];
    profilesActorOf(harness)!.send({ type: 'profiles.open', mode: 'browse' });
    await harness.resolveProfiles(newer);

    expect(profilesOf(harness)).toEqual(newer);
    expect(snapshotOf(harness).context).not.toHaveProperty('profiles');
    expect(harness.persisted().at(-1)).toEqual({ info: ALICE, profiles: newer });
  });

  it('clears the profiles at sign-out, and a late read does not bring them back', async () => {
    const harness = await startSignedIn(ALICE, PROFILES);
    harness.actor.send({ type: 'session.signOut' });
    await harness.resolveSignOut();

    await harness.resolveProfiles(SERVER_LIST);

    const snapshot = snapshotOf(harness);
    expect(snapshot.value).toEqual({ ready: { signedOut: 'landing' } });
    expect(profilesOf(harness)).toEqual([]);
    expect(harness.persisted().at(-1)).toEqual({ info: null, profiles: [] });
  });
});

describe('session machine: "Who\'s Watching?" at sign-in', () => {
  const TWO: Profile[] = PROFILES;

  it('asks the profiles actor to decide after a sign-in with the form', async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });
    harness.actor.send({ type: 'signIn.submit', email: ALICE.email, password: PASSWORD });
    await harness.resolveSignIn(ALICE);

    expect(profilesActorOf(harness)!.getSnapshot().context.door).toBe('deciding');
    await harness.resolveProfiles(TWO);
    expect(profilesActorOf(harness)!.getSnapshot().context.door).toBe('choose');
  });

  it('asks too when the backend reports the user before the sign-in call answers (as both backends do)', async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });
    harness.actor.send({ type: 'signIn.submit', email: ALICE.email, password: PASSWORD });
    harness.emitAuth(ALICE);

    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
    expect(profilesActorOf(harness)!.getSnapshot().context.door).toBe('deciding');
  });

  it('does not ask on returning signed in, nor after sign-up, nor when another tab signs in', async () => {
    const returning = await startSignedIn(ALICE, TWO);
    await returning.resolveProfiles(TWO);
    expect(profilesActorOf(returning)!.getSnapshot().context.door).toBe('open');

    const signedUp = await startSignedOut();
    signedUp.actor.send({ type: 'landing.getStarted', email: 'carol@example.com' });
    signedUp.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: PASSWORD });
    await signedUp.resolveSignUp(userFrom(signedUp.signUps[0]!.input));
    expect(profilesActorOf(signedUp)!.getSnapshot().context.door).toBe('open');

    const otherTab = await startSignedOut();
    otherTab.emitAuth(BOB);
    expect(profilesActorOf(otherTab)!.getSnapshot().context.door).toBe('open');
  });

  it('forgets the sign-in at sign-out', async () => {
    const harness = await startSignedOut();
    harness.actor.send({ type: 'nav.signIn' });
    harness.actor.send({ type: 'signIn.submit', email: ALICE.email, password: PASSWORD });
    await harness.resolveSignIn(ALICE);
    harness.actor.send({ type: 'session.signOut' });
    await harness.resolveSignOut();

    expect(snapshotOf(harness).context.atDoor).toBe(false);
    expect(profilesActorOf(harness)).toBeUndefined();
  });
});

describe('session machine: persistence', () => {
  it('persists { info: user, profiles } on sign-in and { info: null, profiles: [] } when signed out', async () => {
    const harness = await startSignedOut();
    expect(harness.persisted()).toEqual([{ info: null, profiles: [] }]);

    harness.actor.send({ type: 'nav.signIn' });
    harness.actor.send({ type: 'signIn.submit', email: 'alice@example.com', password: PASSWORD });
    await harness.resolveSignIn(ALICE);
    expect(harness.persisted()).toEqual([
      { info: null, profiles: [] },
      { info: ALICE, profiles: [] },
    ]);

    harness.actor.send({ type: 'session.signOut' });
    await harness.resolveSignOut();
    expect(harness.persisted()).toEqual([
      { info: null, profiles: [] },
      { info: ALICE, profiles: [] },
      { info: null, profiles: [] },
    ]);
  });

  it('persists the restored profiles along with the restored user', async () => {
    const harness = await startSignedIn(ALICE, PROFILES);

    expect(harness.persisted()).toEqual([{ info: ALICE, profiles: PROFILES }]);
  });

  it('never persists a password', async () => {
    const signInPassword = 'sign-in-secret-8c1f';
    const signUpPassword = 'sign-up-secret-93ab';
    const harness = await startSignedOut();

    harness.actor.send({ type: 'nav.signIn' });
    harness.actor.send({ type: 'signIn.submit', email: 'alice@example.com', password: signInPassword });
    await harness.rejectSignIn(new Error(`wrong password ${signInPassword}`));
    harness.actor.send({ type: 'signIn.submit', email: 'alice@example.com', password: signInPassword });
    await harness.resolveSignIn(userFrom(harness.signIns[1]!.input));
    harness.emitAuth(BOB);
    harness.actor.send({ type: 'session.signOut' });
    await harness.resolveSignOut();
    harness.actor.send({ type: 'landing.getStarted', email: 'carol@example.com' });
    harness.actor.send({ type: 'signUp.submit', email: 'carol@example.com', password: signUpPassword });
    await harness.resolveSignUp(userFrom(harness.signUps[0]!.input));

    const persisted = harness.persisted();
    expect(persisted.length).toBeGreaterThanOrEqual(5);
    for (const state of persisted) {
      expect(Object.keys(state).sort()).toEqual(['info', 'profiles']);
      const json = JSON.stringify(state);
      expect(json).not.toContain(signInPassword);
      expect(json).not.toContain(signUpPassword);
      expect(json).not.toContain('password');
    }
    expect(JSON.stringify(snapshotOf(harness).context)).not.toContain(signUpPassword);
  });
});

describe('session machine: the auth listener', () => {
  it('runs for the whole ready phase and stops with the actor', async () => {
    const harness = await startSignedIn();
    harness.actor.send({ type: 'session.signOut' });
    await harness.resolveSignOut();
    harness.emitAuth(ALICE);
    expect(harness.listener.started).toBe(1);
    expect(harness.listener.stopped).toBe(0);

    harness.actor.stop();

    expect(harness.listener.stopped).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// Path tests: the sign-in flow's paths to signedIn, generated from the machine's graph and then
// replayed against a real actor whose effects are the fakes above.
// ---------------------------------------------------------------------------------------------

describe('session machine: sign-in flow paths (xstate/graph)', () => {
  const restoreId = sessionMachine.getStateNodeById('session.rehydrating').invoke[0]!.id;
  const signInId = sessionMachine.getStateNodeById('session.ready.signedOut.signIn.submitting').invoke[0]!.id;
  const restoreDone = `xstate.done.actor.${restoreId}`;
  const restoreError = `xstate.error.actor.${restoreId}`;
  const signInDone = `xstate.done.actor.${signInId}`;
  const signInError = `xstate.error.actor.${signInId}`;
  const rehydrateTimeout = 'xstate.after.rehydrateTimeout.session.rehydrating';

  type GraphEvent = SessionEvent | { type: string; output?: unknown; error?: unknown };

  // The inputs the sign-in flow can meet. Sign-up and sign-out are covered above.
  const events = [
    { type: restoreDone, output: null },
    { type: restoreDone, output: { info: ALICE, profiles: PROFILES } },
    { type: restoreError, error: new Error('storage blocked') },
    { type: rehydrateTimeout },
    { type: 'nav.signIn' },
    { type: 'nav.home' },
    { type: 'signIn.submit', email: 'alice@example.com', password: PASSWORD },
    { type: signInDone, output: ALICE },
    { type: signInError, error: new Error('auth/invalid-credential') },
    { type: 'auth.changed', user: BOB },
  ] as const satisfies readonly GraphEvent[];
  const allowed = new Set<string>(events.map((event) => event.type));

  const traversal: Parameters<typeof getShortestPaths<typeof sessionMachine>>[1] = {
    // The graph's own done/error/after events are not in SessionEvent, hence the cast.
    events: events as unknown as SessionEvent[],
    filterEvents: (_snapshot, event) => allowed.has(event.type),
    toState: (snapshot) => snapshot.matches({ ready: { signedIn: 'active' } }),
  };

  const shortest = getShortestPaths(sessionMachine, traversal);
  const simple = getSimplePaths(sessionMachine, traversal);

  const eventTypes = (path: { steps: { event: { type: string } }[] }) => path.steps.map((step) => step.event.type);

  it('finds the expected ways to become signed in', () => {
    expect(shortest.length).toBeGreaterThan(0);
    for (const path of [...shortest, ...simple]) {
      expect(path.state.value).toEqual({ ready: { signedIn: 'active' } });
    }
    const simpleSequences = simple.map(eventTypes);
    // Restored from storage.
    expect(simpleSequences).toContainEqual(['xstate.init', restoreDone]);
    // Landing → sign-in → submit → success, after every way of leaving rehydration.
    for (const leave of [restoreDone, restoreError, rehydrateTimeout]) {
      expect(simpleSequences).toContainEqual(['xstate.init', leave, 'nav.signIn', 'signIn.submit', signInDone]);
    }
    // A failed attempt, after which the backend reports a user. (A failed attempt followed by a
    // successful one revisits 'submitting' with the same context, so it is no simple path.)
    expect(simpleSequences).toContainEqual([
      'xstate.init',
      restoreDone,
      'nav.signIn',
      'signIn.submit',
      signInError,
      'auth.changed',
    ]);
    // The backend reporting a user while the sign-in form is busy.
    expect(simpleSequences).toContainEqual(['xstate.init', restoreDone, 'nav.signIn', 'signIn.submit', 'auth.changed']);
  });

  async function replay(path: (typeof simple)[number]) {
    const harness = createHarness();
    const [first, ...rest] = path.steps;
    expect(snapshotOf(harness).value).toEqual(first!.state.value);

    for (const step of rest) {
      const event = step.event as GraphEvent;
      switch (event.type) {
        case restoreDone:
          await harness.restoreWith((event as { output: UserState | null }).output);
          break;
        case restoreError:
          harness.restores.at(-1)!.reject((event as { error: unknown }).error);
          await flush();
          break;
        case rehydrateTimeout:
          vi.advanceTimersByTime(REHYDRATE_TIMEOUT_MS);
          await flush();
          break;
        case signInDone:
          await harness.resolveSignIn((event as { output: AuthUser }).output);
          break;
        case signInError:
          await harness.rejectSignIn((event as { error: unknown }).error);
          break;
        case 'auth.changed':
          harness.emitAuth((event as { user: AuthUser | null }).user);
          break;
        default:
          harness.actor.send(event as SessionEvent);
      }
      const snapshot = snapshotOf(harness);
      expect(snapshot.value, `after ${event.type}`).toEqual(step.state.value);
      expect(snapshot.context, `after ${event.type}`).toEqual(step.state.context);
    }
    expect(snapshotOf(harness).value).toEqual({ ready: { signedIn: 'active' } });
    return harness;
  }

  it.each(shortest.map((path) => [eventTypes(path).join(' → '), path] as const))(
    'shortest path is reachable by its events: %s',
    async (_description, path) => {
      await replay(path);
    },
  );

  it.each(simple.map((path) => [eventTypes(path).join(' → '), path] as const))(
    'simple path is reachable by its events: %s',
    async (_description, path) => {
      const harness = await replay(path);
      // Whatever the path, the signed-in state is persisted without credentials.
      const last = harness.persisted().at(-1);
      expect(last?.info).toEqual(snapshotOf(harness).context.user);
      expect(JSON.stringify(harness.persisted())).not.toContain(PASSWORD);
    },
  );
});
