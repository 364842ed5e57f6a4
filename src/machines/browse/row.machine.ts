import { assign, fromPromise, setup } from 'xstate';

import type { RowId, Title } from '../../services/catalogue/catalogue.port';
import { errorMessage } from '../error-message';

export interface RowContext {
  row: RowId;
  titles: Title[];
  error: string | null;
}

/** One row of the home screen: loading, its titles, or a retryable error. */
export const rowMachine = setup({
  types: {
    context: {} as RowContext,
    input: {} as { row: RowId },
    events: {} as { type: 'row.retry' },
  },
  actors: {
    fetchRow: fromPromise<Title[], { row: RowId }>(async () => {
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
