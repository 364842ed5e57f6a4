/**
 * The pieces of TMDB's title details: genres, companies, videos, images, certifications, seasons
 * and episodes (see tmdb.schema.ts).
 */
import { type Static, Type } from 'typebox';

import { ImagePath, Nullable } from './tmdb-fields.schema.ts';
import { TmdbCastMember, TmdbCrewMember } from './tmdb-people.schema.ts';

export const TmdbGenre = Type.Object({ id: Type.Integer(), name: Type.String() });
export type TmdbGenre = Static<typeof TmdbGenre>;

export const TmdbCompany = Type.Object({
  id: Type.Integer(),
  logo_path: ImagePath,
  name: Type.String(),
  origin_country: Type.String(),
});
export type TmdbCompany = Static<typeof TmdbCompany>;

/** A series' network: the same shape as a company. */
export const TmdbNetwork = TmdbCompany;
export type TmdbNetwork = TmdbCompany;

export const TmdbCountry = Type.Object({ iso_3166_1: Type.String(), name: Type.String() });
export type TmdbCountry = Static<typeof TmdbCountry>;

export const TmdbSpokenLanguage = Type.Object({
  english_name: Type.String(),
  iso_639_1: Type.String(),
  name: Type.String(),
});
export type TmdbSpokenLanguage = Static<typeof TmdbSpokenLanguage>;

// ---------------------------------------------------------------------------------------------
// Videos, images, certifications

export const TmdbVideo = Type.Object({
  iso_639_1: Type.String(),
  iso_3166_1: Type.String(),
  name: Type.String(),
  key: Type.String(),
  site: Type.String(),
  size: Type.Integer(),
  /** "Trailer", "Teaser", "Clip"... */
  type: Type.String(),
  official: Type.Boolean(),
  published_at: Type.String(),
  id: Type.String(),
});
export type TmdbVideo = Static<typeof TmdbVideo>;

/** movie|tv/{id}/videos. */
export const TmdbVideos = Type.Object({ id: Type.Integer(), results: Type.Array(TmdbVideo) });
export type TmdbVideos = Static<typeof TmdbVideos>;

export const TmdbImage = Type.Object({
  aspect_ratio: Type.Number(),
  height: Type.Integer(),
  /** The language of text in the image; null for images without text. */
  iso_639_1: Nullable(Type.String()),
  file_path: Type.String(),
  vote_average: Type.Number(),
  vote_count: Type.Integer(),
  width: Type.Integer(),
});
export type TmdbImage = Static<typeof TmdbImage>;

/** movie|tv/{id}/images. */
export const TmdbImages = Type.Object({
  backdrops: Type.Array(TmdbImage),
  id: Type.Integer(),
  logos: Type.Array(TmdbImage),
  posters: Type.Array(TmdbImage),
});
export type TmdbImages = Static<typeof TmdbImages>;

export const TmdbReleaseDate = Type.Object({
  /** "PG-13", "12A"...; "" when not rated. */
  certification: Type.String(),
  descriptors: Type.Array(Type.String()),
  iso_639_1: Type.String(),
  note: Type.String(),
  release_date: Type.String(),
  /** 1 premiere, 2 limited theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV. */
  type: Type.Integer(),
});
export type TmdbReleaseDate = Static<typeof TmdbReleaseDate>;

/** movie/{id}/release_dates: per country, its releases with their certifications. */
export const TmdbReleaseDates = Type.Object({
  id: Type.Integer(),
  results: Type.Array(Type.Object({ iso_3166_1: Type.String(), release_dates: Type.Array(TmdbReleaseDate) })),
});
export type TmdbReleaseDates = Static<typeof TmdbReleaseDates>;

export const TmdbContentRating = Type.Object({
  descriptors: Type.Array(Type.String()),
  iso_3166_1: Type.String(),
  /** "TV-14", "15"... */
  rating: Type.String(),
});
export type TmdbContentRating = Static<typeof TmdbContentRating>;

/** tv/{id}/content_ratings. */
export const TmdbContentRatings = Type.Object({ results: Type.Array(TmdbContentRating), id: Type.Integer() });
export type TmdbContentRatings = Static<typeof TmdbContentRatings>;

// ---------------------------------------------------------------------------------------------
// Seasons and episodes

/** An entry of tv/{id}'s `seasons`. */
export const TmdbSeasonSummary = Type.Object({
  air_date: Nullable(Type.String()),
  episode_count: Type.Integer(),
  id: Type.Integer(),
  name: Type.String(),
  overview: Type.String(),
  poster_path: ImagePath,
  season_number: Type.Integer(),
  vote_average: Type.Number(),
});
export type TmdbSeasonSummary = Static<typeof TmdbSeasonSummary>;

const EpisodeFields = {
  air_date: Nullable(Type.String()),
  episode_number: Type.Integer(),
  /** "standard", "finale", "mid_season". */
  episode_type: Type.String(),
  id: Type.Integer(),
  name: Type.String(),
  overview: Type.String(),
  production_code: Type.String(),
  /** Minutes; null when unknown. */
  runtime: Nullable(Type.Integer()),
  season_number: Type.Integer(),
  show_id: Type.Integer(),
  still_path: ImagePath,
  vote_average: Type.Number(),
  vote_count: Type.Integer(),
};

/** tv/{id}'s `last_episode_to_air` and `next_episode_to_air`. */
export const TmdbEpisodeSummary = Type.Object(EpisodeFields);
export type TmdbEpisodeSummary = Static<typeof TmdbEpisodeSummary>;

/** An episode of tv/{id}/season/{n}. */
export const TmdbEpisode = Type.Object({
  ...EpisodeFields,
  crew: Type.Array(TmdbCrewMember),
  guest_stars: Type.Array(TmdbCastMember),
});
export type TmdbEpisode = Static<typeof TmdbEpisode>;

/** tv/{id}/season/{n}. */
export const TmdbSeasonDetails = Type.Object({
  _id: Type.String(),
  air_date: Nullable(Type.String()),
  episodes: Type.Array(TmdbEpisode),
  name: Type.String(),
  networks: Type.Array(TmdbNetwork),
  overview: Type.String(),
  id: Type.Integer(),
  poster_path: ImagePath,
  season_number: Type.Integer(),
  vote_average: Type.Number(),
});
export type TmdbSeasonDetails = Static<typeof TmdbSeasonDetails>;
