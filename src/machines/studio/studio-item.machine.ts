import { assign, setup } from 'xstate';

import type { CatalogueChoice, FactsCorrection, Marker, StudioItem } from '../../services/studio/studio.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface StudioItemContext {
  key: number;
  item: StudioItem | null;
  choices: CatalogueChoice[];
  error: string | null;
  saveError: string | null;
  /** What was saved last, for the screen to say so ("Facts saved"). */
  saved: string | null;
}

export type StudioItemEvent =
  | { type: 'item.saveFacts'; facts: FactsCorrection }
  | { type: 'item.publish'; published: boolean }
  | { type: 'item.saveMarkers'; fileKey: number; markers: Marker[] }
  | { type: 'item.search'; query: string }
  | { type: 'item.match'; catalogueId: number | null }
  | { type: 'item.reload' };

type Of<T extends StudioItemEvent['type']> = Extract<StudioItemEvent, { type: T }>;

/** One library item in the studio: read, then the operator's changes, one at a time. */
export const studioItemMachine = setup({
  types: { context: {} as StudioItemContext, input: {} as { key: number }, events: {} as StudioItemEvent },
  actors: {
    loadItem: fromPromise<StudioItem, { key: number }>(async () => notProvided('studio item', 'loadItem')),
    saveFacts: fromPromise<StudioItem, { key: number; facts: FactsCorrection }>(async () =>
      notProvided('studio item', 'saveFacts'),
    ),
    setPublished: fromPromise<StudioItem, { key: number; published: boolean }>(async () =>
      notProvided('studio item', 'setPublished'),
    ),
    saveMarkers: fromPromise<Marker[], { fileKey: number; markers: Marker[] }>(async () =>
      notProvided('studio item', 'saveMarkers'),
    ),
    searchCatalogue: fromPromise<CatalogueChoice[], { query: string; mediaType: 'movie' | 'tv' }>(async () =>
      notProvided('studio item', 'searchCatalogue'),
    ),
    correctMatch: fromPromise<StudioItem, { key: number; catalogueId: number | null }>(async () =>
      notProvided('studio item', 'correctMatch'),
    ),
  },
  actions: {
    takeItem: assign((_, item: StudioItem) => ({ item, error: null })),
    takeChoices: assign((_, choices: CatalogueChoice[]) => ({ choices })),
    clearChoices: assign({ choices: [] }),
    say: assign((_, saved: string) => ({ saved, saveError: null })),
    startSaving: assign({ saved: null, saveError: null }),
    rememberError: assign(failureOf),
    rememberSaveError: assign(({ event }) => ({ saveError: failureOf({ event }).error })),
  },
}).createMachine({
  id: 'studioItem',
  context: ({ input }) => ({ key: input.key, item: null, choices: [], error: null, saveError: null, saved: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadItem',
        input: ({ context }) => ({ key: context.key }),
        onDone: { target: 'ready', actions: { type: 'takeItem', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    failed: { tags: ['error'], on: { 'item.reload': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'item.saveFacts': 'savingFacts',
            'item.publish': 'publishing',
            'item.saveMarkers': 'savingMarkers',
            'item.search': 'searching',
            'item.match': 'matching',
          },
        },
        savingFacts: {
          tags: ['busy'],
          entry: 'startSaving',
          invoke: {
            src: 'saveFacts',
            input: ({ context, event }) => ({ key: context.key, facts: (event as Of<'item.saveFacts'>).facts }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'takeItem', params: ({ event }) => event.output },
                { type: 'say', params: 'Facts saved.' },
              ],
            },
            onError: { target: 'idle', actions: 'rememberSaveError' },
          },
        },
        publishing: {
          tags: ['busy'],
          entry: 'startSaving',
          invoke: {
            src: 'setPublished',
            input: ({ context, event }) => ({ key: context.key, published: (event as Of<'item.publish'>).published }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'takeItem', params: ({ event }) => event.output },
                { type: 'say', params: ({ event }) => (event.output.title.published ? 'Published.' : 'Unpublished.') },
              ],
            },
            onError: { target: 'idle', actions: 'rememberSaveError' },
          },
        },
        savingMarkers: {
          tags: ['busy'],
          entry: 'startSaving',
          invoke: {
            src: 'saveMarkers',
            input: ({ event }) => {
              const { fileKey, markers } = event as Of<'item.saveMarkers'>;
              return { fileKey, markers };
            },
            onDone: { target: '#studioItem.loading', actions: { type: 'say', params: 'Markers saved.' } },
            onError: { target: 'idle', actions: 'rememberSaveError' },
          },
        },
        searching: {
          tags: ['searching'],
          invoke: {
            src: 'searchCatalogue',
            input: ({ context, event }) => ({
              query: (event as Of<'item.search'>).query,
              mediaType: context.item?.title.mediaType ?? 'movie',
            }),
            onDone: { target: 'idle', actions: { type: 'takeChoices', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: 'rememberSaveError' },
          },
        },
        matching: {
          tags: ['busy'],
          entry: 'startSaving',
          invoke: {
            src: 'correctMatch',
            input: ({ context, event }) => ({ key: context.key, catalogueId: (event as Of<'item.match'>).catalogueId }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'takeItem', params: ({ event }) => event.output },
                'clearChoices',
                { type: 'say', params: 'Match saved.' },
              ],
            },
            onError: { target: 'idle', actions: 'rememberSaveError' },
          },
        },
      },
    },
  },
});
