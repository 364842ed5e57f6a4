import { assign, setup } from 'xstate';

import type { CardInput, CardOnFile } from '../../services/account-store/billing.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface PaymentMethodContext {
  uid: string;
  card: CardOnFile | null;
  error: string | null;
  /** Said once a new card is on file. */
  saved: boolean;
}

export type PaymentMethodEvent =
  { type: 'card.edit' } | { type: 'card.cancel' } | { type: 'card.update'; card: CardInput } | { type: 'card.retry' };

/**
 * The card renewals charge (docs/account.md): read, then replaced through a form checked by the
 * checkout's card rules on the server (a decline says why and keeps the form open).
 */
export const paymentMethodMachine = setup({
  types: { context: {} as PaymentMethodContext, events: {} as PaymentMethodEvent, input: {} as { uid: string } },
  actors: {
    loadCard: fromPromise<CardOnFile | null, { uid: string }>(async () => notProvided('paymentMethod', 'loadCard')),
    updateCard: fromPromise<CardOnFile, { uid: string; card: CardInput }>(async () =>
      notProvided('paymentMethod', 'updateCard'),
    ),
  },
  actions: {
    take: assign((_, card: CardOnFile | null) => ({ card })),
    fail: assign(({ event }) => ({ error: failureOf({ event }).error })),
    clear: assign({ error: null, saved: false }),
    markSaved: assign({ saved: true }),
  },
}).createMachine({
  id: 'paymentMethod',
  context: ({ input }) => ({ uid: input.uid, card: null, error: null, saved: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadCard',
        input: ({ context }) => ({ uid: context.uid }),
        onDone: { target: 'showing', actions: { type: 'take', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    failed: { tags: ['error'], on: { 'card.retry': { target: 'loading', actions: 'clear' } } },
    showing: { on: { 'card.edit': { target: 'editing', actions: 'clear' } } },
    editing: {
      on: { 'card.update': 'saving', 'card.cancel': { target: 'showing', actions: 'clear' } },
    },
    saving: {
      tags: ['busy'],
      entry: 'clear',
      invoke: {
        src: 'updateCard',
        input: ({ context, event }) => ({
          uid: context.uid,
          card: (event as Extract<PaymentMethodEvent, { type: 'card.update' }>).card,
        }),
        onDone: { target: 'showing', actions: [{ type: 'take', params: ({ event }) => event.output }, 'markSaved'] },
        onError: { target: 'editing', actions: 'fail' },
      },
    },
  },
});
