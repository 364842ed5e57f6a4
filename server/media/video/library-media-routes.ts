import { existsSync } from 'node:fs';
import { join } from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import type { Marker } from '../../../shared/media/markers.ts';
import { sendProblem } from '../../http/problems.ts';
import { normaliseRange, rangeErrors } from './media-files.ts';

export interface LibraryMediaOptions {
  /** `<dataDir>/library`: ingest publishes each programme in `<key>/`, and makes it in `.partial/<key>/`. */
  libraryDir: string;
  /**
   * Whether this request may have a programme's files: anyone for a title viewers are shown, only
   * an operator for one the studio keeps back (unpublished). Everyone, when not given.
   */
  mayServe?: (key: string, request: FastifyRequest) => boolean;
  /** A programme's skip markers (the studio's, else its chapters'), served as its markers.json. */
  markersOf?: (key: string) => Marker[];
}

/** Not a file ingest writes: the markers are the studio's as much as ingest's, read when asked. */
const MARKERS_FILE = 'markers.json';

/** The library's ingest keys (server/library/library-scanner.ts, ingestKeyOf). */
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

/**
 * Playlists change (a growing EVENT playlist, a programme made again), and so may a segment
 * under the same name when a file is ingested again: every file is revalidated, cheaply, by its ETag.
 */
const CACHE_CONTROL = 'public, no-cache';

function contentType(path: string): string {
  if (path.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (path.endsWith('.vtt')) return 'text/vtt; charset=utf-8';
  if (path.endsWith('.jpg')) return 'image/jpeg';
  return /(?:^|\/)audio-[^/]+$/.test(path) ? 'audio/mp4' : 'video/mp4';
}

const Params = Type.Object({ key: Type.String(), '*': Type.String() });

/**
 * The library's programmes under /media/library/{key}/{file} (shared/media/programmes.ts): HLS
 * playlists, fMP4 segments, WebVTT subtitles and trickplay, with range requests, ETags and each
 * file's type. Only a published programme is served (its folder holds master.m3u8: ingest renames
 * a finished folder into place); one still being made serves only its early master and the
 * renditions it names, once ingest has written it. Any other path, a key that is not a library
 * file's, or a name ingest does not make, is a JSON 404 and never reaches the file system.
 */
const libraryMediaRoutes: FastifyPluginAsyncTypebox<LibraryMediaOptions> = async (
  app,
  { libraryDir, mayServe = () => true, markersOf },
) => {
  /** The folder a request's file is served from, or null. */
  const folderOf = (key: string, file: string): string | null => {
    if (!LIBRARY_KEY.test(key)) return null;
    const published = join(libraryDir, key);
    if (PUBLISHED_FILE.test(file) && existsSync(join(published, 'master.m3u8'))) return published;
    const partial = join(libraryDir, '.partial', key);
    if (PREVIEW_FILE.test(file) && existsSync(join(partial, 'preview.m3u8'))) return partial;
    return null;
  };
  const fileOf = (request: FastifyRequest) => {
    const { key, '*': file } = request.params as { key?: string; '*'?: string };
    const folder = key && file ? folderOf(key, file) : null;
    return folder && file ? join(folder, file) : undefined;
  };

  await app.register(fastifyStatic, {
    root: libraryDir,
    serve: false,
    index: false,
    dotfiles: 'allow',
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', CACHE_CONTROL);
      reply.header('content-type', contentType(path));
    },
  });
  app.setErrorHandler(rangeErrors(fileOf));

  app.get('/:key/*', { schema: { params: Params } }, async (request, reply) => {
    const { key, '*': file } = request.params;
    // Refused exactly as a file that does not exist: a kept-back programme is not seen to be there.
    const served = LIBRARY_KEY.test(key) && mayServe(key, request);
    if (served && markersOf && file === MARKERS_FILE && folderOf(key, 'master.m3u8') !== null) {
      // The operator may change them at any time: revalidated, as the playlists are.
      return reply.header('cache-control', CACHE_CONTROL).send({ markers: markersOf(key) });
    }
    const folder = served ? folderOf(key, file) : null;
    if (!folder) {
      return sendProblem(reply, {
        status: 404,
        code: 'not-found',
        message: `No library programme file at ${request.url.split('?')[0]}`,
      });
    }
    await normaliseRange(request, join(folder, file));
    return reply.sendFile(file, folder);
  });
};

export default libraryMediaRoutes;
