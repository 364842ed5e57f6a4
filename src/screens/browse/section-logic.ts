import { genresMachine } from '../../machines/browse/genres.machine';
import { fromPromise } from '../../machines/from-promise';
import type { CatalogueService, Genre, MediaType } from '../../services/catalogue/catalogue.port';

/**
 * A section page's genres (TV Shows, Films) wired to a catalogue service. Apart from
 * browse-logic.ts, so only the TV Shows and Films chunk carries the genres machine.
 */
export function provideGenres(catalogue: CatalogueService) {
  return genresMachine.provide({
    actors: {
      fetchGenres: fromPromise<Genre[], { mediaType: MediaType }>(({ input, signal }) =>
        catalogue.genres(input.mediaType, signal),
      ),
    },
  });
}
