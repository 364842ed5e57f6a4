import { afterEach, describe, expect, it, vi } from 'vitest';

import { openDatabase } from '../../server/plugins/database.ts';
import {
  checkoutApp,
  checkoutClient,
  createSession,
  defaultRequest,
  expectError,
  openSession,
  PLANS,
  type SessionDocument,
  signUp,
  SITE,
  sseEvents,
  subscriptionsOf,
  tick,
  waitForSession,
} from './checkout-helpers.ts';

const FORBIDDEN = 'You can only reach your own checkout sessions.';
const NOT_FOUND = 'There is no such checkout session.';

describe('GET /api/documents/customers/:uid/subscriptions', () => {
  it('answers a new customer with an empty list, never cached', async () => {
    const { as } = await checkoutApp();
    const response = await as.subscriptions();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ subscriptions: [] });
  });

  it('lists the subscription once paid, with Firestore-like timestamps a calendar month apart', async () => {
    const { app, ann, as, clock } = await checkoutApp({ start: Date.UTC(2025, 0, 31, 12, 0, 0) });
    const session = await openSession(app, ann, PLANS.standard.price);
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);

    const subscriptions = await subscriptionsOf(app, ann);
    expect(subscriptions).toHaveLength(1);
    const start = clock.now() / 1000;
    expect(subscriptions[0]).toEqual({
      id: expect.stringMatching(/^sub_[A-Za-z0-9]{24}$/) as unknown as string,
      role: 'standard',
      status: 'active',
      price: PLANS.standard.price,
      product: PLANS.standard.product,
      quantity: 1,
      cancel_at_period_end: false,
      created: { seconds: start, nanoseconds: 0 },
      current_period_start: { seconds: start, nanoseconds: 0 },
      // 31 January + one calendar month is the last day of February.
      current_period_end: { seconds: Date.UTC(2025, 1, 28, 12, 0, 0) / 1000, nanoseconds: 0 },
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      scheduled_change: null,
    });
  });

  it('refuses a signed-out request with 401 and another customer’s uid with 403', async () => {
    const { app, ann } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    expectError(
      await checkoutClient(app, null, ann.uid).subscriptions(),
      401,
      'unauthenticated',
      'Please sign in first.',
    );
    expectError(
      await checkoutClient(app, bob, ann.uid).subscriptions(),
      403,
      'permission-denied',
      'You can only reach your own subscriptions.',
    );
  });
});

