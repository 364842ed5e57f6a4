/**
 * Search through names, people and genres (docs/decisions.md): the one set of rules for the
 * app's search, composed from TMDB's calls (src/machines/browse/search-results.ts, any
 * catalogue), and for the embedded catalogue's whole first page in one request
 * (server/catalogue/whole-search.ts). How TMDB's answers become the search's sources is
 * search-sources.ts.
 */
import { MAX_PAGE } from './search-sources.ts';
import { mediaTypeOf } from './title-lists.ts';

/** TMDB's two media types (docs/spec.md §3). */
export type MediaType = 'movie' | 'tv';

/** A title as the movie catalogue returns it (docs/spec.md §3); movies carry title/release_date, series name/first_air_date. */
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

/** One page of a paged TMDB list; `totalPages` is at most 500, as on TMDB. */
export interface TitlePage {
  titles: Title[];
  page: number;
  totalPages: number;
}

/** A person a search found. */
export interface PersonMatch {
  id: number;
  name: string;
}

/** A genre as TMDB's /genre/{movie|tv}/list names it. */
export interface Genre {
  id: number;
  name: string;
}

// One rule with the rows' (title-lists.ts).
export { mediaTypeOf };

// ---- The search's first page ----

/** At most this many people's titles join a search's results (the most popular matches). */
export const MAX_PEOPLE = 2;
/** Genres are matched from this many typed characters on ("com" finds Comedy, "co" nothing). */
export const MIN_GENRE_QUERY = 3;

/** Results found one way, with the line that says why they are there. */
export interface ResultGroup {
  key: string;
  why: string;
  titles: Title[];
}

/** A paged list the results come from: the titles named like the query, or a genre's titles. */
export type ResultSource =
  | { kind: 'names'; key: string; totalPages: number }
  | { kind: 'genre'; key: string; totalPages: number; mediaType: MediaType; genreId: number };

/** Results so far: the groups in order, and the paged sources that may have more. */
export interface SearchPage {
  groups: ResultGroup[];
  page: number;
  sources: ResultSource[];
}

/** What the search needs of a catalogue: TMDB's calls, answered as the catalogue port answers them. */
export interface SearchCatalogue {
  /** One page of titles whose names match, people left out (search/multi). */
  searchTitles(query: string, page: number, signal?: AbortSignal): Promise<TitlePage>;
  /** People whose names match, most popular first (search/person's first page). */
  searchPeople(query: string, signal?: AbortSignal): Promise<PersonMatch[]>;
  /** Every title a person is credited on, most popular first (person/{id}/combined_credits). */
  personTitles(personId: number, signal?: AbortSignal): Promise<Title[]>;
  /** A media type's genres (genre/{movie|tv}/list). */
  genres(mediaType: MediaType, signal?: AbortSignal): Promise<Genre[]>;
  /** One page of a genre's titles, most popular first (discover/{type}?with_genres=). */
  genreTitles(mediaType: MediaType, genreId: number, page: number, signal?: AbortSignal): Promise<TitlePage>;
}

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Every typed word starts a word of the name ("sci fi" finds "Sci-Fi & Fantasy"). */
const startsWords = (query: string, name: string) => {
  const typed = wordsOf(query);
  const words = wordsOf(name);
  return typed.length > 0 && typed.every((word) => words.some((candidate) => candidate.startsWith(word)));
};

/** Every typed word is a whole word of the name: "nolan" for Christopher Nolan, "comedy" for Comedy. */
export const wholeWordsMatch = (query: string, name: string) => {
  const words = wordsOf(name);
  const typed = wordsOf(query);
  return typed.length > 0 && typed.every((word) => words.includes(word));
};

/** The genres a query names (docs/decisions.md: search finds titles through genres). */
export function matchingGenres(query: string, genres: Genre[]): Genre[] {
  if (query.trim().length < MIN_GENRE_QUERY) return [];
  return genres.filter((genre) => startsWords(query, genre.name));
}

export const titleKey = (title: Title) => `${mediaTypeOf(title)}-${title.id}`;

/**
 * Each title once, in the first group it is found in. A group left empty stays (a later page may
 * fill it); the results view leaves empty groups out.
 */
export function withoutRepeats(groups: ResultGroup[], seen = new Set<string>()): ResultGroup[] {
  return groups.map((group) => ({
    ...group,
    titles: group.titles.filter((title) => {
      const key = titleKey(title);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  }));
}

export const sourceOf = (source: ResultSource, found: TitlePage): ResultSource => ({
  ...source,
  totalPages: Math.min(MAX_PAGE, found.totalPages),
});

const MEDIA_WORD: Record<MediaType, string> = { movie: 'films', tv: 'series' };

/**
 * The first page of a search: titles named like the query, every title of the people it names
 * (cast and crew), and the titles of the genres it names, each group with why it is there.
 * Groups whose name the query spells out whole ("nolan", "comedy") come before partial matches.
 */
export async function findTitles(catalogue: SearchCatalogue, query: string, signal?: AbortSignal): Promise<SearchPage> {
  const [named, people, movieGenres, tvGenres] = await Promise.all([
    catalogue.searchTitles(query, 1, signal),
    catalogue.searchPeople(query, signal),
    catalogue.genres('movie', signal),
    catalogue.genres('tv', signal),
  ]);
  const chosenPeople = people.slice(0, MAX_PEOPLE);
  const genres = [
    ...matchingGenres(query, movieGenres).map((genre) => ({ ...genre, mediaType: 'movie' as const })),
    ...matchingGenres(query, tvGenres).map((genre) => ({ ...genre, mediaType: 'tv' as const })),
  ];
  const [personTitles, genrePages] = await Promise.all([
    Promise.all(chosenPeople.map((person) => catalogue.personTitles(person.id, signal))),
    Promise.all(genres.map((genre) => catalogue.genreTitles(genre.mediaType, genre.id, 1, signal))),
  ]);
  // The same genre name in both lists (Comedy) says which is which.
  const both = (name: string) => genres.filter((genre) => genre.name === name).length > 1;

  const names: ResultSource = { kind: 'names', key: 'names', totalPages: 1 };
  const ranked: Array<{ group: ResultGroup; whole: boolean; source?: ResultSource }> = [
    {
      group: { key: names.key, why: `Titles named like "${query}"`, titles: named.titles },
      whole: false,
      source: sourceOf(names, named),
    },
    ...chosenPeople.map((person, index) => ({
      group: { key: `person-${person.id}`, why: `Titles with ${person.name}`, titles: personTitles[index] },
      whole: wholeWordsMatch(query, person.name),
    })),
    ...genres.map((genre, index) => {
      const key = `genre-${genre.mediaType}-${genre.id}`;
      const source: ResultSource = { kind: 'genre', key, totalPages: 1, mediaType: genre.mediaType, genreId: genre.id };
      return {
        group: {
          key,
          why: both(genre.name) ? `${genre.name} ${MEDIA_WORD[genre.mediaType]}` : genre.name,
          titles: genrePages[index].titles,
        },
        whole: wholeWordsMatch(query, genre.name),
        source: sourceOf(source, genrePages[index]),
      };
    }),
  ];
  const ordered = [...ranked.filter((entry) => entry.whole), ...ranked.filter((entry) => !entry.whole)];
  return {
    groups: withoutRepeats(ordered.map((entry) => entry.group)),
    page: 1,
    sources: ordered.flatMap((entry) => (entry.source ? [entry.source] : [])),
  };
}
