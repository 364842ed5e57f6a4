import { fromCallback } from 'xstate';

import { fromPromise } from '../../machines/from-promise';
import { type CheckoutEvent, checkoutMachine } from '../../machines/plans/checkout.machine';
import { plansMachine } from '../../machines/plans/plans.machine';
import type {
  CheckoutSessionRequest,
  CheckoutSessionsStore,
} from '../../services/account-store/checkout-sessions.port';
import type { PlansStore } from '../../services/account-store/plans.port';
import type { CheckoutSession, PaymentsService } from '../../services/payments/payments.port';

/** The plans machine reading the plans on offer and the customer's subscription together. */
export function providePlans(store: PlansStore) {
  return plansMachine.provide({
    actors: {
      loadPlans: fromPromise(async ({ input }: { input: { uid: string } }) => {
        const [plans, subscription] = await Promise.all([store.listPlans(), store.currentSubscription(input.uid)]);
        return { plans, subscription };
      }),
    },
  });
}

/** The checkout machine over the checkout-sessions store and the payments service. */
export function provideCheckout(sessions: CheckoutSessionsStore, payments: PaymentsService) {
  return checkoutMachine.provide({
    actors: {
      createSession: fromPromise(({ input }: { input: { uid: string; request: CheckoutSessionRequest } }) =>
        sessions.create(input.uid, input.request),
      ),
      watchSession: fromCallback<CheckoutEvent, { uid: string; documentId: string }>(({ input, sendBack }) =>
        sessions.watch(
          input.uid,
          input.documentId,
          (state) => sendBack({ type: 'checkout.changed', state }),
          (error) => sendBack({ type: 'checkout.listenFailed', error }),
        ),
      ),
      redirectToCheckout: fromPromise(({ input }: { input: CheckoutSession }) => payments.redirectToCheckout(input)),
    },
  });
}
