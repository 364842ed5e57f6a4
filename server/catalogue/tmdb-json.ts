import type { TmdbMovieItem, TmdbPage, TmdbTvItem } from '../../shared/catalogue/tmdb.schema.ts';
import type { Page } from './catalogue-repository.ts';
import { MAX_PAGE, PAGE_SIZE } from './catalogue-repository.ts';
import type { CatalogueTitle } from './catalogue-title.ts';

/** Where a title's generated poster and backdrop live (server/media/images/art-path.ts). */
export type ArtPath = (kind: 'poster' | 'backdrop', title: CatalogueTitle) => string;

/** A title as TMDB lists it: movies with title/release_date, series with name/first_air_date. */
export function toTmdbItem(
  title: CatalogueTitle,
  artPath: ArtPath,
  withMediaType: boolean,
): TmdbMovieItem | TmdbTvItem {
  const common = {
    adult: false,
    backdrop_path: artPath('backdrop', title),
    poster_path: artPath('poster', title),
    genre_ids: title.genreIds,
    id: title.id,
    original_language: title.originalLanguage,
    overview: title.overview,
    popularity: title.popularity,
    vote_average: title.voteAverage,
    vote_count: title.voteCount,
  };
  return title.mediaType === 'movie'
    ? {
        ...common,
        ...(withMediaType ? { media_type: 'movie' as const } : {}),
        title: title.name,
        original_title: title.originalName,
        release_date: title.date ?? '',
        video: false,
      }
    : {
        ...common,
        ...(withMediaType ? { media_type: 'tv' as const } : {}),
        name: title.name,
        original_name: title.originalName,
        first_air_date: title.date ?? '',
        origin_country: title.originCountry,
      };
}

/** TMDB's paged list envelope. TMDB never reports more than 500 pages. */
export function toTmdbPage(
  page: number,
  result: Page,
  artPath: ArtPath,
  withMediaType: boolean,
): TmdbPage<TmdbMovieItem | TmdbTvItem> {
  return {
    page,
    results: result.titles.map((title) => toTmdbItem(title, artPath, withMediaType)),
    total_pages: Math.min(MAX_PAGE, Math.max(1, Math.ceil(result.total / PAGE_SIZE))),
    total_results: result.total,
  };
}

/** TMDB's error body, with its own status codes. */
export const TMDB_ERRORS = {
  invalidKey: { http: 401, status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.' },
  notFound: { http: 404, status_code: 34, status_message: 'The resource you requested could not be found.' },
  invalidPage: {
    http: 400,
    status_code: 22,
    status_message: 'Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.',
  },
  invalidDate: { http: 400, status_code: 23, status_message: 'Invalid date: Format needs to be YYYY-MM-DD.' },
  tooManyAppended: {
    http: 400,
    status_code: 27,
    status_message: 'Too many append to response objects: The maximum number of remote calls is 20.',
  },
  invalidParameters: {
    http: 422,
    status_code: 5,
    status_message: 'Invalid parameters: Your request parameters are incorrect.',
  },
} as const;

/** TMDB's answer to a valid key or token (GET /authentication). */
export const TMDB_SUCCESS = { success: true, status_code: 1, status_message: 'Success.' } as const;
