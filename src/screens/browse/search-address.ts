import { queryOf, SEARCH_PATH } from '../../../shared/web/search-address';

// One reading of the search page's address for the app and the server's first screen.
export { queryOf, SEARCH_PATH };

/** The address of a search for `query`, exactly as typed (the box shows what the address says). */
export const searchHref = (query: string): string =>
  query === '' ? SEARCH_PATH : `${SEARCH_PATH}?${new URLSearchParams({ q: query })}`;

/** The search page's own box (on phones): the top bar's icon brings focus to it. */
export const SEARCH_PAGE_INPUT_ID = 'search-page-input';
