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

export interface UserStateStorage {
  /** The stored state, or null when there is none or it is unreadable. */
  load(): Promise<UserState | null>;
  save(state: UserState): void;
}
