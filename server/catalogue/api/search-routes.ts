import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { findTitles } from '../../../shared/catalogue/search.ts';
import {
  TmdbCombinedCredits,
  TmdbMoviePage,
  TmdbMultiPage,
  TmdbPersonPage,
  TmdbTvPage,
} from '../../../shared/catalogue/tmdb.schema.ts';
import { PAGE_SIZE } from '../catalogue-repository.ts';
import { toCombinedCredits } from '../tmdb-details.ts';
import { toTmdbPage } from '../tmdb-json.ts';
import { searchCatalogueOver, WholeSearchPage } from '../whole-search.ts';
import type { LibraryTitles } from './library-answers.ts';
import { Common, errors, LanguageQuerystring, TitleParams, Year } from './query-schemas.ts';

const SearchQuerystring = Type.Object({
  ...Common,
  query: Type.Optional(Type.String({ maxLength: 500 })),
  include_adult: Type.Optional(Type.Boolean()),
  year: Type.Optional(Year),
  primary_release_year: Type.Optional(Year),
  first_air_date_year: Type.Optional(Year),
});
const PersonSearchQuerystring = Type.Object({
  ...Common,
  query: Type.Optional(Type.String({ maxLength: 500 })),
  include_adult: Type.Optional(Type.Boolean()),
});
const searchResponses = { movie: TmdbMoviePage, tv: TmdbTvPage, multi: TmdbMultiPage };

/** TMDB's searches, a person's credits, and Marquee's own whole first page of a search. */
const searchRoutes: FastifyPluginAsyncTypebox<{ library?: LibraryTitles }> = async (app, { library }) => {
  const { artPath, listPage, personItem } = app.tmdbViews;
  const facts = app.catalogueFacts;

  /**
   * The library's titles whose names match go first on the first page (a search's best answers
   * are the titles the operator added), beside the catalogue's twenty.
   */
  function withLibraryTitles<P extends { results: unknown[]; total_results: number }>(
    page: P,
    scope: 'movie' | 'tv' | 'multi',
    query: string,
    number: number,
    year?: number,
  ): P {
    if (!library || number !== 1) return page;
    const found = library
      .search(query, scope === 'multi' ? 'all' : scope)
      .filter((title) => year === undefined || title.title.date?.startsWith(String(year)));
    if (found.length === 0) return page;
    const items = found.map(({ item }) => {
      if (scope === 'multi') return item;
      const { media_type: _type, ...unmarked } = item;
      return unmarked;
    });
    return { ...page, results: [...items, ...page.results], total_results: page.total_results + found.length };
  }

  /** search/{movie,tv,multi}'s page. */
  const searchPage = (scope: 'movie' | 'tv' | 'multi', query: string, page: number, year?: number) => {
    const result = app.catalogue.search(query, scope === 'multi' ? 'all' : scope, page, year);
    const catalogueBody = toTmdbPage(page, result, artPath, scope === 'multi');
    const body = withLibraryTitles(catalogueBody, scope, query, page, year);
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
      {
        schema: { querystring: SearchQuerystring, response: { 200: searchResponses[scope], ...errors } },
        config: { tmdb: `/3/search/${scope}` },
      },
      (request, reply) =>
        reply.answerPages(request.query.page ?? 1, (page) => {
          const { query = '', year, primary_release_year: releaseYear, first_air_date_year: airYear } = request.query;
          const yearFilter = scope === 'movie' ? (releaseYear ?? year) : scope === 'tv' ? (airYear ?? year) : undefined;
          return searchPage(scope, query, page, yearFilter);
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
      schema: { querystring: PersonSearchQuerystring, response: { 200: TmdbPersonPage, ...errors } },
      config: { tmdb: '/3/search/person' },
    },
    (request, reply) => reply.answerOnce(() => peoplePage(request.query.query ?? '', request.query.page ?? 1)),
  );

  /** person/{id}/combined_credits, or null when there is no such person. */
  const combinedCredits = (personId: number) => {
    const person = facts.person(personId);
    return person ? toCombinedCredits(person, facts, app.catalogue.findTitle, artPath) : null;
  };
  app.get(
    '/person/:id/combined_credits',
    {
      schema: {
        params: TitleParams,
        querystring: LanguageQuerystring,
        response: { 200: TmdbCombinedCredits, ...errors },
      },
      config: { tmdb: '/3/person/{person_id}/combined_credits' },
    },
    (request, reply) => reply.answerOnce(() => combinedCredits(request.params.id)),
  );

  // Not TMDB's: the app's search's whole first page in one request, composed by the app's own
  // rules from the answers of the routes above (docs/decisions.md, "Catalogue speed"). Its own
  // schema's parameters make its answer.
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
    (request, reply) => reply.answerOnce(() => findTitles(wholeSearch, request.query.query)),
  );
};

export default searchRoutes;
