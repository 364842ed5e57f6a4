import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import {
  checkoutApp,
  checkoutClient,
  type Customer,
  expectError,
  GOOD_CARD,
  openSession,
  PLANS,
  SESSION_COOKIE,
  signUp,
  subscriptionsOf,
  type Timestamp,
} from './checkout-helpers.ts';

// The clock starts on 31 January 2025 at 12:00 UTC; the first period ends on 28 February (28 days).
const START = Date.UTC(2025, 0, 31, 12);
const PERIOD_END = Date.UTC(2025, 1, 28, 12);
const DAY = 24 * 60 * 60 * 1000;

interface Invoice {
  id: string;
  billing_reason: string;
  created: Timestamp;
  amount_paid: number;
  currency: string;
  description: string;
  card: { brand: string; last4: string } | null;
  lines: Array<{ description: string; amount: number; proration: boolean }>;
}

function billing(app: FastifyInstance, customer: Customer | null, uid = customer?.uid ?? 'A'.repeat(28)) {
  const cookies = customer ? { [SESSION_COOKIE]: customer.token } : undefined;
  const request = (options: InjectOptions) => app.inject({ ...options, cookies });
  const base = `/api/documents/customers/${uid}`;
  return {
    update: (id: string, payload: unknown) =>
      request({ method: 'PATCH', url: `${base}/subscriptions/${id}`, payload: payload as InjectOptions['payload'] }),
    schedule: (id: string, payload: unknown) =>
      request({
        method: 'POST',
        url: `${base}/subscriptions/${id}/scheduled_change`,
        payload: payload as InjectOptions['payload'],
      }),
    invoices: () => request({ method: 'GET', url: `${base}/invoices` }),
  };
}

async function invoicesOf(app: FastifyInstance, customer: Customer): Promise<Invoice[]> {
  const response = await billing(app, customer).invoices();
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return (response.json() as { invoices: Invoice[] }).invoices;
}

async function subscribed(plan: keyof typeof PLANS = 'standard', card = GOOD_CARD) {
  const started = await checkoutApp({ start: START });
  const session = await openSession(started.app, started.ann, PLANS[plan].price);
  expect((await started.as.pay(session.sessionId, card)).statusCode).toBe(200);
  const [subscription] = await subscriptionsOf(started.app, started.ann);
  return { ...started, subscription: subscription!, billing: billing(started.app, started.ann) };
}

