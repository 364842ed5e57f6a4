import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';

import {
  TmdbContentRatings,
  TmdbImages,
  TmdbMovieCredits,
  TmdbMovieDetails,
  TmdbMoviePage,
  TmdbReleaseDates,
  TmdbSeasonDetails,
  TmdbTvCredits,
  TmdbTvDetails,
  TmdbTvPage,
  TmdbVideos,
} from '../../../shared/catalogue/tmdb.schema.ts';
import { isLibraryId } from '../../../shared/library/library-ids.ts';
import type { CatalogueTitle } from '../catalogue-title.ts';
import {
  toContentRatings,
  toCredits,
  toImages,
  toMovieDetails,
  toReleaseDates,
  toSeasonDetails,
  toTvDetails,
} from '../tmdb-details.ts';
import {
  libraryDetails,
  librarySeason,
  librarySubResource,
  type LibraryTitles,
  withLibraryEpisodes,
  withLibraryLastEpisode,
  withLibrarySeasons,
} from './library-answers.ts';
import { DetailsQuerystring, errors, ListQuerystring, notFound, SeasonParams, TitleParams } from './query-schemas.ts';
import { sendTmdbError } from './tmdb-errors.ts';

const MAX_APPENDED = 20;
/** The id's name in TMDB's path templates. */
const ID = { movie: '{movie_id}', tv: '{series_id}' } as const;

export interface TitleRoutesOptions {
  /** The operator's library titles, served under their own ids beside the catalogue's. */
  library?: LibraryTitles;
}

/** A title's details (with append_to_response), its sub-resources, and a series' seasons. */
const titleRoutes: FastifyPluginAsyncTypebox<TitleRoutesOptions> = async (app, { library }) => {
  const libraryTitle = (mediaType: 'movie' | 'tv', id: number) =>
    library && isLibraryId(id) ? library.find(mediaType, id) : null;
  const { artPath, stillPath, videosFor, alikePage } = app.tmdbViews;
  const facts = app.catalogueFacts;
  const findTitle = app.catalogue.findTitle;

  for (const mediaType of ['movie', 'tv'] as const) {
    const tmdb = (sub = '') => `/3/${mediaType}/${ID[mediaType]}${sub}`;
    /** A title's answer: 404 (TMDB status 34) when the title does not exist. */
    const ofTitle = (id: number, compute: (title: CatalogueTitle) => unknown) => () => {
      const title = findTitle(mediaType, id);
      return title ? compute(title) : null;
    };
    const details = (title: CatalogueTitle) => {
      if (mediaType === 'movie') return toMovieDetails(title, facts, artPath);
      const tv = toTvDetails(title, facts, artPath, stillPath);
      return library ? withLibrarySeasons(withLibraryLastEpisode(tv, library), library) : tv;
    };
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
      `/${mediaType}/:id`,
      {
        schema: {
          params: TitleParams,
          querystring: DetailsQuerystring,
          response: { 200: mediaType === 'movie' ? TmdbMovieDetails : TmdbTvDetails, ...errors },
        },
        config: { tmdb: tmdb() },
      },
      (request, reply) => {
        const appended = (request.query.append_to_response ?? '').split(',').filter(Boolean);
        // TMDB refuses more than 20 appended calls, and ignores names it does not know.
        if (appended.length > MAX_APPENDED) return void sendTmdbError(reply, 'tooManyAppended');
        const own = libraryTitle(mediaType, request.params.id);
        if (own) return reply.answerOnce(() => libraryDetails(own, appended));
        return reply.answerOnce(
          ofTitle(request.params.id, (title) => {
            const body: Record<string, unknown> = details(title);
            for (const name of appended) if (Object.hasOwn(APPENDABLE, name)) body[name] = APPENDABLE[name](title);
            return body;
          }),
        );
      },
    );

    const subResource = (name: string, response: TSchema, compute: (title: CatalogueTitle, page: number) => unknown) =>
      app.get(
        `/${mediaType}/:id/${name}`,
        {
          schema: { params: TitleParams, querystring: ListQuerystring, response: { 200: response, ...errors } },
          config: { tmdb: tmdb(`/${name}`) },
        },
        (request, reply) => {
          const own = libraryTitle(mediaType, request.params.id);
          if (own) return reply.answerOnce(() => librarySubResource(own, name) ?? null);
          return reply.answerOnce(ofTitle(request.params.id, (title) => compute(title, request.query.page ?? 1)));
        },
      );

    const Page = mediaType === 'movie' ? TmdbMoviePage : TmdbTvPage;
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
      config: { tmdb: '/3/tv/{series_id}/season/{season_number}' },
    },
    (request, reply) =>
      reply.answerOnce(() => {
        const own = libraryTitle('tv', request.params.id);
        if (own?.mediaType === 'tv') {
          return own.seasons.find((season) => season.season_number === request.params.season_number) ?? null;
        }
        const title = findTitle('tv', request.params.id);
        if (!title) return null;
        const season = toSeasonDetails(title, facts, request.params.season_number, artPath, stillPath);
        if (!library) return season;
        // A season the catalogue does not list may still be one the library plays.
        return season
          ? withLibraryEpisodes(season, title.id, library)
          : librarySeason(title.id, request.params.season_number, library);
      }),
  );
};

export default titleRoutes;
