import { assign, raise, setup } from 'xstate';

import type { BillingOutcome, Invoice } from '../../services/account-store/billing.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface BillingContext {
  uid: string;
  invoices: Invoice[];
  historyError: string | null;
  changeError: string | null;
}

export type BillingEvent =
  | { type: 'billing.cancel'; subscriptionId: string }
  | { type: 'billing.restart'; subscriptionId: string }
  /** `currentPriceId`: the plan the person chose against (a stale choice is refused). */
  | { type: 'billing.schedule'; subscriptionId: string; priceId: string; currentPriceId: string }
  | { type: 'billing.dismiss' }
  | { type: 'billing.retryHistory' }
  /** Raised by the machine itself once a change is made. */
  | { type: 'billing.changed' };

export interface CancelInput {
  uid: string;
  subscriptionId: string;
  cancel: boolean;
}

export interface ScheduleInput {
  uid: string;
  subscriptionId: string;
  priceId: string;
  currentPriceId: string;
}

type ChangeEvent = Extract<BillingEvent, { subscriptionId: string }>;

/**
 * How a change's call ends, whichever call it was: the portal (the page is left), a change made
 * (the screen and the history read again), or a failure to show — the screen reads the
 * subscription again then too, since the refusal may be that it changed elsewhere.
 */
const changeSettles = {
  onDone: [
    { guard: 'leftForPortal', target: 'leaving' },
    { target: 'idle', actions: ['notifyChanged', 'reloadHistory'] },
  ],
  onError: { target: 'failed', actions: ['rememberChangeError', 'notifyChanged'] },
} as const;

/**
 * The membership's billing (docs/decisions.md, Billing): the history of charges, and the changes
 * a member makes without paying — Cancel Membership (at the period's end), Restart Membership, a
 * downgrade at the next renewal. One change at a time; a change made tells the screen
 * (`notifyChanged`, provided) so that it reads the subscription again, and reads the history
 * again. A change made in the provider's portal leaves the page ('leaving', still busy).
 */
export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    input: {} as { uid: string },
    events: {} as BillingEvent,
  },
  actors: {
    listInvoices: fromPromise<Invoice[], { uid: string }>(async () => notProvided('billing', 'listInvoices')),
    setCancelAtPeriodEnd: fromPromise<BillingOutcome, CancelInput>(async () =>
      notProvided('billing', 'setCancelAtPeriodEnd'),
    ),
    scheduleChange: fromPromise<BillingOutcome, ScheduleInput>(async () => notProvided('billing', 'scheduleChange')),
  },
  actions: {
    /** The subscription changed: the screen reads it again. */
    notifyChanged: () => {},
    reloadHistory: raise({ type: 'billing.changed' }),
    clearChangeError: assign({ changeError: null }),
    rememberChangeError: assign(({ event }) => ({ changeError: failureOf({ event }).error })),
    clearHistoryError: assign({ historyError: null }),
    takeInvoices: assign((_, invoices: Invoice[]) => ({ invoices })),
    rememberHistoryError: assign(({ event }) => ({ historyError: failureOf({ event }).error })),
  },
  guards: {
    leftForPortal: ({ event }) => (event as { output?: BillingOutcome }).output === 'redirected',
  },
}).createMachine({
  id: 'billing',
  context: ({ input }) => ({ uid: input.uid, invoices: [], historyError: null, changeError: null }),
  type: 'parallel',
  states: {
    history: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['historyBusy'],
          entry: 'clearHistoryError',
          invoke: {
            src: 'listInvoices',
            input: ({ context }) => ({ uid: context.uid }),
            onDone: { target: 'ready', actions: { type: 'takeInvoices', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: 'rememberHistoryError' },
          },
        },
        ready: {},
        failed: { tags: ['historyError'], on: { 'billing.retryHistory': 'loading' } },
      },
      on: { 'billing.changed': '.loading' },
    },
    change: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'billing.cancel': 'settingCancel',
            'billing.restart': 'settingCancel',
            'billing.schedule': 'scheduling',
          },
        },
        /** Cancel Membership (at the period's end) or Restart Membership: the same call either way. */
        settingCancel: {
          tags: ['busy'],
          entry: 'clearChangeError',
          invoke: {
            src: 'setCancelAtPeriodEnd',
            input: ({ context, event }) => ({
              uid: context.uid,
              subscriptionId: (event as ChangeEvent).subscriptionId,
              cancel: event.type === 'billing.cancel',
            }),
            ...changeSettles,
          },
        },
        scheduling: {
          tags: ['busy'],
          entry: 'clearChangeError',
          invoke: {
            src: 'scheduleChange',
            input: ({ context, event }) => {
              const { subscriptionId, priceId, currentPriceId } = event as Extract<
                BillingEvent,
                { type: 'billing.schedule' }
              >;
              return { uid: context.uid, subscriptionId, priceId, currentPriceId };
            },
            ...changeSettles,
          },
        },
        leaving: { tags: ['busy'] },
        failed: {
          tags: ['error'],
          on: {
            'billing.dismiss': { target: 'idle', actions: 'clearChangeError' },
            'billing.cancel': 'settingCancel',
            'billing.restart': 'settingCancel',
            'billing.schedule': 'scheduling',
          },
        },
      },
    },
  },
});
