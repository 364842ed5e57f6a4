import { describe, expect, it } from 'vitest';

import { planChange, proratedAmount } from '../../shared/billing/plan-change.ts';

const DAY = 24 * 60 * 60;
// A 30-day period from 1 November 2026 (seconds), and prices in pence.
const START = Date.UTC(2026, 10, 1) / 1000;
const END = START + 30 * DAY;
const basic = { priceId: 'price_basic', unitAmount: 499, currency: 'gbp' };
const premium = { priceId: 'price_premium', unitAmount: 1099, currency: 'gbp' };
const current = { ...basic, periodStart: START, periodEnd: END };

describe('proratedAmount: the unused fraction of the period × the difference, to the nearest minor unit', () => {
  it('charges the whole difference at the period’s start and nothing at its end', () => {
    expect(proratedAmount(600, START, END, START)).toBe(600);
    expect(proratedAmount(600, START, END, END)).toBe(0);
  });

  it('charges in proportion to the time left', () => {
    expect(proratedAmount(600, START, END, START + 10 * DAY)).toBe(400);
    expect(proratedAmount(600, START, END, START + 15 * DAY)).toBe(300);
    // 600 × 19/30 = 380; 600 × (29.5/30) = 590.
    expect(proratedAmount(600, START, END, START + 11 * DAY)).toBe(380);
    expect(proratedAmount(600, START, END, START + DAY / 2)).toBe(590);
  });

  it('rounds half a minor unit up, and never goes outside 0 … the difference', () => {
    // 1 × 15/30 = 0.5 → 1; 1 × 14/30 = 0.47 → 0.
    expect(proratedAmount(1, START, END, START + 15 * DAY)).toBe(1);
    expect(proratedAmount(1, START, END, START + 16 * DAY)).toBe(0);
    expect(proratedAmount(600, START, END, START - DAY)).toBe(600);
    expect(proratedAmount(600, START, END, END + DAY)).toBe(0);
    expect(proratedAmount(600, START, START, START)).toBe(0);
  });
});

describe('planChange, at a fixed moment', () => {
  const at = START + 10 * DAY;

  it('starts a new subscription at full price when there is none, or it has ended', () => {
    expect(planChange(null, premium, at)).toEqual({ kind: 'new', amountToday: 1099 });
    expect(planChange(current, premium, END)).toEqual({ kind: 'new', amountToday: 1099 });
  });

  it('upgrades at once for the prorated difference, renewing on the same date', () => {
    // (1099 − 499) × 20/30 = 400.
    expect(planChange(current, premium, at)).toEqual({ kind: 'upgrade', amountToday: 400, renewsAt: END });
  });

  it('downgrades at the next renewal with nothing charged today', () => {
    expect(planChange({ ...current, ...premium }, basic, at)).toEqual({ kind: 'downgrade', effectiveAt: END });
  });

  it('knows the current plan, and treats another currency as a new subscription', () => {
    expect(planChange(current, basic, at)).toEqual({ kind: 'same' });
    expect(planChange(current, { ...premium, currency: 'usd' }, at)).toEqual({ kind: 'new', amountToday: 1099 });
  });
});
