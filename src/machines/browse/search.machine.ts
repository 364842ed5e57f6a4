import { assign, fromPromise, setup } from 'xstate';

import type { Title } from '../../services/catalogue/catalogue.port';
import { errorMessage } from '../error-message';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchContext {
  query: string;
  results: Title[];
  error: string | null;
}

export type SearchEvent =
  | { type: 'search.open' }
  | { type: 'search.change'; value: string }
  | { type: 'search.clear' }
  | { type: 'search.blur' }
  | { type: 'search.retry' };

/**
 * The top bar's search (docs/spec.md §4): closed, or open with the typed text. Queries are debounced;
 * a newer keystroke cancels the request in flight, so a stale answer never overwrites a newer one.
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
  },
  actors: {
    search: fromPromise<Title[], { query: string }>(async () => {
      throw new Error('search was not provided');
    }),
  },
  guards: {
    queryEmpty: ({ context }) => context.query.trim() === '',
    changedToEmpty: ({ event }) => event.type === 'search.change' && event.value.trim() === '',
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'search',
  context: { query: '', results: [], error: null },
  initial: 'closed',
  states: {
    closed: {
      entry: assign({ query: '', results: [], error: null }),
      on: { 'search.open': 'open' },
    },
    open: {
      initial: 'idle',
      on: {
        'search.clear': 'closed',
        'search.blur': { guard: 'queryEmpty', target: 'closed' },
        'search.change': [
          {
            guard: 'changedToEmpty',
            target: '.idle',
            actions: assign({ query: ({ event }) => event.value, results: [] }),
          },
          { target: '.debouncing', reenter: true, actions: assign({ query: ({ event }) => event.value }) },
        ],
      },
      states: {
        idle: {},
        debouncing: {
          tags: ['busy'],
          after: { debounce: 'searching' },
        },
        searching: {
          tags: ['busy'],
          invoke: {
            src: 'search',
            input: ({ context }) => ({ query: context.query.trim() }),
            onDone: { target: 'ready', actions: assign({ results: ({ event }) => event.output, error: null }) },
            onError: {
              target: 'failed',
              actions: assign({ error: ({ event }) => errorMessage(event.error) }),
            },
          },
        },
        ready: {},
        failed: {
          tags: ['error'],
          on: { 'search.retry': 'searching' },
        },
      },
    },
  },
});
