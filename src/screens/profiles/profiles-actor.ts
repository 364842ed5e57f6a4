import { useSelector } from '@xstate/react';

import { isKidsProfile } from '../../../shared/profiles/maturity';
import type { ProfileSettings } from '../../../shared/profiles/profile.schema';
import type { AvatarId } from '../../../shared/profiles/profile-options';
import { settingsOf } from '../../../shared/profiles/profile-settings';
import { fromPromise } from '../../machines/from-promise';
import { profilesMachine } from '../../machines/profiles/profiles.machine';
import type { ProfilesEvent } from '../../machines/profiles/profiles-types';
import type { LockChange, MaturityChange, ProfilesStore } from '../../services/account-store/profiles.port';
import type { UserStateStorage } from '../../services/user-state/user-state.port';
import { SessionContext } from '../session/session-context';

/** The profiles machine wired to a profiles store, persisting every new list in the user state. */
export function provideProfiles(store: ProfilesStore, userState: Pick<UserStateStorage, 'saveProfiles'>) {
  return profilesMachine.provide({
    actors: {
      listProfiles: fromPromise(({ input }: { input: { uid: string } }) => store.list(input.uid)),
      addProfile: fromPromise(
        ({ input }: { input: { uid: string; name: string; avatar?: AvatarId; pin?: string; kids?: boolean } }) =>
          store.add(input.uid, input.name, { avatar: input.avatar, pin: input.pin, kids: input.kids }),
      ),
      renameProfile: fromPromise(
        ({ input }: { input: { uid: string; id: string; name: string; avatar?: AvatarId; kids?: boolean } }) =>
          store.rename(input.uid, input.id, input.name, input.avatar, input.kids),
      ),
      changeSettings: fromPromise(({ input }: { input: { uid: string; id: string; settings: ProfileSettings } }) =>
        store.changeSettings(input.uid, input.id, input.settings),
      ),
      changeGuarded: fromPromise(
        ({ input }: { input: { uid: string; id: string; lock: LockChange | MaturityChange } }) =>
          'level' in input.lock
            ? store.changeMaturity(input.uid, input.id, input.lock)
            : store.changeLock(input.uid, input.id, input.lock),
      ),
      deleteProfile: fromPromise(({ input }: { input: { uid: string; id: string } }) =>
        store.remove(input.uid, input.id),
      ),
      selectProfile: fromPromise(({ input }: { input: { uid: string; id: string; pin?: string } }) =>
        store.select(input.uid, input.id, input.pin),
      ),
    },
    actions: { persistProfiles: (_, profiles) => userState.saveProfiles(profiles) },
  });
}

/**
 * The account's profiles actor: the session starts it at sign-in and it alone holds the list.
 * Undefined only while signed out, when no signed-in screen is shown.
 */
export function useProfilesActor() {
  return SessionContext.useSelector((s) => s.children.profiles);
}

export type ProfilesActor = NonNullable<ReturnType<typeof useProfilesActor>>;

/** Sends an event to the profiles actor (nothing while signed out). */
export function useSendProfiles() {
  const actor = useProfilesActor();
  return (event: ProfilesEvent) => actor?.send(event);
}

/** The account's profiles, for any signed-in screen or the top bar. */
export function useProfiles() {
  return useSelector(useProfilesActor(), (s) => s?.context.profiles ?? []);
}

/** The locked profile whose PIN is asked for now (null: none), with the last refusal and whether busy. */
export function useProfileUnlock() {
  const actor = useProfilesActor();
  return {
    unlocking: useSelector(
      actor,
      (s) =>
        (s?.matches({ ready: 'unlocking' }) || s?.matches({ ready: 'selecting' }) ? s.context.unlocking : null) ?? null,
    ),
    error: useSelector(actor, (s) => (s?.matches({ ready: 'unlocking' }) ? s.context.error : null) ?? null),
    busy: useSelector(actor, (s) => s?.matches({ ready: 'selecting' }) ?? false),
    profiles: useSelector(actor, (s) => s?.context.profiles ?? []),
    send: (event: ProfilesEvent) => actor?.send(event),
  };
}

/**
 * The active profile's settings, defaults filled in: home's hero reads "autoplay previews", and
 * the player reads "autoplay next episode" for its next-episode countdown.
 */
export function useActiveProfileSettings() {
  const active = useSelector(useProfilesActor(), (s) => s?.context.profiles.find((profile) => profile.activeProfile));
  return settingsOf(active);
}

/** Whether the active profile is a kids profile (shared/profiles/maturity.ts): its top bar and home are the kids ones. */
export function useActiveIsKids() {
  return useSelector(useProfilesActor(), (s) => {
    const active = s?.context.profiles.find((profile) => profile.activeProfile);
    return active ? isKidsProfile(active) : false;
  });
}

/** "Who's Watching?" at sign-in: deciding, to choose, or open. */
export function useProfilesDoor() {
  return useSelector(useProfilesActor(), (s) => s?.context.door ?? 'open');
}
