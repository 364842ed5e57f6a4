/**
 * TMDB v3 response shapes that Marquee serves (server/catalogue) and reads (the client's TMDB
 * adapter), as JSON Schema (TypeBox) with their TypeScript types. Field names and structure are
 * copied from TMDB's official OpenAPI document (the contract, see docs/guide.md). That document
 * declares no nullability, but TMDB answers null where a value is unknown, and so do the
 * document's own examples: image paths, a collection, an episode's air date, a next episode. Those
 * fields are nullable here; everything else is exactly as declared. Objects allow additional
 * properties, as TMDB adds fields over time. The client imports only the types (`import type`).
 */
import { type Static, type TSchema, Type } from 'typebox';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** An image path on TMDB's image host ("/abc.jpg"), or null when there is none. */
const ImagePath = Nullable(Type.String());

// ---------------------------------------------------------------------------------------------
// Lists

const MovieItemFields = {
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
const TvItemFields = {
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

const PersonFields = {
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

// ---------------------------------------------------------------------------------------------
// Pieces of the detail shapes

export const TmdbGenre = Type.Object({ id: Type.Integer(), name: Type.String() });
export type TmdbGenre = Static<typeof TmdbGenre>;

/** genre/movie/list and genre/tv/list. */
export const TmdbGenreList = Type.Object({ genres: Type.Array(TmdbGenre) });
export type TmdbGenreList = Static<typeof TmdbGenreList>;

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
// Credits

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

// ---------------------------------------------------------------------------------------------
// Details (with what append_to_response adds)

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

// ---------------------------------------------------------------------------------------------
// Configuration and status

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
