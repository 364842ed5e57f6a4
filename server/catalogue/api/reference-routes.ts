import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { TmdbConfiguration, TmdbGenreList, TmdbStatus } from '../../../shared/catalogue/tmdb.schema.ts';
import { TMDB_SUCCESS } from '../tmdb-json.ts';
import { errors, LanguageQuerystring } from './query-schemas.ts';

export interface ReferenceRoutesOptions {
  /** Where the image host is mounted on this server (configuration's base_url). */
  imageBasePath: string;
  /** The image sizes the image host serves. */
  imageSizes: readonly string[];
}

/** What a client reads before the catalogue itself: the image host, its key's check, the genres. */
const referenceRoutes: FastifyPluginAsyncTypebox<ReferenceRoutesOptions> = async (app, options) => {
  app.get(
    '/configuration',
    { schema: { response: { 200: TmdbConfiguration, ...errors } }, config: { tmdb: '/3/configuration' } },
    (request, reply) => {
      // Absolute, as TMDB's: the image host is this server, at whatever address it was reached.
      const base = `${request.protocol}://${request.host}${options.imageBasePath}/`;
      const served = (sizes: string[]) => sizes.filter((size) => options.imageSizes.includes(size));
      reply.send({
        images: {
          base_url: base,
          secure_base_url: base,
          backdrop_sizes: served(['w300', 'w780', 'w1280', 'w1920', 'w2560', 'original']),
          logo_sizes: served(['w45', 'w92', 'w154', 'w185', 'w300', 'w500', 'original']),
          poster_sizes: served(['w92', 'w154', 'w185', 'w342', 'w500', 'w780', 'original']),
          profile_sizes: served(['w45', 'w185', 'h632', 'original']),
          still_sizes: served(['w92', 'w185', 'w300', 'original']),
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
        config: { tmdb: `/3/genre/${mediaType}/list` },
      },
      (_request, reply) => reply.answerOnce(() => ({ genres: app.catalogueFacts.genres[mediaType] })),
    );
  }
};

export default referenceRoutes;
