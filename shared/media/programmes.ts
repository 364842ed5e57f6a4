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

/** A demo programme's skip markers file, beside its master playlist. */
export const MARKERS_FILE = 'markers.json';

/** The skip markers (intro, recap, credits; shared/media/markers.ts) of a mood's programme, as JSON. */
export function programmeMarkersUrl(mood: Mood): string {
  return `${PROGRAMMES_PATH}/${mood}/${MARKERS_FILE}`;
}

/** Where the media host serves a playback grant's programme: /media/grants/{token}/{file} (server/playback/). */
export const GRANTS_PATH = '/media/grants';

/** Where the video host serves the library's programmes: one folder of HLS files per ingest key. */
export const LIBRARY_MEDIA_PATH = '/media/library';

/** The master playlist of a library file's published programme (every rung, audio and subtitles). */
export const libraryMasterUrl = (ingestKey: string): string => `${LIBRARY_MEDIA_PATH}/${ingestKey}/master.m3u8`;

/** The early master of a programme still being made: its lowest rung and first audio, growing (EVENT). */
export const libraryPreviewUrl = (ingestKey: string): string => `${LIBRARY_MEDIA_PATH}/${ingestKey}/preview.m3u8`;

/** The trickplay thumbnails index of a library file's programme. */
export const libraryThumbnailsUrl = (ingestKey: string): string =>
  `${LIBRARY_MEDIA_PATH}/${ingestKey}/trickplay/thumbnails.vtt`;
