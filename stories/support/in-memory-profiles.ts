import type { ProfilesStore } from '../../src/services/account-store/profiles.port';
import type { Profile } from '../../src/services/user-state/user-state.port';

export interface InMemoryProfilesOptions {
  delayMs?: number;
  /**
   * Calls reject with this message (a server that cannot be reached); a function is asked at
   * every call, so a story can bring the server back (null: answer normally).
   */
  failWith?: string | (() => string | null);
}

/**
 * A test double of the profiles port for stories: one account's profiles in memory, with the
 * embedded server's rules and messages (trimmed name required, at most 50 characters, unique
 * ignoring case, at most 5, exactly one active). Never used by the app.
 */
export function createInMemoryProfiles(initial: Profile[] = [], options: InMemoryProfilesOptions = {}): ProfilesStore {
  let profiles = initial.map((profile) => ({ ...profile }));
  let nextId = 1;
  const pause = () => new Promise((resolve) => setTimeout(resolve, options.delayMs ?? 150));
  const snapshot = () => profiles.map((profile) => ({ ...profile }));

  const checkName = (raw: string, exceptId?: string): string => {
    const name = raw.trim();
    if (!name) throw new Error('Please enter a profile name.');
    if (name.length > 50) throw new Error('Profile names can be at most 50 characters.');
    const same = profiles.find((p) => p.id !== exceptId && p.name.toLowerCase() === name.toLowerCase());
    if (same) throw new Error(`You already have a profile called "${same.name}".`);
    return name;
  };
  const find = (id: string): Profile => {
    const profile = profiles.find((p) => p.id === id);
    if (!profile) throw new Error('There is no such profile.');
    return profile;
  };
  const call = async (change: () => void = () => {}): Promise<Profile[]> => {
    await pause();
    const failure = typeof options.failWith === 'function' ? options.failWith() : options.failWith;
    if (failure) throw new Error(failure);
    change();
    return snapshot();
  };

  return {
    list: () => call(),
    add: (_uid, raw) =>
      call(() => {
        const name = checkName(raw);
        if (profiles.length >= 5) throw new Error('An account can have at most 5 profiles.');
        profiles.push({ id: `mem${(nextId++).toString(36)}`, name, activeProfile: profiles.length === 0 });
      }),
    rename: (_uid, id, raw) =>
      call(() => {
        find(id).name = checkName(raw, id);
      }),
    remove: (_uid, id) =>
      call(() => {
        const removed = find(id);
        profiles = profiles.filter((p) => p.id !== id);
        if (removed.activeProfile && profiles[0]) profiles[0].activeProfile = true;
      }),
    select: (_uid, id) =>
      call(() => {
        find(id);
        profiles.forEach((p) => {
          p.activeProfile = p.id === id;
        });
      }),
  };
}
