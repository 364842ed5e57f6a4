import type { Profile } from '../user-state/user-state.port';

/**
 * The account store's viewer profiles (docs/spec.md §3, §7: customers/{uid}/profiles). Profiles are
 * addressed by id, never by name. Every call resolves with the account's whole list as the
 * server now holds it (exactly one profile active whenever any exists), so callers replace their
 * copy instead of patching it. Failures reject with an Error whose message can be shown to the
 * person: the server's own message, or a clear one when the server could not be reached.
 */
export interface ProfilesStore {
  list(uid: string): Promise<Profile[]>;
  /** Creates a profile; the server trims and validates the name (required, unique, at most 5). */
  add(uid: string, name: string): Promise<Profile[]>;
  rename(uid: string, id: string, name: string): Promise<Profile[]>;
  /** Deletes a profile; when it was the active one, the server makes another active. */
  remove(uid: string, id: string): Promise<Profile[]>;
  /** Makes this profile the active one and every other inactive. */
  select(uid: string, id: string): Promise<Profile[]>;
}
