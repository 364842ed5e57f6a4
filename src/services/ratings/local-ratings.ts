import { profilePath } from '../../../shared/accounts/document-paths';
import type { BecauseYouWatchedAnswer, RatingEntry } from '../../../shared/ratings/ratings.schema';
import { api as defaultApi, type ApiClient, readApiError } from '../http/api-client';
import type { ProfileRef } from '../watching/watching.port';
import type { RatingsStore } from './ratings.port';

/**
 * Ratings over the embedded server's routes: /api/documents/customers/{uid}/profiles/{profileId}/
 * ratings/{key}, and the rows at …/because_you_watched.
 */
export function createLocalRatings({ api = defaultApi }: { api?: ApiClient } = {}): RatingsStore {
  const base = ({ uid, profileId }: ProfileRef) => profilePath(uid, profileId);
  const ratingPath = (profile: ProfileRef, key: string) => `${base(profile)}/ratings/${encodeURIComponent(key)}`;

  async function call<B>(path: string, options: { method: 'GET' | 'PUT' | 'DELETE'; body?: object }) {
    try {
      return await api<B>(path, options);
    } catch (error) {
      throw new Error(readApiError(error).message, { cause: error });
    }
  }

  return {
    async list(profile) {
      const body = await call<{ ratings?: RatingEntry[] }>(`${base(profile)}/ratings`, { method: 'GET' });
      if (!Array.isArray(body?.ratings)) throw new Error('The server answered without a list.');
      return body.ratings;
    },
    async rate(profile, key, rating) {
      const body = await call<{ entry?: RatingEntry }>(ratingPath(profile, key), { method: 'PUT', body: { rating } });
      if (!body?.entry) throw new Error('The server answered without the saved rating.');
      return body.entry;
    },
    async clear(profile, key) {
      await call(ratingPath(profile, key), { method: 'DELETE' });
    },
    async becauseYouWatched(profile) {
      const body = await call<BecauseYouWatchedAnswer>(`${base(profile)}/because_you_watched`, { method: 'GET' });
      if (!Array.isArray(body?.rows)) throw new Error('The server answered without rows.');
      return body.rows.map(({ because, results }) => ({ because, titles: results }));
    },
  };
}
