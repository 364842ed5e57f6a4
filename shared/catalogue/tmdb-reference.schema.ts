/** TMDB's reference answers: genre lists, configuration and status (see tmdb.schema.ts). */
import { type Static, Type } from 'typebox';

import { TmdbGenre } from './tmdb-title-pieces.schema.ts';

/** genre/movie/list and genre/tv/list. */
export const TmdbGenreList = Type.Object({ genres: Type.Array(TmdbGenre) });
export type TmdbGenreList = Static<typeof TmdbGenreList>;

/** configuration: where images live and the sizes the image host serves. */
export const TmdbConfiguration = Type.Object({
  images: Type.Object({
    base_url: Type.String(),
    secure_base_url: Type.String(),
    backdrop_sizes: Type.Array(Type.String()),
    logo_sizes: Type.Array(Type.String()),
    poster_sizes: Type.Array(Type.String()),
    profile_sizes: Type.Array(Type.String()),
    still_sizes: Type.Array(Type.String()),
  }),
  change_keys: Type.Array(Type.String()),
});
export type TmdbConfiguration = Static<typeof TmdbConfiguration>;

/** TMDB's status body: authentication's answer and every error (success false). */
export const TmdbStatus = Type.Object({
  success: Type.Boolean(),
  status_code: Type.Integer(),
  status_message: Type.String(),
});
export type TmdbStatus = Static<typeof TmdbStatus>;
