import { assign, setup } from 'xstate';

import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import { mergePages, type SearchPage, type SearchRequest } from './search-results';

/** Typing pauses this long before a search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface SearchContext {
  /** The query from the address (/search?q=…), which is the one source of truth for it. */
  query: string;
  results: SearchPage;
  error: string | null;
}

export type SearchEvent = { type: 'search.query'; value: string } | { type: 'search.more' } | { type: 'search.retry' };

export const NO_RESULTS: SearchPage = { groups: [], page: 0, sources: [] };

/**
 * The search page's results (docs/decisions.md): the query arrives from the address as it
 * changes. Queries are debounced; a newer query cancels the request in flight, so a stale answer
 * never overwrites a newer one. "More results" fetches the next page of every paged source.
 */
export const searchMachine = setup({
  types: {
    context: {} as SearchContext,
    events: {} as SearchEvent,
    input: {} as { query: string },
  },
  actors: {
    findTitles: fromPromise<SearchPage, { query: string }>(async () => notProvided('search', 'findTitles')),
    findMoreTitles: fromPromise<SearchPage, SearchRequest>(async () => notProvided('search', 'findMoreTitles')),
  },
  actions: {
    takeQuery: assign({
      query: ({ event }) => (event.type === 'search.query' ? event.value.trim() : ''),
      results: NO_RESULTS,
      error: null,
    }),
    takeResults: assign((_, results: SearchPage) => ({ results, error: null })),
    /** The next page joins the results found so far. */
    addResults: assign(({ context }, page: SearchPage) => ({
      results: mergePages(context.results, page),
      error: null,
    })),
    rememberError: assign(failureOf),
  },
  guards: {
    queryEmpty: ({ context }) => context.query === '',
    sameQuery: ({ context, event }) => event.type === 'search.query' && event.value.trim() === context.query,
    changedToEmpty: ({ event }) => event.type === 'search.query' && event.value.trim() === '',
    hasMore: ({ context }) => context.results.sources.some((source) => source.totalPages > context.results.page),
  },
  delays: { debounce: SEARCH_DEBOUNCE_MS },
}).createMachine({
  id: 'search',
  context: ({ input }) => ({ query: input.query.trim(), results: NO_RESULTS, error: null }),
  initial: 'active',
  states: {
    active: {
      // A query already in the address (a reload, a shared link) is searched at once.
      initial: 'starting',
      on: {
        'search.query': [
          { guard: 'sameQuery' },
          { guard: 'changedToEmpty', target: '.idle', actions: 'takeQuery' },
          { target: '.debouncing', reenter: true, actions: 'takeQuery' },
        ],
      },
      states: {
        starting: {
          always: [{ guard: 'queryEmpty', target: 'idle' }, { target: 'searching' }],
        },
        idle: {},
        debouncing: {
          tags: ['busy'],
          after: { debounce: 'searching' },
        },
        searching: {
          tags: ['busy'],
          invoke: {
            src: 'findTitles',
            input: ({ context }) => ({ query: context.query }),
            onDone: { target: 'ready', actions: { type: 'takeResults', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: 'rememberError' },
          },
        },
        ready: {
          on: { 'search.more': { guard: 'hasMore', target: 'loadingMore' } },
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            src: 'findMoreTitles',
            input: ({ context }) => ({
              query: context.query,
              page: context.results.page + 1,
              sources: context.results.sources,
            }),
            onDone: { target: 'ready', actions: { type: 'addResults', params: ({ event }) => event.output } },
            onError: { target: 'moreFailed', actions: 'rememberError' },
          },
        },
        failed: {
          tags: ['error'],
          on: { 'search.retry': 'searching' },
        },
        // The results found so far stay; only the next page failed.
        moreFailed: {
          tags: ['moreError'],
          on: { 'search.retry': 'loadingMore', 'search.more': 'loadingMore' },
        },
      },
    },
  },
});
