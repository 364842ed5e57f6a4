import { useSelector } from '@xstate/react';
import { useEffect } from 'react';

import type { ProfilesEmitted, ProfilesEvent } from '../../machines/profiles/profiles-types';
import { useProfilesActor } from './profiles-actor';

// A module apart from the profiles actor's other hooks: only the profile screens use it, and
// every page loads the others.

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
