import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';

import { checkoutMachine } from '../../../../src/machines/plans/checkout.machine.ts';
import { type JoinInput, joinMachine } from '../../../../src/machines/plans/join.machine.ts';
import type { PlansData } from '../../../../src/machines/plans/plans.machine.ts';
import type { CheckoutSessionRequest } from '../../../../src/services/account-store/checkout-sessions.port.ts';
import type { Plan, Subscription } from '../../../../src/services/account-store/plans.port.ts';
import type { CheckoutSession } from '../../../../src/services/payments/payments.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const INPUT: JoinInput = {
  uid: 'uid-carol',
  successUrl: 'http://localhost:3000/profiles?checkout=paid',
  cancelUrl: 'http://localhost:3000/signup/plan',
};
const STANDARD_PRICE = 'price_1MqStandardMonthlyGbp';
const PLANS: Plan[] = [
  {
    id: 'prod_MqBasicPlan01',
    name: 'Basic',
    description: 'One screen in HD.',
    role: 'basic',
    entitlements: { maxHeight: 720, screens: 1 },
    prices: [{ id: 'price_1MqBasicMonthlyGbp', currency: 'gbp', unitAmount: 499, interval: 'month', intervalCount: 1 }],
  },
  {
    id: 'prod_MqStandardPlan01',
    name: 'Standard',
    description: 'Two screens in Full HD.',
    role: 'standard',
    entitlements: { maxHeight: 1080, screens: 2 },
    prices: [{ id: STANDARD_PRICE, currency: 'gbp', unitAmount: 699, interval: 'month', intervalCount: 1 }],
  },
];
const SUBSCRIPTION: Subscription = {
  id: 'sub_1',
  role: 'standard',
  status: 'active',
  priceId: STANDARD_PRICE,
  productId: 'prod_MqStandardPlan01',
  currentPeriodStart: 1_790_000_000,
  currentPeriodEnd: 1_792_600_000,
  cancelAtPeriodEnd: false,
  scheduledChange: null,
};

/** The join machine with fakes: plans read by hand, the real checkout machine over fake effects. */
function createHarness() {
  const loads: Deferred<PlansData>[] = [];
  const creates: { uid: string; request: CheckoutSessionRequest }[] = [];
  const redirects: CheckoutSession[] = [];
  const createResult = deferred<string>();
  let sendBack: ((event: { type: 'checkout.changed'; state: { sessionId?: string; url?: string } }) => void) | null =
    null;
  const leaveAsMember = vi.fn();
  const leaveToBrowse = vi.fn();
  const machine = joinMachine.provide({
    actors: {
      loadPlans: fromPromise<PlansData, { uid: string }>(() => {
        const load = deferred<PlansData>();
        loads.push(load);
        return load.promise;
      }),
      checkout: checkoutMachine.provide({
        actors: {
          createSession: fromPromise<string, { uid: string; request: CheckoutSessionRequest }>(({ input }) => {
            creates.push(input);
            return createResult.promise;
          }),
          watchSession: fromCallback(({ sendBack: send }) => {
            sendBack = send as typeof sendBack;
          }),
          redirectToCheckout: fromPromise<void, CheckoutSession>(async ({ input }) => {
            redirects.push(input);
          }),
        },
      }),
    },
    actions: { leaveAsMember, leaveToBrowse },
  });
  const actor = createActor(machine, { input: INPUT });
  actor.start();
  const checkoutOf = () => actor.getSnapshot().children.checkout?.getSnapshot();
  return {
    actor,
    loads,
    creates,
    redirects,
    createResult,
    sessionReady: (state: { sessionId: string; url: string }) => sendBack?.({ type: 'checkout.changed', state }),
    checkoutOf,
    leaveAsMember,
    leaveToBrowse,
  };
}

async function choosing() {
  const harness = createHarness();
  harness.loads[0]!.resolve({ plans: PLANS, subscription: null });
  await flush();
  return harness;
}

