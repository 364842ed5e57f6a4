import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import type { FindTitle } from '../../catalogue/catalogue-title.ts';
import { loadPageAssets, pageAssetRoute } from '../../http/page-assets.ts';
import { useSecurityPolicy } from '../../http/security-headers.ts';
import { type EmbedAssets, parseEmbedOptions, renderEmbedPage, renderUnavailablePage } from './embed-page.ts';
import { clipFor, parseTrailerKey } from './trailers.ts';

export const CLIPS_DIR = fileURLToPath(new URL('./clips/', import.meta.url));
const ASSETS_DIR = fileURLToPath(new URL('./embed/', import.meta.url));
const VIDEOS_PREFIX = '/media/videos';
const HTML = 'text/html; charset=utf-8';

export interface VideoRoutesOptions {
  findTitle: FindTitle;
  /** The wordmark on the player's corner badge. */
  brand?: string;
}

// RFC 9110 §14.1.2: one `first-last`, `first-` or `-suffix` range of the "bytes" unit (whose name
// is case-insensitive). @fastify/send's own parser is lenient ("bytes=0-9junk" is read as 0-9),
// refuses a suffix longer than the file with 416 where the RFC serves the whole file, and answers
// 416 for a syntactically invalid range such as "bytes=9-0" where the RFC lets a server ignore it.
const SINGLE_RANGE = /^bytes=(?:(\d+)-(\d*)|-(\d+))$/i;

/**
 * Rewrites the request's Range header into one @fastify/send handles as RFC 9110 says: a header
 * that is not one well-formed byte range (bad syntax, last < first, several ranges — we do not
 * send multipart bodies) is dropped, so the whole file is sent with 200; a suffix longer than the
 * file becomes `bytes=0-`. Ranges that start past the end stay, and send answers them with 416.
 */
async function normaliseRange(request: FastifyRequest) {
  const header = request.headers.range;
  const file = request.routeOptions.url;
  if (header === undefined || file === undefined || request.is404) return;
  const match = SINGLE_RANGE.exec(header.trim());
  if (!match || (match[2] && Number(match[2]) < Number(match[1]))) {
    delete request.raw.headers.range;
    return;
  }
  let range = match[3] === undefined ? `bytes=${match[1]}-${match[2]}` : `bytes=-${match[3]}`;
  if (match[3] !== undefined && Number(match[3]) > 0) {
    // A file that has gone since start is left to send, which answers 404.
    const size = await stat(join(CLIPS_DIR, basename(file))).then(
      (s) => s.size,
      () => Infinity,
    );
    if (Number(match[3]) >= size) range = 'bytes=0-';
  }
  request.raw.headers.range = range;
}

/**
 * The clip files under /media/videos, with range requests (video players seek with them), ETags
 * and a year of caching. Only files present at start are routed, so any other path, traversal
 * attempts included, never reaches the file system and gets a JSON 404.
 */
const clipFiles: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', normaliseRange);
  await app.register(fastifyStatic, {
    root: CLIPS_DIR,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    index: false,
    allowedPath: (path) => /^\/[a-z0-9-]+\.(mp4|jpg)$/.test(path),
    maxAge: 31_536_000_000,
    immutable: true,
  });
  // @fastify/static turns send's 416 into an error and drops its Content-Range header, which
  // RFC 9110 §15.5.17 asks for (`bytes */{size}`, so the client learns the length). Other errors
  // are rethrown to the app's error handler.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    const file = request.routeOptions.url;
    if (error.statusCode !== 416 || file === undefined) throw error;
    const size = await stat(join(CLIPS_DIR, basename(file))).then(
      (s) => s.size,
      () => undefined,
    );
    if (size !== undefined) reply.header('content-range', `bytes */${size}`);
    return reply.code(416).send({
      error: { code: 'range-not-satisfiable', message: 'The requested range does not overlap the file.' },
    });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: { code: 'not-found', message: `No video file at ${request.url.split('?')[0]}` },
    }),
  );
};

// Each option is "1" or "0"; repeated parameters arrive as arrays. Anything else is accepted
// here and read as the default (embed-page.ts), so a URL never fails validation.
const Flag = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));
const EmbedQuery = Type.Object(
  { autoplay: Flag, mute: Flag, controls: Flag, showinfo: Flag, modestbranding: Flag, rel: Flag, playsinline: Flag },
  { additionalProperties: true },
);

/** The player page at /embed/{key}, and its two static assets under /embed/assets. */
const embedRoutes: FastifyPluginAsyncTypebox<VideoRoutesOptions> = async (app, { findTitle, brand = 'Marquee' }) => {
  const assets = loadPageAssets(ASSETS_DIR, ['embed.css', 'embed.js'], '/embed/assets');
  const urls: EmbedAssets = { css: assets.get('embed.css')!.url, js: assets.get('embed.js')!.url };
  const unavailable = renderUnavailablePage(urls);

  pageAssetRoute(app, assets, 'player');

  app.get(
    '/:key',
    {
      schema: {
        params: Type.Object({ key: Type.String() }),
        querystring: EmbedQuery,
        response: {
          200: Type.String({ description: 'the player page' }),
          404: Type.String({ description: 'the "unavailable" page' }),
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const ref = parseTrailerKey(request.params.key);
      const title = ref && findTitle(ref.mediaType, ref.id);
      if (!ref || !title) return reply.code(404).type(HTML).send(unavailable);
      const clip = clipFor(title);
      const page = renderEmbedPage({
        title,
        type: ref.type,
        video: `${VIDEOS_PREFIX}/${clip}.mp4`,
        poster: `${VIDEOS_PREFIX}/${clip}.jpg`,
        options: parseEmbedOptions(request.query),
        assets: urls,
        brand,
      });
      return reply.type(HTML).send(page);
    },
  );

  // Any other path under /embed (an empty or over-long key, extra segments) shows the same
  // "unavailable" frame as an unknown key.
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).header('cache-control', 'no-cache').type(HTML).send(unavailable),
  );
};

/**
 * Marquee's stand-in for YouTube: trailer clips with range requests under /media/videos, and the
 * embed player page under /embed. Registered at the root, without a prefix. Both live in their
 * own prefixed contexts so that each has its own not-found answer (JSON for files, the
 * "unavailable" frame for the player). Marquee's own pages frame the player, and only they may:
 * the `embed` policy (security-headers.ts), frame-ancestors 'self' and no X-Frame-Options.
 */
const videoRoutes: FastifyPluginAsyncTypebox<VideoRoutesOptions> = async (app, options) => {
  useSecurityPolicy(app, 'embed');
  await app.register(clipFiles, { prefix: VIDEOS_PREFIX });
  await app.register(embedRoutes, { ...options, prefix: '/embed' });
};

export default videoRoutes;
