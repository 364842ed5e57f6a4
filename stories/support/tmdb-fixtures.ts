// Complete TMDB shapes (shared/catalogue/tmdb.schema.ts) for fakes and tests: every declared
// field present with a neutral value, so a fixture names only what it is about.
import type {
  TmdbCreator,
  TmdbCrewMember,
  TmdbEpisode,
  TmdbMovieCastMember,
  TmdbMovieDetails,
  TmdbMovieItem,
  TmdbSeasonDetails,
  TmdbSeasonSummary,
  TmdbTvDetails,
  TmdbTvItem,
} from '../../shared/catalogue/tmdb.schema';

const person = (id: number, name: string) => ({
  adult: false,
  gender: 0,
  id,
  known_for_department: 'Acting',
  name,
  original_name: name,
  popularity: 0,
  profile_path: null,
});

/** A billed cast member (a film's carries cast_id too; a series' cast accepts it as well). */
export function castMember(id: number, name: string, order: number, character = ''): TmdbMovieCastMember {
  return { ...person(id, name), character, credit_id: `cast-${id}`, order, cast_id: id };
}

export function crewMember(id: number, name: string, job: string, department = 'Directing'): TmdbCrewMember {
  return { ...person(id, name), known_for_department: department, credit_id: `crew-${id}`, department, job };
}

export function creator(id: number, name: string): TmdbCreator {
  return { id, credit_id: `creator-${id}`, name, gender: 0, profile_path: null };
}

const emptyPage = { page: 1, results: [], total_pages: 1, total_results: 0 };

export function movieDetails(fields: Partial<TmdbMovieDetails> = {}): TmdbMovieDetails {
  return {
    adult: false,
    backdrop_path: null,
    belongs_to_collection: null,
    budget: 0,
    genres: [],
    homepage: '',
    id: 1,
    imdb_id: null,
    origin_country: [],
    original_language: 'en',
    original_title: 'A Film',
    overview: '',
    popularity: 0,
    poster_path: null,
    production_companies: [],
    production_countries: [],
    release_date: '2016-11-10',
    revenue: 0,
    runtime: 0,
    spoken_languages: [],
    status: 'Released',
    tagline: '',
    title: 'A Film',
    video: false,
    vote_average: 0,
    vote_count: 0,
    credits: { cast: [], crew: [] },
    similar: emptyPage,
    release_dates: { results: [] },
    ...fields,
  };
}

export function tvDetails(fields: Partial<TmdbTvDetails> = {}): TmdbTvDetails {
  return {
    adult: false,
    backdrop_path: null,
    created_by: [],
    episode_run_time: [],
    first_air_date: '2017-12-01',
    genres: [],
    homepage: '',
    id: 2,
    in_production: false,
    languages: ['en'],
    last_air_date: null,
    last_episode_to_air: null,
    name: 'A Series',
    next_episode_to_air: null,
    networks: [],
    number_of_episodes: 0,
    number_of_seasons: 0,
    origin_country: [],
    original_language: 'en',
    original_name: 'A Series',
    overview: '',
    popularity: 0,
    poster_path: null,
    production_companies: [],
    production_countries: [],
    seasons: [],
    spoken_languages: [],
    status: 'Ended',
    tagline: '',
    type: 'Scripted',
    vote_average: 0,
    vote_count: 0,
    credits: { cast: [], crew: [] },
    similar: emptyPage,
    content_ratings: { results: [] },
    ...fields,
  };
}

export function seasonSummary(seasonNumber: number, fields: Partial<TmdbSeasonSummary> = {}): TmdbSeasonSummary {
  return {
    air_date: null,
    episode_count: 0,
    id: 1000 + seasonNumber,
    name: seasonNumber ? `Season ${seasonNumber}` : 'Specials',
    overview: '',
    poster_path: null,
    season_number: seasonNumber,
    vote_average: 0,
    ...fields,
  };
}

export function episode(
  showId: number,
  seasonNumber: number,
  episodeNumber: number,
  fields: Partial<TmdbEpisode> = {},
): TmdbEpisode {
  return {
    air_date: null,
    episode_number: episodeNumber,
    episode_type: 'standard',
    id: showId * 10_000 + seasonNumber * 100 + episodeNumber,
    name: `Episode ${episodeNumber}`,
    overview: '',
    production_code: '',
    runtime: null,
    season_number: seasonNumber,
    show_id: showId,
    still_path: null,
    vote_average: 0,
    vote_count: 0,
    crew: [],
    guest_stars: [],
    ...fields,
  };
}

export function seasonDetails(
  showId: number,
  seasonNumber: number,
  episodes: TmdbEpisode[],
  fields: Partial<TmdbSeasonDetails> = {},
): TmdbSeasonDetails {
  return {
    _id: `season-${showId}-${seasonNumber}`,
    air_date: null,
    episodes,
    name: seasonNumber ? `Season ${seasonNumber}` : 'Specials',
    networks: [],
    overview: '',
    id: showId * 100 + seasonNumber,
    poster_path: null,
    season_number: seasonNumber,
    vote_average: 0,
    ...fields,
  };
}

/** A film as a list (similar, discover) gives it. */
export function movieItem(fields: Partial<TmdbMovieItem> & { id: number; title: string }): TmdbMovieItem {
  return {
    adult: false,
    backdrop_path: null,
    genre_ids: [],
    original_language: 'en',
    original_title: fields.title,
    overview: '',
    popularity: 0,
    poster_path: null,
    release_date: '',
    video: false,
    vote_average: 0,
    vote_count: 0,
    ...fields,
  };
}

/** A series as a list (similar, discover) gives it. */
export function tvItem(fields: Partial<TmdbTvItem> & { id: number; name: string }): TmdbTvItem {
  return {
    adult: false,
    backdrop_path: null,
    genre_ids: [],
    origin_country: [],
    original_language: 'en',
    original_name: fields.name,
    overview: '',
    popularity: 0,
    poster_path: null,
    first_air_date: '',
    vote_average: 0,
    vote_count: 0,
    ...fields,
  };
}
