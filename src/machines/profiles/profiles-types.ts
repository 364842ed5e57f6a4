import type { ProfileSettings } from '../../../shared/profiles/profile.schema';
import type { AvatarId } from '../../../shared/profiles/profile-options';
import type { LockChange, MaturityChange } from '../../services/account-store/profiles.port';
import type { Profile } from '../../services/user-state/user-state.port';

/** The profiles machine's context, input, events and emitted events (profiles.machine.ts). */

export type ProfilesMode = 'browse' | 'manage';

/**
 * "Who's Watching?" at sign-in (docs/decisions.md): 'deciding' until the account's list is read,
 * then 'choose' (two or more profiles: the viewer picks one first) or 'open'.
 */
export type ProfilesDoor = 'deciding' | 'choose' | 'open';

/** From this many profiles, signing in asks "Who's Watching?" first. */
export const WHO_IS_WATCHING_FROM = 2;

export interface ProfilesContext {
  uid: string;
  /** The account's profiles: the client's one copy, which every screen and the top bar read. */
  profiles: Profile[];
  /** docs/spec.md §2: in 'manage' the heading reads 'Manage Profiles' and a tile opens Edit Profile. */
  mode: ProfilesMode;
  /** The id of the profile open in Edit Profile, or null. */
  editing: string | null;
  /** The message of the last failed load or change; non-null exactly while tagged 'error'. */
  error: string | null;
  door: ProfilesDoor;
  /** Just signed in with the form: two or more profiles ask "Who's Watching?" (a locked active one always does). */
  askWho: boolean;
  /** The locked profile whose PIN is being asked for, or null. */
  unlocking: string | null;
  /** The profile being selected and the PIN given for it (kept only until the server answers). */
  choice: { id: string; pin?: string } | null;
}

export interface ProfilesInput {
  uid: string;
  /** The persisted list: shown at once while the server's is read. */
  profiles: Profile[];
  /** Just signed in with the form: ask "Who's Watching?" when the account has two or more profiles. */
  door?: boolean;
}

export type ProfilesEvent =
  /** A profiles screen opened: its mode (and profile in Edit Profile), and the list read again. */
  | { type: 'profiles.open'; mode?: ProfilesMode; editing?: string | null }
  | { type: 'profiles.retry' }
  | { type: 'profiles.toggleManage' }
  | { type: 'profiles.select'; id: string }
  /** The PIN typed for the locked profile being opened. */
  | { type: 'profiles.unlock'; pin: string }
  | { type: 'profiles.cancelUnlock' }
  /** `kids`: "Kids?" ticked, a kids profile (7+). */
  | { type: 'profiles.add'; name: string; avatar?: AvatarId; pin?: string; kids?: boolean }
  | { type: 'profiles.edit'; id: string }
  | { type: 'profiles.cancelEdit' }
  | { type: 'profiles.rename'; id: string; name: string; avatar?: AvatarId; kids?: boolean }
  | { type: 'profiles.changeSettings'; id: string; settings: ProfileSettings }
  /** A change the account password guards: the lock, or the maturity rating. */
  | ({ type: 'profiles.changeGuarded'; id: string } & (LockChange | MaturityChange))
  | { type: 'profiles.delete'; id: string };

/** What a screen listens for (`actor.on(...)`) to move on after a change it asked for. */
export type ProfilesEmitted =
  | { type: 'profiles.selected' }
  | { type: 'profiles.added' }
  | { type: 'profiles.saved' }
  /** Settings or a lock changed: Edit Profile stays open and says so. */
  | { type: 'profiles.settingsSaved' };
