import type { Profile } from '../../shared/profiles/profile.schema';
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
}

/**
 * A test double of the profiles port for stories: one account's profiles in memory, with the
 * shared profile rules and messages (shared/profiles/), held to the same contract suite as the
 * real adapters (tests/contract/fake.profiles.test.ts). Never used by the app.
 */
export function createInMemoryProfiles(initial: Profile[] = [], options: InMemoryProfilesOptions = {}): ProfilesStore {
  let profiles = initial.map((profile) => ({ ...profile }));
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
    add: (uid, raw) =>
      call(uid, () => {
        const name = checkName(raw);
        if (profiles.length >= MAX_PROFILES) throw new Error(PROFILE_MESSAGES.tooMany);
        let id = newProfileId();
        while (profiles.some((p) => p.id === id)) id = newProfileId();
        profiles.push({ id, name, activeProfile: profiles.length === 0 });
      }),
    rename: (uid, id, raw) =>
      call(uid, () => {
        const profile = find(id);
        profile.name = checkName(raw, id);
      }),
    remove: (uid, id) =>
      call(uid, () => {
        const removed = find(id);
        profiles = profiles.filter((p) => p.id !== id);
        if (removed.activeProfile && profiles[0]) profiles[0].activeProfile = true;
      }),
    select: (uid, id) =>
      call(uid, () => {
        find(id);
        profiles.forEach((p) => {
          p.activeProfile = p.id === id;
        });
      }),
  };
}
