import { useSelector } from '@xstate/react';
import { useEffect } from 'react';

import type { ProfileSettings } from '../../../shared/profiles/profile.schema';
import type { AvatarId } from '../../../shared/profiles/profile-options';
import { settingsOf } from '../../../shared/profiles/profile-settings';
import { fromPromise } from '../../machines/from-promise';
import { profilesMachine } from '../../machines/profiles/profiles.machine';
import type { ProfilesEmitted, ProfilesEvent } from '../../machines/profiles/profiles-types';
import type { LockChange, ProfilesStore } from '../../services/account-store/profiles.port';
import type { UserStateStorage } from '../../services/user-state/user-state.port';
import { SessionContext } from '../session/session-context';

/** The profiles machine wired to a profiles store, persisting every new list in the user state. */
export function provideProfiles(store: ProfilesStore, userState: Pick<UserStateStorage, 'saveProfiles'>) {
  return profilesMachine.provide({
    actors: {
      listProfiles: fromPromise(({ input }: { input: { uid: string } }) => store.list(input.uid)),
      addProfile: fromPromise(({ input }: { input: { uid: string; name: string; avatar?: AvatarId; pin?: string } }) =>
        store.add(input.uid, input.name, { avatar: input.avatar, pin: input.pin }),
      ),
      renameProfile: fromPromise(({ input }: { input: { uid: string; id: string; name: string; avatar?: AvatarId } }) =>
        store.rename(input.uid, input.id, input.name, input.avatar),
      ),
      changeSettings: fromPromise(({ input }: { input: { uid: string; id: string; settings: ProfileSettings } }) =>
        store.changeSettings(input.uid, input.id, input.settings),
      ),
      changeLock: fromPromise(({ input }: { input: { uid: string; id: string; lock: LockChange } }) =>
        store.changeLock(input.uid, input.id, input.lock),
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
 * the player's next-episode countdown is to read "autoplay next episode" as its `autoplay` input.
 */
export function useActiveProfileSettings() {
  const active = useSelector(useProfilesActor(), (s) => s?.context.profiles.find((profile) => profile.activeProfile));
  return settingsOf(active);
}

/** "Who's Watching?" at sign-in: deciding, to choose, or open. */
export function useProfilesDoor() {
  return useSelector(useProfilesActor(), (s) => s?.context.door ?? 'open');
}

/**
 * A profiles screen's view: on mount it tells the actor which screen opened (its mode and the
 * list read again), and it calls `on` for each emitted event while mounted.
 */
export function useProfilesScreen(
  open: Extract<ProfilesEvent, { type: 'profiles.open' }>,
  on: Partial<Record<ProfilesEmitted['type'], () => void>> = {},
) {
  const actor = useProfilesActor();
  useEffect(() => {
    actor?.send(open);
    // Once per visit: the screen's mode is set when it opens, not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);
  useEffect(() => {
    if (!actor) return;
    const subscriptions = Object.entries(on).map(([type, handler]) =>
      actor.on(type as ProfilesEmitted['type'], () => handler()),
    );
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  });
  return {
    send: (event: ProfilesEvent) => actor?.send(event),
    profiles: useSelector(actor, (s) => s?.context.profiles ?? []),
    mode: useSelector(actor, (s) => s?.context.mode ?? 'browse'),
    editing: useSelector(actor, (s) => s?.context.editing ?? null),
    error: useSelector(actor, (s) => s?.context.error ?? null),
    busy: useSelector(actor, (s) => s?.hasTag('busy') ?? false),
    loading: useSelector(actor, (s) => s?.hasTag('loading') ?? false),
  };
}
