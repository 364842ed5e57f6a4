import { profilePath, profilesPath } from '../../../shared/accounts/document-paths';
import { api as defaultApi, type ApiClient, readApiError } from '../http/api-client';
import type { Profile } from '../user-state/user-state.port';
import type { ProfilesStore } from './profiles.port';

interface ProfilesResponse {
  profiles?: unknown;
}

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The profiles port over the embedded server's /api/documents/customers/{uid}/profiles routes. */
export function createLocalProfiles({ api = defaultApi }: { api?: ApiClient } = {}): ProfilesStore {
  const collection = profilesPath;
  const profile = profilePath;

  // Every route answers with the whole new list (POST and PATCH also carry the one profile,
  // which the list already contains).
  const call = async (path: string, options: { method: Method; body?: object }): Promise<Profile[]> => {
    let response: ProfilesResponse;
    try {
      response = await api<ProfilesResponse>(path, options);
    } catch (error) {
      throw new Error(readApiError(error).message, { cause: error });
    }
    if (!Array.isArray(response?.profiles)) throw new Error('The server answered without a profile list.');
    return response.profiles as Profile[];
  };

  return {
    list: (uid) => call(collection(uid), { method: 'GET' }),
    add: (uid, name, { avatar, pin, kids } = {}) =>
      call(collection(uid), { method: 'POST', body: { name, avatar, pin, kids } }),
    rename: (uid, id, name, avatar, kids) => call(profile(uid, id), { method: 'PATCH', body: { name, avatar, kids } }),
    changeSettings: (uid, id, settings) => call(`${profile(uid, id)}/settings`, { method: 'PATCH', body: settings }),
    changeLock: (uid, id, lock) => call(`${profile(uid, id)}/lock`, { method: 'PUT', body: lock }),
    changeMaturity: (uid, id, change) => call(`${profile(uid, id)}/maturity`, { method: 'PUT', body: change }),
    remove: (uid, id) => call(profile(uid, id), { method: 'DELETE' }),
    select: (uid, id, pin) =>
      call(`${profile(uid, id)}/select`, pin === undefined ? { method: 'POST' } : { method: 'POST', body: { pin } }),
  };
}
