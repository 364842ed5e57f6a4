import type { Mood } from './moods.ts';

/** Where the video host serves the programmes: one folder of HLS files per mood. */
export const PROGRAMMES_PATH = '/media/programmes';

/**
 * The master playlist of the programme a mood plays (an HLS ladder with audio and English
 * subtitles renditions). The player loads it; the server serves the folder it points into.
 */
export function programmeUrl(mood: Mood): string {
  return `${PROGRAMMES_PATH}/${mood}/master.m3u8`;
}

/** The thumbnails index (WebVTT, sprite regions) of a mood's programme; see trickplay.ts. */
export function programmeThumbnailsUrl(mood: Mood): string {
  return `${PROGRAMMES_PATH}/${mood}/trickplay.vtt`;
}

/** Where the media host serves a playback grant's programme: /media/grants/{token}/{file} (server/playback/). */
export const GRANTS_PATH = '/media/grants';
