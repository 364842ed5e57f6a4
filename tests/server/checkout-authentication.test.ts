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
  SITE,
  subscriptionsOf,
} from './checkout-helpers.ts';

const AUTH_CARD = { ...GOOD_CARD, number: '4000 0025 0000 3155' };
const AUTH_FAILURE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
const EXPIRED = 'This checkout session has expired. Go back and choose your plan again.';

type App = Awaited<ReturnType<typeof checkoutApp>>['app'];

function authenticate(app: App, customer: Customer, sessionId: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/checkout/${sessionId}/authenticate`,
    cookies: { [SESSION_COOKIE]: customer.token },
    payload: payload as never,
  });
}

function storedSession(app: App, sessionId: string) {
  return app.db
    .prepare('SELECT status, card_brand, card_last4, authentication_token FROM checkout_sessions WHERE session_id = ?')
    .get(sessionId) as {
    status: string;
    card_brand: string | null;
    card_last4: string | null;
    authentication_token: string | null;
  };
}

/** Pays with the card that asks for authentication; answers the step's url and token. */
async function payNeedingAuthentication(app: App, customer: Customer, sessionId: string) {
  const response = await checkoutClient(app, customer).pay(sessionId, AUTH_CARD);
  expect(response.statusCode).toBe(200);
  const body = response.json() as { authenticate: { url: string; token: string } };
  expect(body.authenticate.url).toBe(`/checkout/${sessionId}/authenticate`);
  expect(body.authenticate.token).toMatch(/^pi_auth_[A-Za-z0-9]{48}$/);
  return body.authenticate.token;
}

describe('the card that requires authentication (4000 0025 0000 3155)', () => {
  it('charges nothing until the authentication step', async () => {
    const { app, ann } = await checkoutApp();
    const session = await openSession(app, ann);
    await payNeedingAuthentication(app, ann, session.sessionId);
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    expect(storedSession(app, session.sessionId)).toMatchObject({ status: 'open', card_last4: '3155' });
  });

  it('completing the step charges, writes the subscription and redirects; a replay is refused', async () => {
    const { app, ann } = await checkoutApp();
    const session = await openSession(app, ann);
    const token = await payNeedingAuthentication(app, ann, session.sessionId);

    const done = await authenticate(app, ann, session.sessionId, { token, outcome: 'complete' });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ redirect: `${SITE}/account` });
    const subscriptions = await subscriptionsOf(app, ann);
    expect(subscriptions).toHaveLength(1);
    expect(subscriptions[0]).toMatchObject({ price: PLANS.standard.price, status: 'active' });
    expect(storedSession(app, session.sessionId)).toEqual({
      status: 'complete',
      card_brand: 'visa',
      card_last4: '3155',
      authentication_token: null,
    });

    // Single use: the same answer again (or a failure after it) charges nothing more.
    const replay = await authenticate(app, ann, session.sessionId, { token, outcome: 'complete' });
    expectError(replay, 409, 'session-complete');
    expectError(await authenticate(app, ann, session.sessionId, { token, outcome: 'fail' }), 409, 'session-complete');
    const after = await subscriptionsOf(app, ann);
    expect(after).toEqual(subscriptions);
  });

  it('failing the step answers payment_intent_authentication_failure and writes nothing', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const token = await payNeedingAuthentication(app, ann, session.sessionId);

    const failed = await authenticate(app, ann, session.sessionId, { token, outcome: 'fail' });
    expect(failed.statusCode).toBe(402);
    expect(failed.json()).toEqual({ error: { code: 'payment_intent_authentication_failure', message: AUTH_FAILURE } });
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    expect(storedSession(app, session.sessionId)).toEqual({
      status: 'open',
      card_brand: null,
      card_last4: null,
      authentication_token: null,
    });

    // The failed token cannot be completed afterwards; the session can still be paid with another card.
    const late = await authenticate(app, ann, session.sessionId, { token, outcome: 'complete' });
    expectError(late, 409, 'authentication-not-pending');
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
  });

  it('a newer attempt replaces the older one: its token no longer works', async () => {
    const { app, ann } = await checkoutApp();
    const session = await openSession(app, ann);
    const first = await payNeedingAuthentication(app, ann, session.sessionId);
    const second = await payNeedingAuthentication(app, ann, session.sessionId);
    expect(second).not.toBe(first);
    expectError(
      await authenticate(app, ann, session.sessionId, { token: first, outcome: 'complete' }),
      409,
      'authentication-not-pending',
    );
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    expect((await authenticate(app, ann, session.sessionId, { token: second, outcome: 'complete' })).statusCode).toBe(
      200,
    );
  });

  it('concurrent completions charge once', async () => {
    const { app, ann } = await checkoutApp();
    const session = await openSession(app, ann);
    const token = await payNeedingAuthentication(app, ann, session.sessionId);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => authenticate(app, ann, session.sessionId, { token, outcome: 'complete' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await subscriptionsOf(app, ann)).toHaveLength(1);
  });

  it('is bound to its customer: another customer’s answer is 404, a signed-out one 401', async () => {
    const { app, ann } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    const session = await openSession(app, ann);
    const token = await payNeedingAuthentication(app, ann, session.sessionId);

    expectError(await authenticate(app, bob, session.sessionId, { token, outcome: 'complete' }), 404, 'not-found');
    const signedOut = await app.inject({
      method: 'POST',
      url: `/checkout/${session.sessionId}/authenticate`,
      payload: { token, outcome: 'complete' },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(await subscriptionsOf(app, bob)).toEqual([]);
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    // The owner's token still works.
    expect((await authenticate(app, ann, session.sessionId, { token, outcome: 'complete' })).statusCode).toBe(200);
  });

  it('refuses a session that expired while waiting with 410', async () => {
    const { app, ann, clock } = await checkoutApp();
    const session = await openSession(app, ann);
    const token = await payNeedingAuthentication(app, ann, session.sessionId);
    clock.advance(31 * 60 * 1000);
    expectError(
      await authenticate(app, ann, session.sessionId, { token, outcome: 'complete' }),
      410,
      'session-expired',
      EXPIRED,
    );
    expect(await subscriptionsOf(app, ann)).toEqual([]);
  });

  it.each([
    ['a wrong token', { token: `pi_auth_${'x'.repeat(48)}`, outcome: 'complete' }, 409, 'authentication-not-pending'],
    ['a malformed token', { token: 'nope', outcome: 'complete' }, 400, 'invalid-argument'],
    ['an unknown outcome', { outcome: 'maybe' }, 400, 'invalid-argument'],
    ['a missing outcome', {}, 400, 'invalid-argument'],
    ['an extra field', { outcome: 'complete', charge: true }, 400, 'invalid-argument'],
    ['a body that is not an object', [], 400, 'invalid-argument'],
  ])('answers %s with %i %s, and charges nothing', async (_label, body, status, code) => {
    const { app, ann } = await checkoutApp();
    const session = await openSession(app, ann);
    const token = await payNeedingAuthentication(app, ann, session.sessionId);
    const payload = Array.isArray(body) ? body : { token, ...body };
    expectError(await authenticate(app, ann, session.sessionId, payload), status, code);
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    expect(storedSession(app, session.sessionId).authentication_token).toBe(token);
  });
});

describe('one payable checkout per customer', () => {
  it('expires the customer’s other open sessions when one completes', async () => {
    const { app, ann, as } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    const basic = await openSession(app, ann, PLANS.basic.price);
    const premium = await openSession(app, ann, PLANS.premium.price);
    const bobs = await openSession(app, bob, PLANS.basic.price);

    expect((await as.pay(basic.sessionId)).statusCode).toBe(200);
    expectError(await as.pay(premium.sessionId), 410, 'session-expired', EXPIRED);
    expect((await as.get(premium.id)).json()).toMatchObject({ session: { status: 'expired' } });
    expect((await subscriptionsOf(app, ann)).map((subscription) => subscription.price)).toEqual([PLANS.basic.price]);
    // Another customer's sessions are untouched.
    expect((await checkoutClient(app, bob).pay(bobs.sessionId)).statusCode).toBe(200);
  });

  it('drops a payment waiting for authentication on another session', async () => {
    const { app, ann, as } = await checkoutApp();
    const basic = await openSession(app, ann, PLANS.basic.price);
    const premium = await openSession(app, ann, PLANS.premium.price);
    const token = await payNeedingAuthentication(app, ann, premium.sessionId);
    expect((await as.pay(basic.sessionId)).statusCode).toBe(200);
    expectError(
      await authenticate(app, ann, premium.sessionId, { token, outcome: 'complete' }),
      410,
      'session-expired',
    );
    expect((await subscriptionsOf(app, ann)).map((subscription) => subscription.price)).toEqual([PLANS.basic.price]);
  });

  it('lets exactly one of two sessions paid at once through', async () => {
    const { app, ann, as } = await checkoutApp();
    const basic = await openSession(app, ann, PLANS.basic.price);
    const premium = await openSession(app, ann, PLANS.premium.price);
    const answers = await Promise.all([as.pay(basic.sessionId), as.pay(premium.sessionId)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    const loser = answers.find((answer) => answer.statusCode === 410)!;
    expectError(loser, 410, 'session-expired', EXPIRED);
    const subscriptions = await subscriptionsOf(app, ann);
    expect(subscriptions).toHaveLength(1);
    const paid = answers[0]!.statusCode === 200 ? PLANS.basic.price : PLANS.premium.price;
    expect(subscriptions[0]!.price).toBe(paid);
    const completed = app.db
      .prepare("SELECT COUNT(*) AS n FROM checkout_sessions WHERE uid = ? AND status = 'complete'")
      .get(ann.uid) as { n: number };
    expect(completed.n).toBe(1);
  });
});

describe('the page’s authentication step', () => {
  it('is on the page, hidden until a payment asks for it, with Stripe’s two test buttons', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const html = (await as.page(session.sessionId)).body;
    expect(html).toMatch(
      /<section class="authenticate" id="authenticate" aria-labelledby="authenticate-title" hidden>/,
    );
    expect(html).toContain(
      '<button class="authenticate-button authenticate-complete" type="button" data-outcome="complete">Complete authentication</button>',
    );
    expect(html).toContain(
      '<button class="authenticate-button authenticate-fail" type="button" data-outcome="fail">Fail authentication</button>',
    );
  });
});
