/** TMDB's people on titles: cast, crew, credits and creators (see tmdb.schema.ts). */
import { type Static, Type } from 'typebox';

import { ImagePath, MovieItemFields, PersonFields, TvItemFields } from './tmdb-fields.schema.ts';

export const TmdbCastMember = Type.Object({
  ...PersonFields,
  character: Type.String(),
  credit_id: Type.String(),
  /** Billing order, 0 first. */
  order: Type.Integer(),
});
export type TmdbCastMember = Static<typeof TmdbCastMember>;

/** A film's cast member also has TMDB's `cast_id`. */
export const TmdbMovieCastMember = Type.Object({ ...TmdbCastMember.properties, cast_id: Type.Integer() });
export type TmdbMovieCastMember = Static<typeof TmdbMovieCastMember>;

export const TmdbCrewMember = Type.Object({
  ...PersonFields,
  credit_id: Type.String(),
  /** "Directing", "Writing"... */
  department: Type.String(),
  /** "Director", "Screenplay"... */
  job: Type.String(),
});
export type TmdbCrewMember = Static<typeof TmdbCrewMember>;

/** movie/{id}/credits. */
export const TmdbMovieCredits = Type.Object({
  id: Type.Integer(),
  cast: Type.Array(TmdbMovieCastMember),
  crew: Type.Array(TmdbCrewMember),
});
export type TmdbMovieCredits = Static<typeof TmdbMovieCredits>;

/** tv/{id}/credits. */
export const TmdbTvCredits = Type.Object({
  id: Type.Integer(),
  cast: Type.Array(TmdbCastMember),
  crew: Type.Array(TmdbCrewMember),
});
export type TmdbTvCredits = Static<typeof TmdbTvCredits>;

/** A film or series someone is credited on, as person/{id}/combined_credits lists it. */
const MovieCredit = { ...MovieItemFields, credit_id: Type.String(), media_type: Type.Literal('movie') };
/** Series credits count episodes; TMDB gives a series' cast no billing `order`. */
const TvCredit = {
  ...TvItemFields,
  credit_id: Type.String(),
  episode_count: Type.Integer(),
  media_type: Type.Literal('tv'),
};

/** person/{id}/combined_credits: everything someone acted in (cast) or made (crew), films and series. */
export const TmdbCombinedCredits = Type.Object({
  id: Type.Integer(),
  cast: Type.Array(
    Type.Union([
      Type.Object({ ...MovieCredit, character: Type.String(), order: Type.Integer() }),
      Type.Object({ ...TvCredit, character: Type.String() }),
    ]),
  ),
  crew: Type.Array(
    Type.Union([
      Type.Object({ ...MovieCredit, department: Type.String(), job: Type.String() }),
      Type.Object({ ...TvCredit, department: Type.String(), job: Type.String() }),
    ]),
  ),
});
export type TmdbCombinedCredits = Static<typeof TmdbCombinedCredits>;

/** A series' creator, in tv/{id}'s `created_by`. */
export const TmdbCreator = Type.Object({
  id: Type.Integer(),
  credit_id: Type.String(),
  name: Type.String(),
  gender: Type.Integer(),
  profile_path: ImagePath,
});
export type TmdbCreator = Static<typeof TmdbCreator>;
