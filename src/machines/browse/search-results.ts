import type { CatalogueService, Genre, MediaType, Title, TitlePage } from '../../services/catalogue/catalogue.port';
import { mediaTypeOf } from './title';

/** At most this many people's titles join a search's results (the most popular matches). */
export const MAX_PEOPLE = 2;
/** Genres are matched from this many typed characters on ("com" finds Comedy, "co" nothing). */
export const MIN_GENRE_QUERY = 3;
/** TMDB serves no page past 500. */
const MAX_PAGE = 500;

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

export interface SearchRequest {
  query: string;
  page: number;
  /** For pages after the first: the sources the first page found. */
  sources: ResultSource[];
}

/** What the search needs of the catalogue port. */
export type SearchCatalogue = Pick<
  CatalogueService,
  'searchTitles' | 'searchPeople' | 'personTitles' | 'genres' | 'genreTitles'
>;

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

const sourceOf = (source: ResultSource, found: TitlePage): ResultSource => ({
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

/** Whether any paged source has pages after `page`. */
export const hasMorePages = ({ page, sources }: Pick<SearchPage, 'page' | 'sources'>) =>
  sources.some((source) => source.totalPages > page);

/** The next page of every source that has one; the caller merges it into what it shows. */
export async function findMoreTitles(
  catalogue: SearchCatalogue,
  { query, page, sources }: SearchRequest,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const due = sources.filter((source) => source.totalPages >= page);
  const found = await Promise.all(
    due.map((source) =>
      source.kind === 'names'
        ? catalogue.searchTitles(query, page, signal)
        : catalogue.genreTitles(source.mediaType, source.genreId, page, signal),
    ),
  );
  return {
    groups: due.map((source, index) => ({ key: source.key, why: '', titles: found[index].titles })),
    page,
    sources: sources.map((source) => {
      const at = due.indexOf(source);
      return at === -1 ? source : sourceOf(source, found[at]);
    }),
  };
}

/** Appends a later page to the groups shown, each title still once. */
export function mergePages(shown: SearchPage, next: SearchPage): SearchPage {
  const seen = new Set(shown.groups.flatMap((group) => group.titles.map(titleKey)));
  const added = new Map(withoutRepeats(next.groups, seen).map((group) => [group.key, group.titles]));
  return {
    groups: shown.groups.map((group) => ({ ...group, titles: [...group.titles, ...(added.get(group.key) ?? [])] })),
    page: next.page,
    sources: next.sources,
  };
}
