import type { Genre, MediaType, PersonMatch, SearchPage, Title, TitlePage } from '../../../shared/catalogue/search';
import type { TmdbMovieDetails, TmdbSeasonDetails, TmdbTvDetails } from '../../../shared/catalogue/tmdb.schema';
// The search's shapes (and the titles it lists) are shared with the server's whole-search answer.
export type { Genre, MediaType, PersonMatch, SearchPage, Title, TitlePage };

/** One of a title's videos; the first of type 'Trailer' is the one played (docs/spec.md §3, §5). */
export interface Video {
  key: string;
  type: string;
  site?: string;
  name?: string;
}

/** A title's full details with credits, similar titles and certifications appended (TMDB's shapes). */
export type TitleDetails = TmdbMovieDetails | TmdbTvDetails;

/** One season of a series with its episodes (tv/{id}/season/{n}). */
export type Season = TmdbSeasonDetails;

/** The home screen's rows, in docs/spec.md §2's order. */
export const ROW_IDS = [
  'originals',
  'trending',
  'topRated',
  'action',
  'comedy',
  'horror',
  'romance',
  'documentaries',
] as const;
export type RowId = (typeof ROW_IDS)[number];

/** TMDB's named lists the New & Popular page draws on (docs/decisions.md, "Sections"). */
export type ListName = 'nowPlayingMovies' | 'onTheAirTv' | 'upcomingMovies' | 'trendingTvToday' | 'trendingMoviesToday';

/** What /discover/{movie|tv} is asked for: most popular first, of one genre when given. */
export interface DiscoverOptions {
  genreId?: number;
  page?: number;
}

/**
 * The titles a row or a grid shows: one of home's rows, one genre of a media type, or TMDB's
 * named lists taken in turn (the first of each, then the second of each…), cut at `limit`.
 */
export type TitleList =
  | RowId
  /** The operator's library titles, newest first (Home's Recently Added). */
  | { recentlyAdded: true }
  /** This service's most played titles of the week, filled by popularity (Home's Top 10). */
  | { topTen: true }
  | { mediaType: MediaType; genreId: number }
  | {
      lists: readonly ListName[];
      limit?: number;
      /** Only titles not yet released on the day the list is fetched (Coming Soon). */
      unreleasedOnly?: boolean;
    };

/** An image at the sizes the catalogue offers, ready for <img src srcset sizes>. */
export interface ImageSources {
  src: string;
  srcSet: string;
  sizes: string;
}

export type ImageKind = 'poster' | 'backdrop' | 'hero' | 'detail' | 'still';

/**
 * The catalogue port: the same TMDB-shaped calls whether the embedded catalogue or TMDB
 * is live. Every call rejects with an Error whose message can be shown to the person.
 */
export interface CatalogueService {
  fetchRow(row: RowId, signal?: AbortSignal): Promise<Title[]>;
  // ---- The section pages (TV Shows, Films, New & Popular) ----
  /** A media type's genres (/genre/{movie|tv}/list). */
  genres(mediaType: MediaType, signal?: AbortSignal): Promise<Genre[]>;
  /** One page of a media type's titles, most popular first (/discover/{movie|tv}). */
  discover(mediaType: MediaType, options: DiscoverOptions, signal?: AbortSignal): Promise<Title[]>;
  /** One of TMDB's named lists (/movie/now_playing, /movie/upcoming, /tv/on_the_air, /trending/{type}/day). */
  list(name: ListName, signal?: AbortSignal): Promise<Title[]>;
  // ----
  /** The trending list the hero picks from. */
  fetchTrending(signal?: AbortSignal): Promise<Title[]>;
  /**
   * A number in [0, 1) for the hero's random pick: the first is the server's own draw when the
   * page came with the first screen's data (its preloaded art is then the art shown), then
   * Math.random. Without it, the hero draws with Math.random.
   */
  heroRandom?: () => number;
  fetchVideos(mediaType: MediaType, id: number, signal?: AbortSignal): Promise<Video[]>;
  search(query: string, signal?: AbortSignal): Promise<Title[]>;
  // Search through names, people and genres (docs/decisions.md), each a TMDB call of its own.
  /** One page of titles whose names match, people left out (search/multi). */
  searchTitles(query: string, page: number, signal?: AbortSignal): Promise<TitlePage>;
  /** People whose names match, most popular first (search/person's first page). */
  searchPeople(query: string, signal?: AbortSignal): Promise<PersonMatch[]>;
  /** Every title a person is credited on, as cast or crew, most popular first (person/{id}/combined_credits). */
  personTitles(personId: number, signal?: AbortSignal): Promise<Title[]>;
  // (A media type's genres: `genres` above, shared with the section pages.)
  /** One page of a genre's titles, most popular first (discover/{type}?with_genres=). */
  genreTitles(mediaType: MediaType, genreId: number, page: number, signal?: AbortSignal): Promise<TitlePage>;
  /**
   * A search's whole first page in one request, where the catalogue answers it so (the embedded
   * one: GET /search/whole); otherwise the search composes it from the calls above.
   */
  findTitles?(query: string, signal?: AbortSignal): Promise<SearchPage>;
  /**
   * The operator's library titles that can be played, newest first, where the catalogue answers
   * it (the embedded one: GET /library/recently_added); none elsewhere.
   */
  recentlyAdded?(signal?: AbortSignal): Promise<Title[]>;
  /**
   * The Top 10: the titles most played on this service in the last week, filled by popularity,
   * films and series together, as the active profile may see them; where the service answers it
   * (the embedded one: GET /api/activity/top10); none elsewhere.
   */
  topTen?(signal?: AbortSignal): Promise<Title[]>;
  /** A title's details in one request, with its credits, similar titles and certifications appended. */
  details(mediaType: MediaType, id: number, signal?: AbortSignal): Promise<TitleDetails>;
  /** One season of a series, with its episodes. */
  season(tvId: number, seasonNumber: number, signal?: AbortSignal): Promise<Season>;
  imageSources(path: string, kind: ImageKind): ImageSources;
  /**
   * The embed address of a trailer, with autoplay, mute and the player options of docs/spec.md §7;
   * for the hero's 'preview', also without controls and with the IFrame API on.
   */
  trailerEmbedUrl(key: string, use?: 'modal' | 'preview'): string;
}
