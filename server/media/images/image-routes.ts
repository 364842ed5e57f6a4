import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';

import type { FindTitle } from '../../catalogue/catalogue-title.ts';
import { ErrorBody, sendProblem } from '../../http/problems.ts';
import { artPath, parseArtPath, parseStillPath, stillPath } from './art-path.ts';
import { renderArt } from './render.ts';

/**
 * TMDB's image sizes and the width each renders at ("original" is the art's full size), plus
 * w1920 and w2560 for the hero and detail art on wide and high-density screens (TMDB itself
 * serves those as "original").
 */
export const IMAGE_SIZES = {
  w92: 92,
  w154: 154,
  w185: 185,
  w300: 300,
  w342: 342,
  w500: 500,
  w780: 780,
  w1280: 1280,
  w1920: 1920,
  w2560: 2560,
  original: 'original',
} as const;
type ImageSize = keyof typeof IMAGE_SIZES;
const SIZE_NAMES = Object.keys(IMAGE_SIZES) as ImageSize[];

const Params = Type.Object({
  size: Type.Union(SIZE_NAMES.map((size) => Type.Literal(size))),
  file: Type.String({
    maxLength: 64,
    pattern:
      '^((movie|tv)-[1-9][0-9]{0,14}-(poster|backdrop)|tv-[1-9][0-9]{0,14}-s[1-9][0-9]{0,3}e[1-9][0-9]{0,3}-still)-[0-9a-f]{8}\\.webp$',
  }),
});

// The URL names the art's facts and design (the hash), so its bytes never change: cache forever.
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ImageRoutesOptions {
  /** Rendered images are kept here as `{size}/{file}`, so each is drawn once. */
  cacheDir: string;
  findTitle: FindTitle;
  /** Whether a series has this episode (stills are drawn only for episodes that exist). */
  hasEpisode?: (seriesId: number, seasonNumber: number, episodeNumber: number) => boolean;
}

const notFound = (reply: FastifyReply, message: string) =>
  sendProblem(reply, { status: 404, code: 'not-found', message });

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` prefixes are ignored. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Generated key art in TMDB's image layout: GET /{size}/{file}, where file is a title's
 * poster_path or backdrop_path. Registered under the image base path (e.g. /images/t/p).
 */
const imageRoutes: FastifyPluginAsyncTypebox<ImageRoutesOptions> = async (
  app,
  { cacheDir, findTitle, hasEpisode = () => false },
) => {
  // Concurrent requests for one image share one render instead of racing to draw it.
  const inFlight = new Map<string, Promise<Buffer>>();

  async function cachedRender(path: string, render: () => Promise<Buffer>): Promise<Buffer> {
    try {
      return await readFile(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    let pending = inFlight.get(path);
    if (!pending) {
      pending = render()
        .then(async (image) => {
          await store(path, image);
          return image;
        })
        .finally(() => inFlight.delete(path));
      inFlight.set(path, pending);
    }
    return pending;
  }

  /** Write-then-rename: a crash mid-write leaves a stray temp file, never half an image. */
  async function store(path: string, image: Buffer) {
    const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await mkdir(dirname(path), { recursive: true });
      await writeFile(temp, image);
      await rename(temp, path);
    } catch (error) {
      // A cache that cannot be written costs a re-render next time, not this response.
      await rm(temp, { force: true });
      app.log.warn({ err: error, path }, 'could not cache a rendered image');
    }
  }

  /** An episode's still: a text-free backdrop variant in the series' look. */
  async function sendStill(
    reply: FastifyReply,
    still: NonNullable<ReturnType<typeof parseStillPath>>,
    size: ImageSize,
    ifNoneMatch: string | undefined,
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
    if (matchesEtag(ifNoneMatch, etag)) return reply.code(304).send(null);
    const image = await cachedRender(join(cacheDir, size, file.slice(1)), () =>
      renderArt('backdrop', title, IMAGE_SIZES[size], { seed: `still-${file}` }),
    );
    return reply.code(200).type('image/webp').send(image);
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
        },
      },
    },
    async (request, reply) => {
      const { size, file } = request.params as { size: string; file: string };
      if (request.validationError && !Object.hasOwn(IMAGE_SIZES, size)) {
        return notFound(reply, `Unknown image size "${size}"; use one of ${SIZE_NAMES.join(', ')}.`);
      }
      const still = request.validationError ? null : parseStillPath(file);
      if (still) return sendStill(reply, still, size as ImageSize, request.headers['if-none-match']);
      const art = request.validationError ? null : parseArtPath(file);
      if (!art)
        return notFound(reply, `No image is named "${file}"; names look like "movie-603-poster-1a2b3c4d.webp".`);
      const title = findTitle(art.mediaType, art.id);
      if (!title) return notFound(reply, `No ${art.mediaType === 'tv' ? 'series' : 'movie'} has the id ${art.id}.`);
      if (artPath(art.kind, title) !== `/${file}`) {
        return notFound(
          reply,
          `This ${art.kind} is out of date; ask the catalogue for the title's current ${art.kind}_path.`,
        );
      }

      // The name pins the art's facts and design, so name + size identify the picture; a weak
      // tag because another libvips could encode the same picture into different bytes.
      const etag = `W/"${art.hash}-${size}"`;
      reply.header('cache-control', IMMUTABLE).header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send(null);

      const width = IMAGE_SIZES[size as ImageSize];
      const image = await cachedRender(join(cacheDir, size, file), () => renderArt(art.kind, title, width));
      return reply.code(200).type('image/webp').send(image);
    },
  );
};

export default imageRoutes;
