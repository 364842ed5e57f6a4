import { fileURLToPath } from 'node:url';

import { MOODS } from '../../../shared/media/moods.ts';

export const PROGRAMMES_DIR = fileURLToPath(new URL('./programmes/', import.meta.url));

/**
 * The demo programmes (served only under a playback grant: server/playback/). The names
 * scripts/build-media.mjs gives a programme's files: the master playlist; per rendition (360p,
 * 540p, 720p, audio, and `described`, the audio-described soundtrack) a media playlist, an init
 * segment and numbered .m4s segments; the subtitles' playlist, numbered .vtt segments and the whole-file subtitles.vtt; the seek bar's
 * thumbnails, trickplay.jpg and its index trickplay.vtt (scripts/trickplay.mjs); the skip markers,
 * markers.json (shared/media/markers.ts's shape).
 */
export const PROGRAMME_FILE = new RegExp(
  `^/(?:${MOODS.join('|')})/` +
    '(?:master\\.m3u8|(?:360p|540p|720p|audio|described)(?:\\.m3u8|-init\\.mp4|-\\d{3}\\.m4s)|subtitles(?:\\.m3u8|\\.vtt|-\\d{3}\\.vtt)|trickplay\\.(?:vtt|jpg)|markers\\.json)$',
);
