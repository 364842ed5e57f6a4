import { assign, setup } from 'xstate';

import type { Operator } from '../../services/studio/studio.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface OperatorsContext {
  operators: Operator[];
  error: string | null;
  saveError: string | null;
}

export type OperatorsEvent =
  { type: 'operators.grant'; email: string } | { type: 'operators.revoke'; uid: string } | { type: 'operators.reload' };

/** The studio's operators page: who runs the studio; make another account one, or take it back. */
export const operatorsMachine = setup({
  types: { context: {} as OperatorsContext, events: {} as OperatorsEvent },
  actors: {
    loadOperators: fromPromise<Operator[]>(async () => notProvided('operators', 'loadOperators')),
    grant: fromPromise<Operator[], { email: string }>(async () => notProvided('operators', 'grant')),
    revoke: fromPromise<Operator[], { uid: string }>(async () => notProvided('operators', 'revoke')),
  },
  actions: {
    takeOperators: assign((_, operators: Operator[]) => ({ operators, error: null, saveError: null })),
    rememberError: assign(failureOf),
    rememberSaveError: assign(({ event }) => ({ saveError: failureOf({ event }).error })),
    clearSaveError: assign({ saveError: null }),
  },
}).createMachine({
  id: 'operators',
  context: { operators: [], error: null, saveError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadOperators',
        onDone: { target: 'ready', actions: { type: 'takeOperators', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    failed: { tags: ['error'], on: { 'operators.reload': 'loading' } },
    ready: {
      on: { 'operators.grant': 'granting', 'operators.revoke': 'revoking' },
    },
    granting: {
      tags: ['busy'],
      entry: 'clearSaveError',
      invoke: {
        src: 'grant',
        input: ({ event }) => ({ email: (event as Extract<OperatorsEvent, { type: 'operators.grant' }>).email }),
        onDone: { target: 'ready', actions: { type: 'takeOperators', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'rememberSaveError' },
      },
    },
    revoking: {
      tags: ['busy'],
      entry: 'clearSaveError',
      invoke: {
        src: 'revoke',
        input: ({ event }) => ({ uid: (event as Extract<OperatorsEvent, { type: 'operators.revoke' }>).uid }),
        onDone: { target: 'ready', actions: { type: 'takeOperators', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'rememberSaveError' },
      },
    },
  },
});
