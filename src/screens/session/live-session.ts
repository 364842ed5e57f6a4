import { fromCallback, fromPromise } from 'xstate';

import { type Credentials, type SessionEvent, sessionMachine } from '../../machines/session.machine';
import type { ProfilesStore } from '../../services/account-store/profiles.port';
import type { AuthService } from '../../services/auth/auth.port';
import type { UserStateStorage } from '../../services/user-state/user-state.port';

export interface SessionServices {
  auth: AuthService;
  userState: UserStateStorage;
  /** Read at sign-in: the session's persisted profiles follow the server. */
  profiles: ProfilesStore;
}

/** The session machine wired to an auth service, a user-state storage and the profiles store. */
export function provideSession({ auth, userState, profiles }: SessionServices) {
  return sessionMachine.provide({
    actors: {
      restoreUserState: fromPromise(() => userState.load()),
      authStateListener: fromCallback<SessionEvent>(({ sendBack }) =>
        auth.onAuthStateChanged((user) => sendBack({ type: 'auth.changed', user })),
      ),
      signIn: fromPromise<Awaited<ReturnType<AuthService['signIn']>>, Credentials>(({ input }) =>
        auth.signIn(input.email, input.password),
      ),
      signUp: fromPromise<Awaited<ReturnType<AuthService['signUp']>>, Credentials>(({ input }) =>
        auth.signUp(input.email, input.password),
      ),
      signOut: fromPromise(() => auth.signOut()),
      signOutEverywhere: fromPromise(() => auth.signOutEverywhere()),
      loadProfiles: fromPromise(({ input }: { input: { uid: string } }) => profiles.list(input.uid)),
    },
    actions: {
      persistUserState: (_, state) => userState.save(state),
    },
  });
}
