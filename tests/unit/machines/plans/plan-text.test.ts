import { describe, expect, it } from 'vitest';

import { formatPrice } from '../../../../shared/billing/price-format.ts';
import { currentPlan, formatRenewalDate, isCurrentPlan } from '../../../../src/machines/plans/plan-text.ts';
import type { Plan, Price, Subscription } from '../../../../src/services/account-store/plans.port.ts';

const MONTHLY_GBP: Price = {
  id: 'price_1MqStandardMonthlyGbp',
  currency: 'gbp',
  unitAmount: 699,
  interval: 'month',
  intervalCount: 1,
};

function plan(name: string, role = name.toLowerCase()): Plan {
  return { id: `prod_${role}`, name, description: `${name} plan`, role, prices: [MONTHLY_GBP], entitlements: null };
}

function subscription(role: string): Subscription {
  return {
    id: 'sub_1Mq7Xk2eZvKYlo2C',
    role,
    status: 'active',
    priceId: MONTHLY_GBP.id,
    productId: 'prod_standard',
    currentPeriodStart: 1_795_824_000,
    currentPeriodEnd: 1_798_416_000,
    cancelAtPeriodEnd: false,
    scheduledChange: null,
  };
}

const BASIC = plan('Basic');
const STANDARD = plan('Standard');
const PREMIUM = plan('Premium');

/** Seconds since the epoch for a UTC date and time. */
const utc = (year: number, month: number, day: number, hour = 0, minute = 0) =>
  Date.UTC(year, month - 1, day, hour, minute) / 1000;

describe('isCurrentPlan (docs/spec.md §2: the plan name, lower-cased, contains the role)', () => {
  it.each([
    ['Standard', 'standard', true],
    ['STANDARD', 'standard', true],
    ['Standard with ads', 'standard', true],
    ['Premium Standard', 'standard', true],
    ['Standard', 'Standard', true],
    ['Basic', 'standard', false],
    ['Stand', 'standard', false],
  ] as const)('name %j with role %j → %s', (name, role, expected) => {
    expect(isCurrentPlan({ name }, { role })).toBe(expected);
  });

  it('is false without a subscription', () => {
    expect(isCurrentPlan(STANDARD, null)).toBe(false);
  });

  it('is false for an empty role (which every name would otherwise contain)', () => {
    expect(isCurrentPlan(STANDARD, { role: '' })).toBe(false);
    expect(isCurrentPlan({ name: '' }, { role: '' })).toBe(false);
  });
});

describe('currentPlan', () => {
  it('finds the subscribed plan by the same rule', () => {
    expect(currentPlan([BASIC, STANDARD, PREMIUM], subscription('standard'))).toBe(STANDARD);
    expect(currentPlan([BASIC, STANDARD, PREMIUM], subscription('Premium'))).toBe(PREMIUM);
  });

  it('takes the first plan that matches, in list order', () => {
    const withAds = plan('Standard with ads', 'standard');

    expect(currentPlan([withAds, STANDARD], subscription('standard'))).toBe(withAds);
  });

  it('is null without a subscription, without a match, with an empty role or an empty list', () => {
    expect(currentPlan([BASIC, STANDARD], null)).toBeNull();
    expect(currentPlan([BASIC, STANDARD], subscription('premium'))).toBeNull();
    expect(currentPlan([BASIC, STANDARD], subscription(''))).toBeNull();
    expect(currentPlan([], subscription('standard'))).toBeNull();
  });
});

describe('formatPrice (docs/decisions.md: "GBP 6.99/month")', () => {
  it.each([
    [{ currency: 'GBP', unitAmount: 699, interval: 'month', intervalCount: 1 }, 'GBP 6.99/month'],
    [{ currency: 'GBP', unitAmount: 1099, interval: 'month', intervalCount: 1 }, 'GBP 10.99/month'],
    [{ currency: 'GBP', unitAmount: 0, interval: 'month', intervalCount: 1 }, 'GBP 0.00/month'],
    [{ currency: 'GBP', unitAmount: 5, interval: 'month', intervalCount: 1 }, 'GBP 0.05/month'],
    [{ currency: 'GBP', unitAmount: 699, interval: 'month', intervalCount: 3 }, 'GBP 6.99/3 months'],
    [{ currency: 'GBP', unitAmount: 6999, interval: 'year', intervalCount: 1 }, 'GBP 69.99/year'],
    [{ currency: 'JPY', unitAmount: 500, interval: 'month', intervalCount: 1 }, 'JPY 500/month'],
    [{ currency: 'KWD', unitAmount: 1500, interval: 'month', intervalCount: 1 }, 'KWD 1.500/month'],
    // A one-off amount (the checkout page's total) has no interval.
    [{ currency: 'GBP', unitAmount: 699, interval: null, intervalCount: null }, 'GBP 6.99'],
    [{ currency: 'JPY', unitAmount: 500 }, 'JPY 500'],
  ] as const)('%j → %j', (price, expected) => {
    expect(formatPrice(price)).toBe(expected);
  });

  it('takes the lower-case currency the provider stores and shows it upper-case', () => {
    expect(formatPrice(MONTHLY_GBP)).toBe('GBP 6.99/month');
    expect(formatPrice({ currency: 'jpy', unitAmount: 500, interval: 'month', intervalCount: 1 })).toBe(
      'JPY 500/month',
    );
    expect(formatPrice({ currency: 'usd', unitAmount: 1549, interval: 'month', intervalCount: 1 })).toBe(
      'USD 15.49/month',
    );
  });
});

describe('formatRenewalDate', () => {
  it("reads like '22 December 2026'", () => {
    expect(formatRenewalDate(utc(2026, 12, 22))).toBe('22 December 2026');
  });

  it('reads the date in UTC, whatever the time of day', () => {
    expect(formatRenewalDate(utc(2026, 12, 22, 23, 59))).toBe('22 December 2026');
    expect(formatRenewalDate(utc(2027, 1, 1, 0, 1))).toBe('1 January 2027');
    expect(formatRenewalDate(utc(2026, 12, 31, 23, 59))).toBe('31 December 2026');
  });

  it('takes seconds, not milliseconds', () => {
    expect(formatRenewalDate(0)).toBe('1 January 1970');
    expect(formatRenewalDate(86_400)).toBe('2 January 1970');
  });

  it('takes another locale when asked', () => {
    expect(formatRenewalDate(utc(2026, 12, 22), 'en-US')).toBe('December 22, 2026');
  });
});