describe('POST /api/documents/customers/:uid/checkout_sessions', () => {
  it('stores the request, answers 201 at once, then gives it a session id and a url', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const response = await as.create(defaultRequest());
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('no-store');
    const { id, session } = response.json() as { id: string; session: SessionDocument };
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    const created = { seconds: clock.now() / 1000, nanoseconds: 0 };
    // The asynchronous step has not run inside the request.
    expect(session).toEqual({ id, ...defaultRequest(), created });

    const processed = await waitForSession(app, ann, id);
    expect(processed).toEqual({
      id,
      ...defaultRequest(),
      created,
      sessionId: expect.stringMatching(/^cs_test_[A-Za-z0-9]{48}$/) as unknown as string,
      url: `${SITE}/checkout/${processed.sessionId}`,
      status: 'open',
      expires_at: { seconds: clock.now() / 1000 + 30 * 60, nanoseconds: 0 },
    });
  });

  it('gives every session its own unguessable id', async () => {
    const { app, ann } = await checkoutApp();
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add((await openSession(app, ann)).sessionId);
    expect(ids.size).toBe(5);
  });

  it('takes the site from the Origin header (the dev proxy), else from Host', async () => {
    const { app, ann } = await checkoutApp();
    const proxied = 'http://127.0.0.1:5173';
    const viaProxy = await createSession(
      app,
      ann,
      { price: PLANS.basic.price, success_url: `${proxied}/account`, cancel_url: `${proxied}/change-plan` },
      // A browser behind the dev proxy says same-origin (Vite's own origin is trusted only in
      // development, tests/server/same-origin.test.ts).
      { origin: proxied, host: '127.0.0.1:3001', 'sec-fetch-site': 'same-origin' },
    );
    expect(viaProxy.error).toBeUndefined();
    expect(viaProxy.url).toBe(`${proxied}/checkout/${viaProxy.sessionId}`);

    const direct = await createSession(
      app,
      ann,
      { price: PLANS.basic.price, success_url: 'http://127.0.0.1:3001/account', cancel_url: 'http://127.0.0.1:3001/' },
      { host: '127.0.0.1:3001' },
    );
    expect(direct.url).toBe(`http://127.0.0.1:3001/checkout/${direct.sessionId}`);
  });

  it.each([
    ['an unknown price', { price: 'price_nope' }, "No such price: 'price_nope'"],
    [
      'the inactive product’s price',
      { price: PLANS.retired.price },
      'The price specified belongs to a product that is no longer offered. This field only accepts prices of active products.',
    ],
    [
      'a success_url on another site',
      { success_url: 'https://evil.example/account' },
      'The success_url must be a page on this site (http://localhost), not on https://evil.example.',
    ],
    [
      'a cancel_url on another port',
      { cancel_url: 'http://localhost:8080/change-plan' },
      'The cancel_url must be a page on this site (http://localhost), not on http://localhost:8080.',
    ],
    [
      'a success_url that is not a URL',
      { success_url: 'account' },
      'Not a valid URL: the success_url must be an absolute http:// or https:// address on this site, such as http://localhost/.',
    ],
    [
      'a cancel_url that is not http(s)',
      { cancel_url: 'javascript:alert(1)' },
      'Not a valid URL: the cancel_url must be an absolute http:// or https:// address on this site, such as http://localhost/.',
    ],
  ])('answers %s with the document’s error, and no session', async (_label, change, message) => {
    const { app, ann } = await checkoutApp();
    const session = await createSession(app, ann, { ...defaultRequest(), ...change });
    expect(session.error).toEqual({ message });
    expect(session.sessionId).toBeUndefined();
    expect(session.url).toBeUndefined();
    expect(session).toMatchObject({ ...defaultRequest(), ...change });
  });

  it('answers an inactive price with the document’s error', async () => {
    const { app, ann } = await checkoutApp();
    app.db.prepare('UPDATE prices SET active = 0 WHERE id = ?').run(PLANS.premium.price);
    const session = await createSession(app, ann, defaultRequest(PLANS.premium.price));
    expect(session.error).toEqual({
      message: 'The price specified is inactive. This field only accepts active prices.',
    });
  });

  it.each([
    [
      'a missing price',
      { success_url: `${SITE}/a`, cancel_url: `${SITE}/b` },
      'Missing field "price": a request needs "price", "success_url", "cancel_url".',
    ],
    [
      'a missing cancel_url',
      { price: PLANS.basic.price, success_url: `${SITE}/a` },
      'Missing field "cancel_url": a request needs "price", "success_url", "cancel_url".',
    ],
    [
      'an extra field',
      { ...defaultRequest(), mode: 'payment' },
      'Unknown field "mode": a request takes only "price", "success_url", "cancel_url".',
    ],
    ['a price that is not a string', { ...defaultRequest(), price: 699 }, '"price" must be a string.'],
    ['an empty price', { ...defaultRequest(), price: '' }, '"price" must not be empty.'],
    [
      'an over-long success_url',
      { ...defaultRequest(), success_url: `${SITE}/${'a'.repeat(2100)}` },
      '"success_url" is too long: at most 2048 characters.',
    ],
    ['a JSON array', [defaultRequest()], 'The request body must be a JSON object.'],
  ])('refuses %s with 400 and stores nothing', async (_label, payload, message) => {
    const { app, as } = await checkoutApp();
    expectError(await as.create(payload), 400, 'invalid-argument', message);
    expect(app.db.prepare('SELECT count(*) FROM checkout_sessions').pluck().get()).toBe(0);
  });

  it('refuses a request without a body with 400', async () => {
    const { app, ann } = await checkoutApp();
    const response = await app.inject({
      method: 'POST',
      url: `/api/documents/customers/${ann.uid}/checkout_sessions`,
      cookies: { marquee_session: ann.token },
    });
    expectError(response, 400, 'invalid-argument', 'The request body must be a JSON object.');
  });

  it('refuses signed-out requests with 401 and another customer’s uid with 403, storing nothing', async () => {
    const { app, ann } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    expectError(await checkoutClient(app, null, ann.uid).create(), 401, 'unauthenticated');
    expectError(await checkoutClient(app, bob, ann.uid).create(), 403, 'permission-denied', FORBIDDEN);
    await tick();
    expect(app.db.prepare('SELECT count(*) FROM checkout_sessions').pluck().get()).toBe(0);
  });

  it('processes requests a stop left pending at the next start', async () => {
    const first = await checkoutApp();
    await first.app.close();
    // A request stored just before a stop, its step never run.
    const db = openDatabase(first.dataDir);
    const id = 'P'.repeat(20);
    db.prepare(
      `INSERT INTO checkout_sessions (uid, id, price, success_url, cancel_url, origin, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ).run(first.ann.uid, id, PLANS.premium.price, `${SITE}/account`, `${SITE}/change-plan`, SITE, first.clock.now());
    db.close();

    const { app } = await checkoutApp({ dataDir: first.dataDir, customer: first.ann });
    const session = await waitForSession(app, first.ann, id);
    expect(session.sessionId).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${SITE}/checkout/${session.sessionId}`);
  });
});

