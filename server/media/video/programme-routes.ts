import { fileURLToPath } from 'node:url';

import type { FastifyPluginAsync } from 'fastify';

import { MOODS } from '../../../shared/media/moods.ts';
import mediaFiles from './media-files.ts';

export const PROGRAMMES_DIR = fileURLToPath(new URL('./programmes/', import.meta.url));

/**
 * The names scripts/build-media.mjs gives a programme's files: the master playlist; per rendition
 * (360p, 540p, 720p, audio) a media playlist, an init segment and numbered .m4s segments; the
 * subtitles' playlist, numbered .vtt segments and the whole-file subtitles.vtt; the seek bar's
 * thumbnails, trickplay.jpg and its index trickplay.vtt (scripts/trickplay.mjs); the skip markers,
 * markers.json (shared/media/markers.ts's shape).
 */
export const PROGRAMME_FILE = new RegExp(
  `^/(?:${MOODS.join('|')})/` +
    '(?:master\\.m3u8|(?:360p|540p|720p|audio)(?:\\.m3u8|-init\\.mp4|-\\d{3}\\.m4s)|subtitles(?:\\.m3u8|\\.vtt|-\\d{3}\\.vtt)|trickplay\\.(?:vtt|jpg)|markers\\.json)$',
);

/**
 * Segments and init files never change under their name; playlists, and the thumbnails and
 * markers (remade under the same names), are re-read.
 */
const cacheControl = (path: string) =>
  path.endsWith('.m3u8') || path.includes('/trickplay.') || path.endsWith('/markers.json')
    ? 'public, max-age=300'
    : 'public, max-age=31536000, immutable';

/**
 * HLS types (RFC 8216 §4). Segments are ISO BMFF: `video/mp4` or `audio/mp4` by what they carry
 * rather than send's `video/iso.segment` for .m4s, the type players and browsers know best.
 */
function contentType(path: string) {
  if (path.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (path.endsWith('.vtt')) return 'text/vtt; charset=utf-8';
  if (path.endsWith('.jpg')) return 'image/jpeg';
  if (path.endsWith('.json')) return 'application/json; charset=utf-8';
  return /\/audio-[^/]+$/.test(path) ? 'audio/mp4' : 'video/mp4';
}

/**
 * The programmes under /media/programmes/{mood}/{file}: HLS playlists, fMP4 segments
 * and WebVTT subtitles, with range requests and caching (media-files.ts). Register with the
 * prefix shared/media/programmes.ts names.
 */
const programmeRoutes: FastifyPluginAsync = async (app) => {
  await app.register(mediaFiles, {
    root: PROGRAMMES_DIR,
    allowedPath: PROGRAMME_FILE,
    cacheControl,
    contentType,
    noun: 'programme file',
  });
};

export default programmeRoutes;
