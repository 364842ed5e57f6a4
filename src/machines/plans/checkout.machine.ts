import { assertEvent, assign, fromCallback, setup } from 'xstate';

import type { CheckoutSessionRequest, CheckoutSessionState } from '../../services/account-store/checkout-sessions.port';
import type { CheckoutSession } from '../../services/payments/payments.port';
import { errorMessage } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

/** docs/spec.md §8: a checkout error is shown as this prefix followed by the provider's message. */
export const CHECKOUT_ERROR_PREFIX = 'An error occurred: ';
/** How long the payment side may take to write the session id before the wait is given up. */
export const CHECKOUT_START_TIMEOUT_MS = 30_000;
export const CHECKOUT_TIMEOUT_MESSAGE = 'The checkout did not start in time. Please try again.';

export interface CheckoutInput {
  uid: string;
  /** The site's own addresses the checkout returns to (docs/spec.md §7: the site's origin). */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutContext extends CheckoutInput {
  /** The price being subscribed to, while a checkout is under way or failed. */
  priceId: string | null;
  /** The checkout_sessions document the client added. */
  documentId: string | null;
  session: CheckoutSession | null;
  /** 'An error occurred: …' while failed, else null. */
  error: string | null;
}

export type CheckoutEvent =
  /** A plan's button: `current` is true for the plan already subscribed to (docs/spec.md §4: does nothing). */
  | { type: 'checkout.subscribe'; priceId: string; current: boolean }
  | { type: 'checkout.changed'; state: CheckoutSessionState }
  | { type: 'checkout.listenFailed'; error: Error }
  | { type: 'checkout.dismiss' };

/**
 * A plan change (docs/spec.md §4): add a checkout session request, wait on its document for the
 * session id the payment side writes, then leave for the hosted checkout — or show why not.
 * Effects are named here and implemented by the caller with `.provide()`.
 */
export const checkoutMachine = setup({
  types: {
    context: {} as CheckoutContext,
    input: {} as CheckoutInput,
    events: {} as CheckoutEvent,
  },
  actors: {
    createSession: fromPromise<string, { uid: string; request: CheckoutSessionRequest }>(async () =>
      notProvided('checkout', 'createSession'),
    ),
    watchSession: fromCallback<CheckoutEvent, { uid: string; documentId: string }>(() =>
      notProvided('checkout', 'watchSession'),
    ),
    redirectToCheckout: fromPromise<void, CheckoutSession>(async () => notProvided('checkout', 'redirectToCheckout')),
  },
  actions: {
    startCheckout: assign(({ event }) => {
      assertEvent(event, 'checkout.subscribe');
      return { priceId: event.priceId, documentId: null, session: null, error: null };
    }),
    takeDocument: assign((_, documentId: string) => ({ documentId })),
    takeSession: assign((_, state: CheckoutSessionState) => ({
      session: { sessionId: state.sessionId ?? '', url: state.url },
    })),
    /** docs/spec.md §8: the prefix, then the provider's (or the timeout's) message. */
    failWith: assign((_, message: string) => ({ error: `${CHECKOUT_ERROR_PREFIX}${message}` })),
    forgetCheckout: assign({ priceId: null, documentId: null, session: null, error: null }),
  },
  guards: {
    isOtherPlan: ({ event }) => event.type === 'checkout.subscribe' && !event.current,
    sessionReady: ({ event }) => event.type === 'checkout.changed' && Boolean(event.state.sessionId),
    sessionFailed: ({ event }) => event.type === 'checkout.changed' && Boolean(event.state.error),
  },
  delays: {
    startTimeout: CHECKOUT_START_TIMEOUT_MS,
  },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ ...input, priceId: null, documentId: null, session: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'checkout.subscribe': { guard: 'isOtherPlan', target: 'creating' },
      },
    },
    creating: {
      tags: ['busy'],
      entry: 'startCheckout',
      invoke: {
        src: 'createSession',
        input: ({ context }) => ({
          uid: context.uid,
          request: { priceId: context.priceId ?? '', successUrl: context.successUrl, cancelUrl: context.cancelUrl },
        }),
        onDone: { target: 'waiting', actions: { type: 'takeDocument', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => errorMessage(event.error) },
        },
      },
    },
    waiting: {
      tags: ['busy'],
      invoke: {
        src: 'watchSession',
        input: ({ context }) => ({ uid: context.uid, documentId: context.documentId ?? '' }),
      },
      on: {
        'checkout.changed': [
          {
            guard: 'sessionFailed',
            target: 'failed',
            actions: { type: 'failWith', params: ({ event }) => event.state.error?.message ?? '' },
          },
          {
            guard: 'sessionReady',
            target: 'redirecting',
            actions: { type: 'takeSession', params: ({ event }) => event.state },
          },
        ],
        'checkout.listenFailed': {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => event.error.message },
        },
      },
      after: {
        startTimeout: { target: 'failed', actions: { type: 'failWith', params: CHECKOUT_TIMEOUT_MESSAGE } },
      },
    },
    redirecting: {
      tags: ['busy'],
      invoke: {
        src: 'redirectToCheckout',
        input: ({ context }) => context.session ?? { sessionId: '' },
        // The browser is leaving for the checkout page; nothing more happens here.
        onDone: 'redirected',
        onError: {
          target: 'failed',
          actions: { type: 'failWith', params: ({ event }) => errorMessage(event.error) },
        },
      },
    },
    /** The browser is on its way to the checkout; a page restored from the back/forward cache dismisses this. */
    redirected: {
      tags: ['busy'],
      on: {
        'checkout.dismiss': { target: 'idle', actions: 'forgetCheckout' },
      },
    },
    failed: {
      tags: ['error'],
      on: {
        'checkout.subscribe': { guard: 'isOtherPlan', target: 'creating' },
        'checkout.dismiss': { target: 'idle', actions: 'forgetCheckout' },
      },
    },
  },
});
