/** TMDB's two media types (SPEC §3). */
export type MediaType = 'movie' | 'tv';

/** A title as the movie catalogue returns it (SPEC §3); movies carry title/release_date, series name/first_air_date. */
export interface Title {
  id: number;
  title?: string;
  name?: string;
  original_name?: string;
  original_title?: string;
  overview: string;
  backdrop_path: string | null;
  poster_path: string | null;
  first_air_date?: string;
  release_date?: string;
  media_type?: MediaType | 'person';
}

/** One of a title's videos; the first of type 'Trailer' is the one played (SPEC §3, §5). */
export interface Video {
  key: string;
  type: string;
  site?: string;
  name?: string;
}

/** A genre as a title's details list it. */
export interface Genre {
  id: number;
  name: string;
}

/** TMDB's credits: billed cast (in `order`) and crew with their jobs. */
export interface Credits {
  cast: { id: number; name: string; character?: string; order?: number }[];
  crew: { id: number; name: string; job: string; department?: string }[];
}

/** One season as a series' details list it (season 0 holds the specials). */
export interface SeasonSummary {
  id: number;
  season_number: number;
  name: string;
  episode_count: number;
  air_date: string | null;
}

/**
 * A title's full details from `/{movie|tv}/{id}` with the answers appended by
 * `append_to_response`: movies carry `runtime` and `release_dates`, series `number_of_seasons`,
 * `seasons`, `created_by`, `episode_run_time` and `content_ratings`.
 */
export interface TitleDetails extends Title {
  genres?: Genre[];
  runtime?: number | null;
  episode_run_time?: number[];
  number_of_seasons?: number;
  seasons?: SeasonSummary[];
  created_by?: { id: number; name: string }[];
  credits?: Credits;
  similar?: { results?: Title[] };
  release_dates?: { results?: { iso_3166_1: string; release_dates: { certification: string }[] }[] };
  content_ratings?: { results?: { iso_3166_1: string; rating: string }[] };
}

/** The home screen's rows, in SPEC §2's order. */
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

/** An image at the sizes the catalogue offers, ready for <img src srcset sizes>. */
export interface ImageSources {
  src: string;
  srcSet: string;
  sizes: string;
}

export type ImageKind = 'poster' | 'backdrop' | 'hero';

/**
 * The catalogue port: the same TMDB-shaped calls whether the embedded catalogue or TMDB
 * is live. Every call rejects with an Error whose message can be shown to the person.
 */
export interface CatalogueService {
  fetchRow(row: RowId, signal?: AbortSignal): Promise<Title[]>;
  /** The trending list the hero picks from. */
  fetchTrending(signal?: AbortSignal): Promise<Title[]>;
  fetchVideos(mediaType: MediaType, id: number, signal?: AbortSignal): Promise<Video[]>;
  search(query: string, signal?: AbortSignal): Promise<Title[]>;
  /** A title's details in one request, with its credits, similar titles and certifications appended. */
  details(mediaType: MediaType, id: number, signal?: AbortSignal): Promise<TitleDetails>;
  /** The media type a row's titles have when they do not say (SPEC §4: from the row's address). */
  rowMediaType(row: RowId): MediaType;
  imageSources(path: string, kind: ImageKind): ImageSources;
  /** The embed address of a trailer, with autoplay, mute and the player options of SPEC §7. */
  trailerEmbedUrl(key: string): string;
}
