import { afterEach, describe, expect, it, vi } from 'vitest';

import { createLocalPlans } from '../../../src/services/account-store/local-plans.ts';
import type { Plan, Subscription } from '../../../src/services/account-store/plans.port.ts';
import { json, stubFetch } from '../support/stub-fetch.ts';

// The embedded server's documents, in the Stripe extension's field names (docs/spec.md §3, §7).
const seconds = (value: number) => ({ seconds: value, nanoseconds: 0 });

function priceDocument(id: string, unitAmount: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    active: true,
    currency: 'gbp',
    unit_amount: unitAmount,
    type: 'recurring',
    interval: 'month',
    interval_count: 1,
    ...overrides,
  };
}

function productDocument(id: string, name: string, prices: unknown[], overrides: Record<string, unknown> = {}) {
  return {
    id,
    name,
    description: `${name} plan`,
    active: true,
    role: name.toLowerCase(),
    images: [],
    prices,
    ...overrides,
  };
}

function subscriptionDocument(id: string, status: string, created: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    role: 'standard',
    status,
    price: 'price_1MqStandardMonthlyGbp',
    product: 'prod_MqStandardPlan01',
    quantity: 1,
    cancel_at_period_end: false,
    created: seconds(created),
    current_period_start: seconds(created),
    current_period_end: seconds(created + 2_592_000),
    ...overrides,
  };
}

const BASIC_DOC = productDocument('prod_MqBasicPlan01', 'Basic', [priceDocument('price_1MqBasicMonthlyGbp', 499)], {
  metadata: { max_height: '720', screens: '1' },
});
const STANDARD_DOC = productDocument('prod_MqStandardPlan01', 'Standard', [
  priceDocument('price_1MqStandardMonthlyGbp', 699),
  priceDocument('price_1MqStandardQuarterlyGbp', 1899, { interval_count: 3 }),
]);

const BASIC: Plan = {
  id: 'prod_MqBasicPlan01',
  name: 'Basic',
  description: 'Basic plan',
  role: 'basic',
  entitlements: { maxHeight: 720, screens: 1 },
  prices: [{ id: 'price_1MqBasicMonthlyGbp', currency: 'gbp', unitAmount: 499, interval: 'month', intervalCount: 1 }],
};
const STANDARD: Plan = {
  id: 'prod_MqStandardPlan01',
  name: 'Standard',
  description: 'Standard plan',
  role: 'standard',
  entitlements: null,
  prices: [
    { id: 'price_1MqStandardMonthlyGbp', currency: 'gbp', unitAmount: 699, interval: 'month', intervalCount: 1 },
    { id: 'price_1MqStandardQuarterlyGbp', currency: 'gbp', unitAmount: 1899, interval: 'month', intervalCount: 3 },
  ],
};

/** A uid that must be escaped to stay one path segment. */
const ODD_UID = 'uid/with space?';
const OFFLINE = 'Could not reach Marquee. Check your connection and try again.';

async function rejectionOf(promise: Promise<unknown>): Promise<Error> {
  const reason = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!(reason instanceof Error)) throw new Error(`Expected a rejection with an Error, got ${String(reason)}`);
  return reason;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('local plans: listPlans', () => {
  it('drops one-time prices: a plan is a subscription', async () => {
    stubFetch(() =>
      json({
        products: [
          productDocument('prod_MqStandardPlan01', 'Standard', [
            priceDocument('price_setup_fee', 100, { type: 'one_time', interval: null, interval_count: null }),
            priceDocument('price_1MqStandardMonthlyGbp', 699),
          ]),
        ],
      }),
    );
    const [plan] = await createLocalPlans().listPlans();
    expect(plan!.prices.map((price) => price.id)).toEqual(['price_1MqStandardMonthlyGbp']);
  });

  it('refuses an answer without a products list with a readable message', async () => {
    stubFetch(() => json({ items: [] }));
    await expect(createLocalPlans().listPlans()).rejects.toThrow('The server answered without a products list.');
  });

  it('GETs /api/documents/products and maps the extension fields to plans', async () => {
    const { seen } = stubFetch(() => json({ products: [BASIC_DOC, STANDARD_DOC] }));

    await expect(createLocalPlans().listPlans()).resolves.toEqual([BASIC, STANDARD]);

    expect(seen).toEqual([{ path: '/api/documents/products', method: 'GET', body: undefined, contentType: null }]);
  });

  it("reads each plan's entitlements from its product metadata, and none from malformed metadata", async () => {
    stubFetch(() =>
      json({
        products: [
          BASIC_DOC,
          productDocument('prod_MqPremiumPlan01', 'Premium', [priceDocument('price_1MqPremiumMonthlyGbp', 1099)], {
            metadata: { max_height: '2160', screens: 'four' },
          }),
        ],
      }),
    );

    const plans = await createLocalPlans().listPlans();

    expect(plans.map((plan) => plan.entitlements)).toEqual([{ maxHeight: 720, screens: 1 }, null]);
  });

  it("keeps the server's order (cheapest first)", async () => {
    stubFetch(() => json({ products: [STANDARD_DOC, BASIC_DOC] }));

    const plans = await createLocalPlans().listPlans();

    expect(plans.map((plan) => plan.id)).toEqual(['prod_MqStandardPlan01', 'prod_MqBasicPlan01']);
  });

  it('drops inactive prices', async () => {
    stubFetch(() =>
      json({
        products: [
          productDocument('prod_MqStandardPlan01', 'Standard', [
            priceDocument('price_old', 599, { active: false }),
            priceDocument('price_1MqStandardMonthlyGbp', 699),
          ]),
        ],
      }),
    );

    const [plan] = await createLocalPlans().listPlans();

    expect(plan!.prices.map((price) => price.id)).toEqual(['price_1MqStandardMonthlyGbp']);
  });

  it('drops products without an active price, and inactive products', async () => {
    stubFetch(() =>
      json({
        products: [
          productDocument('prod_NoPrices', 'Empty', []),
          productDocument('prod_Retired', 'Retired', [priceDocument('price_retired', 399, { active: false })]),
          productDocument('prod_Inactive', 'Inactive', [priceDocument('price_inactive', 299)], { active: false }),
          BASIC_DOC,
        ],
      }),
    );

    await expect(createLocalPlans().listPlans()).resolves.toEqual([BASIC]);
  });

  it('resolves an empty list when nothing is on offer', async () => {
    stubFetch(() => json({ products: [] }));

    await expect(createLocalPlans().listPlans()).resolves.toEqual([]);
  });
});

