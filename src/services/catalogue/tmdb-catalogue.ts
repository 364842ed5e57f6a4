import { API_BASE } from '../../../shared/accounts/document-paths';
import { TOP_TEN_PATH } from '../../../shared/activity/activity-rules';
import { detailsRequest } from '../../../shared/catalogue/details-request';
import {
  discoverRequest,
  type FirstScreen,
  genresRequest,
  imageCandidates,
  listRequest,
  requestKey,
  TRENDING_REQUEST,
  wholeSearchRequest,
} from '../../../shared/catalogue/first-screen';
import type { SearchPage } from '../../../shared/catalogue/search';
import {
  creditedTitles,
  genrePage,
  namedTitles,
  peopleOf,
  type TmdbList,
  type TmdbMultiList,
} from '../../../shared/catalogue/search-sources';
import { RECENTLY_ADDED_PATH } from '../../../shared/library/recently-added';
import { createJsonClient, FetchError } from '../http/json-fetch';
import { shareInFlight } from '../http/share-in-flight';
import type {
  CatalogueService,
  Genre,
  MediaType,
  PersonMatch,
  RowId,
  Season,
  Title,
  TitleDetails,
  TitlePage,
  Video,
} from './catalogue.port';
import { trailerAddress } from './trailer-address';

export interface TmdbCatalogueConfig {
  /** e.g. /tmdb/3 (embedded) or https://api.themoviedb.org/3 */
  baseUrl: string;
  apiKey: string;
  /** e.g. /images/t/p (embedded) or https://image.tmdb.org/t/p */
  imageBase: string;
  /** The trailer embed address for a video key (embedded player or YouTube's). */
  embedUrl: (key: string) => string;
  /**
   * Widths past w1280 the image host serves for the hero and detail art (the embedded host renders
   * w1920 and w2560). None for TMDB: its only wider size is "original", often 3840 px and megabytes.
   */
  wideImageWidths?: readonly number[];
  timeoutMs?: number;
  /** What the page carried for its first screen (first-screen.ts): used when it came from this catalogue. */
  firstScreen?: FirstScreen;
  /** The catalogue answers a search's whole first page in one request (the embedded one's /search/whole). */
  wholeSearch?: boolean;
}

/** docs/spec.md §7: each row's request. */
const ROW_REQUESTS: Record<RowId, { path: string; query: Record<string, string> }> = {
  originals: { path: '/discover/tv', query: { with_networks: '213' } },
  trending: TRENDING_REQUEST,
  topRated: { path: '/movie/top_rated', query: { language: 'en-US' } },
  action: { path: '/discover/movie', query: { with_genres: '28' } },
  comedy: { path: '/discover/movie', query: { with_genres: '35' } },
  horror: { path: '/discover/movie', query: { with_genres: '27' } },
  romance: { path: '/discover/movie', query: { with_genres: '10749' } },
  documentaries: { path: '/discover/movie', query: { with_genres: '99' } },
};

const RETRIES = 2;
const RETRY_DELAY_MS = 400;
const RETRY_STATUSES = new Set([408, 425, 429, 500, 502, 503, 504]);

/** Network failures, timeouts and overloaded-server answers are worth another try; 4xx are not. */
function retryable(error: unknown): boolean {
  if (!(error instanceof FetchError)) return false;
  return !error.response || RETRY_STATUSES.has(error.response.status);
}

/**
 * Runs one attempt with its own timeout, also ending early when the caller aborts (the client's
 * own timeout is skipped when a signal is passed, so attempts are managed here).
 */
async function attempt<T>(
  run: (signal: AbortSignal) => Promise<T>,
  timeoutMs: number,
  caller?: AbortSignal,
): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The request timed out', 'TimeoutError')),
    timeoutMs,
  );
  const forward = () => controller.abort(caller?.reason);
  caller?.addEventListener('abort', forward, { once: true });
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
    caller?.removeEventListener('abort', forward);
  }
}

