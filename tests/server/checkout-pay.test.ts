import { rmSync } from 'node:fs';

import { describe, expect, it, onTestFinished } from 'vitest';

import {
  checkoutApp,
  checkoutClient,
  expectError,
  GOOD_CARD,
  openSession,
  PLANS,
  signUp,
  SITE,
  subscriptionsOf,
} from './checkout-helpers.ts';

const NOT_FOUND = 'There is no such checkout session.';

/** What the session row holds about the card: at most its brand and last four digits. */
function storedCard(app: Awaited<ReturnType<typeof checkoutApp>>['app'], sessionId: string) {
  return app.db
    .prepare('SELECT status, card_brand, card_last4, subscription_id FROM checkout_sessions WHERE session_id = ?')
    .get(sessionId) as {
    status: string;
    card_brand: string | null;
    card_last4: string | null;
    subscription_id: string | null;
  };
}

describe('POST /checkout/:sessionId/pay with Stripe’s test cards', () => {
  it('4242 4242 4242 4242 pays: the subscription starts, the session completes, the answer redirects', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann, PLANS.premium.price);
    const response = await as.pay(session.sessionId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ redirect: `${SITE}/account` });

    const [subscription] = await subscriptionsOf(app, ann);
    expect(subscription).toMatchObject({
      role: 'premium',
      status: 'active',
      price: PLANS.premium.price,
      product: PLANS.premium.product,
    });
    expect(storedCard(app, session.sessionId)).toEqual({
      status: 'complete',
      card_brand: 'visa',
      card_last4: '4242',
      subscription_id: subscription!.id,
    });
    expect((await as.get(session.id)).json()).toEqual({ session: { ...session, status: 'complete' } });
  });

  it('never stores the card number, the CVC or the name', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    await as.pay(session.sessionId, { ...GOOD_CARD, cvc: '987', name: 'Zebedee Quux' });
    const dump =
      JSON.stringify(app.db.prepare('SELECT * FROM checkout_sessions').all()) +
      JSON.stringify(app.db.prepare('SELECT * FROM subscriptions').all());
    expect(dump).not.toContain('4242424242424242');
    expect(dump).not.toContain('987');
    expect(dump).not.toContain('Zebedee');
  });

  // Stripe's documented declines (docs.stripe.com/testing), each with its own code and message.
  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'generic_decline', 'Your card was declined.'],
    ['4000 0000 0000 9995', 'card_declined', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['4000 0000 0000 9987', 'card_declined', 'lost_card', 'Your card has been declined.'],
    ['4000 0000 0000 0069', 'expired_card', 'expired_card', 'Your card has expired.'],
    [
      '4000 0000 0000 0119',
      'processing_error',
      'processing_error',
      'An error occurred while processing your card. Try again in a little bit.',
    ],
  ])('%s is declined with 402 %s (%s), and nothing changes', async (number, code, declineCode, message) => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const response = await as.pay(session.sessionId, { ...GOOD_CARD, number });
    expectError(response, 402, code, message);
    expect(response.json()).toEqual({ error: { code, message, decline_code: declineCode } });
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    expect(storedCard(app, session.sessionId)).toEqual({
      status: 'open',
      card_brand: null,
      card_last4: null,
      subscription_id: null,
    });
    // The session stays open: another card can pay it.
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
  });

  it('4000 0000 0000 0127 is declined with 402 incorrect_cvc, at the security code field', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const response = await as.pay(session.sessionId, { ...GOOD_CARD, number: '4000 0000 0000 0127' });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({
      error: {
        code: 'incorrect_cvc',
        message: "Your card's security code is incorrect.",
        decline_code: 'incorrect_cvc',
        param: 'cvc',
      },
    });
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    expect(storedCard(app, session.sessionId).status).toBe('open');
  });

  it.each([
    ['Mastercard', '5555 5555 5555 4444', '123', 'mastercard'],
    ['American Express, with a four-digit code', '3782 822463 10005', '1234', 'amex'],
    ['any other number that passes Luhn', '4000 0566 5566 5556', '123', 'visa'],
    ['a 12-digit number', '1234 5678 9015', '123', 'unknown'],
  ])('%s pays like 4242', async (_label, number, cvc, brand) => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    expect((await as.pay(session.sessionId, { ...GOOD_CARD, number, cvc })).statusCode).toBe(200);
    expect(storedCard(app, session.sessionId)).toMatchObject({
      status: 'complete',
      card_brand: brand,
      card_last4: number.replace(/\s/g, '').slice(-4),
    });
  });
});

