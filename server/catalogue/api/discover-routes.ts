import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { TmdbMoviePage, TmdbTvPage } from '../../../shared/catalogue/tmdb.schema.ts';
import type { Sort } from '../catalogue-repository.ts';
import type { MediaType } from '../catalogue-title.ts';
import { earlierOf, laterOf } from './dates.ts';
import type { LibraryTitles } from './library-answers.ts';
import { Common, errors, Year } from './query-schemas.ts';

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

const IdList = Type.String({
  pattern: '^\\d{1,9}([,|]\\d{1,9}){0,19}$',
  description: 'ids joined by , (all of) or | (any of)',
});
const DATE = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Votes = Type.Number({ minimum: 0, maximum: 1e9 });
const Language = Type.String({ pattern: '^[a-z]{2}(\\|[a-z]{2}){0,19}$', description: 'ISO 639-1, | for any of' });
const DiscoverCommon = {
  ...Common,
  with_genres: Type.Optional(IdList),
  without_genres: Type.Optional(IdList),
  // Checked on both, but TMDB defines it for series only: discover/movie ignores it, as TMDB's does.
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

/** "28,12" → all of [28, 12]; "28|12" → any of them (TMDB's discover syntax). */
function parseIdList(raw: string | undefined): { ids: number[]; any: boolean } | undefined {
  if (!raw) return undefined;
  return { ids: raw.split(/[,|]/).map(Number), any: raw.includes('|') };
}

/** discover/movie and discover/tv: the catalogue filtered and sorted as TMDB's discover does. */
const discoverRoutes: FastifyPluginAsyncTypebox<{ library?: LibraryTitles }> = async (app, { library }) => {
  const { listPage } = app.tmdbViews;
  /** The query parameters that leave a discover page the library's titles can join. */
  const PLAIN = new Set([
    'page',
    'sort_by',
    'language',
    'include_adult',
    'include_video',
    'with_genres',
    'without_genres',
  ]);

  /**
   * The library's own titles of a genre (or of any) go first on the first page of a plain
   * discover by popularity (a section's genre grid, the search's genre groups): those filters are
   * the ones a library title's facts can answer.
   */
  function withLibraryTitles<P extends { page: number; results: unknown[]; total_results: number }>(
    page: P,
    mediaType: MediaType,
    query: DiscoverQuery,
  ): P {
    if (!library || page.page !== 1) return page;
    if ((query.sort_by ?? 'popularity.desc') !== 'popularity.desc') return page;
    if (Object.keys(query).some((name) => query[name] !== undefined && !PLAIN.has(name))) return page;
    const genres = parseIdList(query.with_genres as string | undefined);
    const without = parseIdList(query.without_genres as string | undefined);
    const found = library
      .titles()
      .filter((title) => title.mediaType === mediaType)
      .filter((title) => {
        const ids = title.title.genreIds;
        if (without?.ids.some((id) => ids.includes(id))) return false;
        if (!genres) return true;
        return genres.any ? genres.ids.some((id) => ids.includes(id)) : genres.ids.every((id) => ids.includes(id));
      });
    if (found.length === 0) return page;
    const items = found.map(({ item }) => {
      const { media_type: _type, ...unmarked } = item;
      return unmarked;
    });
    return { ...page, results: [...items, ...page.results], total_results: page.total_results + found.length };
  }

  for (const mediaType of ['movie', 'tv'] as const) {
    app.get(
      `/discover/${mediaType}`,
      {
        schema: {
          querystring: DiscoverQuerystring[mediaType],
          response: { 200: mediaType === 'movie' ? TmdbMoviePage : TmdbTvPage, ...errors },
        },
        config: { tmdb: `/3/discover/${mediaType}` },
      },
      (request, reply) =>
        reply.answerPages((request.query.page as number | undefined) ?? 1, (page) => {
          const query: DiscoverQuery = { ...(request.query as DiscoverQuery), page };
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
          const body = listPage({
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
          return withLibraryTitles(body, mediaType, query);
        }),
    );
  }
};

export default discoverRoutes;
