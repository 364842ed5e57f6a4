/**
 * Continue Watching and My List: the rules client and server share. Plain constants and
 * functions only (no schema library), so the client can import them without carrying TypeBox.
 */

export type WatchMediaType = 'movie' | 'tv';

/** The most titles one profile's My List holds; adding one more is refused with a clear message. */
export const MAX_MY_LIST = 500;
/** The most titles one profile keeps in progress; saving one more drops the least recently watched. */
export const MAX_PROGRESS = 200;
/** Watched this far (a fraction of the duration), a programme counts as finished. */
export const FINISHED_FRACTION = 0.95;
/** The longest display title stored with an entry. */
export const MAX_STORED_TITLE_LENGTH = 300;

export const TITLE_KEY_PATTERN = '^(movie|tv)-[1-9][0-9]{0,9}$';

/** One document per title and profile: `movie-603`, `tv-1399` (a series keeps the episode inside). */
export const titleKey = (mediaType: WatchMediaType, id: number): string => `${mediaType}-${id}`;

/** A document key that is not `movie-{id}` or `tv-{id}`. */
export const INVALID_TITLE_KEY_MESSAGE = 'A title key is movie-{id} or tv-{id}, like movie-603.';

/** True for a well-formed document key (`movie-603`). */
export const isTitleKey = (key: string): boolean => new RegExp(TITLE_KEY_PATTERN).test(key);

export const MY_LIST_FULL_MESSAGE = `My List can hold at most ${MAX_MY_LIST} titles.`;

/** True when a position counts as having finished the programme. */
export const isFinished = (positionSeconds: number, durationSeconds: number): boolean =>
  durationSeconds > 0 && positionSeconds >= durationSeconds * FINISHED_FRACTION;

/**
 * Watched less than this (seconds), a programme is not offered as "Resume from 0:03": Play starts
 * it (for a series, the episode the entry holds) from the beginning, and the player keeps no new
 * position for it.
 */
export const RESUME_AFTER_SECONDS = 10;

/** True when a saved position is far enough in to offer "Resume from". */
export const isResumable = (positionSeconds: number): boolean => positionSeconds >= RESUME_AFTER_SECONDS;
