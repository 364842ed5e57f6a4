import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import {
  TmdbDatedMoviePage,
  TmdbMoviePage,
  TmdbTrendingPage,
  TmdbTvPage,
} from '../../../shared/catalogue/tmdb.schema.ts';
import { RECENTLY_ADDED_PATH } from '../../../shared/library/recently-added.ts';
import { PAGE_SIZE } from '../catalogue-repository.ts';
import type { MediaType } from '../catalogue-title.ts';
import { addDays, earlierOf, laterOf } from './dates.ts';
import type { LibraryTitles } from './library-answers.ts';
import { errors, ListQuerystring } from './query-schemas.ts';

const MIN_VOTES_FOR_TOP_RATED = 300;
/** TMDB's theatrical window for now_playing. */
const NOW_PLAYING_DAYS = 42;

/** How many titles Recently Added lists. */
export const RECENTLY_ADDED_SIZE = PAGE_SIZE;

/** TMDB's named lists: trending, popular, top rated, and the dated lists; and the library's Recently Added. */
const listRoutes: FastifyPluginAsyncTypebox<{ library?: LibraryTitles }> = async (app, { library }) => {
  const { listPage } = app.tmdbViews;

  // Not TMDB's: the operator's library titles that can be played, newest first (Home's Recently
  // Added row), as TMDB's trending page shapes a mixed list. Empty without a library.
  app.get(
    RECENTLY_ADDED_PATH,
    {
      schema: { querystring: ListQuerystring, response: { 200: TmdbTrendingPage, ...errors } },
      config: { library: 'feed' },
    },
    (_request, reply) =>
      reply.answerOnce(() => {
        const titles = library?.titles().slice(0, RECENTLY_ADDED_SIZE) ?? [];
        return { page: 1, results: titles.map((title) => title.item), total_pages: 1, total_results: titles.length };
      }),
  );

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
      // The movie and tv lists take the same parameters as all.
      config: { tmdb: '/3/trending/all/{time_window}' },
    },
    (request, reply) =>
      reply.answerPages(request.query.page ?? 1, (page) =>
        listPage({ mediaType: request.params.media_type, sort: 'trending', page }, true),
      ),
  );

  for (const mediaType of ['movie', 'tv'] as const) {
    const listResponses = { 200: mediaType === 'movie' ? TmdbMoviePage : TmdbTvPage, ...errors };
    app.get(
      `/${mediaType}/top_rated`,
      {
        schema: { querystring: ListQuerystring, response: listResponses },
        config: { tmdb: `/3/${mediaType}/top_rated` },
      },
      (request, reply) =>
        reply.answerPages(request.query.page ?? 1, (page) =>
          listPage({ mediaType, sort: 'rating', minVotes: MIN_VOTES_FOR_TOP_RATED, page }),
        ),
    );
    app.get(
      `/${mediaType}/popular`,
      {
        schema: { querystring: ListQuerystring, response: listResponses },
        config: { tmdb: `/3/${mediaType}/popular` },
      },
      (request, reply) =>
        reply.answerPages(request.query.page ?? 1, (page) => listPage({ mediaType, sort: 'popularity', page })),
    );
  }

  for (const [path, which] of [
    ['movie/now_playing', 'current'],
    ['movie/upcoming', 'upcoming'],
  ] as const) {
    app.get(
      `/${path}`,
      {
        schema: { querystring: ListQuerystring, response: { 200: TmdbDatedMoviePage, ...errors } },
        config: { tmdb: `/3/${path}` },
      },
      (request, reply) =>
        reply.answerPages(request.query.page ?? 1, (page) => {
          const window = dateWindows('movie')[which];
          return { dates: { maximum: window.to, minimum: window.from }, ...datedPage('movie', window, page) };
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
      {
        schema: { querystring: ListQuerystring, response: { 200: TmdbTvPage, ...errors } },
        config: { tmdb: `/3/${path}` },
      },
      (request, reply) =>
        reply.answerPages(request.query.page ?? 1, (page) => {
          const newest = app.catalogue.newestDates('tv', pages * PAGE_SIZE);
          const from = newest.at(-1) ?? '0000-01-01';
          return datedPage('tv', { from, to: '9999-12-31' }, page);
        }),
    );
  }
};

export default listRoutes;
