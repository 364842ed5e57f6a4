import { assign, setup } from 'xstate';

import type { Plan, Subscription } from '../../services/account-store/plans.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface PlansData {
  plans: Plan[];
  subscription: Subscription | null;
}

export interface PlansContext extends PlansData {
  uid: string;
  error: string | null;
}

/** retry after a failure; reload after the subscription changed (cancel, restart, a scheduled change). */
export type PlansEvent = { type: 'plans.retry' } | { type: 'plans.reload' };

/** The plans an invoked `loadPlans` answered with. */
export const loadedPlans = ({ event }: { event: { output: PlansData } }) => event.output;

/**
 * Reading the plans for the context's account, as this machine and the join step's do: the
 * `loadPlans` actor, then `onDone` (`loadedPlans` picks the plans out of its event), or the
 * `failed` state with the error remembered (`rememberError`).
 */
export const readingPlans = <OnDone>(onDone: OnDone) =>
  ({
    src: 'loadPlans',
    input: ({ context }: { context: { uid: string } }) => ({ uid: context.uid }),
    onDone,
    onError: { target: 'failed', actions: 'rememberError' },
  }) as const;

/** Read: the plans on screen. */
const showPlans = { target: 'ready', actions: { type: 'takePlans', params: loadedPlans } } as const;

/**
 * The plans on offer and the customer's subscription (docs/spec.md §2 /change-plan and /account):
 * read together, with a visible, retryable failure. Effects are provided with `.provide()`.
 */
export const plansMachine = setup({
  types: {
    context: {} as PlansContext,
    input: {} as { uid: string },
    events: {} as PlansEvent,
  },
  actors: {
    loadPlans: fromPromise<PlansData, { uid: string }>(async () => notProvided('plans', 'loadPlans')),
  },
  actions: {
    clearError: assign({ error: null }),
    takePlans: assign((_, data: PlansData) => ({ ...data, error: null })),
    rememberError: assign(failureOf),
  },
}).createMachine({
  id: 'plans',
  context: ({ input }) => ({ uid: input.uid, plans: [], subscription: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      // A retry hides the previous failure while it reads again.
      entry: 'clearError',
      invoke: readingPlans(showPlans),
    },
    ready: {
      // The last reading stays on screen while it reads again (no busy tag, so no flicker).
      on: { 'plans.reload': 'reloading' },
    },
    reloading: {
      invoke: readingPlans(showPlans),
    },
    failed: {
      tags: ['error'],
      on: { 'plans.retry': 'loading', 'plans.reload': 'loading' },
    },
  },
});
