import { assign, setup } from 'xstate';

import type { Video } from '../../services/catalogue/catalogue.port';
import { firstTrailer } from './title';
import { fetchVideosPlaceholder, type TrailerRequest } from './trailer';

export interface PreviewTrailerInput {
  request: TrailerRequest;
  /** The profile's "autoplay previews": off, no trailer is read. */
  autoplay: boolean;
}

export interface PreviewTrailerContext extends PreviewTrailerInput {
  /** The trailer's video key, once found. */
  trailerKey: string | null;
}

/**
 * An open preview card's trailer, for a profile that autoplays previews: the title's videos are
 * read once the card's content is up, and the first trailer plays muted over the art. None, or a
 * failed read, leaves the art. One actor per title shown.
 */
export const previewTrailerMachine = setup({
  types: {
    context: {} as PreviewTrailerContext,
    input: {} as PreviewTrailerInput,
  },
  actors: { fetchVideos: fetchVideosPlaceholder },
  guards: { wanted: ({ context }) => context.autoplay },
  actions: {
    storeTrailer: assign((_, videos: Video[]) => ({ trailerKey: firstTrailer(videos)?.key ?? null })),
  },
}).createMachine({
  id: 'previewTrailer',
  context: ({ input }) => ({ ...input, trailerKey: null }),
  initial: 'deciding',
  states: {
    deciding: { always: [{ guard: 'wanted', target: 'finding' }, { target: 'none' }] },
    finding: {
      invoke: {
        src: 'fetchVideos',
        input: ({ context }) => context.request,
        onDone: { target: 'found', actions: { type: 'storeTrailer', params: ({ event }) => event.output } },
        onError: 'none',
      },
    },
    found: { tags: ['trailer'] },
    none: {},
  },
});
