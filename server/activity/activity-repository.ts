import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';

import type { ActivityItem } from '../../shared/activity/activity.schema.ts';
import { playKey, type PlayTarget } from '../../shared/activity/activity-rules.ts';
import { titleKey, type WatchMediaType } from '../../shared/watching/watching-rules.ts';
import { runWrite } from '../db/write-turn.ts';

interface PlayRow {
  media_type: WatchMediaType;
  id: number;
  season_number: number;
  episode_number: number;
  title: string;
  played_at: number;
}

/** A title's plays across accounts: how many profiles played it (any episode) in a window. */
export interface PlayCount {
  mediaType: WatchMediaType;
  id: number;
  viewers: number;
}

// A film's row is season 0, episode 0 (see 024_activity.sql); an episode is never 0/0.
const isWholeTitle = (row: Pick<PlayRow, 'season_number' | 'episode_number'>) =>
  row.season_number === 0 && row.episode_number === 0;

const toItem = (row: PlayRow): ActivityItem => {
  const target: PlayTarget = {
    media_type: row.media_type,
    id: row.id,
    season_number: isWholeTitle(row) ? null : row.season_number,
    episode_number: isWholeTitle(row) ? null : row.episode_number,
  };
  return { key: playKey(target), ...target, title: row.title, played_at: new Date(row.played_at).toISOString() };
};

/** A key back into its row's columns; null when it is not one (the route's schema checks first). */
function parseKey(key: string): { mediaType: WatchMediaType; id: number; season: number; episode: number } | null {
  const match = /^(movie|tv)-(\d+)(?:-s(\d+)e(\d+))?$/.exec(key);
  if (!match) return null;
  return {
    mediaType: match[1] as WatchMediaType,
    id: Number(match[2]),
    season: match[3] === undefined ? 0 : Number(match[3]),
    episode: match[4] === undefined ? 0 : Number(match[4]),
  };
}

/**
 * The plays log (`plays`): when each profile last played each title and episode, and which of
 * them it hid. Writes are synchronous and run in the caller's write turn (server/db/write-turn.ts).
 */
export function createActivityRepository(db: Database, now: () => number = Date.now) {
  const upsert = db.prepare(
    `INSERT INTO plays (uid, profile_id, media_type, id, season_number, episode_number, title, played_at, hidden)
     VALUES (@uid, @profileId, @mediaType, @id, @season, @episode, @title, @playedAt, 0)
     ON CONFLICT (uid, profile_id, media_type, id, season_number, episode_number) DO UPDATE SET
       title = excluded.title, played_at = excluded.played_at, hidden = 0`,
  );
  const listVisible = db.prepare<[string, string], PlayRow>(
    `SELECT media_type, id, season_number, episode_number, title, played_at FROM plays
     WHERE uid = ? AND profile_id = ? AND hidden = 0 ORDER BY played_at DESC, media_type, id, season_number DESC, episode_number DESC`,
  );
  const hideOne = db.prepare<[string, string, string, number, number, number]>(
    `UPDATE plays SET hidden = 1 WHERE uid = ? AND profile_id = ? AND media_type = ? AND id = ?
       AND season_number = ? AND episode_number = ?`,
  );
  // A title is hidden once none of its lines (a film's one, a series' episodes) is still shown.
  const hiddenList = db.prepare<[string, string], { media_type: WatchMediaType; id: number }>(
    `SELECT media_type, id FROM plays WHERE uid = ? AND profile_id = ?
     GROUP BY media_type, id HAVING min(hidden) = 1`,
  );
  const counts = db.prepare<[number, number], { media_type: WatchMediaType; id: number; viewers: number }>(
    `SELECT media_type, id, count(DISTINCT uid || '/' || profile_id) AS viewers FROM plays
     WHERE played_at >= ? GROUP BY media_type, id
     ORDER BY viewers DESC, max(played_at) DESC, media_type, id LIMIT ?`,
  );

  return {
    /** Notes that a profile played a title (a series' episode) now; a hidden line shows again. */
    recordPlay(uid: string, profileId: string, play: PlayTarget & { title: string }) {
      const whole = play.season_number === null || play.episode_number === null;
      runWrite(upsert, {
        uid,
        profileId,
        mediaType: play.media_type,
        id: play.id,
        season: whole ? 0 : play.season_number,
        episode: whole ? 0 : play.episode_number,
        title: play.title,
        playedAt: now(),
      });
    },
    /** The profile's viewing activity, newest first, hidden lines left out. */
    activity: (uid: string, profileId: string): ActivityItem[] => listVisible.all(uid, profileId).map(toItem),
    /** Hides one line; false when the profile has no such line. */
    hide(uid: string, profileId: string, key: string): boolean {
      const parsed = parseKey(key);
      if (!parsed) return false;
      return runWrite(hideOne, uid, profileId, parsed.mediaType, parsed.id, parsed.season, parsed.episode).changes > 0;
    },
    /**
     * The titles a profile hid (`movie-603`, `tv-1399`): every line of them hidden. Continue
     * Watching and recommendations leave these out.
     */
    hiddenTitles: (uid: string, profileId: string): Set<string> =>
      new Set(hiddenList.all(uid, profileId).map((row) => titleKey(row.media_type, row.id))),
    /**
     * The `limit` titles most profiles (of any account) played in the last `days`, most first;
     * ties go to the one played most recently.
     */
    playCounts(days: number, limit: number): PlayCount[] {
      return counts
        .all(now() - days * 86_400_000, limit)
        .map((row) => ({ mediaType: row.media_type, id: row.id, viewers: row.viewers }));
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    activity: ActivityRepository;
  }
}

/** Decorates `app.activity` (the plays log behind viewing activity and the Top 10). */
export default fp<{ now?: () => number }>(
  async (app, { now }) => {
    app.decorate('activity', createActivityRepository(app.db, now));
  },
  { name: 'activity', dependencies: ['database'] },
);
