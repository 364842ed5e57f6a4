import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';

import { findTitles } from '../../shared/catalogue/search.ts';
import {
  TmdbCombinedCredits,
  TmdbConfiguration,
  TmdbContentRatings,
  TmdbDatedMoviePage,
  TmdbGenreList,
  TmdbImages,
  TmdbMovieCredits,
  TmdbMovieDetails,
  TmdbMoviePage,
  TmdbMultiPage,
  TmdbPersonPage,
  TmdbReleaseDates,
  TmdbSeasonDetails,
  TmdbStatus,
  TmdbTrendingPage,
  TmdbTvCredits,
  TmdbTvDetails,
  TmdbTvPage,
  TmdbVideos,
} from '../../shared/catalogue/tmdb.schema.ts';
import type { Person } from './catalogue-facts.ts';
import { type ListQuery, PAGE_SIZE, type Sort } from './catalogue-repository.ts';
import type { CatalogueTitle, MediaType } from './catalogue-title.ts';
import {
  type StillPath,
  toCombinedCredits,
  toContentRatings,
  toCredits,
  toImages,
  toMovieDetails,
  toPersonItem,
  toReleaseDates,
  toSeasonDetails,
  toTvDetails,
} from './tmdb-details.ts';
import { type ArtPath, TMDB_ERRORS, TMDB_SUCCESS, toTmdbPage } from './tmdb-json.ts';
import { searchCatalogueOver, WholeSearchPage } from './whole-search.ts';

export interface CatalogueRoutesOptions {
  apiKey: string;
  /** The read access token accepted as `Authorization: Bearer <token>`. */
  readToken: string;
  artPath: ArtPath;
  stillPath: StillPath;
  /** Where the image host is mounted on this server (configuration's base_url). */
  imageBasePath: string;
  /** The image sizes the image host serves. */
  imageSizes: readonly string[];
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
const DATE = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Year = Type.Integer({ minimum: 1, maximum: 9999 });
const Votes = Type.Number({ minimum: 0, maximum: 1e9 });
const Common = {
  api_key: Type.Optional(Type.String({ maxLength: 200 })),
  language: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 1 })),
};
const ListQuerystring = Type.Object({ ...Common, region: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}$' })) });
const MAX_APPENDED = 20;
const DetailsQuerystring = Type.Object({
  ...Common,
  append_to_response: Type.Optional(Type.String({ maxLength: 1000, pattern: '^[A-Za-z0-9_/,]*$' })),
});
const SearchQuerystring = Type.Object({
  ...Common,
  query: Type.Optional(Type.String({ maxLength: 500 })),
  include_adult: Type.Optional(Type.Boolean()),
  year: Type.Optional(Year),
  primary_release_year: Type.Optional(Year),
  first_air_date_year: Type.Optional(Year),
});
const TitleParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
const SeasonParams = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  season_number: Type.Integer({ minimum: 0, maximum: 10_000 }),
});

/** TMDB's 26 documented sort orders (14 for films, 12 for series) and the list order each is. */
const SORT_BY: Record<MediaType, Record<string, Sort>> = {
  movie: {
    'popularity.desc': 'popularity',
    'popularity.asc': 'popularity.asc',
    // Revenue is unknown (0) for every title, so the tie-break, popularity, decides.
    'revenue.desc': 'popularity',
    'revenue.asc': 'popularity',
    'primary_release_date.desc': 'date.desc',
    'primary_release_date.asc': 'date.asc',
    'title.asc': 'name.asc',
    'title.desc': 'name.desc',
    'original_title.asc': 'original_name.asc',
    'original_title.desc': 'original_name.desc',
    'vote_average.desc': 'rating',
    'vote_average.asc': 'rating.asc',
    'vote_count.desc': 'votes.desc',
    'vote_count.asc': 'votes.asc',
  },
  tv: {
    'popularity.desc': 'popularity',
    'popularity.asc': 'popularity.asc',
    'first_air_date.desc': 'date.desc',
    'first_air_date.asc': 'date.asc',
    'name.asc': 'name.asc',
    'name.desc': 'name.desc',
    'original_name.asc': 'original_name.asc',
    'original_name.desc': 'original_name.desc',
    'vote_average.desc': 'rating',
    'vote_average.asc': 'rating.asc',
    'vote_count.desc': 'votes.desc',
    'vote_count.asc': 'votes.asc',
  },
};

