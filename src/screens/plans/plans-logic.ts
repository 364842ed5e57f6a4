import { fromCallback } from 'xstate';

import { fromPromise } from '../../machines/from-promise';
import { type CheckoutEvent, checkoutMachine } from '../../machines/plans/checkout.machine';
import { joinMachine } from '../../machines/plans/join.machine';
import { type PlansData, plansMachine } from '../../machines/plans/plans.machine';
import type {
  CheckoutSessionRequest,
  CheckoutSessionsStore,
} from '../../services/account-store/checkout-sessions.port';
import type { PlansStore } from '../../services/account-store/plans.port';
import type { CheckoutSession, PaymentsService } from '../../services/payments/payments.port';

/** Reads the plans on offer and the customer's subscription together. */
const loadPlansFrom = (store: PlansStore) =>
  fromPromise(async ({ input }: { input: { uid: string } }): Promise<PlansData> => {
    const [plans, subscription] = await Promise.all([store.listPlans(), store.currentSubscription(input.uid)]);
    return { plans, subscription };
  });

/** The plans machine reading the plans on offer and the customer's subscription together. */
export function providePlans(store: PlansStore) {
  return plansMachine.provide({ actors: { loadPlans: loadPlansFrom(store) } });
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

/**
 * The join step's machine: the plans and subscription read together, the same checkout as
 * /change-plan, and where leaving the step goes.
 */
export function provideJoin(
  store: PlansStore,
  sessions: CheckoutSessionsStore,
  payments: PaymentsService,
  leave: { asMember: () => void; toBrowse: () => void },
) {
  return joinMachine.provide({
    actors: {
      loadPlans: loadPlansFrom(store),
      checkout: provideCheckout(sessions, payments),
    },
    actions: { leaveAsMember: leave.asMember, leaveToBrowse: leave.toBrowse },
  });
}
