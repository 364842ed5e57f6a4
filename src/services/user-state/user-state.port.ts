import type { Profile } from '../../../shared/profiles/profile.schema';
import type { AuthUser } from '../auth/auth.port';

/** A viewer profile (docs/spec.md §3), defined once in shared/ for client and server. */
export type { Profile };

/**
 * The session's user state as persisted in the browser (docs/spec.md §3): who is signed in and their
 * profiles. Never a password or a session token.
 */
export interface UserState {
  info: AuthUser | null;
  profiles: Profile[];
}

/**
 * Two writers, each for its own part: the session stores the user, the profiles actor (the
 * list's one owner) stores the profiles.
 */
export interface UserStateStorage {
  /** The stored state, or null when there is none or it is unreadable. */
  load(): Promise<UserState | null>;
  /** Stores who is signed in, keeping the profiles only while it is the same user (none: none kept). */
  saveUser(info: AuthUser | null): void;
  /** Stores the signed-in user's profiles, keeping the user. */
  saveProfiles(profiles: Profile[]): void;
}