describe('join machine', () => {
  it('reads the plans, then lets the new member choose one', async () => {
    const harness = createHarness();
    expect(harness.actor.getSnapshot().value).toBe('loading');
    expect(harness.actor.getSnapshot().hasTag('busy')).toBe(true);

    harness.loads[0]!.resolve({ plans: PLANS, subscription: null });
    await flush();

    expect(harness.actor.getSnapshot().value).toBe('choosing');
    expect(harness.actor.getSnapshot().context.plans).toEqual(PLANS);
    expect(harness.actor.getSnapshot().context.chosenPriceId).toBeNull();
  });

  it('Next does nothing until a plan is chosen, and a price not on offer is not a choice', async () => {
    const harness = await choosing();

    harness.actor.send({ type: 'join.next' });
    harness.actor.send({ type: 'join.choose', priceId: 'price_not_offered' });
    harness.actor.send({ type: 'join.next' });

    expect(harness.actor.getSnapshot().context.chosenPriceId).toBeNull();
    expect(harness.creates).toEqual([]);
  });

  it('pays for the chosen plan through the checkout, returning to the join addresses', async () => {
    const harness = await choosing();

    harness.actor.send({ type: 'join.choose', priceId: STANDARD_PRICE });
    harness.actor.send({ type: 'join.next' });

    expect(harness.creates).toEqual([
      {
        uid: INPUT.uid,
        request: { priceId: STANDARD_PRICE, successUrl: INPUT.successUrl, cancelUrl: INPUT.cancelUrl },
      },
    ]);
    expect(harness.checkoutOf()?.hasTag('busy')).toBe(true);
    harness.createResult.resolve('doc-1');
    await flush();
    harness.sessionReady({ sessionId: 'cs_test_1', url: 'http://localhost:3000/checkout/cs_test_1' });
    await flush();
    expect(harness.redirects).toEqual([{ sessionId: 'cs_test_1', url: 'http://localhost:3000/checkout/cs_test_1' }]);
    expect(harness.leaveToBrowse).not.toHaveBeenCalled();
  });

  it('a checkout that fails to start can be dismissed, and the step is still there', async () => {
    const harness = await choosing();
    harness.actor.send({ type: 'join.choose', priceId: STANDARD_PRICE });
    harness.actor.send({ type: 'join.next' });
    harness.createResult.reject(new Error('No such price'));
    await flush();
    expect(harness.checkoutOf()?.context.error).toBe('An error occurred: No such price');

    harness.actor.send({ type: 'join.dismiss' });

    expect(harness.checkoutOf()?.context.error).toBeNull();
    expect(harness.actor.getSnapshot().value).toBe('choosing');
  });

  it('"Browse first" leaves for home without a plan', async () => {
    const harness = await choosing();

    harness.actor.send({ type: 'join.browse' });

    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.leaveToBrowse).toHaveBeenCalledTimes(1);
    expect(harness.creates).toEqual([]);
  });

  it('"Browse first" leaves while the plans are still loading too', async () => {
    const harness = createHarness();
    expect(harness.actor.getSnapshot().value).toBe('loading');

    harness.actor.send({ type: 'join.browse' });

    expect(harness.actor.getSnapshot().status).toBe('done');
    expect(harness.leaveToBrowse).toHaveBeenCalledTimes(1);
  });

  it('an account that already has a plan goes straight on to Who’s Watching', async () => {
    const harness = createHarness();

    harness.loads[0]!.resolve({ plans: PLANS, subscription: SUBSCRIPTION });
    await flush();

    expect(harness.actor.getSnapshot().value).toBe('member');
    expect(harness.leaveAsMember).toHaveBeenCalledTimes(1);
  });

  it('a failed read is shown, can be tried again, and never traps: Browse first still leaves', async () => {
    const harness = createHarness();
    harness.loads[0]!.reject(new Error('Could not reach Marquee.'));
    await flush();
    expect(harness.actor.getSnapshot().value).toBe('failed');
    expect(harness.actor.getSnapshot().context.error).toBe('Could not reach Marquee.');

    harness.actor.send({ type: 'join.retry' });
    expect(harness.actor.getSnapshot().context.error).toBeNull();
    harness.loads[1]!.reject(new Error('Could not reach Marquee.'));
    await flush();
    harness.actor.send({ type: 'join.browse' });

    expect(harness.leaveToBrowse).toHaveBeenCalledTimes(1);
  });
});