/** Clear, person-facing messages for what went wrong. */
function describe(error: unknown): Error {
  if (error instanceof FetchError) {
    if (!error.response) return new Error('Could not reach the catalogue. Check your connection and try again.');
    const message = (error.data as { status_message?: string } | undefined)?.status_message;
    return new Error(message ?? `The catalogue answered ${error.response.status}.`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** The catalogue port over a TMDB v3-compatible API: the embedded catalogue, or TMDB itself. */
export function createTmdbCatalogue(config: TmdbCatalogueConfig): CatalogueService {
  const client = createJsonClient({ baseURL: config.baseUrl, query: { api_key: config.apiKey } });
  // The embedded service's own answers that are not TMDB's (the Top 10): same origin, its session.
  const serviceApi = createJsonClient({ baseURL: API_BASE, credentials: 'same-origin' });
  const timeoutMs = config.timeoutMs ?? 10_000;

  // Every call is an idempotent GET: network failures, timeouts and 5xx/408/429 are retried
  // twice with a growing pause; a request the caller aborted is never retried.
  const fetchWithRetries = async <T>(path: string, query: Record<string, string>, signal: AbortSignal): Promise<T> => {
    for (let tries = 0; ; tries++) {
      try {
        return await attempt((attemptSignal) => client<T>(path, { query, signal: attemptSignal }), timeoutMs, signal);
      } catch (error) {
        if (signal.aborted || tries >= RETRIES || !retryable(error)) throw describe(error);
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS * (tries + 1)));
      }
    }
  };
  // The server's answers for the first screen, each the first answer of its request, and its
  // draw for the hero (so the art it preloaded is the art shown); from another catalogue, neither.
  const firstScreen = config.firstScreen?.baseUrl === config.baseUrl ? config.firstScreen : undefined;
  const inlined = new Map(Object.entries(firstScreen?.answers ?? {}));
  let heroDraw = firstScreen?.heroDraw;
  const answerInlined = <T>(key: string): Promise<T> | undefined => {
    if (!inlined.has(key)) return undefined;
    const answer = inlined.get(key) as T;
    inlined.delete(key);
    // Settles a task later, so whoever asks the same at the same time (the hero and Trending Now) shares it.
    return new Promise((resolve) => setTimeout(() => resolve(answer), 0));
  };
  // The same request asked for twice at once (the hero and Trending Now) goes out once.
  const shared = shareInFlight();
  const get = <T>(path: string, query: Record<string, string>, signal?: AbortSignal): Promise<T> => {
    const key = requestKey(path, query);
    return shared(
      key,
      (sharedSignal) => answerInlined<T>(key) ?? fetchWithRetries<T>(path, query, sharedSignal),
      signal,
    );
  };
  const results = (body: { results?: Title[] }) => body.results ?? [];
  const searchTitles = (query: string, page: number, signal?: AbortSignal): Promise<TitlePage> =>
    get<TmdbMultiList>(
      '/search/multi',
      // TMDB's first page is the default: left out, the first page's address is the plain search's.
      { query, include_adult: 'false', language: 'en-US', ...(page > 1 ? { page: String(page) } : {}) },
      signal,
    ).then((body) => namedTitles(body, page));

  return {
    fetchRow: (row, signal) =>
      get<{ results: Title[] }>(ROW_REQUESTS[row].path, ROW_REQUESTS[row].query, signal).then(results),
    genres: (mediaType, signal) =>
      get<{ genres?: Genre[] }>(genresRequest(mediaType).path, genresRequest(mediaType).query, signal).then(
        (body) => body.genres ?? [],
      ),
    discover: (mediaType, { genreId, page = 1 }, signal) => {
      // One definition with the server's inlined first row (shared/catalogue/first-screen.ts).
      const request = discoverRequest(mediaType, genreId, page);
      return get<{ results: Title[] }>(request.path, request.query, signal).then(results);
    },
    list: (name, signal) =>
      get<{ results: Title[] }>(listRequest(name).path, listRequest(name).query, signal).then(results),
    fetchTrending: (signal) =>
      get<{ results: Title[] }>(TRENDING_REQUEST.path, TRENDING_REQUEST.query, signal).then(results),
    heroRandom: () => {
      const draw = heroDraw ?? Math.random();
      heroDraw = undefined;
      return draw;
    },
    fetchVideos: (mediaType: MediaType, id, signal) =>
      get<{ results?: Video[] }>(`/${mediaType}/${id}/videos`, {}, signal).then((body) => body.results ?? []),
    search: (query, signal) => searchTitles(query, 1, signal).then((found) => found.titles),
    searchTitles,
    searchPeople: (query, signal) =>
      get<{ results?: PersonMatch[] }>(
        '/search/person',
        { query, include_adult: 'false', language: 'en-US' },
        signal,
      ).then(peopleOf),
    personTitles: (personId, signal) =>
      get<{ cast?: Title[]; crew?: Title[] }>(
        `/person/${personId}/combined_credits`,
        { language: 'en-US' },
        signal,
      ).then(creditedTitles),
    genreTitles: (mediaType, genreId, page, signal) =>
      get<TmdbList>(
        `/discover/${mediaType}`,
        { with_genres: String(genreId), sort_by: 'popularity.desc', page: String(page), language: 'en-US' },
        signal,
      ).then((body) => genrePage(body, page, mediaType)),
    // The same rules as the search's own composition (shared/catalogue/search.ts), run by the server.
    ...(config.wholeSearch
      ? {
          // One definition with the server's inlined answer for the search page (shared/catalogue/first-screen.ts).
          findTitles: (query: string, signal?: AbortSignal) => {
            const request = wholeSearchRequest(query);
            return get<SearchPage>(request.path, request.query, signal);
          },
          recentlyAdded: (signal?: AbortSignal) =>
            get<{ results: Title[] }>(RECENTLY_ADDED_PATH, {}, signal).then(results),
          // The service's own plays, under its API (the profile's session decides what it may see).
          topTen: (signal?: AbortSignal) =>
            attempt(
              (attemptSignal) => serviceApi<{ results: Title[] }>(TOP_TEN_PATH, { signal: attemptSignal }),
              timeoutMs,
              signal,
            ).then(results, (error: unknown) => {
              throw describe(error);
            }),
        }
      : {}),
    details: (mediaType, id, signal) => {
      // One definition with the server's inlined answer for the player page (shared/catalogue/details-request.ts).
      const request = detailsRequest(mediaType, id);
      return get<TitleDetails>(request.path, request.query, signal);
    },
    season: (tvId, seasonNumber, signal) =>
      get<Season>(`/tv/${tvId}/season/${seasonNumber}`, {}, signal).then((body) => ({
        ...body,
        episodes: body.episodes ?? [],
      })),
    // TMDB's image widths; the browser picks from the srcset with the `sizes` hint (one rule with
    // the server's preload of the hero's art).
    imageSources: (path, kind) => imageCandidates(config.imageBase, path, kind, config.wideImageWidths),
    trailerEmbedUrl: (key, use) => trailerAddress(config.embedUrl, key, use),
  };
}
