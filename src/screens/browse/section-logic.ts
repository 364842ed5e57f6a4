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
      findOfferedGenres: fromPromise<Genre[], { mediaType: MediaType; genres: Genre[] }>(({ input, signal }) =>
        genresWithTitles(catalogue, input.mediaType, input.genres, signal),
      ),
    },
  });
}

/**
 * The genres that have titles, in their order: each asked for its first page, the same request
 * as the genre's row (the catalogue's answers are cacheable, so the row's own ask is not paid twice).
 */
export async function genresWithTitles(
  catalogue: CatalogueService,
  mediaType: MediaType,
  genres: readonly Genre[],
  signal?: AbortSignal,
): Promise<Genre[]> {
  const filled = await Promise.all(
    genres.map((genre) =>
      catalogue.discover(mediaType, { genreId: genre.id }, signal).then((titles) => titles.length > 0),
    ),
  );
  return genres.filter((_, index) => filled[index]);
}