const Language = Type.String({ pattern: '^[a-z]{2}(\\|[a-z]{2}){0,19}$', description: 'ISO 639-1, | for any of' });
const DiscoverCommon = {
  ...Common,
  with_genres: Type.Optional(IdList),
  without_genres: Type.Optional(IdList),
  // TMDB's own discover/movie ignores networks; a film has none, so it matches nothing here.
  with_networks: Type.Optional(IdList),
  with_original_language: Type.Optional(Language),
  'vote_average.gte': Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
  'vote_average.lte': Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
  'vote_count.gte': Type.Optional(Votes),
  'vote_count.lte': Type.Optional(Votes),
  include_adult: Type.Optional(Type.Boolean()),
};
const sortBy = (mediaType: MediaType) =>
  Type.Optional(Type.Union(Object.keys(SORT_BY[mediaType]).map((value) => Type.Literal(value))));
const DiscoverQuerystring = {
  movie: Type.Object({
    ...DiscoverCommon,
    sort_by: sortBy('movie'),
    'primary_release_date.gte': Type.Optional(DATE),
    'primary_release_date.lte': Type.Optional(DATE),
    'release_date.gte': Type.Optional(DATE),
    'release_date.lte': Type.Optional(DATE),
    primary_release_year: Type.Optional(Year),
    year: Type.Optional(Year),
    include_video: Type.Optional(Type.Boolean()),
  }),
  tv: Type.Object({
    ...DiscoverCommon,
    sort_by: sortBy('tv'),
    'first_air_date.gte': Type.Optional(DATE),
    'first_air_date.lte': Type.Optional(DATE),
    first_air_date_year: Type.Optional(Year),
    include_null_first_air_dates: Type.Optional(Type.Boolean()),
  }),
};
type DiscoverQuery = Record<string, string | number | boolean | undefined>;

const notFound = { 404: TmdbStatus };
const errors = { '4xx': TmdbStatus };
const MIN_VOTES_FOR_TOP_RATED = 300;
/** Art paths remembered at most (two per title: a few MB at 100k titles). */
const ART_PATHS_KEPT = 50_000;
/** TMDB's theatrical window for now_playing. */
const NOW_PLAYING_DAYS = 42;
const TITLE_PATH = { movie: 'movie', tv: 'tv' } as const;

/** "28,12" → all of [28, 12]; "28|12" → any of them (TMDB's discover syntax). */
function parseIdList(raw: string | undefined): { ids: number[]; any: boolean } | undefined {
  if (!raw) return undefined;
  return { ids: raw.split(/[,|]/).map(Number), any: raw.includes('|') };
}

