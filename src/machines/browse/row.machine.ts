import { assign, fromPromise, setup } from 'xstate';

import type { Title, TitleList } from '../../services/catalogue/catalogue.port';
import { errorMessage } from '../error-message';

export interface RowContext {
  /** What the row shows: a home row, or a section page's genre or lists. */
  row: TitleList;
  titles: Title[];
  error: string | null;
}

/** One row of titles (home's, or a section page's row or genre grid): loading, its titles, or a retryable error. */
export const rowMachine = setup({
  types: {
    context: {} as RowContext,
    input: {} as { row: TitleList },
    events: {} as { type: 'row.retry' },
  },
  actors: {
    fetchRow: fromPromise<Title[], { row: TitleList }>(async () => {
      throw new Error('fetchRow was not provided');
    }),
  },
}).createMachine({
  id: 'row',
  context: ({ input }) => ({ row: input.row, titles: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchRow',
        input: ({ context }) => ({ row: context.row }),
        onDone: { target: 'ready', actions: assign({ titles: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => errorMessage(event.error) }),
        },
      },
    },
    ready: {},
    failed: {
      tags: ['error'],
      on: { 'row.retry': 'loading' },
    },
  },
});
