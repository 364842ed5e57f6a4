import { useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';

import { BrowsePage } from '../../components/browse/BrowseLayout';
import { SearchBox } from '../../components/browse/SearchBox';
import { SearchResults } from '../../components/browse/SearchResults';
import { titleKey } from '../../machines/browse/search-results';
import { displayName } from '../../machines/browse/title';
import type { Title } from '../../services/catalogue/catalogue.port';
import { useInspectedActorRef } from '../inspect-context';
import { useCatalogue } from './catalogue-context';
import { useOpenTitle } from './open-title';
import { SEARCH_PAGE_INPUT_ID } from './search-address';
import { provideSearch } from './search-logic';
import { useSearchAddress } from './use-search-address';

/**
 * /search?q=… (docs/decisions.md): the results for the address's query, titles found by name, by
 * the people in them and by genre, with "More results" while there are. On phones the page has
 * its own full-width box at the top; wider, the top bar's box is the one typed in.
 */
export default function SearchScreen() {
  const catalogue = useCatalogue();
  const openTitle = useOpenTitle();
  const { query, show, leave } = useSearchAddress();
  const logic = useMemo(() => provideSearch(catalogue), [catalogue]);
  const actor = useInspectedActorRef(logic, { input: { query } });
  // The address is the one source of truth for the query; the machine debounces and searches it.
  useEffect(() => actor.send({ type: 'search.query', value: query }), [actor, query]);

  const searched = useSelector(actor, (s) => s.context.query);
  const status = useSelector(actor, (s) =>
    s.hasTag('busy') ? 'loading' : s.hasTag('error') ? 'error' : s.matches({ active: 'idle' }) ? 'idle' : 'ready',
  );
  const more = useSelector(actor, (s) =>
    s.hasTag('loadingMore')
      ? 'loading'
      : s.hasTag('moreError')
        ? 'failed'
        : s.can({ type: 'search.more' })
          ? 'available'
          : 'none',
  );
  const groups = useSelector(actor, (s) => s.context.results.groups);
  const error = useSelector(actor, (s) => s.context.error);

  const titles = new Map<string, Title>(
    groups.flatMap((group) => group.titles.map((title) => [titleKey(title), title])),
  );

  return (
    <BrowsePage>
      <SearchResults
        searchField={
          <SearchBox
            placement="page"
            open
            value={query}
            inputId={SEARCH_PAGE_INPUT_ID}
            onValueChange={show}
            onClear={leave}
          />
        }
        query={searched}
        status={status}
        groups={groups.map((group) => ({
          key: group.key,
          why: group.why,
          items: group.titles.map((title) => ({
            key: titleKey(title),
            title: displayName(title),
            image: title.backdrop_path ? catalogue.imageSources(title.backdrop_path, 'backdrop') : null,
          })),
        }))}
        errorMessage={error ?? undefined}
        onRetry={() => actor.send({ type: 'search.retry' })}
        more={more}
        onMore={() => actor.send({ type: 'search.more' })}
        onOpen={(key) => {
          const title = titles.get(key);
          if (title) openTitle(title);
        }}
      />
    </BrowsePage>
  );
}
