import { fromCallback, fromPromise } from 'xstate';
import { type Credentials, type SessionEvent, sessionMachine } from '../../machines/session.machine';
import type { AuthService } from '../../services/auth/auth.port';
import type { UserStateStorage } from '../../services/user-state/user-state.port';

/** The session machine wired to an auth service and a user-state storage. */
export function provideSession(auth: AuthService, userState: UserStateStorage) {
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
    },
    actions: {
      persistUserState: (_, state) => userState.save(state),
    },
  });
}