describe('Cancel Membership and Restart Membership (PATCH …/subscriptions/:id)', () => {
  it('sets the subscription to end at its period’s end, and back', async () => {
    const { app, ann, subscription, billing: as, clock } = await subscribed();
    clock.advance(3 * DAY);
    const canceled = await as.update(subscription.id, { cancel_at_period_end: true });
    expect(canceled.statusCode).toBe(200);
    expect(canceled.json()).toEqual({
      subscription: {
        ...subscription,
        cancel_at_period_end: true,
        cancel_at: { seconds: PERIOD_END / 1000, nanoseconds: 0 },
        canceled_at: { seconds: clock.now() / 1000, nanoseconds: 0 },
      },
    });
    expect(await subscriptionsOf(app, ann)).toEqual([canceled.json().subscription]);

    const restarted = await as.update(subscription.id, { cancel_at_period_end: false });
    expect(restarted.statusCode).toBe(200);
    expect(restarted.json()).toEqual({ subscription });
  });

  it('a restarted subscription renews at the period’s end instead of lapsing', async () => {
    const { app, ann, subscription, billing: as, clock } = await subscribed();
    await as.update(subscription.id, { cancel_at_period_end: true });
    await as.update(subscription.id, { cancel_at_period_end: false });
    clock.set(PERIOD_END);
    expect(await subscriptionsOf(app, ann)).toMatchObject([{ status: 'active', id: subscription.id }]);
  });

  it('cannot restart a subscription that has lapsed (409), and answers an unknown id 404', async () => {
    const { subscription, billing: as, clock } = await subscribed();
    await as.update(subscription.id, { cancel_at_period_end: true });
    clock.set(PERIOD_END);
    expectError(
      await as.update(subscription.id, { cancel_at_period_end: false }),
      409,
      'subscription-ended',
      'This subscription has ended: choose a plan to subscribe again.',
    );
    expectError(await as.update(`sub_${'x'.repeat(24)}`, { cancel_at_period_end: true }), 404, 'not-found');
    expectError(await as.update('nope', { cancel_at_period_end: true }), 404, 'not-found');
  });

  it('refuses bad bodies with 400 and a clear message, changing nothing', async () => {
    const { app, ann, subscription, billing: as } = await subscribed();
    const cases: Array<[unknown, string]> = [
      [{}, 'Missing field "cancel_at_period_end": a request needs "cancel_at_period_end".'],
      [{ cancel_at_period_end: 'yes' }, '"cancel_at_period_end" must be true or false.'],
      [{ cancel_at_period_end: 1 }, '"cancel_at_period_end" must be true or false.'],
      [
        { cancel_at_period_end: true, role: 'premium' },
        'Unknown field "role": a request takes only "cancel_at_period_end".',
      ],
      [[true], 'The request body must be a JSON object.'],
    ];
    for (const [payload, message] of cases) {
      expectError(await as.update(subscription.id, payload), 400, 'invalid-argument', message);
    }
    expect(await subscriptionsOf(app, ann)).toEqual([subscription]);
  });

  it('is the customer’s own: signed out 401, another uid 403', async () => {
    const { app, ann, subscription } = await subscribed();
    const bob = await signUp(app, 'bob@example.com');
    expectError(
      await billing(app, null, ann.uid).update(subscription.id, { cancel_at_period_end: true }),
      401,
      'unauthenticated',
    );
    expectError(
      await billing(app, bob, ann.uid).update(subscription.id, { cancel_at_period_end: true }),
      403,
      'permission-denied',
    );
    expectError(await billing(app, bob, ann.uid).invoices(), 403, 'permission-denied');
    // Bob's own path with Ann's subscription id: not his.
    expectError(await billing(app, bob).update(subscription.id, { cancel_at_period_end: true }), 404, 'not-found');
    expect((await subscriptionsOf(app, ann))[0]!.cancel_at_period_end).toBe(false);
  });
});

