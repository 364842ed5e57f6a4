import { assign, setup } from 'xstate';

import type { MediaType, Title, TitleDetails } from '../../services/catalogue/catalogue.port';
import { errorMessage } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import type { DetailsRequest } from './title-details.machine';

/** How long a pointer rests on a card before its preview opens, as on the real service. */
export const PREVIEW_DELAY_MS = 500;

/** The card a preview is for: its row key and the title behind it. */
export interface PreviewTarget {
  key: string;
  title: Title;
  mediaType: MediaType;
}

export interface PreviewCardContext {
  target: PreviewTarget | null;
  /** Opened from the keyboard: the card moves focus into it. */
  viaKeyboard: boolean;
  /** Details read so far, by row key: a card previewed again opens at once. */
  details: Record<string, TitleDetails>;
  error: string | null;
}

export type PreviewCardEvent =
  | ({ type: 'preview.hover' } & PreviewTarget)
  | ({ type: 'preview.show' } & PreviewTarget)
  | { type: 'preview.cancel' }
  | { type: 'preview.retry' };

/**
 * A row's preview card: a pointer resting on a card opens it after a moment, a key opens it at
 * once; leaving, Escape or a click closes it. The title's details (maturity, length, genres)
 * load when it opens, not before, so passing over a row costs no requests.
 */
export const previewCardMachine = setup({
  types: {
    context: {} as PreviewCardContext,
    events: {} as PreviewCardEvent,
  },
  actors: {
    fetchDetails: fromPromise<TitleDetails, DetailsRequest>(async () => notProvided('previewCard', 'fetchDetails')),
  },
  delays: { previewDelay: PREVIEW_DELAY_MS },
  guards: {
    known: ({ context }) => context.target !== null && context.target.key in context.details,
    sameCard: ({ context, event }) =>
      (event.type === 'preview.hover' || event.type === 'preview.show') && context.target?.key === event.key,
  },
  actions: {
    target: assign(({ event }) =>
      event.type === 'preview.hover' || event.type === 'preview.show'
        ? {
            target: { key: event.key, title: event.title, mediaType: event.mediaType },
            viaKeyboard: event.type === 'preview.show',
            error: null,
          }
        : {},
    ),
    forget: assign({ target: null, viaKeyboard: false, error: null }),
    storeDetails: assign(({ context }, details: TitleDetails) => ({
      details: context.target ? { ...context.details, [context.target.key]: details } : context.details,
      error: null,
    })),
    noteError: assign((_, { error }: { error: unknown }) => ({ error: errorMessage(error) })),
  },
}).createMachine({
  id: 'previewCard',
  context: { target: null, viaKeyboard: false, details: {}, error: null },
  initial: 'idle',
  on: {
    'preview.hover': { target: '.waiting', reenter: true, actions: 'target' },
    'preview.show': { target: '.open', reenter: true, actions: 'target' },
    'preview.cancel': { target: '.idle', actions: 'forget' },
  },
  states: {
    idle: {},
    waiting: {
      after: { previewDelay: 'open' },
    },
    open: {
      // The pointer coming back to the card it is open for keeps it as it is.
      on: { 'preview.hover': { guard: 'sameCard' } },
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'known', target: 'ready' }, { target: 'loading' }],
        },
        loading: {
          tags: ['busy'],
          invoke: {
            src: 'fetchDetails',
            input: ({ context }) => ({ mediaType: context.target!.mediaType, id: context.target!.title.id }),
            onDone: { target: 'ready', actions: { type: 'storeDetails', params: ({ event }) => event.output } },
            onError: {
              target: 'failed',
              actions: { type: 'noteError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {},
        failed: {
          tags: ['error'],
          on: { 'preview.retry': 'loading' },
        },
      },
    },
  },
});
