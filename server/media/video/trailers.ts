import { createHash } from 'node:crypto';

import { type Mood, moodFor, MOODS } from '../../../shared/media/moods.ts';
import type { CatalogueTitle, MediaType } from '../../catalogue/catalogue-title.ts';

/**
 * The clips the video host ships (server/media/video/clips/{clip}.mp4 and .jpg), one per mood.
 * `scripts/build-media.mjs` builds exactly these; a test checks that each file exists.
 */
export const CLIPS = MOODS;
export type Clip = Mood;

/** The clip a title's trailer plays: its mood (shared/media/moods.ts). */
export const clipFor = (title: CatalogueTitle): Clip => moodFor(title);

export type VideoType = 'Trailer' | 'Teaser';

/** What a video key names: the title it belongs to, and which of its videos. */
export interface TrailerRef {
  mediaType: MediaType;
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
export function trailerKey(title: Pick<CatalogueTitle, 'mediaType' | 'id'>, type: VideoType = 'Trailer'): string {
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

/** One entry of TMDB's `/{movie|tv}/{id}/videos` `results`. */
export interface TmdbVideo {
  iso_639_1: string;
  iso_3166_1: string;
  name: string;
  key: string;
  site: string;
  size: number;
  type: VideoType;
  official: boolean;
  published_at: string;
  id: string;
}

const DAY = 24 * 60 * 60 * 1000;
// Titles without a known date still get a stable, plausible publication time.
const FALLBACK_DATE = '2020-01-01';

/** A time `daysBefore` the title's date, at a time of day that varies by title (ISO 8601). */
function publishedAt(title: CatalogueTitle, daysBefore: number): string {
  const day = title.date && /^\d{4}-\d{2}-\d{2}$/.test(title.date) ? title.date : FALLBACK_DATE;
  const midnight = Date.parse(`${day}T00:00:00.000Z`);
  const base = Number.isNaN(midnight) ? Date.parse(`${FALLBACK_DATE}T00:00:00.000Z`) : midnight;
  const timeOfDay = (Math.abs(title.id) % 86_400) * 1000;
  return new Date(base - daysBefore * DAY + timeOfDay).toISOString();
}

/** TMDB's video ids are 24 hex digits; ours hash the key so they are stable across restarts. */
const videoId = (key: string) => createHash('sha256').update(`marquee-video:${key}`).digest('hex').slice(0, 24);

function video(title: CatalogueTitle, type: VideoType, daysBefore: number): TmdbVideo {
  const key = trailerKey(title, type);
  return {
    iso_639_1: 'en',
    iso_3166_1: 'US',
    name: type === 'Trailer' ? 'Official Trailer' : 'Official Teaser',
    key,
    site: 'Marquee',
    size: 720,
    type,
    official: true,
    published_at: publishedAt(title, daysBefore),
    id: videoId(key),
  };
}

/**
 * A title's videos, as TMDB's /videos `results`: every title has an official trailer. One title in
 * three also has a teaser, listed first on purpose, as on TMDB: clients must pick the first video
 * of type 'Trailer' (docs/spec.md §5), not simply the first video.
 */
export function videosFor(title: CatalogueTitle): TmdbVideo[] {
  const leadDays = 30 + (Math.abs(title.id) % 60);
  const trailer = video(title, 'Trailer', leadDays);
  return Math.abs(title.id) % 3 === 0 ? [video(title, 'Teaser', leadDays + 60), trailer] : [trailer];
}
