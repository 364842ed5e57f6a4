/** The search page's address: /search?q=… (docs/decisions.md), so reload, Back and sharing work. */
export const SEARCH_PATH = '/search';

/** The address of a search for `query`, exactly as typed (the box shows what the address says). */
export const searchHref = (query: string): string =>
  query === '' ? SEARCH_PATH : `${SEARCH_PATH}?${new URLSearchParams({ q: query })}`;

/** The query in a search string ("q=nolan" or "?q=nolan"); empty when there is none. */
export const queryOf = (search: string): string => new URLSearchParams(search).get('q') ?? '';

/** The search page's own box (on phones): the top bar's icon brings focus to it. */
export const SEARCH_PAGE_INPUT_ID = 'search-page-input';
