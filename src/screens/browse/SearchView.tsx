import { SearchResults } from '../../components/browse/SearchResults';
import { displayName, mediaTypeOf } from '../../machines/browse/title';
import type { Title } from '../../services/catalogue/catalogue.port';
import { useCatalogue } from './catalogue-context';
import { SearchContext } from './search-context';

export interface SearchViewProps {
  onOpenTitle: (title: Title) => void;
}

/** A result's key: a film and a series may share an id. */
const resultKey = (title: Title) => `${mediaTypeOf(title)}-${title.id}`;

/** The results grid for the top bar's search text. */
export function SearchView({ onOpenTitle }: SearchViewProps) {
  const catalogue = useCatalogue();
  const actor = SearchContext.useActorRef();
  const query = SearchContext.useSelector((s) => s.context.query.trim());
  const status = SearchContext.useSelector((s) =>
    s.hasTag('busy') ? 'loading' : s.hasTag('error') ? 'error' : 'ready',
  );
  const results = SearchContext.useSelector((s) => s.context.results);
  const error = SearchContext.useSelector((s) => s.context.error);

  return (
    <SearchResults
      query={query}
      status={status}
      items={results.map((title) => ({
        key: resultKey(title),
        title: displayName(title),
        image: title.backdrop_path ? catalogue.imageSources(title.backdrop_path, 'backdrop') : null,
      }))}
      errorMessage={error ?? undefined}
      onRetry={() => actor.send({ type: 'search.retry' })}
      onOpen={(key) => {
        const title = results.find((candidate) => resultKey(candidate) === key);
        if (title) onOpenTitle(title);
      }}
    />
  );
}
