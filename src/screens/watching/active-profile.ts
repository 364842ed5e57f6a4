import type { Profile } from '../../services/user-state/user-state.port';
import type { ProfileRef } from '../../services/watching/watching.port';

/** Whose Continue Watching and My List: the signed-in account's active profile, or null without one. */
export function activeProfileRef(uid: string | undefined, profiles: Profile[]): ProfileRef | null {
  const active = profiles.find((profile) => profile.activeProfile);
  return uid && active ? { uid, profileId: active.id } : null;
}
