import { heroMachine } from '../../machines/browse/hero.machine';
import { previewCardMachine } from '../../machines/browse/preview-card.machine';
import { rowMachine } from '../../machines/browse/row.machine';
import type { DetailsRequest } from '../../machines/browse/title-details.machine';
import type { TrailerRequest } from '../../machines/browse/trailer';
import { fromPromise } from '../../machines/from-promise';
import type { CatalogueService, Title, TitleDetails, TitleList, Video } from '../../services/catalogue/catalogue.port';
import { fetchTitleList } from './title-lists';

/** The trailer lookup the hero and the detail view share. */
export const fetchVideosOf = (catalogue: CatalogueService) =>
  fromPromise<Video[], TrailerRequest>(({ input, signal }) => catalogue.fetchVideos(input.mediaType, input.id, signal));

/**
 * The browse pages' machines wired to a catalogue service (the live one, or a fake in stories).
 * The detail view's are in detail-logic.ts, with the view's own chunk.
 */
export function provideBrowse(catalogue: CatalogueService) {
  return {
    row: rowMachine.provide({
      actors: {
        fetchRow: fromPromise<Title[], { row: TitleList }>(({ input, signal }) =>
          fetchTitleList(catalogue, input.row, signal),
        ),
      },
    }),
    hero: heroMachine.provide({
      actors: {
        fetchTrending: fromPromise<Title[]>(({ signal }) => catalogue.fetchTrending(signal)),
        fetchVideos: fetchVideosOf(catalogue),
      },
    }),
  };
}

/** A row's preview card machine, reading a title's details when its preview opens. */
export function providePreviewCard(catalogue: CatalogueService) {
  return previewCardMachine.provide({
    actors: {
      fetchDetails: fromPromise<TitleDetails, DetailsRequest>(({ input, signal }) =>
        catalogue.details(input.mediaType, input.id, signal),
      ),
    },
  });
}
