import { describe, expect, it } from 'vitest';

import { checkoutReturnUrls, joinReturnUrls, returnedPaid } from '../../../../src/screens/plans/checkout-return';

describe('the checkout’s way back to /change-plan', () => {
  it('marks the paid return, not the cancelled one, and knows the mark again', () => {
    const { successUrl, cancelUrl } = checkoutReturnUrls('https://marquee.test');
    expect(successUrl).toBe('https://marquee.test/change-plan?checkout=paid');
    expect(cancelUrl).toBe('https://marquee.test/change-plan');
    expect(returnedPaid(new URL(successUrl).search)).toBe(true);
    expect(returnedPaid('checkout=paid')).toBe(true);
    expect(returnedPaid(new URL(cancelUrl).search)).toBe(false);
    expect(returnedPaid('?checkout=cancelled')).toBe(false);
  });
});

describe('the checkout’s way back to the join step', () => {
  it("returns a paid checkout to Who's Watching with the mark, a cancelled one to the plan step", () => {
    const { successUrl, cancelUrl } = joinReturnUrls('https://marquee.test');
    expect(successUrl).toBe('https://marquee.test/profiles?checkout=paid');
    expect(cancelUrl).toBe('https://marquee.test/signup/plan');
    expect(returnedPaid(new URL(successUrl).search)).toBe(true);
    expect(returnedPaid(new URL(cancelUrl).search)).toBe(false);
  });
});
