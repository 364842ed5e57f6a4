/** TMDB's two media types. */
export type MediaType = 'movie' | 'tv';

/**
 * One title of the shipped catalogue, as the server works with it (TMDB's field names are
 * produced only at the API's edge). Movies and series share the shape: `name` is the movie's
 * title or the series' name, `date` the release or first-air date.
 */
export interface CatalogueTitle {
  id: number;
  mediaType: MediaType;
  name: string;
  originalName: string;
  /** YYYY-MM-DD, or null when unknown. */
  date: string | null;
  genreIds: number[];
  originalLanguage: string;
  originCountry: string[];
  /** TMDB network ids (213 is the originals' network). */
  networks: number[];
  popularity: number;
  voteAverage: number;
  voteCount: number;
  overview: string;
}

/** Finds a title by media type and id; null when there is none. */
export type FindTitle = (mediaType: MediaType, id: number) => CatalogueTitle | null;
