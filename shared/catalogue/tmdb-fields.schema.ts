/**
 * The building blocks the TMDB shapes share (tmdb.schema.ts says how they follow TMDB's OpenAPI
 * document): nullable values, image paths, and the fields of a list's movie, series and person.
 */
import { type TSchema, Type } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** An image path on TMDB's image host ("/abc.jpg"), or null when there is none. */
export const ImagePath = Nullable(Type.String());

export const MovieItemFields = {
  adult: Type.Boolean(),
  backdrop_path: ImagePath,
  genre_ids: Type.Array(Type.Integer()),
  id: Type.Integer(),
  original_language: Type.String(),
  original_title: Type.String(),
  overview: Type.String(),
  popularity: Type.Number(),
  poster_path: ImagePath,
  release_date: Type.String(),
  title: Type.String(),
  video: Type.Boolean(),
  vote_average: Type.Number(),
  vote_count: Type.Integer(),
};
export const TvItemFields = {
  adult: Type.Boolean(),
  backdrop_path: ImagePath,
  genre_ids: Type.Array(Type.Integer()),
  id: Type.Integer(),
  origin_country: Type.Array(Type.String()),
  original_language: Type.String(),
  original_name: Type.String(),
  overview: Type.String(),
  popularity: Type.Number(),
  poster_path: ImagePath,
  first_air_date: Type.String(),
  name: Type.String(),
  vote_average: Type.Number(),
  vote_count: Type.Integer(),
};

export const PersonFields = {
  adult: Type.Boolean(),
  /** 0 not set, 1 female, 2 male, 3 non-binary. */
  gender: Type.Integer(),
  id: Type.Integer(),
  known_for_department: Type.String(),
  name: Type.String(),
  original_name: Type.String(),
  popularity: Type.Number(),
  profile_path: ImagePath,
};
