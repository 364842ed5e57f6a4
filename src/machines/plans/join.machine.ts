import { assertEvent, assign, sendTo, setup } from 'xstate';

import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import { type CheckoutInput, checkoutMachine } from './checkout.machine';
import { loadedPlans, type PlansData, readingPlans } from './plans.machine';

export type JoinInput = CheckoutInput;

export interface JoinContext extends JoinInput, PlansData {
  /** The price of the plan chosen on the step, before Next. */
  chosenPriceId: string | null;
  /** Why the plans could not be read. */
  error: string | null;
}

export type JoinEvent =
  | { type: 'join.choose'; priceId: string }
  /** Next: pay for the chosen plan on the hosted checkout. */
  | { type: 'join.next' }
  /** "Browse first": on without a plan (browsing works; Play offers the plans). */
  | { type: 'join.browse' }
  | { type: 'join.retry' }
  /** Closes a checkout that failed to start, or one the browser came back from (back/forward cache). */
  | { type: 'join.dismiss' };

/**
 * The join step after sign-up ("Choose the plan that's right for you"): reads the plans, lets the
 * new member choose one, and pays for it through the same checkout as /change-plan (the checkout
 * machine, invoked here). An account that already has a plan goes straight on; "Browse first"
 * leaves without one. Effects (reading the plans, the checkout's, leaving) are provided by the caller.
 */
export const joinMachine = setup({
  types: {
    context: {} as JoinContext,
    input: {} as JoinInput,
    events: {} as JoinEvent,
    children: {} as { checkout: 'checkout' },
  },
  actors: {
    loadPlans: fromPromise<PlansData, { uid: string }>(async () => notProvided('join', 'loadPlans')),
    checkout: checkoutMachine,
  },
  actions: {
    takePlans: assign((_, data: PlansData) => ({ ...data, error: null })),
    rememberError: assign(failureOf),
    clearError: assign({ error: null }),
    choose: assign(({ event }) => {
      assertEvent(event, 'join.choose');
      return { chosenPriceId: event.priceId };
    }),
    startCheckout: sendTo('checkout', ({ context }) => ({
      type: 'checkout.subscribe' as const,
      priceId: context.chosenPriceId ?? '',
      current: false,
    })),
    dismissCheckout: sendTo('checkout', { type: 'checkout.dismiss' as const }),
    /** Leaves the step for Who's Watching: the account already has a plan. */
    leaveAsMember: () => notProvided('join', 'leaveAsMember'),
    /** Leaves the step for home without a plan. */
    leaveToBrowse: () => notProvided('join', 'leaveToBrowse'),
  },
  guards: {
    hasPlan: (_, data: PlansData) => data.subscription !== null,
    isOffered: ({ context, event }) =>
      event.type === 'join.choose' && context.plans.some((plan) => plan.prices.some((p) => p.id === event.priceId)),
    hasChoice: ({ context }) => context.chosenPriceId !== null,
  },
}).createMachine({
  id: 'join',
  context: ({ input }) => ({ ...input, plans: [], subscription: null, chosenPriceId: null, error: null }),
  initial: 'loading',
  // "Browse first" works from any state, the plans still loading included.
  on: { 'join.browse': '.browsing' },
  states: {
    loading: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: readingPlans([
        // Joined already (paid in another tab, say): nothing to choose here.
        { guard: { type: 'hasPlan', params: loadedPlans }, target: 'member' },
        { target: 'choosing', actions: { type: 'takePlans', params: loadedPlans } },
      ]),
    },
    failed: {
      tags: ['error'],
      on: { 'join.retry': 'loading' },
    },
    choosing: {
      // The checkout lives as long as the step: a failure to start it can be dismissed or tried again.
      invoke: {
        id: 'checkout',
        src: 'checkout',
        input: ({ context }) => ({ uid: context.uid, successUrl: context.successUrl, cancelUrl: context.cancelUrl }),
      },
      on: {
        'join.choose': { guard: 'isOffered', actions: 'choose' },
        'join.next': { guard: 'hasChoice', actions: 'startCheckout' },
        'join.dismiss': { actions: 'dismissCheckout' },
      },
    },
    member: { type: 'final', entry: 'leaveAsMember' },
    browsing: { type: 'final', entry: 'leaveToBrowse' },
  },
});
