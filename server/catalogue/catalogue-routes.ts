import type { FastifyPluginAsync } from 'fastify';

import catalogueAnswers from './api/catalogue-answers.ts';
import catalogueAuth, { type CatalogueKeys, isApiKey } from './api/catalogue-auth.ts';
import discoverRoutes from './api/discover-routes.ts';
import type { LibraryTitles } from './api/library-answers.ts';
import listRoutes from './api/list-routes.ts';
import referenceRoutes, { type ReferenceRoutesOptions } from './api/reference-routes.ts';
import searchRoutes from './api/search-routes.ts';
import titleRoutes from './api/title-routes.ts';
import tmdbErrors from './api/tmdb-errors.ts';
import tmdbViews, { type TmdbViewsOptions } from './api/tmdb-views.ts';

export type CatalogueRoutesOptions = CatalogueKeys &
  TmdbViewsOptions &
  ReferenceRoutesOptions & {
    /** The operator's library titles, merged into the answers (and their cache kept in step with it). */
    library?: LibraryTitles;
  };

/**
 * A TMDB v3-compatible catalogue API over the shipped catalogue, registered under /tmdb/3 and
 * faithful to TMDB's OpenAPI document (shared/catalogue/tmdb-openapi.json; tmdb.schema.ts holds
 * its shapes). Every call needs `api_key` or `Authorization: Bearer <read access token>`. Answers
 * are computed once per key and kept, with their ETag, in the catalogue's answer cache
 * (`app.catalogueAnswers`, bounded by bytes: api/answer-cache.ts).
 */
const catalogueRoutes: FastifyPluginAsync<CatalogueRoutesOptions> = async (app, options) => {
  const { apiKey, readToken, artPath, stillPath, videosFor, imageBasePath, imageSizes, library } = options;
  const keys = { apiKey, readToken };
  await app.register(tmdbErrors);
  // Before the key check: an address answered before is its own proof of the key (catalogue-answers.ts).
  await app.register(catalogueAnswers, {
    cache: app.catalogueAnswers,
    isApiKey: (given) => isApiKey(keys, given),
    libraryVersion: library?.version,
    // Absent where the app is built without profiles (a catalogue alone): answers are then whole.
    maturity: app.hasDecorator('maturity') ? app.maturity : undefined,
  });
  await app.register(catalogueAuth, keys);
  await app.register(tmdbViews, { artPath, stillPath, videosFor });

  await app.register(referenceRoutes, { imageBasePath, imageSizes });
  await app.register(listRoutes, { library });
  await app.register(discoverRoutes, { library });
  await app.register(titleRoutes, { library });
  await app.register(searchRoutes, { library });
};

export default catalogueRoutes;
