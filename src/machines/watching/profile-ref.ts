import type { ProfileRef } from '../../services/watching/watching.port';

/** The same profile of the same account (both absent counts as the same). */
export function sameProfile(a: ProfileRef | null, b: ProfileRef | null): boolean {
  if (a === null || b === null) return a === b;
  return a.uid === b.uid && a.profileId === b.profileId;
}
