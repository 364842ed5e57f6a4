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
      // Back to the anchor day: 31 January → 28 February → 31 March.
      current_period_end: { seconds: Date.UTC(2025, 2, 31, 12) / 1000, nanoseconds: 0 },
    });
  });

  it('keeps its anchor day across a year of renewals, read month by month or all at once', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const session = await openSession(app, ann, PLANS.basic.price);
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
    const ends = [
      Date.UTC(2025, 1, 28, 12),
      Date.UTC(2025, 2, 31, 12),
      Date.UTC(2025, 3, 30, 12),
      Date.UTC(2025, 4, 31, 12),
      Date.UTC(2025, 5, 30, 12),
      Date.UTC(2025, 6, 31, 12),
      Date.UTC(2025, 7, 31, 12),
      Date.UTC(2025, 8, 30, 12),
      Date.UTC(2025, 9, 31, 12),
      Date.UTC(2025, 10, 30, 12),
      Date.UTC(2025, 11, 31, 12),
      Date.UTC(2026, 0, 31, 12),
    ];
    // Month by month: each read renews one period.
    for (const [i, end] of ends.slice(0, -1).entries()) {
      clock.set(end + 60_000);
      const [renewed] = await subscriptionsOf(app, ann);
      expect(renewed!.current_period_start.seconds).toBe(end / 1000);
      expect(renewed!.current_period_end.seconds).toBe(ends[i + 1]! / 1000);
    }

    // A second membership, read only after a year: the same ends, one charge per period.
    const { app: other, ann: bob, as: bobAs, clock: bobClock } = await checkoutApp();
    const bobSession = await openSession(other, bob, PLANS.basic.price);
    expect((await bobAs.pay(bobSession.sessionId)).statusCode).toBe(200);
    bobClock.set(ends.at(-1)! - 60_000);
    const invoices = (
      await other.inject({
        method: 'GET',
        url: `/api/documents/customers/${bob.uid}/invoices`,
        cookies: { marquee_session: bob.token },
      })
    ).json() as { invoices: Array<{ period_start: { seconds: number }; period_end: { seconds: number } }> };
    expect(invoices.invoices.map((invoice) => invoice.period_end.seconds * 1000).reverse()).toEqual(ends);
  });
});
