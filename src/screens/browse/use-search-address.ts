import { useLocation, useSearch } from 'wouter';

import { usePageState } from './page-location';
import { queryOf, SEARCH_PATH, searchHref } from './search-address';
import { beneathOf, DEFAULT_BENEATH, type OverPage } from './title-address';

/**
 * Search through the address (docs/decisions.md): what is typed goes to /search?q=…, replacing the
 * address while typing on the search page (Back does not walk every keystroke) and pushing it from
 * any other page, with that page remembered in history.state; clearing goes back to that page,
 * which stayed mounted beneath the search (SignedInRoutes.tsx), so it shows exactly as it was.
 */
export function useSearchAddress() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const state = usePageState();
  const onSearchPage = location === SEARCH_PATH;
  const query = onSearchPage ? queryOf(search) : '';

  /** Shows the search page for `query` (empty: the page with its box and nothing searched yet). */
  const show = (query: string) => {
    if (onSearchPage) {
      navigate(searchHref(query), { replace: true, state });
      return;
    }
    const over: OverPage = { beneath: `${location}${search ? `?${search}` : ''}`, beneathState: state };
    navigate(searchHref(query), { state: over });
  };

  /** Leaves the search for the page it started from, or home when it started here (a shared link). */
  const leave = () => {
    if (!onSearchPage) return;
    if (beneathOf(state)) history.back();
    else navigate(DEFAULT_BENEATH, { replace: true });
  };

  return { onSearchPage, query, show, leave };
}
