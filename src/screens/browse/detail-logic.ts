import { detailModalMachine, type FoundTitle, type TitleRequest } from '../../machines/browse/detail-modal.machine';
import {
  type DetailsRequest,
  type SeasonRequest,
  titleDetailsMachine,
} from '../../machines/browse/title-details.machine';
import { fromPromise } from '../../machines/from-promise';
import type { CatalogueService, Season, TitleDetails } from '../../services/catalogue/catalogue.port';
import { fetchVideosOf } from './browse-logic';

/**
 * The detail view's machine wired to a catalogue service (the live one, or a fake in stories).
 * Apart from browse-logic.ts so that it goes with the view's own chunk (TitleDetailsHost.tsx).
 */
export function provideDetailModal(catalogue: CatalogueService) {
  return detailModalMachine.provide({
    actors: {
      fetchVideos: fetchVideosOf(catalogue),
      // A title's details are a Title too; the address says which media type it is. The sections
      // take the same details, so the title is read once.
      findTitle: fromPromise<FoundTitle, TitleRequest>(async ({ input, signal }) => {
        const details = await catalogue.details(input.mediaType, input.id, signal);
        return { title: { ...details, media_type: input.mediaType }, details };
      }),
      titleDetails: titleDetailsMachine.provide({
        actors: {
          fetchDetails: fromPromise<TitleDetails, DetailsRequest>(({ input, signal }) =>
            catalogue.details(input.mediaType, input.id, signal),
          ),
          fetchSeason: fromPromise<Season, SeasonRequest>(({ input, signal }) =>
            catalogue.season(input.tvId, input.seasonNumber, signal),
          ),
        },
      }),
    },
  });
}
