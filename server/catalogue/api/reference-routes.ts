import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { TmdbConfiguration, TmdbGenreList, TmdbStatus } from '../../../shared/catalogue/tmdb.schema.ts';
import type { ArtFileKind } from '../../../shared/media/image-sizes.ts';
import { TMDB_SUCCESS } from '../tmdb-json.ts';
import { errors, LanguageQuerystring } from './query-schemas.ts';

export interface ReferenceRoutesOptions {
  /** Where the image host is mounted on this server (configuration's base_url). */
  imageBasePath: string;
  /** The sizes the image host draws each kind of picture at (shared/media/image-sizes.ts). */
  imageSizes: Readonly<Record<ArtFileKind, readonly string[]>>;
}

/** What a client reads before the catalogue itself: the image host, its key's check, the genres. */
const referenceRoutes: FastifyPluginAsyncTypebox<ReferenceRoutesOptions> = async (app, options) => {
  app.get(
    '/configuration',
    { schema: { response: { 200: TmdbConfiguration, ...errors } }, config: { tmdb: '/3/configuration' } },
    (request, reply) => {
      // Absolute, as TMDB's: the image host is this server, at whatever address it was reached.
      const base = `${request.protocol}://${request.host}${options.imageBasePath}/`;
      const { poster, backdrop, still } = options.imageSizes;
      reply.send({
        images: {
          base_url: base,
          secure_base_url: base,
          // Each kind at exactly the sizes the host draws it: any other answers 404. No title here
          // has a logo or a cast photo (their paths are null), so none is drawn.
          backdrop_sizes: [...backdrop],
          logo_sizes: [],
          poster_sizes: [...poster],
          profile_sizes: [],
          still_sizes: [...still],
        },
        change_keys: [],
      });
    },
  );

  app.get(
    '/authentication',
    { schema: { response: { 200: TmdbStatus, ...errors } }, config: { tmdb: '/3/authentication' } },
    (_request, reply) => {
      reply.send(TMDB_SUCCESS);
    },
  );

  for (const mediaType of ['movie', 'tv'] as const) {
    app.get(
      `/genre/${mediaType}/list`,
      {
        schema: { querystring: LanguageQuerystring, response: { 200: TmdbGenreList, ...errors } },
        config: { tmdb: `/3/genre/${mediaType}/list`, library: 'none' },
      },
      (_request, reply) => reply.answerOnce(() => ({ genres: app.catalogueFacts.genres[mediaType] })),
    );
  }
};

export default referenceRoutes;
