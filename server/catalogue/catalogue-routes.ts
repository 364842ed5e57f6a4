import { createHash } from 'node:crypto';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import type { ListQuery } from './catalogue-repository.ts';
import type { CatalogueTitle, MediaType } from './catalogue-title.ts';
import { type ArtPath, TMDB_ERRORS, toTmdbItem, toTmdbPage } from './tmdb-json.ts';

export interface CatalogueRoutesOptions {
  apiKey: string;
  artPath: ArtPath;
  /** TMDB's /videos results for a title (server/media/video/trailers.ts). */
  videosFor: (title: CatalogueTitle) => unknown[];
}

type TmdbError = (typeof TMDB_ERRORS)[keyof typeof TMDB_ERRORS];
const sendTmdbError = (reply: FastifyReply, { http, ...body }: TmdbError) =>
  reply.code(http).send({ success: false, ...body });

const IdList = Type.String({
  pattern: '^\\d{1,9}([,|]\\d{1,9}){0,19}$',
  description: 'ids joined by , (all of) or | (any of)',
});
const Common = {
  api_key: Type.Optional(Type.String({ maxLength: 200 })),
  language: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 1 })),
};
const ListQuerystring = Type.Object(Common);
const DiscoverQuerystring = Type.Object({
  ...Common,
  with_genres: Type.Optional(IdList),
  with_networks: Type.Optional(IdList),
  sort_by: Type.Optional(Type.Union([Type.Literal('popularity.desc'), Type.Literal('vote_average.desc')])),
});
const SearchQuerystring = Type.Object({
  ...Common,
  query: Type.Optional(Type.String({ maxLength: 500 })),
  include_adult: Type.Optional(Type.Boolean()),
});
const TitleParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

const TmdbErrorBody = Type.Object({
  success: Type.Boolean(),
  status_code: Type.Integer(),
  status_message: Type.String(),
});
const PageBody = Type.Object({
  page: Type.Integer(),
  results: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  total_pages: Type.Integer(),
  total_results: Type.Integer(),
});
const listResponses = { 200: PageBody, '4xx': TmdbErrorBody };

const MOVIE_AND_TV: MediaType[] = ['movie', 'tv'];
const MIN_VOTES_FOR_TOP_RATED = 300;

/** "28,12" → all of [28, 12]; "28|12" → any of them (TMDB's discover syntax). */
function parseIdList(raw: string | undefined): { ids: number[]; any: boolean } | undefined {
  if (!raw) return undefined;
  return { ids: raw.split(/[,|]/).map(Number), any: raw.includes('|') };
}

/**
 * A TMDB v3-compatible catalogue API over the shipped catalogue (SPEC §7's calls and more),
 * registered under /tmdb/3. Every call needs `api_key`. Responses are computed once per
 * address (the catalogue does not change while the server runs) and carry an ETag.
 */
