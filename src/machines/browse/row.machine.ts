import { assign, setup } from 'xstate';

import type { Title, TitleList } from '../../services/catalogue/catalogue.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface RowContext {
  /** What the row shows: a home row, or a section page's genre or lists. */
  row: TitleList;
  /** Started asleep: nothing is asked until 'row.load' (a page waiting under a title's detail view). */
  asleep: boolean;
  titles: Title[];
  error: string | null;
}

/**
 * One row of titles (home's, or a section page's row or genre grid): loading, its titles, or a
 * retryable error. Started with `asleep`, it waits for 'row.load' before asking for anything.
 */
export const rowMachine = setup({
  types: {
    context: {} as RowContext,
    input: {} as { row: TitleList; asleep?: boolean },
    events: {} as { type: 'row.retry' } | { type: 'row.load' },
  },
  actors: {
    fetchRow: fromPromise<Title[], { row: TitleList }>(async () => notProvided('row', 'fetchRow')),
  },
  guards: {
    asleep: ({ context }) => context.asleep,
  },
  actions: {
    takeTitles: assign((_, titles: Title[]) => ({ titles, error: null })),
    rememberError: assign(failureOf),
  },
}).createMachine({
  id: 'row',
  context: ({ input }) => ({ row: input.row, asleep: input.asleep ?? false, titles: [], error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'asleep', target: 'asleep' }, { target: 'loading' }],
    },
    asleep: {
      tags: ['busy'],
      on: { 'row.load': 'loading' },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchRow',
        input: ({ context }) => ({ row: context.row }),
        onDone: { target: 'ready', actions: { type: 'takeTitles', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    ready: {},
    failed: {
      tags: ['error'],
      on: { 'row.retry': 'loading' },
    },
  },
});
