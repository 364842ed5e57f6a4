import { describe, expect, it } from 'vitest';

import { formatPrice } from '../../server/checkout/products-repository.ts';
import { returnUrlProblem, siteOrigin } from '../../server/checkout/site-origin.ts';
import { testCardOutcome } from '../../server/checkout/test-cards.ts';
import { addCalendarMonth } from '../../server/checkout/timestamps.ts';
import { cardBrand, checkCard, passesLuhn } from '../../shared/billing/card-checks.js';

describe('addCalendarMonth', () => {
  it.each([
    [Date.UTC(2025, 2, 15, 10, 30), Date.UTC(2025, 3, 15, 10, 30)],
    [Date.UTC(2025, 0, 31, 12), Date.UTC(2025, 1, 28, 12)],
    [Date.UTC(2024, 0, 31, 12), Date.UTC(2024, 1, 29, 12)],
    [Date.UTC(2025, 11, 31, 23, 59, 59, 999), Date.UTC(2026, 0, 31, 23, 59, 59, 999)],
    [Date.UTC(2025, 7, 31), Date.UTC(2025, 8, 30)],
  ])('%i → %i', (from, to) => {
    expect(addCalendarMonth(from)).toBe(to);
  });
});

describe('card checks', () => {
  it('knows Luhn', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('378282246310005')).toBe(true);
    expect(passesLuhn('4000000000000002')).toBe(true);
    expect(passesLuhn('4000000000009995')).toBe(true);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2223003122003222', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3056930009020004', 'diners'],
    ['3566002020360505', 'jcb'],
    ['6200000000000005', 'unionpay'],
    ['9999999999999995', 'unknown'],
  ])('%s is %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });

  it('keeps only the brand and last four digits, and knows the test cards', () => {
    const now = Date.UTC(2025, 0, 1);
    const card = checkCard({ number: '4000 0000 0000 0002', expiry: '01 / 25', cvc: '000', name: 'A' }, now);
    expect(card).toEqual({ brand: 'visa', last4: '0002', digits: '4000000000000002' });
    expect(testCardOutcome(card as never)).toEqual({
      status: 402,
      code: 'card_declined',
      message: 'Your card was declined.',
      decline_code: 'generic_decline',
    });
    const good = checkCard({ number: '4242424242424242', expiry: '01 / 25', cvc: '000', name: 'A' }, now);
    expect(testCardOutcome(good as never)).toBeNull();
  });

  it('reports the first problem in the form’s order', () => {
    expect(checkCard({}, Date.UTC(2025, 0, 1))).toMatchObject({ param: 'number' });
    expect(checkCard({ number: '4242424242424242' }, Date.UTC(2025, 0, 1))).toMatchObject({ param: 'expiry' });
    expect(checkCard({ number: '4242424242424242', expiry: '1/30' }, Date.UTC(2025, 0, 1))).toMatchObject({
      param: 'cvc',
    });
  });
});

describe('formatPrice', () => {
  const price = {
    id: 'price_x',
    active: true,
    currency: 'gbp',
    unit_amount: 699,
    type: 'recurring' as const,
    interval: 'month' as const,
    interval_count: 1,
  };
  it.each([
    [price, 'GBP 6.99/month'],
    [{ ...price, unit_amount: 1099 }, 'GBP 10.99/month'],
    [{ ...price, unit_amount: 500, interval: 'year' as const }, 'GBP 5.00/year'],
    [{ ...price, interval_count: 3 }, 'GBP 6.99/3 months'],
    [{ ...price, type: 'one_time' as const, interval: null, interval_count: null }, 'GBP 6.99'],
  ])('%j → %s', (input, text) => {
    expect(formatPrice(input)).toBe(text);
  });
});

describe('the site’s origin', () => {
  it.each([
    [{ origin: 'http://127.0.0.1:5173', host: '127.0.0.1:3001' }, 'http://127.0.0.1:5173'],
    [{ origin: 'https://marquee.example', host: 'internal:3000' }, 'https://marquee.example'],
    [{ origin: 'null', host: 'localhost:3000' }, 'http://localhost:3000'],
    [{ origin: 'chrome-extension://abc', host: 'localhost:3000' }, 'http://localhost:3000'],
    [{ host: 'localhost:80' }, 'http://localhost'],
    [{ host: 'evil.example/path' }, null],
    [{}, null],
  ])('%j → %s', (headers, origin) => {
    expect(siteOrigin(headers)).toBe(origin);
  });

  it.each([
    ['http://localhost:3000/account', null],
    ['http://localhost:3000/account?plan=standard#top', null],
    ['http://LOCALHOST:3000/x', null],
    [
      'https://localhost:3000/account',
      'The success_url must be a page on this site (http://localhost:3000), not on https://localhost:3000.',
    ],
    ['http://user:pw@localhost:3000/', 'The success_url must not contain a user name or password.'],
    ['//localhost:3000/account', expect.stringMatching(/^Not a valid URL/)],
    ['data:text/html,hi', expect.stringMatching(/^Not a valid URL/)],
  ])('%s', (url, problem) => {
    expect(returnUrlProblem('success_url', url, 'http://localhost:3000')).toEqual(problem);
  });
});