describe('changing plan', () => {
  it('an upgrade takes effect at once, charging the prorated difference; the renewal date stays', async () => {
    const { app, ann, as, subscription, clock } = await subscribed('basic');
    // 7 of the period's 28 days gone: (1099 − 499) × 21/28 = 450.
    clock.set(START + 7 * DAY);
    const page = await as.page((await openSession(app, ann, PLANS.premium.price)).sessionId);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('GBP 4.50');
    expect(page.body).toContain('Upgrade from Basic to Premium, prorated');

    const premium = await openSession(app, ann, PLANS.premium.price);
    expect((await as.pay(premium.sessionId, { ...GOOD_CARD, number: '5555 5555 5555 4444' })).statusCode).toBe(200);
    expect(await subscriptionsOf(app, ann)).toEqual([
      { ...subscription, role: 'premium', price: PLANS.premium.price, product: PLANS.premium.product },
    ]);
    const [upgrade] = await invoicesOf(app, ann);
    expect(upgrade).toMatchObject({
      billing_reason: 'subscription_update',
      amount_paid: 450,
      currency: 'gbp',
      description: 'Premium',
      card: { brand: 'mastercard', last4: '4444' },
      created: { seconds: clock.now() / 1000 },
    });
  });

  it('a downgrade is scheduled for the next renewal, with nothing charged; the renewal applies it', async () => {
    const { app, ann, subscription, billing: as, clock } = await subscribed('premium');
    clock.advance(5 * DAY);
    const scheduled = await as.schedule(subscription.id, {
      price: PLANS.basic.price,
      current_price: PLANS.premium.price,
    });
    expect(scheduled.statusCode).toBe(200);
    expect(scheduled.json().subscription).toEqual({
      ...subscription,
      scheduled_change: {
        price: PLANS.basic.price,
        product: PLANS.basic.product,
        role: 'basic',
        effective_at: { seconds: PERIOD_END / 1000, nanoseconds: 0 },
      },
    });
    expect(await invoicesOf(app, ann)).toHaveLength(1);

    clock.set(PERIOD_END + DAY);
    const [renewed] = await subscriptionsOf(app, ann);
    expect(renewed).toMatchObject({
      id: subscription.id,
      status: 'active',
      role: 'basic',
      price: PLANS.basic.price,
      scheduled_change: null,
      current_period_start: { seconds: PERIOD_END / 1000 },
    });
    const [renewal] = await invoicesOf(app, ann);
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', amount_paid: 499, description: 'Basic' });
  });

  it('choosing the current plan again drops a scheduled downgrade', async () => {
    const { subscription, billing: as } = await subscribed('premium');
    await as.schedule(subscription.id, { price: PLANS.basic.price, current_price: PLANS.premium.price });
    const kept = await as.schedule(subscription.id, { price: PLANS.premium.price, current_price: PLANS.premium.price });
    expect(kept.json()).toEqual({ subscription });
  });

  it('refuses a stale Keep or downgrade, asked against the plan before an upgrade (409), changing nothing', async () => {
    const { app, ann, subscription, billing: as, clock } = await subscribed('standard');
    // A page opened on Standard: a downgrade to Basic is scheduled, so it offers "Keep Standard".
    await as.schedule(subscription.id, { price: PLANS.basic.price, current_price: PLANS.standard.price });
    clock.advance(2 * DAY);
    // Meanwhile, in another tab, an upgrade to Premium (which drops the scheduled downgrade).
    const premium = await openSession(app, ann, PLANS.premium.price);
    expect((await checkoutClient(app, ann).pay(premium.sessionId)).statusCode).toBe(200);
    const [upgraded] = await subscriptionsOf(app, ann);
    expect(upgraded).toMatchObject({ price: PLANS.premium.price, scheduled_change: null });

    // The first page's "Keep Standard" would now schedule a downgrade from Premium: refused.
    const keep = await as.schedule(subscription.id, {
      price: PLANS.standard.price,
      current_price: PLANS.standard.price,
    });
    expectError(
      keep,
      409,
      'plan-changed',
      'Your plan has changed since this page was opened, so nothing was changed. Check your current plan and choose again.',
    );
    // So is its stale downgrade.
    expectError(
      await as.schedule(subscription.id, { price: PLANS.basic.price, current_price: PLANS.standard.price }),
      409,
      'plan-changed',
    );
    expect(await subscriptionsOf(app, ann)).toEqual([upgraded]);
    // Asked against the plan it is on, the same downgrade is made.
    const fresh = await as.schedule(subscription.id, {
      price: PLANS.standard.price,
      current_price: PLANS.premium.price,
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().subscription.scheduled_change).toMatchObject({ price: PLANS.standard.price });
  });

  it('refuses an upgrade without payment (409), a price not on offer (400) and bad bodies (400)', async () => {
    const { subscription, billing: as } = await subscribed('basic');
    const current_price = PLANS.basic.price;
    expectError(
      await as.schedule(subscription.id, { price: PLANS.premium.price, current_price }),
      409,
      'upgrade-needs-payment',
    );
    expectError(
      await as.schedule(subscription.id, { price: PLANS.retired.price, current_price }),
      400,
      'invalid-argument',
    );
    expectError(await as.schedule(subscription.id, { price: 'price_nope', current_price }), 400, 'invalid-argument');
    expectError(
      await as.schedule(subscription.id, { price: 7, current_price }),
      400,
      'invalid-argument',
      '"price" must be a string.',
    );
    expectError(await as.schedule(subscription.id, {}), 400, 'invalid-argument');
    expectError(
      await as.schedule(subscription.id, { price: PLANS.basic.price }),
      400,
      'invalid-argument',
      /current_price/,
    );
  });

  it('refuses to charge for the current plan or a downgrade at checkout (409), charging nothing', async () => {
    const { app, ann, as } = await subscribed('standard');
    const same = await openSession(app, ann, PLANS.standard.price);
    expectError(await as.pay(same.sessionId), 409, 'same-plan');
    const cheaper = await openSession(app, ann, PLANS.basic.price);
    expectError(await as.pay(cheaper.sessionId), 409, 'downgrade-at-renewal');
    expect((await as.page(cheaper.sessionId)).statusCode).toBe(409);
    expect(await invoicesOf(app, ann)).toHaveLength(1);
  });
});

describe('billing history (GET …/invoices)', () => {
  it('lists every charge newest first: date, plan, amount, card brand and last 4', async () => {
    const { app, ann, as, clock } = await subscribed('basic', { ...GOOD_CARD, number: '4000 0566 5566 5556' });
    clock.set(START + 14 * DAY);
    const premium = await openSession(app, ann, PLANS.premium.price);
    expect((await as.pay(premium.sessionId)).statusCode).toBe(200);
    clock.set(PERIOD_END + 2 * DAY);

    const invoices = await invoicesOf(app, ann);
    expect(
      invoices.map((invoice) => [
        invoice.created.seconds * 1000,
        invoice.description,
        invoice.amount_paid,
        invoice.card,
      ]),
    ).toEqual([
      [PERIOD_END, 'Premium', 1099, { brand: 'visa', last4: '4242' }],
      // (1099 − 499) × 14/28 = 300.
      [START + 14 * DAY, 'Premium', 300, { brand: 'visa', last4: '4242' }],
      [START, 'Basic', 499, { brand: 'visa', last4: '5556' }],
    ]);
    expect(invoices[0]).toEqual({
      id: expect.stringMatching(/^in_[A-Za-z0-9]{24}$/),
      subscription: expect.stringMatching(/^sub_/),
      billing_reason: 'subscription_cycle',
      created: { seconds: PERIOD_END / 1000, nanoseconds: 0 },
      amount_paid: 1099,
      currency: 'gbp',
      price: PLANS.premium.price,
      product: PLANS.premium.product,
      description: 'Premium',
      card: { brand: 'visa', last4: '4242' },
      // The anchor day: 31 January → 28 February → 31 March.
      period_start: { seconds: PERIOD_END / 1000, nanoseconds: 0 },
      period_end: { seconds: Date.UTC(2025, 2, 31, 12) / 1000, nanoseconds: 0 },
      lines: [
        {
          description: 'Premium',
          amount: 1099,
          proration: false,
          period_start: { seconds: PERIOD_END / 1000, nanoseconds: 0 },
          period_end: { seconds: Date.UTC(2025, 2, 31, 12) / 1000, nanoseconds: 0 },
        },
      ],
    });
  });

  it('shows an upgrade’s proration as its own lines: the new plan’s remaining time, less the old plan’s unused time', async () => {
    const { app, ann, as, clock } = await subscribed('basic');
    clock.set(START + 14 * DAY);
    const premium = await openSession(app, ann, PLANS.premium.price);
    expect((await as.pay(premium.sessionId)).statusCode).toBe(200);

    const [upgrade, first] = await invoicesOf(app, ann);
    const period = {
      period_start: { seconds: (START + 14 * DAY) / 1000, nanoseconds: 0 },
      period_end: { seconds: PERIOD_END / 1000, nanoseconds: 0 },
    };
    expect(upgrade).toMatchObject({ billing_reason: 'subscription_update', amount_paid: 300 });
    // Half the period left: 1099 × 14/28 = 549.5 → 550, less 499 × 14/28 = 249.5 → 250: 300.
    expect(upgrade!.lines).toEqual([
      { description: 'Remaining time on Premium', amount: 550, proration: true, ...period },
      { description: 'Unused time on Basic', amount: -250, proration: true, ...period },
    ]);
    expect(first!.lines).toEqual([expect.objectContaining({ description: 'Basic', amount: 499, proration: false })]);
  });

  it('is empty before any payment, and private', async () => {
    const { app, ann } = await checkoutApp();
    expect(await invoicesOf(app, ann)).toEqual([]);
    expectError(await billing(app, null, ann.uid).invoices(), 401, 'unauthenticated');
  });
});

describe('a burst of checkouts for one customer', () => {
  it('pays at most one of 200 sessions paid at once, and charges once', async () => {
    const { app, ann, as } = await checkoutApp();
    const plans = [PLANS.basic.price, PLANS.standard.price, PLANS.premium.price];
    const sessions = await Promise.all(Array.from({ length: 200 }, (_, n) => openSession(app, ann, plans[n % 3])));
    const answers = await Promise.all(sessions.map((session) => as.pay(session.sessionId)));
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    // The rest were expired by the one payment (410), or found the plan already paid for (409).
    expect(codes.every((code) => code === 200 || code === 410 || code === 409)).toBe(true);
    expect(await invoicesOf(app, ann)).toHaveLength(1);
    expect(await subscriptionsOf(app, ann)).toHaveLength(1);
    const paid = sessions.filter((_, n) => codes[n] === 200);
    expect((await checkoutClient(app, ann).get(paid[0]!.id)).json().session.status).toBe('complete');
  });
});