describe('local plans: currentSubscription', () => {
  it('GETs /api/documents/customers/{uid}/subscriptions and maps the extension fields', async () => {
    const { seen } = stubFetch(() => json({ subscriptions: [subscriptionDocument('sub_1', 'active', 1_795_824_000)] }));

    const expected: Subscription = {
      id: 'sub_1',
      role: 'standard',
      status: 'active',
      priceId: 'price_1MqStandardMonthlyGbp',
      productId: 'prod_MqStandardPlan01',
      currentPeriodStart: 1_795_824_000,
      currentPeriodEnd: 1_798_416_000,
      cancelAtPeriodEnd: false,
      scheduledChange: null,
    };
    await expect(createLocalPlans().currentSubscription('uid-alice')).resolves.toEqual(expected);

    expect(seen).toEqual([
      { path: '/api/documents/customers/uid-alice/subscriptions', method: 'GET', body: undefined, contentType: null },
    ]);
  });

  it('encodes the uid so it stays one path segment', async () => {
    const { seen } = stubFetch(() => json({ subscriptions: [] }));

    await createLocalPlans().currentSubscription(ODD_UID);

    expect(seen.map((request) => request.path)).toEqual([
      '/api/documents/customers/uid%2Fwith%20space%3F/subscriptions',
    ]);
  });

  it('is null before any subscription', async () => {
    stubFetch(() => json({ subscriptions: [] }));

    await expect(createLocalPlans().currentSubscription('uid-alice')).resolves.toBeNull();
  });

  it('counts a trialing subscription as current', async () => {
    stubFetch(() => json({ subscriptions: [subscriptionDocument('sub_trial', 'trialing', 1_795_824_000)] }));

    await expect(createLocalPlans().currentSubscription('uid-alice')).resolves.toMatchObject({
      id: 'sub_trial',
      status: 'trialing',
    });
  });

  it('ignores subscriptions that are not active or trialing', async () => {
    stubFetch(() =>
      json({
        subscriptions: ['canceled', 'past_due', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'].map(
          (status, index) => subscriptionDocument(`sub_${status}`, status, 1_795_824_000 + index),
        ),
      }),
    );

    await expect(createLocalPlans().currentSubscription('uid-alice')).resolves.toBeNull();
  });

  it('takes the newest current subscription by created, wherever it is in the list', async () => {
    stubFetch(() =>
      json({
        subscriptions: [
          subscriptionDocument('sub_older', 'active', 1_790_000_000, { role: 'basic' }),
          subscriptionDocument('sub_newest_canceled', 'canceled', 1_799_000_000, { role: 'premium' }),
          subscriptionDocument('sub_newer', 'active', 1_795_000_000, { role: 'standard' }),
          subscriptionDocument('sub_oldest', 'trialing', 1_780_000_000, { role: 'premium' }),
        ],
      }),
    );

    const current = await createLocalPlans().currentSubscription('uid-alice');

    expect(current).toMatchObject({ id: 'sub_newer', role: 'standard' });
  });
});

describe('local plans: failures', () => {
  it.each([
    ['listPlans', 503, 'unavailable', 'The plans cannot be read right now.'],
    ['currentSubscription', 401, 'unauthenticated', 'Please sign in again.'],
    ['currentSubscription', 403, 'permission-denied', 'You cannot reach this account.'],
  ] as const)("%s rejects a %i with the server's message as an Error", async (method, status, code, message) => {
    stubFetch(() => json({ error: { code, message } }, status));
    const store = createLocalPlans();
    const calls = {
      listPlans: () => store.listPlans(),
      currentSubscription: () => store.currentSubscription('uid-bob'),
    };

    const error = await rejectionOf(calls[method]());

    expect(error.message).toBe(message);
    expect(error.cause).toBeDefined();
  });

  it.each(['listPlans', 'currentSubscription'] as const)(
    '%s rejects a network failure with a clear message',
    async (method) => {
      stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
      const store = createLocalPlans();
      const calls = {
        listPlans: () => store.listPlans(),
        currentSubscription: () => store.currentSubscription('uid-alice'),
      };

      await expect(calls[method]()).rejects.toThrow(new Error(OFFLINE));
    },
  );

  it('rejects a 5xx without a message with the status', async () => {
    stubFetch(() => new Response('Bad gateway', { status: 502 }));

    await expect(createLocalPlans().listPlans()).rejects.toThrow(new Error('The server answered 502.'));
  });
});
