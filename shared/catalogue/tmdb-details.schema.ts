/** TMDB's movie/{id} and tv/{id}, with what append_to_response adds (see tmdb.schema.ts). */
import { type Static, Type } from 'typebox';

import { ImagePath, MovieFields, Nullable, TvFields } from './tmdb-fields.schema.ts';
import { TmdbMoviePage, TmdbTvPage } from './tmdb-lists.schema.ts';
import { TmdbCreator, TmdbMovieCredits, TmdbTvCredits } from './tmdb-people.schema.ts';
import {
  TmdbCompany,
  TmdbContentRatings,
  TmdbCountry,
  TmdbEpisodeSummary,
  TmdbGenre,
  TmdbNetwork,
  TmdbReleaseDates,
  TmdbSeasonSummary,
  TmdbSpokenLanguage,
  TmdbVideos,
} from './tmdb-title-pieces.schema.ts';

/** movie/{id}; the optional fields are present when asked for with append_to_response. */
export const TmdbMovieDetails = Type.Object({
  ...MovieFields,
  belongs_to_collection: Nullable(
    Type.Object({ id: Type.Integer(), name: Type.String(), poster_path: ImagePath, backdrop_path: ImagePath }),
  ),
  budget: Type.Integer(),
  genres: Type.Array(TmdbGenre),
  homepage: Type.String(),
  imdb_id: Nullable(Type.String()),
  origin_country: Type.Array(Type.String()),
  production_companies: Type.Array(TmdbCompany),
  production_countries: Type.Array(TmdbCountry),
  revenue: Type.Integer(),
  /** Minutes; 0 when unknown. */
  runtime: Type.Integer(),
  spoken_languages: Type.Array(TmdbSpokenLanguage),
  /** "Released", "Post Production"... */
  status: Type.String(),
  tagline: Type.String(),
  videos: Type.Optional(Type.Object({ results: TmdbVideos.properties.results })),
  credits: Type.Optional(
    Type.Object({ cast: TmdbMovieCredits.properties.cast, crew: TmdbMovieCredits.properties.crew }),
  ),
  similar: Type.Optional(TmdbMoviePage),
  recommendations: Type.Optional(TmdbMoviePage),
  release_dates: Type.Optional(Type.Object({ results: TmdbReleaseDates.properties.results })),
});
export type TmdbMovieDetails = Static<typeof TmdbMovieDetails>;

/** tv/{id}; the optional fields are present when asked for with append_to_response. */
export const TmdbTvDetails = Type.Object({
  ...TvFields,
  created_by: Type.Array(TmdbCreator),
  /** Typical episode lengths in minutes (TMDB gives one or none). */
  episode_run_time: Type.Array(Type.Integer()),
  genres: Type.Array(TmdbGenre),
  homepage: Type.String(),
  in_production: Type.Boolean(),
  languages: Type.Array(Type.String()),
  last_air_date: Nullable(Type.String()),
  last_episode_to_air: Nullable(TmdbEpisodeSummary),
  next_episode_to_air: Nullable(TmdbEpisodeSummary),
  networks: Type.Array(TmdbNetwork),
  number_of_episodes: Type.Integer(),
  number_of_seasons: Type.Integer(),
  production_companies: Type.Array(TmdbCompany),
  production_countries: Type.Array(TmdbCountry),
  seasons: Type.Array(TmdbSeasonSummary),
  spoken_languages: Type.Array(TmdbSpokenLanguage),
  /** "Returning Series", "Ended", "Canceled"... */
  status: Type.String(),
  tagline: Type.String(),
  /** "Scripted", "Miniseries", "Documentary"... */
  type: Type.String(),
  videos: Type.Optional(Type.Object({ results: TmdbVideos.properties.results })),
  credits: Type.Optional(Type.Object({ cast: TmdbTvCredits.properties.cast, crew: TmdbTvCredits.properties.crew })),
  similar: Type.Optional(TmdbTvPage),
  recommendations: Type.Optional(TmdbTvPage),
  content_ratings: Type.Optional(Type.Object({ results: TmdbContentRatings.properties.results })),
});
export type TmdbTvDetails = Static<typeof TmdbTvDetails>;
