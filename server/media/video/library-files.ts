// The files of the library's programmes (served only under a playback grant: server/playback/).
/** The library's ingest keys (server/library/ingest-port.ts, ingestKeyOf). */
export const LIBRARY_KEY = /^library-\d{1,12}$/;
/**
 * What ingest publishes (server/ingest): the master, each rendition's media playlist, init and
 * segments (`1080p`, `audio-0`), WebVTT subtitles and their playlists, and the trickplay sheets.
 */
export const PUBLISHED_FILE =
  /^(?:master\.m3u8|(?:\d{2,4}p|audio-\d{1,2})(?:\.m3u8|-init\.mp4|-\d{5}\.m4s)|subtitles-\d{1,2}\.(?:m3u8|vtt)|trickplay\/(?:thumbnails\.vtt|sprite-\d{3}\.jpg))$/;
/**
 * What a programme still being made may serve: its early master and the renditions it names
 * (segments and playlists appear under their names only once written whole: ingest's temp_file).
 */
export const PREVIEW_FILE = /^(?:preview\.m3u8|(?:\d{2,4}p|audio-\d{1,2})(?:\.m3u8|-init\.mp4|-\d{5}\.m4s))$/;
