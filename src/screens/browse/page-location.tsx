import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { Router, useRouter } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { pageLocation, pageState } from './title-address';

type ParentRouter = ReturnType<typeof useRouter>;
type LocationHook = ParentRouter['hook'];

const withoutQuestionMark = (search: string) => search.replace(/^\?/, '');

/**
 * The hooks of a router that sees, under a title's address (TitleOverlay.tsx), the page it was
 * opened over instead: that page stays mounted with its state, query and scroll. Built over the
 * parent router, so the browser's location in the app and a memory location in stories both work.
 */
function pageHooks(parent: ParentRouter) {
  const usePage = () => {
    const [path, navigate] = parent.hook(parent);
    const search = withoutQuestionMark(parent.searchHook(parent));
    return { page: pageLocation(path, search, useHistoryState()), navigate };
  };
  const usePagePath = (() => {
    const { page, navigate } = usePage();
    return [page.path, navigate];
  }) as LocationHook;
  const usePageSearch = () => usePage().page.search;
  return { hook: usePagePath, searchHook: usePageSearch };
}

const PageStateContext = createContext<unknown>(null);

/** The page's own history state; under a title's address, the state the page had when it was opened. */
export const usePageState = (): unknown => useContext(PageStateContext);

/** Routes and links inside see the page beneath a title's address instead of the address itself. */
export function PageRouter({ children }: { children: ReactNode }) {
  const parent = useRouter();
  const { hook, searchHook } = useMemo(() => pageHooks(parent), [parent]);
  const [path] = parent.hook(parent);
  const state = pageState(path, useHistoryState());
  return (
    <PageStateContext.Provider value={state}>
      <Router hook={hook} searchHook={searchHook}>
        {children}
      </Router>
    </PageStateContext.Provider>
  );
}

/** A page shown in place of the address's own (path and query), or null for the address's own. */
export interface PageOverride {
  path: string;
  search: string;
}

const OverrideContext = createContext<PageOverride | null>(null);

function overrideHooks(parent: ParentRouter) {
  const usePath = ((): ReturnType<LocationHook> => {
    const [path, navigate] = parent.hook(parent);
    const override = useContext(OverrideContext);
    return [override ? override.path : path, navigate];
  }) as LocationHook;
  const useSearchString = () => {
    const search = parent.searchHook(parent);
    const override = useContext(OverrideContext);
    return override ? override.search : search;
  };
  return { hook: usePath, searchHook: useSearchString };
}

/**
 * Routes inside see `page` instead of the address (when given): a page kept mounted, hidden, under
 * the search page, so that leaving the search shows it exactly as it was. The tree is the same with
 * or without `page`, so the page inside keeps its state when the override comes and goes.
 */
export function PageBeneath({ page, children }: { page: PageOverride | null; children: ReactNode }) {
  const parent = useRouter();
  const { hook, searchHook } = useMemo(() => overrideHooks(parent), [parent]);
  return (
    <OverrideContext.Provider value={page}>
      <Router hook={hook} searchHook={searchHook}>
        {children}
      </Router>
    </OverrideContext.Provider>
  );
}

/** A path with its query ("/tv?genre=35") as a path and a query string. */
export function splitPath(address: string): PageOverride {
  const queryAt = address.indexOf('?');
  return queryAt === -1
    ? { path: address, search: '' }
    : { path: address.slice(0, queryAt), search: address.slice(queryAt + 1) };
}
