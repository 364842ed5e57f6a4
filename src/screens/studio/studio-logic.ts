import { fromCallback } from 'xstate';

import { fromPromise } from '../../machines/from-promise';
import { operatorsMachine } from '../../machines/studio/operators.machine';
import { studioItemMachine } from '../../machines/studio/studio-item.machine';
import { studioLibraryMachine } from '../../machines/studio/studio-library.machine';
import { type TransferInput, type UploadsEvent, uploadsMachine } from '../../machines/studio/uploads.machine';
import type { StudioService } from '../../services/studio/studio.port';

/** The studio's machines with the studio service's calls (stories provide fakes instead). */

export const provideStudioLibrary = (studio: StudioService) =>
  studioLibraryMachine.provide({
    actors: {
      loadOverview: fromPromise(() => studio.overview()),
      retryFile: fromPromise(({ input }: { input: { fileKey: number } }) => studio.retry(input.fileKey)),
      rescan: fromPromise(() => studio.rescan()),
    },
  });

export const provideStudioItem = (studio: StudioService) =>
  studioItemMachine.provide({
    actors: {
      loadItem: fromPromise(({ input }) => studio.item(input.key)),
      saveFacts: fromPromise(({ input }) => studio.correctFacts(input.key, input.facts)),
      setPublished: fromPromise(({ input }) => studio.setPublished(input.key, input.published)),
      saveMarkers: fromPromise(({ input }) => studio.setMarkers(input.fileKey, input.markers)),
      searchCatalogue: fromPromise(({ input }) => studio.searchCatalogue(input.query, input.mediaType)),
      correctMatch: fromPromise(({ input }) => studio.correctMatch(input.key, input.catalogueId)),
    },
  });

export const provideUploads = (studio: StudioService) =>
  uploadsMachine.provide({
    actors: {
      transfer: fromCallback<UploadsEvent, TransferInput>(({ input, sendBack }) => {
        const transfer = studio.upload(input.file, {
          onProgress: (sent) => sendBack({ type: 'upload.progress', id: input.id, sent }),
          onSuccess: () => sendBack({ type: 'upload.done', id: input.id }),
          onError: (error) => sendBack({ type: 'upload.failed', id: input.id, error }),
        });
        return () => transfer.stop();
      }),
    },
  });

export const provideOperators = (studio: StudioService) =>
  operatorsMachine.provide({
    actors: {
      loadOperators: fromPromise(() => studio.operators()),
      grant: fromPromise(({ input }) => studio.grant(input.email)),
      revoke: fromPromise(({ input }) => studio.revoke(input.uid)),
    },
  });
