import { describe, expect, it } from 'vitest';

import { checkoutApp, expectError, GOOD_CARD, openSession, signUp } from './checkout-helpers.ts';

const MASTERCARD = { number: '5555 5555 5555 4444', expiry: '10 / 33', cvc: '321', name: 'Ann Example' };

describe('the card on file', () => {
  it('is replaced through the checkout’s card rules, and renewals charge the new card', async () => {
    const { app, clock, ann, as } = await checkoutApp();
    const base = `/api/documents/customers/${ann.uid}/payment_method`;
    const request = (method: 'GET' | 'PUT', payload?: object) =>
      app.inject({ method, url: base, payload, cookies: { marquee_session: ann.token } });

    // No membership yet: nothing to charge, so no card to update.
    expect((await request('GET')).json()).toEqual({ card: null });
    expectError(await request('PUT', MASTERCARD), 409, 'no-subscription');

    const session = await openSession(app, ann);
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
    expect((await request('GET')).json()).toEqual({ card: { brand: 'visa', last4: '4242' } });

    // What is typed is checked as at checkout; test cards decline as they do there.
    expectError(await request('PUT', { ...MASTERCARD, number: '4242 4242 4242 4241' }), 400, 'invalid_number');
    expectError(await request('PUT', { ...MASTERCARD, expiry: '01 / 20' }), 400, 'invalid_expiry_year_past');
    expectError(await request('PUT', { ...MASTERCARD, number: '4000 0000 0000 0002' }), 402, 'card_declined');
    expectError(await request('PUT', { ...MASTERCARD, extra: 1 }), 400, 'invalid-argument');
    expect((await request('GET')).json()).toEqual({ card: { brand: 'visa', last4: '4242' } });

    const updated = await request('PUT', MASTERCARD);
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ card: { brand: 'mastercard', last4: '4444' } });

    clock.advance(40 * 24 * 60 * 60 * 1000);
    const invoices = await app.inject({
      method: 'GET',
      url: `/api/documents/customers/${ann.uid}/invoices`,
      cookies: { marquee_session: ann.token },
    });
    const [renewal] = (invoices.json() as { invoices: Array<{ billing_reason: string; card: unknown }> }).invoices;
    expect(renewal).toMatchObject({
      billing_reason: 'subscription_cycle',
      card: { brand: 'mastercard', last4: '4444' },
    });
  });

  it('is each customer’s own', async () => {
    const { app, ann } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    const other = await app.inject({
      method: 'PUT',
      url: `/api/documents/customers/${ann.uid}/payment_method`,
      payload: GOOD_CARD,
      cookies: { marquee_session: bob.token },
    });
    expectError(other, 403, 'permission-denied');
    const signedOut = await app.inject({ method: 'GET', url: `/api/documents/customers/${ann.uid}/payment_method` });
    expectError(signedOut, 401, 'unauthenticated');
  });
});
