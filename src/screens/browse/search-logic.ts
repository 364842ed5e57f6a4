import { searchMachine } from '../../machines/browse/search.machine';
import { findMoreTitles, findTitles, type SearchPage, type SearchRequest } from '../../machines/browse/search-results';
import { fromPromise } from '../../machines/from-promise';
import type { CatalogueService } from '../../services/catalogue/catalogue.port';

// Its own module, so that only the search page's chunk carries the search.
/** The search page's machine wired to a catalogue service. */
export function provideSearch(catalogue: CatalogueService) {
  return searchMachine.provide({
    actors: {
      // The catalogue's own whole answer where it has one (the embedded one), composed otherwise.
      findTitles: fromPromise<SearchPage, { query: string }>(({ input, signal }) =>
        catalogue.findTitles ? catalogue.findTitles(input.query, signal) : findTitles(catalogue, input.query, signal),
      ),
      findMoreTitles: fromPromise<SearchPage, SearchRequest>(({ input, signal }) =>
        findMoreTitles(catalogue, input, signal),
      ),
    },
  });
}
