/** TMDB's movie/{id} and tv/{id}, with what append_to_response adds (see tmdb.schema.ts). */
import { type Static, Type } from 'typebox';

import { ImagePath, Nullable } from './tmdb-fields.schema.ts';
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
  adult: Type.Boolean(),
  backdrop_path: ImagePath,
  belongs_to_collection: Nullable(
    Type.Object({ id: Type.Integer(), name: Type.String(), poster_path: ImagePath, backdrop_path: ImagePath }),
  ),
  budget: Type.Integer(),
  genres: Type.Array(TmdbGenre),
  homepage: Type.String(),
  id: Type.Integer(),
  imdb_id: Nullable(Type.String()),
  origin_country: Type.Array(Type.String()),
  original_language: Type.String(),
  original_title: Type.String(),
  overview: Type.String(),
  popularity: Type.Number(),
  poster_path: ImagePath,
  production_companies: Type.Array(TmdbCompany),
  production_countries: Type.Array(TmdbCountry),
  release_date: Type.String(),
  revenue: Type.Integer(),
  /** Minutes; 0 when unknown. */
  runtime: Type.Integer(),
  spoken_languages: Type.Array(TmdbSpokenLanguage),
  /** "Released", "Post Production"... */
  status: Type.String(),
  tagline: Type.String(),
  title: Type.String(),
  video: Type.Boolean(),
  vote_average: Type.Number(),
  vote_count: Type.Integer(),
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
  adult: Type.Boolean(),
  backdrop_path: ImagePath,
  created_by: Type.Array(TmdbCreator),
  /** Typical episode lengths in minutes (TMDB gives one or none). */
  episode_run_time: Type.Array(Type.Integer()),
  first_air_date: Type.String(),
  genres: Type.Array(TmdbGenre),
  homepage: Type.String(),
  id: Type.Integer(),
  in_production: Type.Boolean(),
  languages: Type.Array(Type.String()),
  last_air_date: Nullable(Type.String()),
  last_episode_to_air: Nullable(TmdbEpisodeSummary),
  name: Type.String(),
  next_episode_to_air: Nullable(TmdbEpisodeSummary),
  networks: Type.Array(TmdbNetwork),
  number_of_episodes: Type.Integer(),
  number_of_seasons: Type.Integer(),
  origin_country: Type.Array(Type.String()),
  original_language: Type.String(),
  original_name: Type.String(),
  overview: Type.String(),
  popularity: Type.Number(),
  poster_path: ImagePath,
  production_companies: Type.Array(TmdbCompany),
  production_countries: Type.Array(TmdbCountry),
  seasons: Type.Array(TmdbSeasonSummary),
  spoken_languages: Type.Array(TmdbSpokenLanguage),
  /** "Returning Series", "Ended", "Canceled"... */
  status: Type.String(),
  tagline: Type.String(),
  /** "Scripted", "Miniseries", "Documentary"... */
  type: Type.String(),
  vote_average: Type.Number(),
  vote_count: Type.Integer(),
  videos: Type.Optional(Type.Object({ results: TmdbVideos.properties.results })),
  credits: Type.Optional(Type.Object({ cast: TmdbTvCredits.properties.cast, crew: TmdbTvCredits.properties.crew })),
  similar: Type.Optional(TmdbTvPage),
  recommendations: Type.Optional(TmdbTvPage),
  content_ratings: Type.Optional(Type.Object({ results: TmdbContentRatings.properties.results })),
});
export type TmdbTvDetails = Static<typeof TmdbTvDetails>;
