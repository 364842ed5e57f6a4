import { describe, expect, it } from 'vitest';

import { monthsAfter, nextRenewal } from '../../../shared/billing/billing-period';

const at = (year: number, month: number, day: number, hour = 12) => Date.UTC(year, month - 1, day, hour);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('the renewal date rule (anchor day kept)', () => {
  it('renews on the anchor day, or the last day of a shorter month, and goes back to the anchor day', () => {
    const anchor = at(2025, 1, 31);
    const ends: string[] = [];
    let end = anchor;
    for (let i = 0; i < 12; i++) {
      end = nextRenewal(anchor, end);
      ends.push(iso(end));
    }
    expect(ends).toEqual([
      '2025-02-28',
      '2025-03-31',
      '2025-04-30',
      '2025-05-31',
      '2025-06-30',
      '2025-07-31',
      '2025-08-31',
      '2025-09-30',
      '2025-10-31',
      '2025-11-30',
      '2025-12-31',
      '2026-01-31',
    ]);
  });

  it('keeps the 29th of February in a leap year, and the 28th otherwise', () => {
    expect(iso(monthsAfter(at(2024, 1, 31), 1))).toBe('2024-02-29');
    expect(iso(monthsAfter(at(2024, 1, 29), 1))).toBe('2024-02-29');
    expect(iso(monthsAfter(at(2025, 1, 29), 1))).toBe('2025-02-28');
    expect(iso(monthsAfter(at(2024, 2, 29), 12))).toBe('2025-02-28');
    expect(iso(monthsAfter(at(2024, 2, 29), 48))).toBe('2028-02-29');
  });

  it('keeps the time of day and crosses years', () => {
    expect(monthsAfter(Date.UTC(2025, 11, 31, 23, 59, 58), 2)).toBe(Date.UTC(2026, 1, 28, 23, 59, 58));
    expect(monthsAfter(at(2025, 3, 15), 0)).toBe(at(2025, 3, 15));
  });

  it('finds the next renewal after any moment, however far on', () => {
    const anchor = at(2015, 1, 31);
    // From a period end moved to the 28th by the old rule, the next goes back to the 31st.
    expect(iso(nextRenewal(anchor, at(2025, 3, 28)))).toBe('2025-03-31');
    // Exactly on a renewal: the one after it.
    expect(nextRenewal(anchor, at(2025, 2, 28))).toBe(at(2025, 3, 31));
    // Between two: the coming one.
    expect(nextRenewal(anchor, at(2025, 4, 1))).toBe(at(2025, 4, 30));
    // Before the first renewal.
    expect(nextRenewal(anchor, anchor)).toBe(at(2015, 2, 28));
    expect(nextRenewal(anchor, anchor - 1000)).toBe(at(2015, 2, 28));
  });
});
