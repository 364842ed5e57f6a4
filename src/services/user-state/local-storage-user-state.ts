import type { UserState, UserStateStorage } from './user-state.port';

export const USER_STATE_KEY = 'user';

function isUserState(value: unknown): value is UserState {
  if (typeof value !== 'object' || value === null) return false;
  const { info, profiles } = value as Partial<UserState>;
  const infoOk =
    info === null || (typeof info === 'object' && typeof info?.uid === 'string' && typeof info.email === 'string');
  return infoOk && Array.isArray(profiles);
}

/** Persists the user state in localStorage under the key `user` (docs/spec.md §3). */
export function createLocalStorageUserState(storage: Storage = window.localStorage): UserStateStorage {
  const read = (): UserState | null => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(USER_STATE_KEY) ?? 'null');
      return isUserState(parsed) ? parsed : null;
    } catch {
      return null; // corrupt or blocked storage: start signed out rather than crash
    }
  };
  const write = (state: UserState) => {
    try {
      storage.setItem(USER_STATE_KEY, JSON.stringify({ info: state.info, profiles: state.profiles }));
    } catch {
      // Storage full or blocked (private mode): the session still works, it is just not remembered.
    }
  };
  return {
    load: async () => read(),
    saveUser(info) {
      const stored = read();
      const sameUser = info !== null && stored?.info?.uid === info.uid;
      write({ info, profiles: sameUser ? stored.profiles : [] });
    },
    saveProfiles(profiles) {
      write({ info: read()?.info ?? null, profiles });
    },
  };
}