describe('GET /api/documents/customers/:uid/checkout_sessions/:id', () => {
  it('answers the customer’s own document', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const response = await as.get(session.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ session });
  });

  it('answers 404 for an unknown id, a malformed one, and another customer’s (even with their uid swapped in)', async () => {
    const { app, ann, as } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    const bobs = await openSession(app, bob);
    expectError(await as.get('A'.repeat(20)), 404, 'not-found', NOT_FOUND);
    expectError(await as.get('not-an-id'), 404, 'not-found', NOT_FOUND);
    expectError(await as.get(bobs.id), 404, 'not-found', NOT_FOUND);
    expectError(await checkoutClient(app, ann, bob.uid).get(bobs.id), 403, 'permission-denied', FORBIDDEN);
    expectError(await checkoutClient(app, null, bob.uid).get(bobs.id), 401, 'unauthenticated');
  });
});

describe('GET /api/documents/customers/:uid/checkout_sessions/:id/events', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Waits until the stream for a document is listening. */
  async function listening(app: Awaited<ReturnType<typeof checkoutApp>>['app'], uid: string, id: string, count = 1) {
    for (let attempt = 0; attempt < 200 && app.checkout.events.listenerCount(uid, id) !== count; attempt++)
      await tick();
    expect(app.checkout.events.listenerCount(uid, id)).toBe(count);
  }

  it('sends the document at once and on each change, and ends when the session is complete', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const streaming = as.events(session.id);
    await listening(app, ann.uid, session.id);

    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
    const response = await streaming;
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    const events = sseEvents(response.body);
    expect(events).toEqual([{ session }, { session: { ...session, status: 'complete' } }]);
    expect(app.checkout.events.listenerCount(ann.uid, session.id)).toBe(0);
  });

  it('tells the stream of another open session that a payment expired it', async () => {
    const { app, ann, as } = await checkoutApp();
    const other = await openSession(app, ann, PLANS.premium.price);
    const paid = await openSession(app, ann, PLANS.basic.price);
    const streaming = as.events(other.id);
    await listening(app, ann.uid, other.id);

    expect((await as.pay(paid.sessionId)).statusCode).toBe(200);
    const events = sseEvents((await streaming).body);
    expect(events).toEqual([{ session: other }, { session: { ...other, status: 'expired' } }]);
  });

  it('follows a request from its creation to its session id', async () => {
    const { app, ann, as } = await checkoutApp();
    const { id } = (await as.create()).json() as { id: string };
    const streaming = as.events(id);
    const processed = await waitForSession(app, ann, id);
    await listening(app, ann.uid, id);
    expect((await as.pay(processed.sessionId!)).statusCode).toBe(200);

    const events = sseEvents((await streaming).body).map((event) => event.session);
    // The first event is the document as it was when the stream opened: pending or processed.
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(events.at(-2)).toEqual(processed);
    expect(events.at(-1)).toEqual({ ...processed, status: 'complete' });
    if (events.length === 3) expect(events[0]!.sessionId).toBeUndefined();
  });

  it('ends after one event when the request failed', async () => {
    const { app, ann, as } = await checkoutApp();
    const failed = await createSession(app, ann, defaultRequest('price_nope'));
    const response = await as.events(failed.id);
    expect(sseEvents(response.body)).toEqual([{ session: failed }]);
  });

  it('ends after one event when the session has expired', async () => {
    const { app, ann, as, clock } = await checkoutApp();
    const session = await openSession(app, ann);
    clock.advance(30 * 60 * 1000);
    const response = await as.events(session.id);
    expect(sseEvents(response.body)).toEqual([{ session: { ...session, status: 'expired' } }]);
  });

  it('sends a keep-alive comment every 15 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const streaming = as.events(session.id);
    await listening(app, ann.uid, session.id);
    vi.advanceTimersByTime(15_000);
    vi.advanceTimersByTime(15_000);
    expect((await as.pay(session.sessionId)).statusCode).toBe(200);
    const body = (await streaming).body;
    expect(body.match(/^: keep-alive\n\n/gm)).toHaveLength(2);
    expect(sseEvents(body)).toHaveLength(2);
  });

  it('stops listening when the client goes away', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const controller = new AbortController();
    const streaming = as.events(session.id, controller.signal).catch((error: unknown) => error);
    await listening(app, ann.uid, session.id);
    controller.abort();
    await streaming;
    await listening(app, ann.uid, session.id, 0);
  });

  it('ends open streams when the server closes', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann);
    const streaming = as.events(session.id);
    await listening(app, ann.uid, session.id);
    await app.close();
    expect(sseEvents((await streaming).body)).toEqual([{ session }]);
  });

  it('is as private as the document: 401, 403 and 404', async () => {
    const { app, ann, as } = await checkoutApp();
    const bob = await signUp(app, 'bob@example.com');
    const bobs = await openSession(app, bob);
    expectError(await checkoutClient(app, null, bob.uid).events(bobs.id), 401, 'unauthenticated');
    expectError(await checkoutClient(app, ann, bob.uid).events(bobs.id), 403, 'permission-denied', FORBIDDEN);
    expectError(await as.events(bobs.id), 404, 'not-found', NOT_FOUND);
    expectError(await as.events('B'.repeat(20)), 404, 'not-found', NOT_FOUND);
    expect(app.checkout.events.listenerCount(bob.uid, bobs.id)).toBe(0);
  });
});
