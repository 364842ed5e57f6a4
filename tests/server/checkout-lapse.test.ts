import { describe, expect, it } from 'vitest';

import { checkoutApp, openSession, PLANS, subscriptionsOf } from './checkout-helpers.ts';

// The clock starts on 31 January 2025 at 12:00 UTC; a month from then ends on 28 February.
const PERIOD_END = Date.UTC(2025, 1, 28, 12);

describe('a subscription that is not renewed', () => {
  it('is active until its current_period_end, then reads as canceled (no current plan)', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const session = await openSession(app, ann, PLANS.basic.price);
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
    const [started] = await subscriptionsOf(app, ann);
    expect(started).toMatchObject({ status: 'active', current_period_end: { seconds: PERIOD_END / 1000 } });

    clock.set(PERIOD_END - 1000);
    expect(await subscriptionsOf(app, ann)).toEqual([started]);

    clock.set(PERIOD_END);
    const lapsed = await subscriptionsOf(app, ann);
    expect(lapsed).toEqual([{ ...started, status: 'canceled' }]);
    // Only the reading changes with time: nothing else about it.
    clock.advance(90 * 24 * 60 * 60 * 1000);
    expect(await subscriptionsOf(app, ann)).toEqual(lapsed);
  });

  it('gives way to a new subscription when the customer pays again', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const first = await openSession(app, ann, PLANS.basic.price);
    expect((await as.pay(first.sessionId)).statusCode).toBe(200);
    clock.set(PERIOD_END + 24 * 60 * 60 * 1000);
    expect((await subscriptionsOf(app, ann))[0]!.status).toBe('canceled');

    const again = await openSession(app, ann, PLANS.premium.price);
    expect((await as.pay(again.sessionId)).statusCode).toBe(200);
    const renewed = await subscriptionsOf(app, ann);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatchObject({
      status: 'active',
      role: 'premium',
      current_period_start: { seconds: clock.now() / 1000 },
    });
  });
});
