/** The search page's address: /search?q=… (docs/decisions.md), so reload, Back and sharing work. */
export const SEARCH_PATH = '/search';

/** The query in a search string ("q=nolan" or "?q=nolan"); empty when there is none. */
export const queryOf = (search: string): string => new URLSearchParams(search).get('q') ?? '';
