import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { type PlansData, plansMachine } from '../../../../src/machines/plans/plans.machine.ts';
import type { Plan, Subscription } from '../../../../src/services/account-store/plans.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

// ---------------------------------------------------------------------------------------------
// Fake: loadPlans records the uid it was given and returns a promise the test settles by hand.
// ---------------------------------------------------------------------------------------------

const UID = 'uid-alice';
const BASIC: Plan = {
  id: 'prod_MqBasicPlan01',
  name: 'Basic',
  description: 'Watch on one screen at a time in HD (720p).',
  role: 'basic',
  entitlements: { maxHeight: 720, screens: 1 },
  prices: [{ id: 'price_1MqBasicMonthlyGbp', currency: 'gbp', unitAmount: 499, interval: 'month', intervalCount: 1 }],
};
const STANDARD: Plan = {
  id: 'prod_MqStandardPlan01',
  name: 'Standard',
  description: 'Watch on two screens at a time in Full HD (1080p).',
  role: 'standard',
  entitlements: { maxHeight: 1080, screens: 2 },
  prices: [
    { id: 'price_1MqStandardMonthlyGbp', currency: 'gbp', unitAmount: 699, interval: 'month', intervalCount: 1 },
  ],
};
const PLANS: Plan[] = [BASIC, STANDARD];
const SUBSCRIPTION: Subscription = {
  id: 'sub_1Mq7Xk2eZvKYlo2C',
  role: 'standard',
  status: 'active',
  priceId: 'price_1MqStandardMonthlyGbp',
  productId: 'prod_MqStandardPlan01',
  currentPeriodStart: 1_795_824_000,
  currentPeriodEnd: 1_798_416_000,
  cancelAtPeriodEnd: false,
  scheduledChange: null,
};
const OFFLINE = 'Could not reach Marquee. Check your connection and try again.';

function createHarness(uid: string = UID) {
  const loads: { input: { uid: string }; result: Deferred<PlansData> }[] = [];
  const machine = plansMachine.provide({
    actors: {
      loadPlans: fromPromise<PlansData, { uid: string }>(({ input }) => {
        const result = deferred<PlansData>();
        loads.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { uid } });
  actor.start();

  const lastLoad = () => {
    const load = loads.at(-1);
    if (!load) throw new Error('loadPlans was never invoked');
    return load;
  };

  return {
    actor,
    loads,
    snapshot: () => actor.getSnapshot(),
    async resolve(data: PlansData) {
      lastLoad().result.resolve(data);
      await flush();
    },
    async reject(error: unknown) {
      lastLoad().result.reject(error);
      await flush();
    },
  };
}

// ---------------------------------------------------------------------------------------------

describe('plans machine: loading', () => {
  it('starts loading (busy) with empty data and asks for the uid from input', () => {
    const harness = createHarness();

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.snapshot().hasTag('error')).toBe(false);
    expect(harness.snapshot().context).toEqual({ uid: UID, plans: [], subscription: null, error: null });
    expect(harness.loads.map((load) => load.input)).toEqual([{ uid: UID }]);
  });

  it('goes to ready with the plans and the subscription', async () => {
    const harness = createHarness();

    await harness.resolve({ plans: PLANS, subscription: SUBSCRIPTION });

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().hasTag('error')).toBe(false);
    expect(harness.snapshot().context).toEqual({ uid: UID, plans: PLANS, subscription: SUBSCRIPTION, error: null });
  });

  it('goes to ready with no subscription (before the first checkout)', async () => {
    const harness = createHarness();

    await harness.resolve({ plans: PLANS, subscription: null });

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.plans).toEqual(PLANS);
    expect(harness.snapshot().context.subscription).toBeNull();
  });

  it('ignores plans.retry while loading and once ready', async () => {
    const harness = createHarness();

    expect(harness.snapshot().can({ type: 'plans.retry' })).toBe(false);
    harness.actor.send({ type: 'plans.retry' });
    expect(harness.loads).toHaveLength(1);

    await harness.resolve({ plans: PLANS, subscription: SUBSCRIPTION });
    expect(harness.snapshot().can({ type: 'plans.retry' })).toBe(false);
    harness.actor.send({ type: 'plans.retry' });

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.loads).toHaveLength(1);
  });
});

describe('plans machine: failure and retry', () => {
  it('plans.retry clears the previous error while it loads again', async () => {
    const harness = createHarness();
    await harness.reject(new Error(OFFLINE));

    harness.actor.send({ type: 'plans.retry' });

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().context.error).toBeNull();
  });

  it("on failure shows the Error's message with the 'error' tag and offers plans.retry", async () => {
    const harness = createHarness();

    await harness.reject(new Error(OFFLINE));

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context).toEqual({ uid: UID, plans: [], subscription: null, error: OFFLINE });
    expect(harness.snapshot().can({ type: 'plans.retry' })).toBe(true);
  });

  it('a rejection that is not an Error is shown as text', async () => {
    const harness = createHarness();

    await harness.reject('offline');

    expect(harness.snapshot().context.error).toBe('offline');
  });

  it('plans.retry loads again (busy) for the same uid, and success lands in ready with the error cleared', async () => {
    const harness = createHarness();
    await harness.reject(new Error(OFFLINE));

    harness.actor.send({ type: 'plans.retry' });

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.snapshot().hasTag('error')).toBe(false);
    expect(harness.loads.map((load) => load.input)).toEqual([{ uid: UID }, { uid: UID }]);

    await harness.resolve({ plans: PLANS, subscription: SUBSCRIPTION });

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context).toEqual({ uid: UID, plans: PLANS, subscription: SUBSCRIPTION, error: null });
  });

  it('a retry that fails again shows the new message', async () => {
    const harness = createHarness();
    await harness.reject(new Error(OFFLINE));

    harness.actor.send({ type: 'plans.retry' });
    await harness.reject(new Error('The server answered 503.'));

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().context.error).toBe('The server answered 503.');
    expect(harness.loads).toHaveLength(2);
  });
});

describe('plans machine: the uid', () => {
  it('the uid given as input reaches loadPlans, on the first load and on a retry', async () => {
    const harness = createHarness('uid-bob');
    expect(harness.snapshot().context.uid).toBe('uid-bob');

    await harness.reject(new Error(OFFLINE));
    harness.actor.send({ type: 'plans.retry' });

    expect(harness.loads.map((load) => load.input.uid)).toEqual(['uid-bob', 'uid-bob']);
  });
});

describe('plans machine: without a provided implementation', () => {
  it('fails with a message naming the missing effect', async () => {
    const actor = createActor(plansMachine, { input: { uid: UID } });
    actor.start();
    await flush();

    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('The plans machine\'s "loadPlans" implementation was not provided');
    actor.stop();
  });
});
