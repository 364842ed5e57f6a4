import { assertEvent, assign, fromCallback, setup } from 'xstate';

import type { AuthUser } from '../services/auth/auth.port';
import type { UserState } from '../services/user-state/user-state.port';
import { errorMessage } from './error-message';
import { fromPromise } from './from-promise';
import { notProvided } from './not-provided';
import { profilesMachine } from './profiles/profiles.machine';
import {
  type Credentials,
  REHYDRATE_TIMEOUT_MS,
  type SessionContext,
  type SessionEvent,
  SIGNED_OUT_ELSEWHERE_MESSAGE,
  signInFailure,
} from './session-types';

/** Persist the signed-in user (the profiles actor persists the profiles). */
const persistSignedIn = {
  type: 'persistUser',
  params: ({ context }: { context: SessionContext }) => context.user,
} as const;
const reportedUser = ({ event }: { event: SessionEvent }) => (event.type === 'auth.changed' ? event.user : null);
const signedInUser = ({ event }: { event: { output: AuthUser } }) => event.output;

/**
 * A signed-out form's submitting state: its credentials go to `src` (the actor of the same name),
 * and the session is signed in with `arrive` (how this way in begins) when the call answers, or
 * when the backend reports the user first (it does, before the call answers: it is this very
 * submission). A refusal goes back to editing with `failure`'s words.
 */
function submitting({
  src,
  arrive,
  failure,
}: {
  src: 'signIn' | 'signUp';
  arrive: 'arriveAtDoor' | 'startJoining';
  failure: (error: unknown) => string;
}) {
  return {
    tags: ['busy'],
    entry: 'clearError',
    on: {
      'auth.changed': {
        guard: 'eventHasUser',
        target: '#session.ready.signedIn',
        actions: [{ type: 'setUser', params: reportedUser }, arrive, 'markAuthChecked'],
      },
    },
    invoke: {
      src,
      input: ({ event }: { event: SessionEvent }): Credentials => {
        assertEvent(event, `${src}.submit`);
        return { email: event.email, password: event.password };
      },
      onDone: {
        target: '#session.ready.signedIn',
        actions: [{ type: 'setUser', params: signedInUser }, arrive],
      },
      onError: {
        target: 'editing',
        actions: { type: 'failWith', params: ({ event }: { event: { error: unknown } }) => failure(event.error) },
      },
    },
  } as const;
}

