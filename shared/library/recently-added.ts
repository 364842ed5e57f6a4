/**
 * Home's "Recently Added" row: the operator's library titles that can be played, newest first.
 * Not a TMDB call: the embedded catalogue API answers it under its own base (/tmdb/3), in the
 * shape of TMDB's trending page (items carry their media_type).
 */
export const RECENTLY_ADDED_PATH = '/library/recently_added';

export const RECENTLY_ADDED_HEADING = 'Recently Added';