const laterOf = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined || a > b ? a : b;
const earlierOf = (a: string | undefined, b: string | undefined) =>
  a === undefined ? b : b === undefined || a < b ? a : b;
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Constant-time comparison, so a guessed key cannot be found by timing. */
function same(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A TMDB v3-compatible catalogue API over the shipped catalogue, registered under /tmdb/3 and
 * faithful to TMDB's OpenAPI document (shared/catalogue/tmdb.schema.ts holds its shapes). Every
 * call needs `api_key` or `Authorization: Bearer <read access token>`. Responses are computed
 * once per address (the catalogue does not change while the server runs) and carry an ETag.
 */
const catalogueRoutes: FastifyPluginAsyncTypebox<CatalogueRoutesOptions> = async (app, options) => {
  const { stillPath, videosFor } = options;
  // A title's art path hashes the facts its art is drawn from (SHA-256): remembered per title, as
  // answers are, since every list and search page names twenty titles' art twice.
  const artPaths = new Map<string, string>();
  const artPath: ArtPath = (kind, title) => {
    const key = `${kind}:${title.mediaType}:${title.id}`;
    let path = artPaths.get(key);
    if (path === undefined) {
      path = options.artPath(kind, title);
      if (artPaths.size >= ART_PATHS_KEPT) artPaths.delete(artPaths.keys().next().value!);
      artPaths.set(key, path);
    }
    return path;
  };
  const facts = app.catalogueFacts;
  const findTitle = app.catalogue.findTitle;
  type Entry = { body: Buffer; etag: string };
  const cache = new Map<string, Entry>();
  const CACHE_LIMIT = 5000;
  /**
   * Answers by the exact address asked for (path and query string as sent, api_key included),
   * once that address has been answered from `cache`: the same address always gets the same
   * answer, so a repeat is served like a static file, before its key check, validation and
   * handler run again. Only addresses whose own api_key is valid are kept (not those let in by
   * a Bearer token), so the address itself proves the key.
   */
  const byAddress = new Map<string, Entry>();

  const sendEntry = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    reply.header('etag', entry.etag).header('cache-control', 'public, max-age=3600');
    if (request.headers['if-none-match'] === entry.etag) reply.code(304).send();
    else reply.header('content-type', 'application/json; charset=utf-8').send(entry.body);
  };

  // Checked before anything else, as TMDB does: a bad key gets 401 whatever else is wrong.
  app.addHook('onRequest', (request, reply, done) => {
    const known = request.method === 'GET' ? byAddress.get(request.url) : undefined;
    if (known) return sendEntry(request, reply, known);
    const { api_key: key } = request.query as { api_key?: unknown };
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!same(key, options.apiKey) && !same(bearer, options.readToken)) {
      return sendTmdbError(reply, TMDB_ERRORS.invalidKey);
    }
    done();
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
      const at = (test: (name: string) => boolean) =>
        error.validation!.some((issue) => test(issue.instancePath.slice(1)));
      if (at((name) => name === 'page')) return sendTmdbError(reply, TMDB_ERRORS.invalidPage);
      if (at((name) => /date\.(gte|lte)$/.test(name))) return sendTmdbError(reply, TMDB_ERRORS.invalidDate);
      return sendTmdbError(reply, TMDB_ERRORS.invalidParameters);
    }
    if ((error.statusCode ?? 500) < 500) return sendTmdbError(reply, TMDB_ERRORS.invalidParameters);
    request.log.error({ err: error }, 'catalogue request failed');
    return reply
      .code(500)
      .send({ success: false, status_code: 11, status_message: 'Internal error: Something went wrong, contact TMDB.' });
  });

  app.setNotFoundHandler((_request, reply) => sendTmdbError(reply, TMDB_ERRORS.notFound));

  /** The cache's key: the path and the validated query (defaults applied, so "?page=1" and "" share an entry). */
  const cacheKey = (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    const parameters = Object.keys(query)
      .filter((name) => name !== 'api_key')
      .sort()
      .map((name) => `${name}=${String(query[name])}`);
    return `${request.url.split('?', 1)[0]}?${parameters.join('&')}`;
  };
  /** Keeps an answer serialized, with its ETag. */
  const store = (key: string, body: unknown): Entry => {
    const json = Buffer.from(JSON.stringify(body));
    const entry = { body: json, etag: `"${createHash('sha1').update(json).digest('base64url')}"` };
    if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
    cache.set(key, entry);
    return entry;
  };
  /** Sends a kept answer, and answers its address from it from now on when its api_key proves it. */
  const answer = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    if (request.method === 'GET' && same((request.query as { api_key?: unknown }).api_key, options.apiKey)) {
      if (byAddress.size >= CACHE_LIMIT) byAddress.delete(byAddress.keys().next().value!);
      byAddress.set(request.url, entry);
    }
    sendEntry(request, reply, entry);
  };

  /**
   * Answers from the cache (or computes and stores), with an ETag and a 304 when it matches.
   * The JSON is kept serialized: a cached answer costs no serialization at all.
   * `compute` may answer null: the resource does not exist (404, not cached).
   */
  function cached(request: FastifyRequest, reply: FastifyReply, compute: () => unknown): void {
    const key = cacheKey(request);
    let entry = cache.get(key);
    if (!entry) {
      const body = compute();
      if (body === null) {
        sendTmdbError(reply, TMDB_ERRORS.notFound);
        return;
      }
      entry = store(key, body);
    }
    answer(request, reply, entry);
  }

  /** A title's sub-resource: 404 (TMDB status 34) when the title does not exist. */
  const ofTitle =
    <T>(mediaType: MediaType, compute: (title: CatalogueTitle, request: FastifyRequest) => T | null) =>
    (request: FastifyRequest, reply: FastifyReply) => {
      const { id } = request.params as { id: number };
      cached(request, reply, () => {
        const title = findTitle(mediaType, id);
        return title ? compute(title, request) : null;
      });
    };

  const listPage = (query: ListQuery, withMediaType = false) =>
    toTmdbPage(query.page, app.catalogue.list(query), artPath, withMediaType);
  // As on TMDB, recommendations say their media type and similar titles do not.
  const alikePage = (title: CatalogueTitle, likeness: 'similar' | 'recommended', page: number) =>
    toTmdbPage(page, app.catalogue.alike(title, likeness, page), artPath, likeness === 'recommended');
  // A person's search entry (with the titles they are known for) is the same in every search that
  // finds them: built once, as answers are (at most twice the people credited).
  const personItems = new Map<string, ReturnType<typeof toPersonItem>>();
  const personItem = (person: Person, withMediaType: boolean) => {
    const key = `${person.id}:${withMediaType}`;
    let item = personItems.get(key);
    if (!item) personItems.set(key, (item = toPersonItem(person, findTitle, artPath, withMediaType)));
    return item;
  };
  const pageOf = (request: FastifyRequest) => (request.query as { page?: number }).page ?? 1;

  /**
   * The dated lists (now_playing, upcoming, on_the_air, airing_today). The shipped catalogue is a
   * snapshot, so "today" for these lists is the day before its newest releases (or the real today,
   * if earlier): those newest releases are upcoming, the ones before them now playing (TMDB's
   * six-week window, widened to fill a page). Neither list is ever empty.
   */
  const windows = new Map<MediaType, ReturnType<typeof computeDateWindows>>();
  const dateWindows = (mediaType: MediaType) => {
    // Once per media type: the catalogue does not change while the server runs.
    let found = windows.get(mediaType);
    if (!found) windows.set(mediaType, (found = computeDateWindows(mediaType)));
    return found;
  };
  function computeDateWindows(mediaType: MediaType) {
    const newest = app.catalogue.newestDates(mediaType, 2 * PAGE_SIZE);
    const today = new Date().toISOString().slice(0, 10);
    if (!newest.length) return { current: { from: today, to: today }, upcoming: { from: today, to: today } };
    const newestPage = newest[Math.min(PAGE_SIZE, newest.length) - 1];
    const present = earlierOf(today, addDays(newestPage, -1))!;
    const oldestCurrent = newest.at(-1)!;
    return {
      current: { from: earlierOf(addDays(present, -NOW_PLAYING_DAYS), oldestCurrent)!, to: present },
      upcoming: { from: addDays(present, 1), to: laterOf(newest[0], addDays(present, 1))! },
    };
  }
  const datedPage = (mediaType: MediaType, window: { from: string; to: string }, page: number) =>
    listPage({ mediaType, sort: 'popularity', page, dateFrom: window.from, dateTo: window.to });

  app.get(
    '/trending/:media_type/:time_window',
    {
      schema: {
        params: Type.Object({
          media_type: Type.Union([Type.Literal('all'), Type.Literal('movie'), Type.Literal('tv')]),
          time_window: Type.Union([Type.Literal('day'), Type.Literal('week')]),
        }),
        querystring: ListQuerystring,
        response: { 200: TmdbTrendingPage, ...errors },
      },
    },
    (request, reply) =>
      cached(request, reply, () =>
        listPage({ mediaType: request.params.media_type, sort: 'trending', page: request.query.page ?? 1 }, true),
      ),
  );

  app.get('/configuration', { schema: { response: { 200: TmdbConfiguration, ...errors } } }, (request, reply) => {
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
  });

  app.get('/authentication', { schema: { response: { 200: TmdbStatus, ...errors } } }, (_request, reply) => {
    reply.send(TMDB_SUCCESS);
  });

  for (const mediaType of ['movie', 'tv'] as const) {
    const path = TITLE_PATH[mediaType];
    const Page = mediaType === 'movie' ? TmdbMoviePage : TmdbTvPage;
    const listResponses = { 200: Page, ...errors };

    app.get(
      `/discover/${mediaType}`,
      { schema: { querystring: DiscoverQuerystring[mediaType], response: listResponses } },
      (request, reply) =>
        cached(request, reply, () => {
          const query = request.query as DiscoverQuery;
          const genres = parseIdList(query.with_genres as string | undefined);
          const without = parseIdList(query.without_genres as string | undefined);
          const networks = parseIdList(query.with_networks as string | undefined);
          const date = (name: string) => query[name] as string | undefined;
          const number = (name: string) => query[name] as number | undefined;
          const dateFrom =
            mediaType === 'movie'
              ? laterOf(date('primary_release_date.gte'), date('release_date.gte'))
              : date('first_air_date.gte');
          const dateTo =
            mediaType === 'movie'
              ? earlierOf(date('primary_release_date.lte'), date('release_date.lte'))
              : date('first_air_date.lte');
          const year =
            mediaType === 'movie' ? (number('primary_release_year') ?? number('year')) : number('first_air_date_year');
          return listPage({
            mediaType,
            sort: SORT_BY[mediaType][(query.sort_by as string | undefined) ?? 'popularity.desc'],
            page: number('page') ?? 1,
            genreIds: genres?.ids,
            anyGenre: genres?.any,
            withoutGenreIds: without?.ids,
            networkIds: networks?.ids,
            dateFrom,
            dateTo,
            year,
            voteAverageFrom: number('vote_average.gte'),
            voteAverageTo: number('vote_average.lte'),
            voteCountFrom: number('vote_count.gte'),
            voteCountTo: number('vote_count.lte'),
            originalLanguages: (query.with_original_language as string | undefined)?.split('|'),
          });
        }),
    );

    app.get(
      `/${path}/top_rated`,
      { schema: { querystring: ListQuerystring, response: listResponses } },
      (request, reply) =>
        cached(request, reply, () =>
          listPage({ mediaType, sort: 'rating', minVotes: MIN_VOTES_FOR_TOP_RATED, page: request.query.page ?? 1 }),
        ),
    );

    app.get(
      `/${path}/popular`,
      { schema: { querystring: ListQuerystring, response: listResponses } },
      (request, reply) =>
        cached(request, reply, () => listPage({ mediaType, sort: 'popularity', page: request.query.page ?? 1 })),
    );

    app.get(
      `/genre/${mediaType}/list`,
      {
        schema: {
          querystring: Type.Object({ api_key: Common.api_key, language: Common.language }),
          response: { 200: TmdbGenreList, ...errors },
        },
      },
      (request, reply) => cached(request, reply, () => ({ genres: facts.genres[mediaType] })),
    );

    const details = (title: CatalogueTitle) =>
      mediaType === 'movie' ? toMovieDetails(title, facts, artPath) : toTvDetails(title, facts, artPath, stillPath);
    const credits = (title: CatalogueTitle) => toCredits(title, facts.factsFor(mediaType, title.id));
    const certifications = (title: CatalogueTitle) =>
      mediaType === 'movie'
        ? toReleaseDates(title, facts.factsFor(mediaType, title.id))
        : toContentRatings(title, facts.factsFor(mediaType, title.id));
    /** What append_to_response can add, each as TMDB nests it (the sub-resource without its id). */
    const APPENDABLE: Record<string, (title: CatalogueTitle) => unknown> = {
      videos: (title) => ({ results: videosFor(title) }),
      credits: (title) => {
        const { cast, crew } = credits(title);
        return { cast, crew };
      },
      images: (title) => {
        const { backdrops, logos, posters } = toImages(title, artPath);
        return { backdrops, logos, posters };
      },
      similar: (title) => alikePage(title, 'similar', 1),
      recommendations: (title) => alikePage(title, 'recommended', 1),
      [mediaType === 'movie' ? 'release_dates' : 'content_ratings']: (title) => ({
        results: certifications(title).results,
      }),
    };

    app.get(
      `/${path}/:id`,
      {
        schema: {
          params: TitleParams,
          querystring: DetailsQuerystring,
          response: { 200: mediaType === 'movie' ? TmdbMovieDetails : TmdbTvDetails, ...errors },
        },
      },
      (request, reply) => {
        const appended = (request.query.append_to_response ?? '').split(',').filter(Boolean);
        // TMDB refuses more than 20 appended calls, and ignores names it does not know.
        if (appended.length > MAX_APPENDED) {
          sendTmdbError(reply, TMDB_ERRORS.tooManyAppended);
          return;
        }
        ofTitle(mediaType, (title) => {
          const body: Record<string, unknown> = details(title);
          for (const name of appended) if (Object.hasOwn(APPENDABLE, name)) body[name] = APPENDABLE[name](title);
          return body;
        })(request, reply);
      },
    );

    const subResource = (name: string, response: TSchema, compute: (title: CatalogueTitle, page: number) => unknown) =>
      app.get(
        `/${path}/:id/${name}`,
        { schema: { params: TitleParams, querystring: ListQuerystring, response: { 200: response, ...errors } } },
        (request, reply) => ofTitle(mediaType, (title) => compute(title, pageOf(request)))(request, reply),
      );

    subResource('videos', TmdbVideos, (title) => ({ id: title.id, results: videosFor(title) }));
    subResource('credits', mediaType === 'movie' ? TmdbMovieCredits : TmdbTvCredits, credits);
    subResource('images', TmdbImages, (title) => toImages(title, artPath));
    subResource('similar', Page, (title, page) => alikePage(title, 'similar', page));
    subResource('recommendations', Page, (title, page) => alikePage(title, 'recommended', page));
    if (mediaType === 'movie') subResource('release_dates', TmdbReleaseDates, certifications);
    else subResource('content_ratings', TmdbContentRatings, certifications);
  }

  app.get(
    '/tv/:id/season/:season_number',
    {
      schema: {
        params: SeasonParams,
        querystring: DetailsQuerystring,
        response: { 200: TmdbSeasonDetails, ...notFound, ...errors },
      },
    },
    (request, reply) =>
      cached(request, reply, () => {
        const title = findTitle('tv', request.params.id);
        return title && toSeasonDetails(title, facts, request.params.season_number, artPath, stillPath);
      }),
  );

  for (const [path, which] of [
    ['movie/now_playing', 'current'],
    ['movie/upcoming', 'upcoming'],
  ] as const) {
    app.get(
      `/${path}`,
      { schema: { querystring: ListQuerystring, response: { 200: TmdbDatedMoviePage, ...errors } } },
      (request, reply) =>
        cached(request, reply, () => {
          const window = dateWindows('movie')[which];
          return {
            dates: { maximum: window.to, minimum: window.from },
            ...datedPage('movie', window, request.query.page ?? 1),
          };
        }),
    );
  }
  // A series' episode dates are not known, so its first-air date stands in: the newest series
  // air today, the newest two pages are on the air.
  for (const [path, pages] of [
    ['tv/airing_today', 1],
    ['tv/on_the_air', 2],
  ] as const) {
    app.get(
      `/${path}`,
      { schema: { querystring: ListQuerystring, response: { 200: TmdbTvPage, ...errors } } },
      (request, reply) =>
        cached(request, reply, () => {
          const newest = app.catalogue.newestDates('tv', pages * PAGE_SIZE);
          const from = newest.at(-1) ?? '0000-01-01';
          return datedPage('tv', { from, to: '9999-12-31' }, request.query.page ?? 1);
        }),
    );
  }

  const searchResponses = {
    movie: TmdbMoviePage,
    tv: TmdbTvPage,
    multi: TmdbMultiPage,
  };
  /** search/{movie,tv,multi}'s page. */
  const searchPage = (scope: 'movie' | 'tv' | 'multi', query: string, page: number, year?: number) => {
    const result = app.catalogue.search(query, scope === 'multi' ? 'all' : scope, page, year);
    const body = toTmdbPage(page, result, artPath, scope === 'multi');
    if (scope !== 'multi') return body;
    // People follow the titles, on the pages after them.
    const people = facts.searchPeople(query);
    const results: Array<(typeof body.results)[number] | ReturnType<typeof personItem>> = body.results;
    const start = Math.max(0, (page - 1) * PAGE_SIZE - result.total);
    for (const person of people.slice(start, start + PAGE_SIZE - results.length)) {
      results.push(personItem(person, true));
    }
    const total = result.total + people.length;
    return {
      ...body,
      results,
      total_pages: Math.min(500, Math.max(1, Math.ceil(total / PAGE_SIZE))),
      total_results: total,
    };
  };
  for (const scope of ['movie', 'tv', 'multi'] as const) {
    app.get(
      `/search/${scope}`,
      { schema: { querystring: SearchQuerystring, response: { 200: searchResponses[scope], ...errors } } },
      (request, reply) =>
        cached(request, reply, () => {
          const { query = '', year, primary_release_year: releaseYear, first_air_date_year: airYear } = request.query;
          const yearFilter = scope === 'movie' ? (releaseYear ?? year) : scope === 'tv' ? (airYear ?? year) : undefined;
          return searchPage(scope, query, request.query.page ?? 1, yearFilter);
        }),
    );
  }

  /** search/person's page. */
  const peoplePage = (query: string, page: number) => {
    const people = facts.searchPeople(query);
    return {
      page,
      results: people.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map((person) => personItem(person, false)),
      total_pages: Math.min(500, Math.max(1, Math.ceil(people.length / PAGE_SIZE))),
      total_results: people.length,
    };
  };
  app.get(
    '/search/person',
    {
      schema: {
        querystring: Type.Object({
          ...Common,
          query: Type.Optional(Type.String({ maxLength: 500 })),
          include_adult: Type.Optional(Type.Boolean()),
        }),
        response: { 200: TmdbPersonPage, ...errors },
      },
    },
    (request, reply) => cached(request, reply, () => peoplePage(request.query.query ?? '', request.query.page ?? 1)),
  );

  /** person/{id}/combined_credits, or null when there is no such person. */
  const combinedCredits = (personId: number) => {
    const person = facts.person(personId);
    return person ? toCombinedCredits(person, facts, findTitle, artPath) : null;
  };
  app.get(
    '/person/:id/combined_credits',
    {
      schema: {
        params: TitleParams,
        querystring: Type.Object({ api_key: Common.api_key, language: Common.language }),
        response: { 200: TmdbCombinedCredits, ...errors },
      },
    },
    (request, reply) => cached(request, reply, () => combinedCredits(request.params.id)),
  );

  // Not TMDB's: the app's search's whole first page in one request, composed by the app's own
  // rules from the answers of the routes above (docs/decisions.md, "Catalogue speed").
  const wholeSearch = searchCatalogueOver({
    multi: (query, page) => searchPage('multi', query, page),
    people: peoplePage,
    combinedCredits,
    genres: (mediaType) => facts.genres[mediaType],
    discoverGenre: (mediaType, genreId, page) => listPage({ mediaType, sort: 'popularity', page, genreIds: [genreId] }),
  });
  app.get(
    '/search/whole',
    {
      schema: {
        querystring: Type.Object({
          api_key: Common.api_key,
          language: Common.language,
          query: Type.String({ minLength: 1, maxLength: 500 }),
        }),
        response: { 200: WholeSearchPage, ...errors },
      },
    },
    async (request, reply) => {
      const key = cacheKey(request);
      answer(request, reply, cache.get(key) ?? store(key, await findTitles(wholeSearch, request.query.query)));
      return reply;
    },
  );
};

export default catalogueRoutes;