/**
 * The session: rehydrating the persisted user state, the signed-out screens' flags
 * (landing / signIn / signUp, docs/spec.md §4), signing in, up and out, and following the auth
 * backend's state. Effects are named here and implemented by the caller with `.provide()`.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    children: {} as { profiles: 'profiles' },
  },
  actors: {
    restoreUserState: fromPromise<UserState | null>(async () => notProvided('session', 'restoreUserState')),
    authStateListener: fromCallback<SessionEvent>(() => notProvided('session', 'authStateListener')),
    signIn: fromPromise<AuthUser, Credentials>(async () => notProvided('session', 'signIn')),
    signUp: fromPromise<AuthUser, Credentials>(async () => notProvided('session', 'signUp')),
    signOut: fromPromise<void>(async () => notProvided('session', 'signOut')),
    signOutEverywhere: fromPromise<void>(async () => notProvided('session', 'signOutEverywhere')),
    /** The account's profiles, started at sign-in; the caller provides it with its services. */
    profiles: profilesMachine,
  },
  actions: {
    persistUser: (_, _user: AuthUser | null) => notProvided('session', 'persistUser'),
    restore: assign((_, state: UserState | null | undefined) => ({
      user: state?.info ?? null,
      restoredProfiles: state?.profiles ?? [],
    })),
    setUser: assign((_, user: AuthUser | null) => ({ user })),
    /** Another account: nothing persisted is its. */
    switchUser: assign((_, user: AuthUser | null) => ({ user, restoredProfiles: [], atDoor: false, joining: false })),
    arriveAtDoor: assign({ atDoor: true }),
    startJoining: assign({ joining: true }),
    stopJoining: assign({ joining: false }),
    enterSignedIn: assign({ signUpEmail: '', error: null }),
    rememberSignUpEmail: assign(({ event }) => {
      assertEvent(event, 'landing.getStarted');
      return { signUpEmail: event.email.trim() };
    }),
    failWith: assign((_, error: string) => ({ error })),
    clearError: assign({ error: null }),
    markAuthChecked: assign({ authChecked: true }),
    noteSignedOutElsewhere: assign({ notice: SIGNED_OUT_ELSEWHERE_MESSAGE }),
    clearNotice: assign({ notice: null }),
    forgetUser: assign({ user: null, restoredProfiles: [], atDoor: false, joining: false, signUpEmail: '' }),
  },
  guards: {
    hasUser: ({ context }) => context.user !== null,
    eventHasUser: ({ event }) => event.type === 'auth.changed' && event.user !== null,
    endedByServer: ({ event }) => event.type === 'auth.changed' && event.user === null && event.ended === true,
    eventHasSameUser: ({ context, event }) =>
      event.type === 'auth.changed' && event.user !== null && event.user.uid === context.user?.uid,
  },
  delays: {
    rehydrateTimeout: REHYDRATE_TIMEOUT_MS,
  },
}).createMachine({
  id: 'session',
  context: {
    user: null,
    restoredProfiles: [],
    atDoor: false,
    joining: false,
    signUpEmail: '',
    authChecked: false,
    error: null,
    notice: null,
  },
  initial: 'rehydrating',
  states: {
    rehydrating: {
      invoke: {
        src: 'restoreUserState',
        onDone: { target: 'ready', actions: { type: 'restore', params: ({ event }) => event.output } },
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
          entry: ['forgetUser', { type: 'persistUser', params: null }],
          on: {
            'auth.changed': {
              guard: 'eventHasUser',
              target: 'signedIn',
              actions: [{ type: 'setUser', params: reportedUser }, 'markAuthChecked'],
            },
            'nav.home': '.landing',
            'nav.signIn': { target: '.signIn', actions: 'clearNotice' },
            'session.dismissNotice': { actions: 'clearNotice' },
          },
          states: {
            landing: {
              entry: 'clearError',
              on: {
                'landing.getStarted': { target: 'signUp', actions: 'rememberSignUpEmail' },
              },
            },
            signIn: {
              entry: 'clearError',
              initial: 'editing',
              on: { 'nav.signUp': 'signUp', 'nav.forgotPassword': 'forgotPassword' },
              states: {
                editing: { on: { 'signIn.submit': 'submitting' } },
                submitting: submitting({ src: 'signIn', arrive: 'arriveAtDoor', failure: signInFailure }),
              },
            },
            // "Forgot password?": the form's own machine (account/password-reset.machine.ts) sends the link.
            forgotPassword: {
              entry: 'clearError',
              on: { 'nav.signUp': 'signUp' },
            },
            signUp: {
              entry: 'clearError',
              initial: 'editing',
              states: {
                editing: { on: { 'signUp.submit': 'submitting' } },
                // A new account has one profile (docs/decisions.md): straight in with it, to choose a plan.
                // A refusal shows the provider's own message (docs/spec.md §8).
                // A new account has one profile (docs/decisions.md): straight in with it, to choose a plan;
                // a refusal shows the provider's own message (docs/spec.md §8).
                submitting: submitting({ src: 'signUp', arrive: 'startJoining', failure: errorMessage }),
              },
            },
          },
        },
        signedIn: {
          initial: 'active',
          entry: ['enterSignedIn', 'clearNotice', persistSignedIn],
          // docs/spec.md §7: the account's profiles are read at sign-in (and on returning signed in)
          // by their one owner, which shows the persisted copy meanwhile.
          invoke: {
            id: 'profiles',
            src: 'profiles',
            input: ({ context }) => ({
              uid: context.user?.uid ?? '',
              profiles: context.restoredProfiles,
              door: context.atDoor,
            }),
          },
          on: {
            'session.dismissError': { actions: 'clearError' },
            'join.leave': { actions: 'stopJoining' },
            'auth.changed': [
              {
                guard: 'eventHasSameUser',
                actions: [{ type: 'setUser', params: reportedUser }, 'markAuthChecked', persistSignedIn],
              },
              {
                // Another account signed in elsewhere: its own profiles, read afresh.
                guard: 'eventHasUser',
                target: 'signedIn',
                reenter: true,
                actions: [{ type: 'switchUser', params: reportedUser }, 'markAuthChecked'],
              },
              // Ended by the server (another device, a new password): the landing page says so.
              { guard: 'endedByServer', target: 'signedOut', actions: ['markAuthChecked', 'noteSignedOutElsewhere'] },
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
                  actions: {
                    type: 'failWith',
                    params: ({ event }) => `Could not sign out: ${errorMessage(event.error)}`,
                  },
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
                  actions: {
                    type: 'failWith',
                    params: ({ event }) => `Could not sign out of all devices: ${errorMessage(event.error)}`,
                  },
                },
              },
            },
          },
        },
      },
    },
  },
});
