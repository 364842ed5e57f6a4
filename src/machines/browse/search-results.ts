import {
  type ResultSource,
  type SearchCatalogue,
  type SearchPage,
  sourceOf,
  titleKey,
  withoutRepeats,
} from '../../../shared/catalogue/search';

// The first page's rules are shared with the embedded catalogue's whole-search answer.
export {
  findTitles,
  matchingGenres,
  MAX_PEOPLE,
  MIN_GENRE_QUERY,
  type ResultGroup,
  type ResultSource,
  type SearchCatalogue,
  type SearchPage,
  titleKey,
  wholeWordsMatch,
  withoutRepeats,
} from '../../../shared/catalogue/search';

export interface SearchRequest {
  query: string;
  page: number;
  /** For pages after the first: the sources the first page found. */
  sources: ResultSource[];
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
