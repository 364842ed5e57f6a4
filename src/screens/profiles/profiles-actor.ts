import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';

import { type ProfilesInput, profilesMachine } from '../../machines/profiles/profiles.machine';
import type { ProfilesStore } from '../../services/account-store/profiles.port';
import type { Profile } from '../../services/user-state/user-state.port';
import { useAccountStore } from '../account/account-store-context';
import { useInspectedActorRef } from '../inspect-context';
import { SessionContext } from '../session/session-context';

/** The profiles machine wired to a profiles store; every new list is handed to `onChanged`. */
export function provideProfiles(store: ProfilesStore, onChanged: (profiles: Profile[]) => void) {
  return profilesMachine.provide({
    actors: {
      listProfiles: fromPromise(({ input }: { input: { uid: string } }) => store.list(input.uid)),
      addProfile: fromPromise(({ input }: { input: { uid: string; name: string } }) =>
        store.add(input.uid, input.name),
      ),
      renameProfile: fromPromise(({ input }: { input: { uid: string; id: string; name: string } }) =>
        store.rename(input.uid, input.id, input.name),
      ),
      deleteProfile: fromPromise(({ input }: { input: { uid: string; id: string } }) =>
        store.remove(input.uid, input.id),
      ),
      selectProfile: fromPromise(({ input }: { input: { uid: string; id: string } }) =>
        store.select(input.uid, input.id),
      ),
    },
    actions: { profilesChanged: (_, profiles) => onChanged(profiles) },
  });
}

/**
 * A profiles actor for one screen, started from the session's persisted list and reporting
 * every change back to the session (so the top bar and local storage follow the server).
 */
export function useProfilesActor(options: Pick<ProfilesInput, 'mode' | 'editing'> = {}) {
  const store = useAccountStore().profiles;
  const session = SessionContext.useActorRef();
  const logic = useMemo(
    () => provideProfiles(store, (profiles) => session.send({ type: 'profiles.changed', profiles })),
    [store, session],
  );
  const { user, profiles } = session.getSnapshot().context;
  return useInspectedActorRef(logic, { input: { uid: user?.uid ?? '', profiles, ...options } });
}

/** What the profiles screens render from the machine's snapshot. */
export function useProfilesView(actor: ReturnType<typeof useProfilesActor>) {
  return {
    profiles: useSelector(actor, (s) => s.context.profiles),
    mode: useSelector(actor, (s) => s.context.mode),
    editing: useSelector(actor, (s) => s.context.editing),
    error: useSelector(actor, (s) => s.context.error),
    lastAdded: useSelector(actor, (s) => s.context.lastAdded),
    busy: useSelector(actor, (s) => s.hasTag('busy')),
    loading: useSelector(actor, (s) => s.hasTag('loading')),
    selected: useSelector(actor, (s) => s.hasTag('done')),
  };
}
