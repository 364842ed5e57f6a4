import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';

import type { MyListItem, MyListWrite, ProgressEntry, ProgressWrite } from '../../shared/watching/watching.schema.ts';
import { MAX_MY_LIST, MAX_PROGRESS, titleKey } from '../../shared/watching/watching-rules.ts';
import { runWrite } from '../db/write-turn.ts';

interface ProgressRow {
  key: string;
  media_type: 'movie' | 'tv';
  id: number;
  season_number: number | null;
  episode_number: number | null;
  position_seconds: number;
  duration_seconds: number;
  title: string;
  backdrop_path: string | null;
  updated_at: number;
}

interface MyListRow {
  key: string;
  media_type: 'movie' | 'tv';
  id: number;
  title: string;
  backdrop_path: string | null;
  poster_path: string | null;
  added_at: number;
}

/** Why a write was refused; the routes turn each into a status, a code and a message. */
export type WatchingProblem = { kind: 'no-such-profile' } | { kind: 'my-list-full' };

export type Result<T> = { ok: true; value: T } | { ok: false; problem: WatchingProblem };

const iso = (ms: number) => new Date(ms).toISOString();

const toProgress = ({ updated_at, ...row }: ProgressRow): ProgressEntry => ({ ...row, updated_at: iso(updated_at) });
const toMyListItem = ({ added_at, ...row }: MyListRow): MyListItem => ({ ...row, added_at: iso(added_at) });

const PROGRESS_COLUMNS =
  'key, media_type, id, season_number, episode_number, position_seconds, duration_seconds, title, backdrop_path, updated_at';
const MY_LIST_COLUMNS = 'key, media_type, id, title, backdrop_path, poster_path, added_at';

/**
 * Continue Watching (`progress`) and My List (`my_list`) of each profile in SQLite. Every
 * statement is scoped by uid and profile id; every write runs in a write turn (server/db/write-turn.ts) and first
 * checks the profile is the account's (it may have been deleted since the route's guard looked),
 * so a limit and the write it guards cannot interleave with another writer's. Each write takes
 * the profile's next `seq`, which orders the rows newest first.
 */
