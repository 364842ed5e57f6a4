import { fromCallback } from 'xstate';

import { fromPromise } from '../../machines/from-promise';
import { sessionMachine } from '../../machines/session.machine';
import type { Credentials, SessionEvent } from '../../machines/session-types';
import type { ProfilesStore } from '../../services/account-store/profiles.port';
import type { AuthService } from '../../services/auth/auth.port';
import type { UserStateStorage } from '../../services/user-state/user-state.port';
import { provideProfiles } from '../profiles/profiles-actor';

export interface SessionServices {
  auth: AuthService;
  userState: UserStateStorage;
  /** The profiles actor's store: the session starts it at sign-in. */
  profiles: ProfilesStore;
}

/** The session machine wired to an auth service, a user-state storage and the profiles store. */
export function provideSession({ auth, userState, profiles }: SessionServices) {
  return sessionMachine.provide({
    actors: {
      restoreUserState: fromPromise(() => userState.load()),
      authStateListener: fromCallback<SessionEvent>(({ sendBack }) =>
        auth.onAuthStateChanged((user, ended) => sendBack({ type: 'auth.changed', user, ...(ended && { ended }) })),
      ),
      signIn: fromPromise<Awaited<ReturnType<AuthService['signIn']>>, Credentials>(({ input }) =>
        auth.signIn(input.email, input.password),
      ),
      signUp: fromPromise<Awaited<ReturnType<AuthService['signUp']>>, Credentials>(({ input }) =>
        auth.signUp(input.email, input.password),
      ),
      signOut: fromPromise(() => auth.signOut()),
      signOutEverywhere: fromPromise(() => auth.signOutEverywhere()),
      profiles: provideProfiles(profiles, userState),
    },
    actions: {
      persistUser: (_, user) => userState.saveUser(user),
    },
  });
}
