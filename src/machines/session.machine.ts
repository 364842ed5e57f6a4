import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';

import { AuthError, type AuthUser } from '../services/auth/auth.port';
import type { Profile, UserState } from '../services/user-state/user-state.port';
import { errorMessage } from './error-message';
import { notProvided } from './not-provided';

/** docs/spec.md §8: every sign-in the backend refuses shows this, whatever the reason. */
export const SIGN_IN_FAILED_MESSAGE = 'That user does not exist. Please try again.';

/**
 * What a failed sign-in shows: the one text of docs/spec.md §8, unless the backend could not be reached at all.
 * Then nothing was refused, and "does not exist" would send a member to sign up again; the
 * adapters' own message says to check the connection and try again.
 */
function signInFailure(error: unknown): string {
  return error instanceof AuthError && error.code === 'auth/network-request-failed'
    ? error.message
    : SIGN_IN_FAILED_MESSAGE;
}
/** docs/spec.md §4: the persisted state is awaited at most this long before the app renders. */
export const REHYDRATE_TIMEOUT_MS = 5000;

export interface Credentials {
  email: string;
  password: string;
}

export interface SessionContext {
  user: AuthUser | null;
  profiles: Profile[];
  /** The e-mail typed on the landing page, carried into the sign-up form. */
  signUpEmail: string;
  /**
   * A profiles screen handed on a newer list since this sign-in: the sign-in's own read,
   * started earlier, must not overwrite it when it answers late.
   */
  profilesReplaced: boolean;
  /**
   * The auth backend has reported at least once. Until then a signed-out state may only be the
   * absence of a persisted one (a new tab with a live session cookie, say).
   */
  authChecked: boolean;
  error: string | null;
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
  | { type: 'auth.changed'; user: AuthUser | null }
  /** A profiles screen changed the account's profiles: the server's whole new list. */
  | { type: 'profiles.changed'; profiles: Profile[] };

/** Persist the signed-in user with the profiles held now. */
const persistSignedIn = {
  type: 'persistUserState',
  params: ({ context }: { context: SessionContext }): UserState => ({ info: context.user, profiles: context.profiles }),
} as const;

/**
 * The session: rehydrating the persisted user state, the signed-out screens' flags
 * (landing / signIn / signUp, docs/spec.md §4), signing in, up and out, and following the auth
 * backend's state. Effects are named here and implemented by the caller with `.provide()`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actors: {
    restoreUserState: fromPromise<UserState | null>(async () => notProvided('session', 'restoreUserState')),
    authStateListener: fromCallback<SessionEvent>(() => notProvided('session', 'authStateListener')),
    signIn: fromPromise<AuthUser, Credentials>(async () => notProvided('session', 'signIn')),
    signUp: fromPromise<AuthUser, Credentials>(async () => notProvided('session', 'signUp')),
    signOut: fromPromise<void>(async () => notProvided('session', 'signOut')),
    signOutEverywhere: fromPromise<void>(async () => notProvided('session', 'signOutEverywhere')),
    loadProfiles: fromPromise<Profile[], { uid: string }>(async () => notProvided('session', 'loadProfiles')),
  },
  actions: {
    persistUserState: (_, _state: UserState) => notProvided('session', 'persistUserState'),
    clearError: assign({ error: null }),
    markAuthChecked: assign({ authChecked: true }),
    forgetUser: assign({ user: null, profiles: [], signUpEmail: '' }),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    eventHasUser: ({ event }) => event.type === 'auth.changed' && event.user !== null,
    eventHasSameUser: ({ context, event }) =>
      event.type === 'auth.changed' && event.user !== null && event.user.uid === context.user?.uid,
    profilesUnchangedSinceSignIn: ({ context }) => !context.profilesReplaced,
  },
  delays: {
    rehydrateTimeout: REHYDRATE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'session',
  context: { user: null, profiles: [], signUpEmail: '', profilesReplaced: false, authChecked: false, error: null },
  initial: 'rehydrating',
  states: {
    rehydrating: {
      invoke: {
        src: 'restoreUserState',
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            user: event.output?.info ?? null,
            profiles: event.output?.profiles ?? [],
          })),
        },
        onError: 'ready',
      },
      after: { rehydrateTimeout: 'ready' },
    },
    ready: {
      invoke: { src: 'authStateListener' },
      // Reached only when no nested state takes the report (signed out, and still no user).
      on: { 'auth.changed': { actions: 'markAuthChecked' } },
      initial: 'deciding',
      states: {
        deciding: {
          always: [{ guard: 'hasUser', target: 'signedIn' }, { target: 'signedOut' }],
        },
        signedOut: {
          initial: 'landing',
          entry: ['forgetUser', { type: 'persistUserState', params: { info: null, profiles: [] } }],
          on: {
            'auth.changed': {
              guard: 'eventHasUser',
              target: 'signedIn',
              actions: [assign({ user: ({ event }) => event.user }), 'markAuthChecked'],
            },
            'nav.home': '.landing',
            'nav.signIn': '.signIn',
          },
          states: {
            landing: {
              entry: 'clearError',
              on: {
                'landing.getStarted': {
                  target: 'signUp',
                  actions: assign({ signUpEmail: ({ event }) => event.email.trim() }),
                },
              },
            },
            signIn: {
              entry: 'clearError',
              initial: 'editing',
              on: { 'nav.signUp': 'signUp' },
              states: {
                editing: { on: { 'signIn.submit': 'submitting' } },
                submitting: {
                  tags: ['busy'],
                  entry: 'clearError',
                  invoke: {
                    src: 'signIn',
                    input: ({ event }) => {
                      assertEvent(event, 'signIn.submit');
                      return { email: event.email, password: event.password };
                    },
                    onDone: {
                      target: '#session.ready.signedIn',
                      actions: assign({ user: ({ event }) => event.output }),
                    },
                    onError: {
                      target: 'editing',
                      actions: assign({ error: ({ event }) => signInFailure(event.error) }),
                    },
                  },
                },
              },
            },
            signUp: {
              entry: 'clearError',
              initial: 'editing',
              states: {
                editing: { on: { 'signUp.submit': 'submitting' } },
                submitting: {
                  tags: ['busy'],
                  entry: 'clearError',
                  invoke: {
                    src: 'signUp',
                    input: ({ event }) => {
                      assertEvent(event, 'signUp.submit');
                      return { email: event.email, password: event.password };
                    },
                    onDone: {
                      target: '#session.ready.signedIn',
                      actions: assign({ user: ({ event }) => event.output }),
                    },
                    onError: {
                      target: 'editing',
                      // docs/spec.md §8: a sign-up failure shows the provider's own message.
                      actions: assign({
                        error: ({ event }) => errorMessage(event.error),
                      }),
                    },
                  },
                },
              },
            },
          },
        },
        signedIn: {
          initial: 'active',
          entry: [assign({ signUpEmail: '', error: null, profilesReplaced: false }), persistSignedIn],
          // docs/spec.md §7: the account's profiles are read at sign-in (and on returning signed in),
          // replacing the persisted copy, which is shown meanwhile.
          invoke: {
            src: 'loadProfiles',
            input: ({ context }) => ({ uid: context.user?.uid ?? '' }),
            onDone: {
              guard: 'profilesUnchangedSinceSignIn',
              actions: [assign({ profiles: ({ event }) => event.output }), persistSignedIn],
            },
            // A failed read keeps the persisted list; the profiles screens read again and show why.
            onError: { actions: [] },
          },
          on: {
            'session.dismissError': { actions: 'clearError' },
            'profiles.changed': {
              actions: [assign({ profiles: ({ event }) => event.profiles, profilesReplaced: true }), persistSignedIn],
            },
            'auth.changed': [
              {
                guard: 'eventHasSameUser',
                actions: [assign({ user: ({ event }) => event.user }), 'markAuthChecked', persistSignedIn],
              },
              {
                // Another account signed in elsewhere: its own profiles, read afresh.
                guard: 'eventHasUser',
                target: 'signedIn',
                reenter: true,
                actions: [assign({ user: ({ event }) => event.user, profiles: [] }), 'markAuthChecked'],
              },
              { target: 'signedOut', actions: 'markAuthChecked' },
            ],
          },
          states: {
            active: {
              on: { 'session.signOut': 'signingOut', 'session.signOutEverywhere': 'signingOutEverywhere' },
            },
            signingOut: {
              tags: ['busy'],
              entry: 'clearError',
              invoke: {
                src: 'signOut',
                onDone: '#session.ready.signedOut',
                onError: {
                  target: 'active',
                  actions: assign({
                    error: ({ event }) => `Could not sign out: ${errorMessage(event.error)}`,
                  }),
                },
              },
            },
            signingOutEverywhere: {
              tags: ['busy'],
              entry: 'clearError',
              invoke: {
                src: 'signOutEverywhere',
                onDone: '#session.ready.signedOut',
                onError: {
                  target: 'active',
                  actions: assign({
                    error: ({ event }) => `Could not sign out of all devices: ${errorMessage(event.error)}`,
                  }),
                },
              },
            },
          },
        },
      },
    },
  },
});
