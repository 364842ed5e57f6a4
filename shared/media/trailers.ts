/**
 * The video host's trailer rules, which the server's catalogue serves (server/media/video/trailers.ts)
 * and the stories' fake catalogue follows (stories/support/fake-catalogue.ts), so both list a
 * title's videos alike.
 */

export type VideoType = 'Trailer' | 'Teaser';

/** What a video key names: the title it belongs to, and which of its videos. */
export interface TrailerRef {
  mediaType: 'movie' | 'tv';
  id: number;
  type: VideoType;
}

const TEASER_SUFFIX = '-teaser';
// One canonical spelling per video: no leading zeros, no signs, ids TMDB could actually have.
const KEY_PATTERN = /^([mt])([1-9]\d{0,9})(-teaser)?$/;

/**
 * The video host's key for a title's trailer: readable and reversible (`m297762` is the movie
 * 297762, `t1399` the series 1399), and made of YouTube's key alphabet so clients treat both alike.
 */
export function trailerKey(title: Pick<TrailerRef, 'mediaType' | 'id'>, type: VideoType = 'Trailer'): string {
  const key = `${title.mediaType === 'movie' ? 'm' : 't'}${title.id}`;
  return type === 'Teaser' ? key + TEASER_SUFFIX : key;
}

/** The title a key names, or null for anything that is not a key `trailerKey` could have made. */
export function parseTrailerKey(key: string): TrailerRef | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const id = Number(match[2]);
  if (!Number.isSafeInteger(id)) return null;
  return { mediaType: match[1] === 'm' ? 'movie' : 'tv', id, type: match[3] ? 'Teaser' : 'Trailer' };
}

/**
 * The types of a title's videos, in TMDB's /videos order: every title has an official trailer. One
 * title in three also has a teaser, listed first on purpose, as on TMDB: clients must pick the first
 * video of type 'Trailer' (docs/spec.md §5), not simply the first video.
 */
export const videoTypesFor = (id: number): VideoType[] =>
  Math.abs(id) % 3 === 0 ? ['Teaser', 'Trailer'] : ['Trailer'];

/** A video's name as the host lists it. */
export const videoName = (type: VideoType): string => (type === 'Trailer' ? 'Official Trailer' : 'Official Teaser');
