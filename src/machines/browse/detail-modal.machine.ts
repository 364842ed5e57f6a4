import { assertEvent, assign, setup } from 'xstate';

import type { MediaType, Title, TitleDetails, Video } from '../../services/catalogue/catalogue.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import { firstTrailer, mediaTypeOf } from './title';
import { titleDetailsMachine } from './title-details.machine';
import { fetchVideosPlaceholder } from './trailer';

export interface DetailModalContext {
  title: Title | null;
  /** Always the title's own (mediaTypeOf), never the row's. */
  mediaType: MediaType;
  /** The season to show first, when the opener knows one (a series part-way through). */
  season: number | undefined;
  trailerKey: string | null;
  error: string | null;
  /** The title's details when they were read to find it: its sections start from them, not asking again. */
  details: TitleDetails | null;
}

/** A title named only by its address (a shared or reloaded link): its details are read first. */
export interface TitleRequest {
  mediaType: MediaType;
  id: number;
}

/** A title found by its address: the title, with its own media type, and the details it was read from. */
export interface FoundTitle {
  title: Title;
  details: TitleDetails;
}

export type DetailModalEvent =
  | { type: 'modal.open'; title: Title; season?: number }
  | { type: 'modal.find'; mediaType: MediaType; id: number }
  | { type: 'similar.open'; title: Title }
  | { type: 'modal.play' }
  | { type: 'modal.close' };

/**
 * The detail modal: closed, or open on a title. While open, two regions run side by side: the
 * trailer (the artwork, or its trailer on Play: docs/spec.md §4's toggle) and the title's sections (a
 * `titleDetails` child, its own loading and errors). Opening a More Like This title replaces the
 * title in place: both regions start again for it; closing resets the play state.
 */
export const detailModalMachine = setup({
  types: {
    context: {} as DetailModalContext,
    events: {} as DetailModalEvent,
  },
  actors: {
    fetchVideos: fetchVideosPlaceholder,
    titleDetails: titleDetailsMachine,
    findTitle: fromPromise<FoundTitle, TitleRequest>(async () => notProvided('detailModal', 'findTitle')),
  },
  actions: {
    showTitle: assign(({ event }) =>
      event.type === 'modal.open' || event.type === 'similar.open'
        ? {
            title: event.title,
            mediaType: mediaTypeOf(event.title),
            season: event.type === 'modal.open' ? event.season : undefined,
            details: null,
          }
        : {},
    ),
    forgetTrailer: assign({ trailerKey: null, error: null }),
    showFoundTitle: assign((_, { title, details }: FoundTitle) => ({
      title,
      mediaType: mediaTypeOf(title),
      season: undefined,
      details,
    })),
    forgetTitle: assign({ title: null, details: null }),
    rememberError: assign(failureOf),
    /** The title's first video of type Trailer, if it has one. */
    takeTrailer: assign((_, videos: Video[]) => ({ trailerKey: firstTrailer(videos)?.key ?? null, error: null })),
  },
}).createMachine({
  id: 'detailModal',
  context: { title: null, mediaType: 'movie', season: undefined, trailerKey: null, error: null, details: null },
  initial: 'closed',
  on: {
    'modal.open': { target: '.open', reenter: true, actions: ['showTitle', 'forgetTrailer'] },
    'modal.find': { target: '.finding', reenter: true, actions: ['forgetTitle', 'forgetTrailer'] },
  },
  states: {
    closed: {},
    finding: {
      tags: ['busy'],
      on: { 'modal.close': { target: 'closed' } },
      invoke: {
        src: 'findTitle',
        input: ({ event }) => {
          assertEvent(event, 'modal.find');
          return { mediaType: event.mediaType, id: event.id };
        },
        onDone: { target: 'open', actions: { type: 'showFoundTitle', params: ({ event }) => event.output } },
        onError: { target: 'notFound', actions: 'rememberError' },
      },
    },
    /** The address named no title the catalogue has (or it could not be reached). */
    notFound: {
      tags: ['error'],
      on: { 'modal.close': { target: 'closed', actions: 'forgetTrailer' } },
    },
    open: {
      type: 'parallel',
      on: {
        'modal.close': { target: 'closed', actions: 'forgetTrailer' },
        'similar.open': { target: 'open', reenter: true, actions: ['showTitle', 'forgetTrailer'] },
      },
      states: {
        sections: {
          invoke: {
            id: 'details',
            src: 'titleDetails',
            input: ({ context }) => ({
              title: context.title!,
              mediaType: context.mediaType,
              season: context.season,
              details: context.details ?? undefined,
            }),
          },
        },
        trailer: {
          initial: 'image',
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
                  actions: { type: 'takeTrailer', params: ({ event }) => event.output },
                },
                onError: {
                  target: 'failed',
                  actions: 'rememberError',
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
    },
  },
});
