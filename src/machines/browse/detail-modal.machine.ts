import { assign, setup } from 'xstate';

import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { errorMessage } from '../error-message';
import { firstTrailer } from './title';
import { fetchVideosPlaceholder } from './trailer';

export interface DetailModalContext {
  title: Title | null;
  mediaType: MediaType;
  trailerKey: string | null;
  error: string | null;
}

export type DetailModalEvent =
  { type: 'modal.open'; title: Title; mediaType: MediaType } | { type: 'modal.play' } | { type: 'modal.close' };

/**
 * The detail modal: closed, or open on a title showing its backdrop or its trailer. Play
 * toggles between them; closing resets the play state (SPEC §4).
 */
export const detailModalMachine = setup({
  types: {
    context: {} as DetailModalContext,
    events: {} as DetailModalEvent,
  },
  actors: { fetchVideos: fetchVideosPlaceholder },
  actions: {
    forgetTrailer: assign({ trailerKey: null, error: null }),
  },
}).createMachine({
  id: 'detailModal',
  context: { title: null, mediaType: 'movie', trailerKey: null, error: null },
  initial: 'closed',
  on: {
    'modal.open': {
      target: '.open',
      reenter: true,
      actions: [
        assign({ title: ({ event }) => event.title, mediaType: ({ event }) => event.mediaType }),
        'forgetTrailer',
      ],
    },
  },
  states: {
    closed: {},
    open: {
      initial: 'image',
      on: { 'modal.close': { target: 'closed', actions: 'forgetTrailer' } },
      states: {
        image: {
          on: { 'modal.play': 'loadingTrailer' },
        },
        loadingTrailer: {
          tags: ['busy'],
          on: { 'modal.play': 'image' },
          invoke: {
            src: 'fetchVideos',
            input: ({ context }) => ({ mediaType: context.mediaType, id: context.title!.id }),
            onDone: {
              target: 'playing',
              actions: assign({ trailerKey: ({ event }) => firstTrailer(event.output)?.key ?? null, error: null }),
            },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        playing: {
          on: { 'modal.play': { target: 'image', actions: 'forgetTrailer' } },
        },
        failed: {
          tags: ['error'],
          on: { 'modal.play': 'loadingTrailer' },
        },
      },
    },
  },
});
