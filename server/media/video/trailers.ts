import { createHash } from 'node:crypto';

import { type Mood, moodFor, MOODS } from '../../../shared/media/moods.ts';
import { trailerKey, videoName, type VideoType, videoTypesFor } from '../../../shared/media/trailers.ts';
import type { CatalogueTitle } from '../../catalogue/catalogue-title.ts';

/**
 * The clips the video host ships (server/media/video/clips/{clip}.mp4 and .jpg), one per mood.
 * `scripts/build-media.mjs` builds exactly these; a test checks that each file exists.
 */
export const CLIPS = MOODS;
export type Clip = Mood;

/** The clip a title's trailer plays: its mood (shared/media/moods.ts). */
export const clipFor = (title: CatalogueTitle): Clip => moodFor(title);

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
    name: videoName(type),
    key,
    site: 'Marquee',
    size: 720,
    type,
    official: true,
    published_at: publishedAt(title, daysBefore),
    id: videoId(key),
  };
}

/** A title's videos, as TMDB's /videos `results`, in the order shared/media/trailers.ts's videoTypesFor sets. */
export function videosFor(title: CatalogueTitle): TmdbVideo[] {
  const leadDays = 30 + (Math.abs(title.id) % 60);
  // The teaser, when there is one, was published 60 days before the trailer.
  return videoTypesFor(title.id).map((type) => video(title, type, type === 'Teaser' ? leadDays + 60 : leadDays));
}
