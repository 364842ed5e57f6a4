import { stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { Type } from 'typebox';

import { type ArtFileKind, RENDERED_WIDTHS, renderedWidth, sizeName } from '../../../shared/media/image-sizes.ts';
import type { FindTitle } from '../../catalogue/catalogue-title.ts';
import { ErrorBody, sendProblem } from '../../http/problems.ts';
import { localArtPath } from '../../library/library-title-shapes.ts';
import { artPath, parseArtPath, parseStillPath, stillPath } from './art-path.ts';
import { ImageDiskCache } from './disk-cache.ts';
import { DEFAULT_IMAGE_CACHE_BYTES, DEFAULT_RENDERS_PER_CLIENT, DEFAULT_RENDERS_QUEUED } from './image-limits.ts';
import { QueueFull, RenderQueue, type RenderQueueOptions } from './render-queue.ts';
import { createRenderer } from './renderer.ts';

const Params = Type.Object({
  // Checked against the kind's allowlist in the handler (a size is per kind of picture).
  size: Type.String({ maxLength: 16 }),
  file: Type.String({
    maxLength: 64,
    pattern:
      '^(((movie|tv)-[1-9][0-9]{0,14}-(poster|backdrop)|tv-[1-9][0-9]{0,14}-s[1-9][0-9]{0,3}e[1-9][0-9]{0,3}-still)-[0-9a-f]{8}\\.webp|library-[1-9][0-9]{0,11}-(poster|backdrop|still)-[0-9a-f]{8}\\.(jpg|jpeg|png|webp))$',
  }),
});

/** A library item's own art (server/library/library-titles.ts, localArtPath). */
const LIBRARY_ART = /^library-([1-9][0-9]{0,11})-(poster|backdrop|still)-([0-9a-f]{8})\.(?:jpg|jpeg|png|webp)$/;

// The URL names the art's facts and design (the hash), so its bytes never change: cache forever.
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ImageRoutesOptions {
  /** Rendered images are kept here as `{size}/{file}`, so each is drawn once. */
  cacheDir: string;
  /** At most this many bytes of rendered images are kept (DEFAULT_IMAGE_CACHE_BYTES); the least recently used go first. */
  cacheBytes?: number;
  findTitle: FindTitle;
  /** Whether a series has this episode (stills are drawn only for episodes that exist). */
  hasEpisode?: (seriesId: number, seasonNumber: number, episodeNumber: number) => boolean;
  /**
   * The operator's own art (a library item's poster.jpg, fanart.jpg, episode thumbnail): the file
   * behind a library art path (server/library/library-titles.ts, localArtPath), and whether it is
   * shared (a title viewers are shown) or the studio's (sent privately, to an operator), or null
   * when there is none or this request may not see it.
   */
  libraryArt?: (itemKey: number, kind: ArtFileKind, request: FastifyRequest) => LibraryArtFile | null;
  /** The render queue's bounds (render-queue.ts); by default one render per core, DEFAULT_RENDERS_PER_CLIENT, DEFAULT_RENDERS_QUEUED. */
  renders?: Partial<RenderQueueOptions>;
}

export interface LibraryArtFile {
  source: string;
  audience: 'viewers' | 'operators';
}

const notFound = (reply: FastifyReply, message: string) =>
  sendProblem(reply, { status: 404, code: 'not-found', message });

const KIND_NAMES: Record<ArtFileKind, string> = { poster: 'a poster', backdrop: 'a backdrop', still: 'a still' };

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Generated key art in TMDB's image layout: GET /{size}/{file}, where file is a title's
 * poster_path, backdrop_path or still_path, at the sizes the app asks for and no other. Registered
 * under the image base path (e.g. /images/t/p). Each size is drawn once, through the render queue,
 * and kept on disk under a size cap.
 */
const imageRoutes: FastifyPluginAsyncTypebox<ImageRoutesOptions> = async (
  app,
  {
    cacheDir,
    cacheBytes = DEFAULT_IMAGE_CACHE_BYTES,
    findTitle,
    hasEpisode = () => false,
    libraryArt = () => null,
    renders = {},
  },
) => {
  const disk = new ImageDiskCache(cacheDir, cacheBytes, (error, path) =>
    app.log.warn({ err: error, path }, 'could not keep a rendered image'),
  );
  await disk.load();
  // Drawn in a render process of lower priority and its own memory (renderer.ts).
  const { render: renderArt, close: closeRenderer } = createRenderer();
  app.addHook('onClose', async () => closeRenderer());
  const queue = new RenderQueue({
    concurrency: renders.concurrency ?? availableParallelism(),
    perClient: renders.perClient ?? DEFAULT_RENDERS_PER_CLIENT,
    maxQueued: renders.maxQueued ?? DEFAULT_RENDERS_QUEUED,
  });
  // Concurrent requests for one image share one render instead of racing to draw it. Not a
  // cache: an entry lives only while its render runs, and the queue bounds how many do.
  const inFlight = new Map<string, Promise<Buffer>>();

  async function cachedRender(key: string, client: string, render: () => Promise<Buffer>): Promise<Buffer> {
    const kept = await disk.read(key);
    if (kept) return kept;
    let pending = inFlight.get(key);
    if (!pending) {
      pending = queue
        .schedule(client, render)
        .then(async (image) => {
          await disk.store(key, image);
          return image;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  }

  /** The image, or a 429/503 with Retry-After when its render may not wait in the queue. */
  async function sendRendered(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    render: () => Promise<Buffer>,
  ) {
    let image: Buffer;
    try {
      image = await cachedRender(key, request.ip, render);
    } catch (error) {
      if (!(error instanceof QueueFull)) throw error;
      reply.header('retry-after', String(error.retryAfter)).header('cache-control', 'no-store');
      return error.reason === 'client'
        ? sendProblem(reply, {
            status: 429,
            code: 'too-many-renders',
            message: `Too many images are being drawn for you at once; try again in ${error.retryAfter} s.`,
          })
        : sendProblem(reply, {
            status: 503,
            code: 'busy',
            message: `The image host is busy drawing images; try again in ${error.retryAfter} s.`,
          });
    }
    return reply.code(200).type('image/webp').send(image);
  }

  /** An episode's still: a text-free backdrop variant in the series' look. */
  async function sendStill(
    request: FastifyRequest,
    reply: FastifyReply,
    still: NonNullable<ReturnType<typeof parseStillPath>>,
    size: string,
    width: number,
  ) {
    const title = findTitle('tv', still.id);
    if (!title || !hasEpisode(still.id, still.seasonNumber, still.episodeNumber)) {
      return notFound(
        reply,
        `Series ${still.id} has no episode ${still.episodeNumber} in season ${still.seasonNumber}.`,
      );
    }
    const file = stillPath(title, still.seasonNumber, still.episodeNumber);
    if (file !== `/tv-${still.id}-s${still.seasonNumber}e${still.episodeNumber}-still-${still.hash}.webp`) {
      return notFound(reply, "This still is out of date; ask the catalogue for the episode's current still_path.");
    }
    const etag = `W/"${still.hash}-${size}"`;
    reply.header('cache-control', IMMUTABLE).header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
    return sendRendered(request, reply, `${size}${file}`, () =>
      renderArt('backdrop', title, width, { seed: `still-${file}` }),
    );
  }

  /**
   * A library item's own picture at one of its kind's sizes, as WebP. Its name pins the file's
   * path, not its bytes (an owner may replace poster.jpg): the file's size and time make its
   * cache key and ETag, and clients revalidate it after an hour.
   */
  async function sendLibraryArt(request: FastifyRequest, reply: FastifyReply, file: string, size: string) {
    const match = LIBRARY_ART.exec(file)!;
    const [, key, kind, hash] = match as unknown as [string, string, ArtFileKind, string];
    const width = renderedWidth(kind, size);
    if (width === null) {
      return notFound(
        reply,
        `Unknown image size "${size}" for ${KIND_NAMES[kind]}; use one of ${RENDERED_WIDTHS[kind].map(sizeName).join(', ')}.`,
      );
    }
    const art = libraryArt(Number(key), kind, request);
    const source = art?.source;
    if (!source || `/${file}` !== localArtPath(Number(key), kind, source)) {
      return notFound(reply, `No library picture is named "${file}"; ask the catalogue for the title's current art.`);
    }
    let stats;
    try {
      stats = await stat(source);
    } catch {
      return notFound(reply, `The library picture "${file}" is gone from its folder.`);
    }
    const version = `${stats.size.toString(36)}-${Math.trunc(stats.mtimeMs).toString(36)}`;
    const etag = `W/"${hash}-${version}-${size}"`;
    // The studio's pictures never go into a shared cache, which would hand them to anyone.
    reply
      .header('cache-control', art.audience === 'viewers' ? 'public, max-age=3600' : 'private, max-age=3600')
      .header('etag', etag);
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
    return sendRendered(request, reply, `${size}/library-${key}-${kind}-${hash}-${version}.webp`, () =>
      sharp(source, { limitInputPixels: 100_000_000 })
        .rotate()
        .resize({ width, withoutEnlargement: false })
        .webp()
        .toBuffer(),
    );
  }

  app.get(
    '/:size/:file',
    {
      // A bad size or name is a missing image (404), not a bad request: the URL names a file.
      attachValidation: true,
      schema: {
        params: Params,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'WebP image' }),
          304: Type.Null(),
          404: ErrorBody,
          429: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const { size, file } = request.params as { size: string; file: string };
      if (!request.validationError && LIBRARY_ART.test(file)) return sendLibraryArt(request, reply, file, size);
      const still = request.validationError ? null : parseStillPath(file);
      const art = still || request.validationError ? null : parseArtPath(file);
      if (!still && !art) {
        return notFound(reply, `No image is named "${file}"; names look like "movie-603-poster-1a2b3c4d.webp".`);
      }
      // Only the sizes the app asks for are drawn (shared/media/image-sizes.ts).
      const kind: ArtFileKind = still ? 'still' : art!.kind;
      const width = renderedWidth(kind, size);
      if (width === null) {
        return notFound(
          reply,
          `Unknown image size "${size}" for ${KIND_NAMES[kind]}; use one of ${RENDERED_WIDTHS[kind].map(sizeName).join(', ')}.`,
        );
      }
      if (still) return sendStill(request, reply, still, size, width);

      const { mediaType, id, kind: artKind, hash } = art!;
      const title = findTitle(mediaType, id);
      if (!title) return notFound(reply, `No ${mediaType === 'tv' ? 'series' : 'movie'} has the id ${id}.`);
      if (artPath(artKind, title) !== `/${file}`) {
        return notFound(
          reply,
          `This ${artKind} is out of date; ask the catalogue for the title's current ${artKind}_path.`,
        );
      }

      // The name pins the art's facts and design, so name + size identify the picture; a weak
      // tag because another libvips could encode the same picture into different bytes.
      const etag = `W/"${hash}-${size}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return sendRendered(request, reply, `${size}/${file}`, () => renderArt(artKind, title, width));
    },
  );
};

export default imageRoutes;
