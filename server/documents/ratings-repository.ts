import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';

import type { RatingEntry } from '../../shared/ratings/ratings.schema.ts';
import type { TitleRating } from '../../shared/ratings/ratings-rules.ts';
import { titleKey } from '../../shared/watching/watching-rules.ts';
import { runWrite } from '../db/write-turn.ts';

interface RatingRow {
  key: string;
  media_type: 'movie' | 'tv';
  id: number;
  rating: TitleRating;
  rated_at: number;
}

/** A rating as the recommendations read it: the time stays a number. */
export interface StoredRating {
  mediaType: 'movie' | 'tv';
  id: number;
  rating: TitleRating;
  ratedAt: number;
}

export type RatingsResult<T> = { ok: true; value: T } | { ok: false; problem: { kind: 'no-such-profile' } };

const toEntry = ({ rated_at, ...row }: RatingRow): RatingEntry => ({
  ...row,
  rated_at: new Date(rated_at).toISOString(),
});

/**
 * Each profile's thumbs ratings in SQLite, scoped by uid and profile id. Writes run in a write
 * turn (server/db/write-turn.ts) and check the profile is still the account's first, as the
 * watching documents' do; each takes the profile's next `seq` (newest first).
 */
export function createRatingsRepository(db: Database, now: () => number = Date.now) {
  const profileExists = db.prepare<[string, string], number>('SELECT 1 FROM profiles WHERE uid = ? AND id = ?').pluck();
  const listRatings = db.prepare<[string, string], RatingRow>(
    'SELECT key, media_type, id, rating, rated_at FROM ratings WHERE uid = ? AND profile_id = ? ORDER BY seq DESC',
  );
  const oneRating = db.prepare<[string, string, string], RatingRow>(
    'SELECT key, media_type, id, rating, rated_at FROM ratings WHERE uid = ? AND profile_id = ? AND key = ?',
  );
  const nextSeq = db
    .prepare<[string, string], number>('SELECT coalesce(max(seq), 0) + 1 FROM ratings WHERE uid = ? AND profile_id = ?')
    .pluck();
  const upsert = db.prepare(
    `INSERT INTO ratings (uid, profile_id, key, media_type, id, rating, rated_at, seq)
     VALUES (@uid, @profile_id, @key, @media_type, @id, @rating, @rated_at, @seq)
     ON CONFLICT (uid, profile_id, key) DO UPDATE SET
       rating = excluded.rating, rated_at = excluded.rated_at, seq = excluded.seq`,
  );
  const remove = db.prepare<[string, string, string]>(
    'DELETE FROM ratings WHERE uid = ? AND profile_id = ? AND key = ?',
  );

  const noSuchProfile = { ok: false, problem: { kind: 'no-such-profile' } } as const;
  const has = (uid: string, profileId: string) => profileExists.get(uid, profileId) !== undefined;

  const rate = db.transaction(
    (
      uid: string,
      profileId: string,
      mediaType: 'movie' | 'tv',
      id: number,
      rating: TitleRating,
    ): RatingsResult<RatingEntry> => {
      if (!has(uid, profileId)) return noSuchProfile;
      const key = titleKey(mediaType, id);
      runWrite(upsert, {
        uid,
        profile_id: profileId,
        key,
        media_type: mediaType,
        id,
        rating,
        rated_at: now(),
        seq: nextSeq.get(uid, profileId)!,
      });
      return { ok: true, value: toEntry(oneRating.get(uid, profileId, key)!) };
    },
  );

  const clear = db.transaction((uid: string, profileId: string, key: string): RatingsResult<null> => {
    if (!has(uid, profileId)) return noSuchProfile;
    runWrite(remove, uid, profileId, key);
    return { ok: true, value: null };
  });

  return {
    /** The profile's ratings, most recently rated first. */
    list: (uid: string, profileId: string): RatingEntry[] => listRatings.all(uid, profileId).map(toEntry),
    /** The same, with times as numbers (for the recommendations). */
    stored: (uid: string, profileId: string): StoredRating[] =>
      listRatings.all(uid, profileId).map((row) => ({
        mediaType: row.media_type,
        id: row.id,
        rating: row.rating,
        ratedAt: row.rated_at,
      })),
    /** Rates a title, replacing its rating; a new rating counts as the newest. */
    rate: (uid: string, profileId: string, mediaType: 'movie' | 'tv', id: number, rating: TitleRating) =>
      rate(uid, profileId, mediaType, id, rating),
    /** Clears a title's rating; clearing one that is not there is no change. */
    clear: (uid: string, profileId: string, key: string) => clear(uid, profileId, key),
  };
}

export type RatingsRepository = ReturnType<typeof createRatingsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    ratings: RatingsRepository;
  }
}

/** Decorates `app.ratings` (each profile's thumbs ratings). */
export default fp(
  async (app) => {
    app.decorate('ratings', createRatingsRepository(app.db));
  },
  { name: 'ratings', dependencies: ['database', 'profiles'] },
);
