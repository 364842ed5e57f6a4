/** TMDB's lists and their pages: discover, popular, trending, search (see tmdb.schema.ts). */
import { type Static, type TSchema, Type } from 'typebox';

import { MovieItemFields, PersonFields, TvItemFields } from './tmdb-fields.schema.ts';

/** A movie in a list (discover, popular, similar...); `media_type` only in mixed lists. */
export const TmdbMovieItem = Type.Object({ ...MovieItemFields, media_type: Type.Optional(Type.Literal('movie')) });
export type TmdbMovieItem = Static<typeof TmdbMovieItem>;

/** A series in a list; `media_type` only in mixed lists. */
export const TmdbTvItem = Type.Object({ ...TvItemFields, media_type: Type.Optional(Type.Literal('tv')) });
export type TmdbTvItem = Static<typeof TmdbTvItem>;

/** A title in a mixed list (trending/all, search/multi, a person's known_for): says its media type. */
export const TmdbTitleItem = Type.Union([
  Type.Object({ ...MovieItemFields, media_type: Type.Literal('movie') }),
  Type.Object({ ...TvItemFields, media_type: Type.Literal('tv') }),
]);
export type TmdbTitleItem = Static<typeof TmdbTitleItem>;

/** A person in search/person (no media_type) and search/multi (media_type "person"). */
export const TmdbPersonItem = Type.Object({
  ...PersonFields,
  media_type: Type.Optional(Type.Literal('person')),
  known_for: Type.Array(TmdbTitleItem),
});
export type TmdbPersonItem = Static<typeof TmdbPersonItem>;

/** An entry of search/multi: a movie, a series or a person, each with its media_type. */
export const TmdbMultiItem = Type.Union([
  ...TmdbTitleItem.anyOf,
  Type.Object({ ...TmdbPersonItem.properties, media_type: Type.Literal('person') }),
]);
export type TmdbMultiItem = Static<typeof TmdbMultiItem>;

/** TMDB's paged envelope around a list of `item`. */
export const TmdbPage = <T extends TSchema>(item: T) =>
  Type.Object({
    page: Type.Integer(),
    results: Type.Array(item),
    total_pages: Type.Integer(),
    total_results: Type.Integer(),
  });
export interface TmdbPage<T> {
  page: number;
  results: T[];
  total_pages: number;
  total_results: number;
}

export const TmdbMoviePage = TmdbPage(TmdbMovieItem);
export type TmdbMoviePage = Static<typeof TmdbMoviePage>;
export const TmdbTvPage = TmdbPage(TmdbTvItem);
export type TmdbTvPage = Static<typeof TmdbTvPage>;
/** trending/{all,movie,tv}: titles with their media type. */
export const TmdbTrendingPage = TmdbPage(TmdbTitleItem);
export type TmdbTrendingPage = Static<typeof TmdbTrendingPage>;
export const TmdbMultiPage = TmdbPage(TmdbMultiItem);
export type TmdbMultiPage = Static<typeof TmdbMultiPage>;
export const TmdbPersonPage = TmdbPage(TmdbPersonItem);
export type TmdbPersonPage = Static<typeof TmdbPersonPage>;

/** movie/now_playing and movie/upcoming: a movie page with the release window it covers. */
export const TmdbDatedMoviePage = Type.Object({
  dates: Type.Object({ maximum: Type.String(), minimum: Type.String() }),
  ...TmdbMoviePage.properties,
});
export type TmdbDatedMoviePage = Static<typeof TmdbDatedMoviePage>;
