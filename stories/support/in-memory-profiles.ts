import type { Profile } from '../../shared/profiles/profile.schema';
import { LOCK_MESSAGES, PIN_ATTEMPTS } from '../../shared/profiles/profile-options';
import {
  MAX_PROFILES,
  nameKey,
  newProfileId,
  PROFILE_MESSAGES,
  requireProfileName,
} from '../../shared/profiles/profile-rules';
import type { ProfilesStore } from '../../src/services/account-store/profiles.port';

export interface InMemoryProfilesOptions {
  delayMs?: number;
  /**
   * Calls reject with this message (a server that cannot be reached); a function is asked at
   * every call, so a story can bring the server back (null: answer normally).
   */
  failWith?: string | (() => string | null);
  /** The account these profiles belong to: calls for any other uid are refused. Unset: any uid. */
  ownerUid?: string;
  /** Locked profiles' PINs by id (default "1234"), and the account password that changes them (default "secret-password"). */
  pins?: Record<string, string>;
  password?: string;
}

/**
 * A test double of the profiles port for stories: one account's profiles in memory, with the
 * shared profile rules and messages (shared/profiles/), held to the same contract suite as the
 * real adapters (tests/contract/fake.profiles.test.ts). Never used by the app.
 */
export function createInMemoryProfiles(initial: Profile[] = [], options: InMemoryProfilesOptions = {}): ProfilesStore {
  let profiles = initial.map((profile) => ({ ...profile }));
  // A story's locked profiles open with `options.pins` (default "1234"), held here as the server would.
  const pins = new Map(profiles.filter((p) => p.locked).map((p) => [p.id, options.pins?.[p.id] ?? '1234']));
  const pinsToAdd = new Set<string>(profiles.filter((p) => p.pinToAdd).map((p) => p.id));
  const wrong = new Map<string, number>();
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 150));
  const snapshot = () => profiles.map((profile) => ({ ...profile }));

  const checkName = (raw: string, exceptId?: string): string => {
    const { name, key } = requireProfileName(raw);
    const same = profiles.find((p) => p.id !== exceptId && nameKey(p.name) === key);
    if (same) throw new Error(PROFILE_MESSAGES.duplicate(same.name));
    return name;
  };
  const find = (id: string): Profile => {
    const profile = profiles.find((p) => p.id === id);
    if (!profile) throw new Error(PROFILE_MESSAGES.notFound);
    return profile;
  };
  const call = async (uid: string, change: () => void = () => {}): Promise<Profile[]> => {
    await pause();
    const failure = typeof options.failWith === 'function' ? options.failWith() : options.failWith;
    if (failure) throw new Error(failure);
    // The server's answer to another customer's uid (403).
    if (options.ownerUid !== undefined && uid !== options.ownerUid)
      throw new Error('You can only reach your own profiles.');
    change();
    return snapshot();
  };

  return {
    list: (uid) => call(uid),
    add: (uid, raw, { avatar, pin } = {}) =>
      call(uid, () => {
        const name = checkName(raw);
        if (profiles.length >= MAX_PROFILES) throw new Error(PROFILE_MESSAGES.tooMany);
        const asked = profiles.filter((p) => pinsToAdd.has(p.id));
        if (asked.length > 0 && !asked.some((p) => pins.get(p.id) === pin)) throw new Error(LOCK_MESSAGES.pinToAdd);
        let id = newProfileId();
        while (profiles.some((p) => p.id === id)) id = newProfileId();
        profiles.push({ id, name, activeProfile: profiles.length === 0, ...(avatar ? { avatar } : {}) });
      }),
    rename: (uid, id, raw, avatar) =>
      call(uid, () => {
        const profile = find(id);
        profile.name = checkName(raw, id);
        if (avatar) profile.avatar = avatar;
      }),
    changeSettings: (uid, id, settings) =>
      call(uid, () => {
        const profile = find(id);
        profile.settings = { ...profile.settings, ...settings };
      }),
    changeMaturity: (uid, id, { password, level }) =>
      call(uid, () => {
        const profile = find(id);
        if (password !== (options.password ?? 'secret-password')) throw new Error(LOCK_MESSAGES.wrongPassword);
        if (level === '18+') delete profile.maturity;
        else profile.maturity = level;
      }),
    changeLock: (uid, id, { password, pin, pinToAdd }) =>
      call(uid, () => {
        const profile = find(id);
        if (password !== (options.password ?? 'secret-password')) throw new Error(LOCK_MESSAGES.wrongPassword);
        if (pin === null) {
          pins.delete(id);
          pinsToAdd.delete(id);
          delete profile.locked;
          delete profile.pinToAdd;
        } else {
          pins.set(id, pin);
          if (pinToAdd) pinsToAdd.add(id);
          else pinsToAdd.delete(id);
          profile.locked = true;
          if (pinToAdd) profile.pinToAdd = true;
          else delete profile.pinToAdd;
        }
      }),
    remove: (uid, id) =>
      call(uid, () => {
        const removed = find(id);
        profiles = profiles.filter((p) => p.id !== id);
        if (removed.activeProfile && profiles[0]) profiles[0].activeProfile = true;
      }),
    select: (uid, id, pin) =>
      call(uid, () => {
        const chosen = find(id);
        if (chosen.locked) {
          if (pin === undefined) throw new Error(LOCK_MESSAGES.pinRequired);
          if ((wrong.get(id) ?? 0) >= PIN_ATTEMPTS) throw new Error(LOCK_MESSAGES.tooManyPins);
          if (pins.get(id) !== pin) {
            wrong.set(id, (wrong.get(id) ?? 0) + 1);
            throw new Error(LOCK_MESSAGES.wrongPin);
          }
          wrong.delete(id);
        }
        profiles.forEach((p) => {
          p.activeProfile = p.id === id;
        });
      }),
  };
}