describe('POST /checkout/:sessionId/pay checks the card again', () => {
  // The clock starts on 31 January 2025.
  it.each([
    ['number', { number: '' }, 'incomplete_number', 'Your card number is incomplete.'],
    ['number', { number: undefined }, 'incomplete_number', 'Your card number is incomplete.'],
    ['number', { number: '4242 4242 42' }, 'incomplete_number', 'Your card number is incomplete.'],
    ['number', { number: '4242 4242 4242 4241' }, 'invalid_number', 'Your card number is invalid.'],
    ['number', { number: '4242-4242-4242-4242' }, 'invalid_number', 'Your card number is invalid.'],
    ['number', { number: '4'.repeat(20) }, 'invalid_number', 'Your card number is invalid.'],
    ['expiry', { expiry: '' }, 'incomplete_expiry', "Your card's expiration date is incomplete."],
    ['expiry', { expiry: '12 /' }, 'incomplete_expiry', "Your card's expiration date is incomplete."],
    ['expiry', { expiry: '1' }, 'incomplete_expiry', "Your card's expiration date is incomplete."],
    ['expiry', { expiry: 'next year' }, 'invalid_expiry', "Your card's expiration date is invalid."],
    ['expiry', { expiry: '13 / 30' }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
    ['expiry', { expiry: '00 / 30' }, 'invalid_expiry_month', "Your card's expiration month is invalid."],
    ['expiry', { expiry: '12 / 24' }, 'invalid_expiry_year_past', "Your card's expiration date is in the past."],
    ['expiry', { expiry: '12 / 2024' }, 'invalid_expiry_year_past', "Your card's expiration date is in the past."],
    ['expiry', { expiry: '12 / 99' }, 'invalid_expiry_year', "Your card's expiration year is invalid."],
    ['cvc', { cvc: '' }, 'incomplete_cvc', "Your card's security code is incomplete."],
    ['cvc', { cvc: '12' }, 'incomplete_cvc', "Your card's security code is incomplete."],
    ['cvc', { cvc: '1234' }, 'invalid_cvc', "Your card's security code is invalid."],
    ['cvc', { cvc: '12a' }, 'invalid_cvc', "Your card's security code is invalid."],
    ['name', { name: '' }, 'incomplete_name', 'Please enter the name on your card.'],
    ['name', { name: ' \t ' }, 'incomplete_name', 'Please enter the name on your card.'],
    ['name', { name: 'x'.repeat(101) }, 'invalid_name', 'The name on your card can be at most 100 characters.'],
    ['name', { name: 'Ann\u0000' }, 'invalid_name', 'The name on your card cannot contain control characters.'],
  ])('refuses a bad %s with 400: %j', async (param, change, code, message) => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const response = await as.pay(session.sessionId, { ...GOOD_CARD, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code, message, param } });
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    expect(storedCard(app, session.sessionId).status).toBe('open');
  });

  it('accepts this month as an expiry, and MM/YY written without spaces or with a four-digit year', async () => {
    const { app } = await checkoutApp({ start: Date.UTC(2025, 0, 31, 23, 59) });
    for (const [n, expiry] of ['01 / 25', '01/25', '0125', '1 / 2025'].entries()) {
      // A customer each: paying for the plan one already has is refused.
      const customer = await signUp(app, `expiry${n}@example.com`);
      const session = await openSession(app, customer);
      expect(
        (await checkoutClient(app, customer).pay(session.sessionId, { ...GOOD_CARD, expiry })).statusCode,
        expiry,
      ).toBe(200);
    }
  });

  it('wants four digits for an American Express security code', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const response = await as.pay(session.sessionId, { ...GOOD_CARD, number: '378282246310005', cvc: '123' });
    expect(response.json()).toEqual({
      error: { code: 'incomplete_cvc', message: "Your card's security code is incomplete.", param: 'cvc' },
    });
  });

  it.each([
    [
      'an unknown field',
      { ...GOOD_CARD, exp_month: 12 },
      'Unknown field "exp_month": a request takes only "number", "expiry", "cvc", "name".',
      undefined,
    ],
    ['a number sent as a number', { ...GOOD_CARD, number: 4242424242424242 }, '"number" must be a string.', 'number'],
    ['a body that is not an object', [GOOD_CARD], 'The request body must be a JSON object.', undefined],
  ])('refuses %s with 400 invalid-argument', async (_label, body, message, param) => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const response = await as.pay(session.sessionId, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: param ? { code: 'invalid-argument', message, param } : { code: 'invalid-argument', message },
    });
  });
});