const catalogueRoutes: FastifyPluginAsyncTypebox<CatalogueRoutesOptions> = async (app, options) => {
  const { artPath, videosFor } = options;
  const cache = new Map<string, { json: string; etag: string }>();
  const CACHE_LIMIT = 5000;

  // Checked before anything else, as TMDB does: a bad key gets 401 whatever else is wrong.
  app.addHook('onRequest', async (request, reply) => {
    const { api_key: key } = request.query as { api_key?: unknown };
    if (key !== options.apiKey) return sendTmdbError(reply, TMDB_ERRORS.invalidKey);
  });

  // Ajv's type coercion turns "1e400" or "Infinity" into Infinity, which then passes both
  // "integer" and "maximum" (and would reach SQLite's OFFSET). A page is plain digits, as on TMDB.
  app.addHook('preValidation', async (request, reply) => {
    const { page } = request.query as { page?: unknown };
    if (page !== undefined && !(typeof page === 'string' && /^\d{1,3}$/.test(page))) {
      return sendTmdbError(reply, TMDB_ERRORS.invalidPage);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.validation) {
      if (error.validationContext === 'params') return sendTmdbError(reply, TMDB_ERRORS.notFound);
      const pageProblem = error.validation.some((issue) => issue.instancePath === '/page');
      return sendTmdbError(reply, pageProblem ? TMDB_ERRORS.invalidPage : TMDB_ERRORS.invalidParameters);
    }
    if ((error.statusCode ?? 500) < 500) return sendTmdbError(reply, TMDB_ERRORS.invalidParameters);
    request.log.error({ err: error }, 'catalogue request failed');
    return reply
      .code(500)
      .send({ success: false, status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDB.' });
  });

  app.setNotFoundHandler((_request, reply) => sendTmdbError(reply, TMDB_ERRORS.notFound));

  /**
   * Answers from the cache (or computes and stores), with an ETag and a 304 when it matches.
   * The JSON is kept serialized: a cached answer costs no serialization at all. The key is the
   * path and the validated query (defaults applied, so "?page=1" and "" share an entry).
   */
  function cached(request: FastifyRequest, reply: FastifyReply, compute: () => unknown): void {
    const query = request.query as Record<string, unknown>;
    const parameters = Object.keys(query)
      .filter((name) => name !== 'api_key')
      .sort()
      .map((name) => `${name}=${String(query[name])}`);
    const key = `${request.url.split('?', 1)[0]}?${parameters.join('&')}`;
    let entry = cache.get(key);
    if (!entry) {
      const json = JSON.stringify(compute());
      entry = { json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
      if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      cache.set(key, entry);
    }
    reply.header('etag', entry.etag).header('cache-control', 'public, max-age=3600');
    if (request.headers['if-none-match'] === entry.etag) reply.code(304).send();
    else reply.header('content-type', 'application/json; charset=utf-8').send(entry.json);
  }

  const listPage = (query: ListQuery, withMediaType = false) =>
    toTmdbPage(query.page, app.catalogue.list(query), artPath, withMediaType);

  app.get(
    '/trending/:media_type/:time_window',
    {
      schema: {
        params: Type.Object({
          media_type: Type.Union([Type.Literal('all'), Type.Literal('movie'), Type.Literal('tv')]),
          time_window: Type.Union([Type.Literal('day'), Type.Literal('week')]),
        }),
        querystring: ListQuerystring,
        response: listResponses,
      },
    },
    (request, reply) =>
      cached(request, reply, () =>
        listPage({ mediaType: request.params.media_type, sort: 'trending', page: request.query.page ?? 1 }, true),
      ),
  );

  for (const mediaType of MOVIE_AND_TV) {
    app.get(
      `/discover/${mediaType}`,
      { schema: { querystring: DiscoverQuerystring, response: listResponses } },
      (request, reply) =>
        cached(request, reply, () => {
          const genres = parseIdList(request.query.with_genres);
          const networks = parseIdList(request.query.with_networks);
          const page = request.query.page ?? 1;
          const sort = request.query.sort_by === 'vote_average.desc' ? 'rating' : 'popularity';
          return listPage({
            mediaType,
            sort,
            page,
            genreIds: genres?.ids,
            anyGenre: genres?.any,
            networkIds: networks?.ids,
          });
        }),
    );

    app.get(
      `/${mediaType}/top_rated`,
      { schema: { querystring: ListQuerystring, response: listResponses } },
      (request, reply) =>
        cached(request, reply, () =>
          listPage({ mediaType, sort: 'rating', minVotes: MIN_VOTES_FOR_TOP_RATED, page: request.query.page ?? 1 }),
        ),
    );

    app.get(
      `/${mediaType}/popular`,
      { schema: { querystring: ListQuerystring, response: listResponses } },
      (request, reply) =>
        cached(request, reply, () => listPage({ mediaType, sort: 'popularity', page: request.query.page ?? 1 })),
    );

    app.get(
      `/${mediaType}/:id`,
      {
        schema: {
          params: TitleParams,
          querystring: ListQuerystring,
          response: { 200: Type.Record(Type.String(), Type.Unknown()), '4xx': TmdbErrorBody },
        },
      },
      (request, reply) => {
        const title = app.catalogue.findTitle(mediaType, request.params.id);
        if (title) cached(request, reply, () => toTmdbItem(title, artPath, false));
        else sendTmdbError(reply, TMDB_ERRORS.notFound);
      },
    );

    app.get(
      `/${mediaType}/:id/videos`,
      {
        schema: {
          params: TitleParams,
          querystring: ListQuerystring,
          response: {
            200: Type.Object({ id: Type.Integer(), results: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
            '4xx': TmdbErrorBody,
          },
        },
      },
      (request, reply) => {
        const title = app.catalogue.findTitle(mediaType, request.params.id);
        if (title) cached(request, reply, () => ({ id: title.id, results: videosFor(title) }));
        else sendTmdbError(reply, TMDB_ERRORS.notFound);
      },
    );
  }

  for (const scope of ['movie', 'tv', 'multi'] as const) {
    app.get(
      `/search/${scope}`,
      { schema: { querystring: SearchQuerystring, response: listResponses } },
      (request, reply) =>
        cached(request, reply, () => {
          const page = request.query.page ?? 1;
          const result = app.catalogue.search(request.query.query ?? '', scope === 'multi' ? 'all' : scope, page);
          return toTmdbPage(page, result, artPath, scope === 'multi');
        }),
    );
  }
};

export default catalogueRoutes;
