import { type ReactNode, useMemo } from 'react';
import { Router, useRouter } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';

import { pageLocation } from './title-address';

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

/** Routes and links inside see the page beneath a title's address instead of the address itself. */
export function PageRouter({ children }: { children: ReactNode }) {
  const parent = useRouter();
  const { hook, searchHook } = useMemo(() => pageHooks(parent), [parent]);
  return (
    <Router hook={hook} searchHook={searchHook}>
      {children}
    </Router>
  );
}
