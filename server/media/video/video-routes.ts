import { fileURLToPath } from 'node:url';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { parseTrailerKey } from '../../../shared/media/trailers.ts';
import type { FindTitle } from '../../catalogue/catalogue-title.ts';
import { loadPageAssets, pageAssetRoute } from '../../http/page-assets.ts';
import { usePagePolicy } from '../../http/security-headers.ts';
import { type EmbedAssets, parseEmbedOptions, renderEmbedPage, renderUnavailablePage } from './embed-page.ts';
import mediaFiles from './media-files.ts';
import { clipFor } from './trailers.ts';

export const CLIPS_DIR = fileURLToPath(new URL('./clips/', import.meta.url));
const ASSETS_DIR = fileURLToPath(new URL('./embed/', import.meta.url));
const VIDEOS_PREFIX = '/media/videos';
const HTML = 'text/html; charset=utf-8';

export interface VideoRoutesOptions {
  findTitle: FindTitle;
  /** The wordmark on the player's corner badge. */
  brand?: string;
  /** Whether the request's profile may see a title (server/household/); one it may not is unavailable. */
  sees?: (request: FastifyRequest, mediaType: 'movie' | 'tv', id: number) => boolean;
}

// Each option is "1" or "0"; repeated parameters arrive as arrays. Anything else is accepted
// here and read as the default (embed-page.ts), so a URL never fails validation.
const Flag = Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())]));
const EmbedQuery = Type.Object(
  { autoplay: Flag, mute: Flag, controls: Flag, showinfo: Flag, modestbranding: Flag, rel: Flag, playsinline: Flag },
  { additionalProperties: true },
);

/** The player page at /embed/{key}, and its two static assets under /embed/assets. */
const embedRoutes: FastifyPluginAsyncTypebox<VideoRoutesOptions> = async (
  app,
  { findTitle, brand = 'Marquee', sees },
) => {
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
      const seen = ref && (sees?.(request, ref.mediaType, ref.id) ?? true);
      const title = seen && findTitle(ref.mediaType, ref.id);
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
  await usePagePolicy(app, 'embed');
  await app.register(mediaFiles, {
    prefix: VIDEOS_PREFIX,
    root: CLIPS_DIR,
    allowedPath: /^\/[a-z0-9-]+\.(mp4|jpg)$/,
    cacheControl: () => 'public, max-age=31536000, immutable',
    noun: 'video file',
  });
  await app.register(embedRoutes, { ...options, prefix: '/embed' });
};

export default videoRoutes;
