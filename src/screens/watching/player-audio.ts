import { useSelector } from '@xstate/react';

import type { AudioChoice } from '../../machines/watching/player-events';
import { useProfilesActor } from '../profiles/profiles-actor';

/**
 * Each profile's audio choice (language and kind), kept for the tab's session: the player plays
 * it on the profile's next programmes and after a reload, and forgets it when the tab closes.
 * Client state, as the real service's session choice is; nothing goes to the server.
 */
const KEY = 'marquee.audioChoice';

type Choices = Record<string, AudioChoice>;

function isChoice(value: unknown): value is AudioChoice {
  if (typeof value !== 'object' || value === null) return false;
  const { language, describes } = value as Record<string, unknown>;
  return typeof describes === 'boolean' && (language === undefined || typeof language === 'string');
}

function read(storage: Storage): Choices {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, choice]) => isChoice(choice))) as Choices;
  } catch {
    // Unreadable (edited by hand, or storage refused): no choice.
    return {};
  }
}

/** The profile's audio choice this session, or null. */
export function audioChoiceFor(profileId: string | undefined, storage: Storage = sessionStorage): AudioChoice | null {
  return profileId ? (read(storage)[profileId] ?? null) : null;
}

/** Keeps the profile's choice for the rest of the session. */
export function rememberAudioChoice(
  profileId: string | undefined,
  choice: AudioChoice,
  storage: Storage = sessionStorage,
): void {
  if (!profileId) return;
  try {
    storage.setItem(KEY, JSON.stringify({ ...read(storage), [profileId]: choice }));
  } catch {
    // Storage full or refused: the choice lasts this programme only.
  }
}

/** The active profile's id (undefined before the profiles are known). */
export function useActiveProfileId(): string | undefined {
  return useSelector(useProfilesActor(), (s) => s?.context.profiles.find((profile) => profile.activeProfile)?.id);
}
