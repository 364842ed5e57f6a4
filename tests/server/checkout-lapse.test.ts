import { describe, expect, it } from 'vitest';

import { checkoutApp, type Customer, openSession, PLANS, subscriptionsOf } from './checkout-helpers.ts';

// The clock starts on 31 January 2025 at 12:00 UTC; a month from then ends on 28 February.
const PERIOD_END = Date.UTC(2025, 1, 28, 12);
const DAY = 24 * 60 * 60 * 1000;

type App = Awaited<ReturnType<typeof checkoutApp>>;

async function cancelAtPeriodEnd({ app, ann }: Pick<App, 'app' | 'ann'>, customer: Customer = ann, cancel = true) {
  const [subscription] = await subscriptionsOf(app, customer);
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/documents/customers/${customer.uid}/subscriptions/${subscription!.id}`,
    cookies: { marquee_session: customer.token },
    payload: { cancel_at_period_end: cancel },
  });
  expect(response.statusCode).toBe(200);
}

describe('a subscription set to end at its period’s end', () => {
  it('is active until its current_period_end, then lapses: canceled, no current plan', async () => {
    const started = await checkoutApp();
    const { app, ann, as, clock } = started;
    const session = await openSession(app, ann, PLANS.basic.price);
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
    await cancelAtPeriodEnd(started);
    const [canceling] = await subscriptionsOf(app, ann);
    expect(canceling).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: { seconds: PERIOD_END / 1000 },
      current_period_end: { seconds: PERIOD_END / 1000 },
    });

    clock.set(PERIOD_END - 1000);
    expect(await subscriptionsOf(app, ann)).toEqual([canceling]);

    clock.set(PERIOD_END);
    const lapsed = await subscriptionsOf(app, ann);
    expect(lapsed).toEqual([
      { ...canceling, status: 'canceled', ended_at: { seconds: PERIOD_END / 1000, nanoseconds: 0 } },
    ]);
    // Nothing more happens with time.
    clock.advance(90 * DAY);
    expect(await subscriptionsOf(app, ann)).toEqual(lapsed);
  });

  it('gives way to a new subscription when the customer pays again', async () => {
    const started = await checkoutApp();
    const { app, ann, as, clock } = started;
    const first = await openSession(app, ann, PLANS.basic.price);
    expect((await as.pay(first.sessionId)).statusCode).toBe(200);
    await cancelAtPeriodEnd(started);
    clock.set(PERIOD_END + DAY);
    expect((await subscriptionsOf(app, ann))[0]!.status).toBe('canceled');

    const again = await openSession(app, ann, PLANS.premium.price);
    expect((await as.pay(again.sessionId)).statusCode).toBe(200);
    const renewed = await subscriptionsOf(app, ann);
    expect(renewed).toHaveLength(1);
    expect(renewed[0]).toMatchObject({
      status: 'active',
      role: 'premium',
      cancel_at_period_end: false,
      ended_at: null,
      current_period_start: { seconds: clock.now() / 1000 },
    });
  });
});

describe('a subscription not set to end', () => {
  it('renews each period with the card on file, as the provider does, and stays current', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const session = await openSession(app, ann, PLANS.basic.price);
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
    const [started] = await subscriptionsOf(app, ann);

    clock.set(PERIOD_END + DAY);
    const [renewed] = await subscriptionsOf(app, ann);
    expect(renewed).toEqual({
      ...started,
      current_period_start: { seconds: PERIOD_END / 1000, nanoseconds: 0 },
      // 28 February + one calendar month.
      current_period_end: { seconds: Date.UTC(2025, 2, 28, 12) / 1000, nanoseconds: 0 },
    });
  });
});