export function createWatchingRepository(db: Database, now: () => number = Date.now) {
  const profileExists = db.prepare<[string, string], number>('SELECT 1 FROM profiles WHERE uid = ? AND id = ?').pluck();

  const listProgress = db.prepare<[string, string], ProgressRow>(
    `SELECT ${PROGRESS_COLUMNS} FROM progress WHERE uid = ? AND profile_id = ? ORDER BY seq DESC`,
  );
  const oneProgress = db.prepare<[string, string, string], ProgressRow>(
    `SELECT ${PROGRESS_COLUMNS} FROM progress WHERE uid = ? AND profile_id = ? AND key = ?`,
  );
  const nextProgressSeq = db
    .prepare<[string, string], number>(
      'SELECT coalesce(max(seq), 0) + 1 FROM progress WHERE uid = ? AND profile_id = ?',
    )
    .pluck();
  const upsertProgress = db.prepare(
    `INSERT INTO progress (uid, profile_id, ${PROGRESS_COLUMNS}, seq)
     VALUES (@uid, @profile_id, @key, @media_type, @id, @season_number, @episode_number, @position_seconds,
             @duration_seconds, @title, @backdrop_path, @updated_at, @seq)
     ON CONFLICT (uid, profile_id, key) DO UPDATE SET
       media_type = excluded.media_type, id = excluded.id, season_number = excluded.season_number,
       episode_number = excluded.episode_number, position_seconds = excluded.position_seconds,
       duration_seconds = excluded.duration_seconds, title = excluded.title,
       backdrop_path = excluded.backdrop_path, updated_at = excluded.updated_at, seq = excluded.seq`,
  );
  // Keeps the newest MAX_PROGRESS rows of a profile: the least recently saved go first.
  const trimProgress = db.prepare<[string, string, string, string, number]>(
    `DELETE FROM progress WHERE uid = ? AND profile_id = ? AND seq NOT IN (
       SELECT seq FROM progress WHERE uid = ? AND profile_id = ? ORDER BY seq DESC LIMIT ?)`,
  );
  const deleteProgress = db.prepare<[string, string, string]>(
    'DELETE FROM progress WHERE uid = ? AND profile_id = ? AND key = ?',
  );

  const listMyList = db.prepare<[string, string], MyListRow>(
    `SELECT ${MY_LIST_COLUMNS} FROM my_list WHERE uid = ? AND profile_id = ? ORDER BY seq DESC`,
  );
  const myListAddedAt = db
    .prepare<[string, string, string], number>(
      'SELECT added_at FROM my_list WHERE uid = ? AND profile_id = ? AND key = ?',
    )
    .pluck();
  const countMyList = db
    .prepare<[string, string], number>('SELECT count(*) FROM my_list WHERE uid = ? AND profile_id = ?')
    .pluck();
  const nextMyListSeq = db
    .prepare<[string, string], number>('SELECT coalesce(max(seq), 0) + 1 FROM my_list WHERE uid = ? AND profile_id = ?')
    .pluck();
  const insertMyList = db.prepare(
    `INSERT INTO my_list (uid, profile_id, ${MY_LIST_COLUMNS}, seq)
     VALUES (@uid, @profile_id, @key, @media_type, @id, @title, @backdrop_path, @poster_path, @added_at, @seq)`,
  );
  // Adding a title again refreshes what is shown for it, and keeps its place and added_at.
  const updateMyList = db.prepare(
    `UPDATE my_list SET title = @title, backdrop_path = @backdrop_path, poster_path = @poster_path
     WHERE uid = @uid AND profile_id = @profile_id AND key = @key`,
  );
  const deleteMyList = db.prepare<[string, string, string]>(
    'DELETE FROM my_list WHERE uid = ? AND profile_id = ? AND key = ?',
  );

  const noSuchProfile = { ok: false, problem: { kind: 'no-such-profile' } } as const;
  const has = (uid: string, profileId: string) => profileExists.get(uid, profileId) !== undefined;

  const saveProgress = db.transaction((uid: string, profileId: string, entry: ProgressWrite): Result<ProgressEntry> => {
    if (!has(uid, profileId)) return noSuchProfile;
    const key = titleKey(entry.media_type, entry.id);
    runWrite(upsertProgress, {
      uid,
      profile_id: profileId,
      key,
      ...entry,
      updated_at: now(),
      seq: nextProgressSeq.get(uid, profileId)!,
    });
    runWrite(trimProgress, uid, profileId, uid, profileId, MAX_PROGRESS);
    return { ok: true, value: toProgress(oneProgress.get(uid, profileId, key)!) };
  });

  const removeProgress = db.transaction((uid: string, profileId: string, key: string): Result<null> => {
    if (!has(uid, profileId)) return noSuchProfile;
    runWrite(deleteProgress, uid, profileId, key);
    return { ok: true, value: null };
  });

  const myList = (uid: string, profileId: string) => listMyList.all(uid, profileId).map(toMyListItem);

  const addToMyList = db.transaction((uid: string, profileId: string, item: MyListWrite): Result<MyListItem[]> => {
    if (!has(uid, profileId)) return noSuchProfile;
    const row = { uid, profile_id: profileId, key: titleKey(item.media_type, item.id), ...item };
    if (myListAddedAt.get(uid, profileId, row.key) !== undefined) {
      runWrite(updateMyList, row);
    } else {
      if (countMyList.get(uid, profileId)! >= MAX_MY_LIST) return { ok: false, problem: { kind: 'my-list-full' } };
      runWrite(insertMyList, { ...row, added_at: now(), seq: nextMyListSeq.get(uid, profileId)! });
    }
    return { ok: true, value: myList(uid, profileId) };
  });

  const removeFromMyList = db.transaction((uid: string, profileId: string, key: string): Result<MyListItem[]> => {
    if (!has(uid, profileId)) return noSuchProfile;
    runWrite(deleteMyList, uid, profileId, key);
    return { ok: true, value: myList(uid, profileId) };
  });

  return {
    /** The profile's titles in progress, most recently saved first. */
    listProgress: (uid: string, profileId: string) => listProgress.all(uid, profileId).map(toProgress),
    /** Saves where the viewer is in a title; beyond MAX_PROGRESS the least recently saved is dropped. */
    saveProgress: (uid: string, profileId: string, entry: ProgressWrite) => saveProgress(uid, profileId, entry),
    /** Removes a title from Continue Watching; removing one that is not there is no change. */
    removeProgress: (uid: string, profileId: string, key: string) => removeProgress(uid, profileId, key),
    /** The profile's My List, most recently added first. */
    myList,
    /** Adds a title (again: keeps its place and added_at); refuses a new one beyond MAX_MY_LIST. */
    addToMyList: (uid: string, profileId: string, item: MyListWrite) => addToMyList(uid, profileId, item),
    removeFromMyList: (uid: string, profileId: string, key: string) => removeFromMyList(uid, profileId, key),
  };
}

export type WatchingRepository = ReturnType<typeof createWatchingRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    watching: WatchingRepository;
  }
}

/** Decorates `app.watching` (Continue Watching and My List). */
export default fp(
  async (app) => {
    app.decorate('watching', createWatchingRepository(app.db));
  },
  { name: 'watching', dependencies: ['database'] },
);
