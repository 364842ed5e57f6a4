/**
 * The building blocks the TMDB shapes share (tmdb.schema.ts says how they follow TMDB's OpenAPI
 * document): nullable values, image paths, the fields of a movie and a series (in a list and in
 * their details), and those of a list's person.
 */
import { type TSchema, Type } from 'typebox';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** An image path on TMDB's image host ("/abc.jpg"), or null when there is none. */
export const ImagePath = Nullable(Type.String());

/** A movie as both its list entries and its details (movie/{id}) describe it. */
export const MovieFields = {
  adult: Type.Boolean(),
  backdrop_path: ImagePath,
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
/** A series as both its list entries and its details (tv/{id}) describe it. */
export const TvFields = {
  adult: Type.Boolean(),
  backdrop_path: ImagePath,
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
/** A list entry names its genres by id (the details give the genres themselves). */
const ListGenres = { genre_ids: Type.Array(Type.Integer()) };
export const MovieItemFields = { ...MovieFields, ...ListGenres };
export const TvItemFields = { ...TvFields, ...ListGenres };

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
