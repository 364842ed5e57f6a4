import type { MaturityLevel } from '../../../shared/profiles/maturity';
import type { ProfileSettings } from '../../../shared/profiles/profile.schema';
import type { AvatarId } from '../../../shared/profiles/profile-options';
import type { Profile } from '../user-state/user-state.port';

/** A profile lock as set in Edit Profile: the account password, and the PIN (null removes it). */
export interface LockChange {
  password: string;
  pin: string | null;
  /** Ask this PIN before a new profile is added. */
  pinToAdd?: boolean;
}

/** A maturity level as set in Edit Profile, with the account password. */
export interface MaturityChange {
  password: string;
  level: MaturityLevel;
}

/**
 * The account store's viewer profiles (docs/spec.md §3, §7: customers/{uid}/profiles). Profiles are
 * addressed by id, never by name. Every call resolves with the account's whole list as the
 * server now holds it (exactly one profile active whenever any exists), so callers replace their
 * copy instead of patching it. Failures reject with an Error whose message can be shown to the
 * person: the server's own message, or a clear one when the server could not be reached.
 */
export interface ProfilesStore {
  list(uid: string): Promise<Profile[]>;
  /**
   * Creates a profile; the server trims and validates the name (required, unique, at most 5).
   * `pin`: a locked profile's, when its lock asks for it before adding. `kids`: a kids profile (7+).
   */
  add(uid: string, name: string, options?: { avatar?: AvatarId; pin?: string; kids?: boolean }): Promise<Profile[]>;
  /**
   * Renames a profile, and changes its avatar when one is given; `kids` makes it a kids profile
   * (7+, or the lower level it has). Leaving Kids is `changeMaturity`, with the password.
   */
  rename(uid: string, id: string, name: string, avatar?: AvatarId, kids?: boolean): Promise<Profile[]>;
  /** Changes the settings given, keeping the others. */
  changeSettings(uid: string, id: string, settings: ProfileSettings): Promise<Profile[]>;
  /** Sets or removes a profile's PIN, with the account password. */
  changeLock(uid: string, id: string, lock: LockChange): Promise<Profile[]>;
  /** Sets a profile's maturity level, with the account password. */
  changeMaturity(uid: string, id: string, change: MaturityChange): Promise<Profile[]>;
  /** Deletes a profile; when it was the active one, the server makes another active. */
  remove(uid: string, id: string): Promise<Profile[]>;
  /** Makes this profile the active one and every other inactive; a locked one needs its `pin`. */
  select(uid: string, id: string, pin?: string): Promise<Profile[]>;
}
