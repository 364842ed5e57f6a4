/**
 * Viewing activity and the Top 10: the rules client and server share. Plain constants and
 * functions only (no schema library), so the client can import them without carrying TypeBox.
 */
import type { WatchMediaType } from '../watching/watching-rules.ts';

/** How many titles the Top 10 row holds. */
export const TOP_TEN_SIZE = 10;
/** The Top 10 counts plays of this many days back from now. */
export const TOP_TEN_DAYS = 7;
/** The Top 10 row's heading: one row, films and series together (docs/household.md says why). */
export const TOP_TEN_HEADING = 'Top 10 Today';

/** Where the Top 10 is asked for, under the API's base (`/api`). */
export const TOP_TEN_PATH = '/activity/top10';

/** The file name "Download all" saves. */
export const ACTIVITY_CSV_NAME = 'ViewingActivity.csv';

/** What one line of viewing activity is about: a film, or one episode of a series. */
export interface PlayTarget {
  media_type: WatchMediaType;
  id: number;
  season_number: number | null;
  episode_number: number | null;
}

export const PLAY_KEY_PATTERN = '^(movie|tv)-[1-9][0-9]{0,9}(-s[0-9]{1,5}e[1-9][0-9]{0,4})?$';

/** An activity line's key: `movie-603`, or `tv-1399-s1e2` for an episode. */
export function playKey({ media_type, id, season_number, episode_number }: PlayTarget): string {
  const title = `${media_type}-${id}`;
  return season_number !== null && episode_number !== null ? `${title}-s${season_number}e${episode_number}` : title;
}

/** The words a line of activity (and its CSV row) shows: "Bluey: Season 1: Episode 2". */
export function playLabel(item: PlayTarget & { title: string }): string {
  return item.season_number !== null && item.episode_number !== null
    ? `${item.title}: Season ${item.season_number}: Episode ${item.episode_number}`
    : item.title;
}

/** A play's calendar day (YYYY-MM-DD) in UTC, as the CSV dates it. */
export const playDay = (playedAt: string): string => playedAt.slice(0, 10);
