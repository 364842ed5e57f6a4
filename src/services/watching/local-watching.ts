import { API_BASE, profilePath as profileDocuments } from '../../../shared/accounts/document-paths';
import type { ActivityItem } from '../../../shared/activity/activity.schema';
import type { MyListItem, ProgressEntry } from '../../../shared/watching/watching.schema';
import { titleKey } from '../../../shared/watching/watching-rules';
import { api as defaultApi, type ApiClient, readApiError } from '../http/api-client';
import { createLocalRatings } from '../ratings/local-ratings';
import type { ProfileRef, WatchingStore } from './watching.port';

type Method = 'GET' | 'PUT' | 'DELETE';

/**
 * Continue Watching and My List over the embedded server's routes,
 * /api/documents/customers/{uid}/profiles/{profileId}/progress/{key} and .../my_list/{key}, and
 * the profile's viewing activity (.../activity).
 */
export function createLocalWatching({ api = defaultApi }: { api?: ApiClient } = {}): WatchingStore {
  const profilePath = ({ uid, profileId }: ProfileRef) => profileDocuments(uid, profileId);
  const progressPath = (profile: ProfileRef, key?: string) =>
    `${profilePath(profile)}/progress${key === undefined ? '' : `/${encodeURIComponent(key)}`}`;
  const activityPath = (profile: ProfileRef) => `${profilePath(profile)}/activity`;
  const myListPath = (profile: ProfileRef, key?: string) =>
    `${profilePath(profile)}/my_list${key === undefined ? '' : `/${encodeURIComponent(key)}`}`;

  /** Calls the server and reads its answer with `pick`; any failure becomes a showable Error. */
  async function call<B, T>(
    path: string,
    options: { method: Method; body?: object },
    pick: (body: B | undefined) => T,
  ): Promise<T> {
    let response: B | undefined;
    try {
      response = await api<B>(path, options);
    } catch (error) {
      throw new Error(readApiError(error).message, { cause: error });
    }
    return pick(response);
  }

  const items = (body: { items?: unknown } | undefined): MyListItem[] => {
    if (!Array.isArray(body?.items)) throw new Error('The server answered without a list.');
    return body.items as MyListItem[];
  };
  const lines = (body: { items?: unknown } | undefined): ActivityItem[] => {
    if (!Array.isArray(body?.items)) throw new Error('The server answered without a list.');
    return body.items as ActivityItem[];
  };

  return {
    progress: {
      list: (profile) =>
        call(progressPath(profile), { method: 'GET' }, (body: { progress?: unknown } | undefined) => {
          if (!Array.isArray(body?.progress)) throw new Error('The server answered without a list.');
          return body.progress as ProgressEntry[];
        }),
      save: (profile, entry) =>
        call(
          progressPath(profile, titleKey(entry.media_type, entry.id)),
          { method: 'PUT', body: entry },
          (body: { entry?: ProgressEntry } | undefined) => {
            if (!body?.entry) throw new Error('The server answered without the saved entry.');
            return body.entry;
          },
        ),
      remove: (profile, key) => call(progressPath(profile, key), { method: 'DELETE' }, () => undefined),
    },
    ratings: createLocalRatings({ api }),
    myList: {
      list: (profile) => call(myListPath(profile), { method: 'GET' }, items),
      add: (profile, item) =>
        call(myListPath(profile, titleKey(item.media_type, item.id)), { method: 'PUT', body: item }, items),
      remove: (profile, key) => call(myListPath(profile, key), { method: 'DELETE' }, items),
    },
    activity: {
      list: (profile) => call(activityPath(profile), { method: 'GET' }, lines),
      hide: (profile, key) =>
        call(`${activityPath(profile)}/${encodeURIComponent(key)}/hidden`, { method: 'PUT' }, lines),
      csvAddress: (profile) => `${API_BASE}${activityPath(profile)}.csv`,
    },
  };
}