describe('POST /checkout/:sessionId/pay and the session’s state', () => {
  it('answers a second payment with 409 and keeps the one subscription', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
    const [first] = await subscriptionsOf(app, ann);

    expectError(await as.pay(session.sessionId), 409, 'session-complete', 'This checkout session is already complete.');
    // Even with a card that would be refused: the session is what is wrong.
    expectError(await as.pay(session.sessionId, { number: '1' }), 409, 'session-complete');
    expect(await subscriptionsOf(app, ann)).toEqual([first]);
  });

  it('lets exactly one of five simultaneous payments through', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const responses = await Promise.all(Array.from({ length: 5 }, () => as.pay(session.sessionId)));
    const statuses = responses.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409]);
    expect(await subscriptionsOf(app, ann)).toHaveLength(1);
    expect(app.db.prepare('SELECT count(*) FROM subscriptions').pluck().get()).toBe(1);
  });

  it('refuses an expired session with 410, and nothing changes', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const session = await openSession(app, ann);
    clock.advance(30 * 60 * 1000 - 1);
    // One millisecond before its expiry it is still open...
    expect((await as.get(session.id)).json()).toMatchObject({ session: { status: 'open' } });
    clock.advance(1);
    expect((await as.get(session.id)).json()).toMatchObject({ session: { status: 'expired' } });
    expectError(
      await as.pay(session.sessionId),
      410,
      'session-expired',
      'This checkout session has expired. Go back and choose your plan again.',
    );
    expect(await subscriptionsOf(app, ann)).toEqual([]);
  });

  it('answers another customer’s session, an unknown one and a malformed id with 404, and changes nothing', async () => {
    const { app, ann, as } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    const bobs = await openSession(app, bob);
    expectError(await as.pay(bobs.sessionId), 404, 'not-found', NOT_FOUND);
    expectError(await as.pay(`cs_test_${'x'.repeat(48)}`), 404, 'not-found', NOT_FOUND);
    expectError(await as.pay('cs_live_abc'), 404, 'not-found', NOT_FOUND);
    expect(storedCard(app, bobs.sessionId).status).toBe('open');
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    expect(await subscriptionsOf(app, bob)).toEqual([]);
  });

  it('wants a signed-in customer: 401 otherwise', async () => {
    const { app, ann } = await checkoutApp();
    const session = await openSession(app, ann);
    expectError(
      await checkoutClient(app, null).pay(session.sessionId),
      401,
      'unauthenticated',
      'Please sign in first.',
    );
    expect(storedCard(app, session.sessionId).status).toBe('open');
  });

  it('upgrades the current subscription at once when the customer pays for a dearer plan, keeping its renewal date', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const basic = await openSession(app, ann, PLANS.basic.price);
    expect((await as.pay(basic.sessionId)).statusCode).toBe(200);
    const [before] = await subscriptionsOf(app, ann);
    expect(before!.role).toBe('basic');

    clock.advance(10 * 24 * 60 * 60 * 1000);
    const premium = await openSession(app, ann, PLANS.premium.price);
    expect((await as.pay(premium.sessionId)).statusCode).toBe(200);
    const after = await subscriptionsOf(app, ann);
    expect(after).toEqual([{ ...before, role: 'premium', price: PLANS.premium.price, product: PLANS.premium.product }]);
  });

  it('keeps each customer’s subscription to themselves', async () => {
    const { app, ann, as } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    const session = await openSession(app, ann);
    await as.pay(session.sessionId);
    expect(await subscriptionsOf(app, bob)).toEqual([]);
    expect(await subscriptionsOf(app, ann)).toHaveLength(1);
  });
});

describe('after a restart', () => {
  it('keeps the subscription and the completed session, and a session opened before can still be paid', async () => {
    const first = await checkoutApp();
    onTestFinished(() => rmSync(first.dataDir, { recursive: true, force: true }));
    const paid = await openSession(first.app, first.ann, PLANS.standard.price);
    expect((await first.as.pay(paid.sessionId)).statusCode).toBe(200);
    // Opened after the payment: paying one expires the sessions already open, not later ones.
    const open = await openSession(first.app, first.ann, PLANS.premium.price);
    const subscriptions = await subscriptionsOf(first.app, first.ann);
    await first.app.close();

    const { app, as } = await checkoutApp({ dataDir: first.dataDir, customer: first.ann, start: first.clock.now() });
    expect(await subscriptionsOf(app, first.ann)).toEqual(subscriptions);
    expect((await as.get(paid.id)).json()).toEqual({ session: { ...paid, status: 'complete' } });
    expectError(await as.pay(paid.sessionId), 409, 'session-complete');

    expect((await as.pay(open.sessionId)).statusCode).toBe(200);
    expect(await subscriptionsOf(app, first.ann)).toMatchObject([{ role: 'premium' }]);
  });
});
