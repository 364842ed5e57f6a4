import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { isSameOrigin } from '../../server/http/same-origin.ts';
import {
  checkoutApp,
  defaultRequest,
  GOOD_CARD,
  openSession,
  PLANS,
  SESSION_COOKIE,
  subscriptionsOf,
} from './checkout-helpers.ts';
import { createTestApp } from './test-app.ts';

const EVIL = 'https://evil.example';

function expectRefused(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, label).toBe(403);
  expect(response.headers['content-type'], label).toMatch(/^application\/json/);
  const body = response.json() as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code, label).toBe('permission-denied');
  expect(body.error.message, label).toMatch(/another site/);
}

/** Everything a customer has, read straight from the database. */
function storedState(app: FastifyInstance) {
  const all = (sql: string) => app.db.prepare(sql).all();
  return {
    accounts: all('SELECT * FROM accounts ORDER BY uid'),
    sessions: all('SELECT token_hash, uid FROM sessions ORDER BY token_hash'),
    profiles: all('SELECT * FROM profiles ORDER BY uid, id'),
    subscriptions: all('SELECT * FROM subscriptions ORDER BY uid'),
    checkoutSessions: all('SELECT * FROM checkout_sessions ORDER BY uid, id'),
  };
}

describe('state-changing requests from another site', () => {
  it('are refused with 403 on every route, before the body is read, and change nothing', async () => {
    const { app, ann } = await checkoutApp();
    const profile = (
      await app.inject({
        method: 'POST',
        url: `/api/documents/customers/${ann.uid}/profiles`,
        cookies: { [SESSION_COOKIE]: ann.token },
        payload: { name: 'Kids' },
      })
    ).json<{ profile: { id: string } }>().profile;
    const session = await openSession(app, ann, PLANS.basic.price);
    const before = storedState(app);

    const base = `/api/documents/customers/${ann.uid}`;
    const writes: Array<[InjectOptions['method'], string, unknown]> = [
      ['POST', '/api/auth/sign-up', { email: 'eve@example.com', password: 'secret-password' }],
      ['POST', '/api/auth/sign-in', { email: 'ann@example.com', password: 'secret-password' }],
      ['POST', '/api/auth/sign-out', undefined],
      ['POST', `${base}/profiles`, { name: 'Eve' }],
      ['PATCH', `${base}/profiles/${profile.id}`, { name: 'Eve' }],
      ['DELETE', `${base}/profiles/${profile.id}`, undefined],
      ['POST', `${base}/profiles/${profile.id}/select`, undefined],
      ['POST', `${base}/checkout_sessions`, defaultRequest()],
      ['POST', `/checkout/${session.sessionId}/pay`, GOOD_CARD],
      ['PUT', `${base}/profiles/${profile.id}`, { name: 'Eve' }],
      ['POST', '/api/nowhere', {}],
    ];
    const hostileHeaders: Array<Record<string, string>> = [
      { origin: EVIL },
      { origin: 'null' },
      { origin: 'http://localhost:8080' },
      { origin: 'https://localhost.evil.example' },
      { origin: 'not a url' },
      { origin: EVIL, 'sec-fetch-site': 'cross-site' },
      { origin: 'http://localhost.example', 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'cross-site' },
      // The dev server's origin, but this server is not on a loopback address.
      { origin: 'http://127.0.0.1:5173', host: 'marquee.example' },
      // The dev server's origins on loopback: trusted in development only (`npm start` here).
      { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:3001' },
      { origin: 'http://localhost:5173', host: 'localhost:3001' },
      // A forwarded host is believed only from a trusted proxy (TRUST_PROXY is off here).
      { origin: 'https://marquee.example', host: 'internal:3000', 'x-forwarded-host': 'marquee.example' },
    ];
    for (const [method, url, payload] of writes) {
      for (const headers of hostileHeaders) {
        const label = `${method} ${url} ${JSON.stringify(headers)}`;
        expectRefused(
          await app.inject({
            method,
            url,
            headers,
            payload: payload as InjectOptions['payload'],
            cookies: { [SESSION_COOKIE]: ann.token },
          }),
          label,
        );
      }
      // Refused before the body is parsed: malformed JSON gets the same 403, not a 400.
      const malformed = await app.inject({
        method,
        url,
        headers: { origin: EVIL, 'content-type': 'application/json' },
        payload: '{"name":',
        cookies: { [SESSION_COOKIE]: ann.token },
      });
      expectRefused(malformed, `${method} ${url} malformed`);
    }

    expect(storedState(app)).toEqual(before);
    expect(await subscriptionsOf(app, ann)).toEqual([]);
    const stillSignedIn = await app.inject({ url: '/api/auth/session', cookies: { [SESSION_COOKIE]: ann.token } });
    expect(stillSignedIn.json()).toMatchObject({ user: { uid: ann.uid } });
  });

  it('lets reads from another site through (they change nothing, and no CORS header lets the site read them)', async () => {
    const { app, ann } = await checkoutApp();
    for (const url of [
      '/api/documents/products',
      `/api/documents/customers/${ann.uid}/subscriptions`,
      '/api/auth/session',
    ]) {
      const response = await app.inject({
        url,
        headers: { origin: EVIL, 'sec-fetch-site': 'cross-site' },
        cookies: { [SESSION_COOKIE]: ann.token },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBeUndefined();
    }
  });
});

describe('state-changing requests from this site', () => {
  it('are accepted from the request’s own origin, over http or https, in any case and with the default port', async () => {
    const { app, ann } = await checkoutApp();
    const origins: Array<Record<string, string>> = [
      {},
      { origin: 'http://localhost' },
      { origin: 'HTTP://LOCALHOST:80' },
      { origin: 'https://marquee.example', host: 'Marquee.Example' },
      { origin: 'https://marquee.example', host: 'marquee.example:443' },
      { origin: 'http://marquee.example:8080', host: 'marquee.example:8080' },
      { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
      // Behind a proxy that rewrites Host (Vite's dev server): the browser vouches.
      { origin: 'http://127.0.0.1:5174', host: '127.0.0.1:3001', 'sec-fetch-site': 'same-origin' },
    ];
    const created = await app.inject({
      method: 'POST',
      url: `/api/documents/customers/${ann.uid}/profiles`,
      cookies: { [SESSION_COOKIE]: ann.token },
      payload: { name: 'Kids' },
    });
    const { id } = created.json<{ profile: { id: string } }>().profile;
    for (const [index, headers] of origins.entries()) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/documents/customers/${ann.uid}/profiles/${id}`,
        headers,
        cookies: { [SESSION_COOKIE]: ann.token },
        payload: { name: `Viewer ${index}` },
      });
      expect(response.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });

  it('trusts the dev server’s origins on a loopback host in development only (MARQUEE_DEV_ORIGINS)', async () => {
    const dev = await createTestApp({ devOrigins: true });
    const production = await createTestApp();
    const signUp = (app: FastifyInstance, headers: Record<string, string>, email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers,
        payload: { email, password: 'secret-password' },
      });
    const fromDevServer = [
      { origin: 'http://127.0.0.1:5173', host: '127.0.0.1:3001' },
      { origin: 'http://localhost:5173', host: 'localhost:3001' },
      { origin: 'http://localhost:5173', host: '[::1]:3001' },
    ];
    for (const [index, headers] of fromDevServer.entries()) {
      const label = JSON.stringify(headers);
      expect((await signUp(dev.app, headers, `dev${index}@example.com`)).statusCode, label).toBe(201);
      expectRefused(await signUp(production.app, headers, `dev${index}@example.com`), label);
    }
    // Even in development, not on a host other machines reach.
    expectRefused(
      await signUp(dev.app, { origin: 'http://127.0.0.1:5173', host: 'marquee.example' }, 'far@example.com'),
      'dev origin on a public host',
    );
    expect(production.app.db.prepare('SELECT count(*) FROM accounts').pluck().get()).toBe(0);
  });

  it('believes X-Forwarded-Host from a trusted proxy only (TRUST_PROXY)', async () => {
    const headers = { origin: 'https://marquee.example', host: 'internal:3000', 'x-forwarded-host': 'marquee.example' };
    const signUp = (app: FastifyInstance, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        headers,
        remoteAddress,
        payload: { email: `ann-${remoteAddress}@example.com`, password: 'secret-password' },
      });
    const { app } = await createTestApp({ trustProxy: ['10.0.0.1'] });
    expect((await signUp(app, '10.0.0.1')).statusCode).toBe(201);
    expectRefused(await signUp(app, '10.0.0.2'), 'a client that is not the proxy');
  });

  it('signs in and out and pays from the page’s own origin', async () => {
    const { app, ann } = await checkoutApp();
    const origin = { origin: 'http://localhost' };
    const session = await openSession(app, ann, PLANS.premium.price);
    const paid = await app.inject({
      method: 'POST',
      url: `/checkout/${session.sessionId}/pay`,
      headers: origin,
      cookies: { [SESSION_COOKIE]: ann.token },
      payload: GOOD_CARD,
    });
    expect(paid.statusCode).toBe(200);
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      headers: origin,
      payload: { email: 'ann@example.com', password: 'secret-password' },
    });
    expect(signIn.statusCode).toBe(200);
    const signOut = await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: origin });
    expect(signOut.statusCode).toBe(204);
  });
});

describe('isSameOrigin', () => {
  it.each([
    [{ host: 'localhost:3000' }, true],
    [{ host: 'localhost:3000', origin: 'http://localhost:3000' }, true],
    [{ host: 'localhost:3000', origin: 'http://localhost:3001' }, false],
    [{ host: 'localhost:3000', origin: 'http://localhost:3000, https://evil.example' }, false],
    [{ host: 'localhost:3000', origin: 'file://' }, false],
    [{ origin: 'http://localhost:3000' }, false],
    [{ host: 'a/b', origin: 'http://a' }, false],
    [{ host: 'localhost:3000', 'sec-fetch-site': 'none' }, true],
    [{ host: 'localhost:3000', 'sec-fetch-site': 'same-site' }, false],
  ])('%j → %s', (headers, expected) => {
    expect(isSameOrigin(headers)).toBe(expected);
  });

  it.each([
    [{ host: '[::1]:3001', origin: 'http://localhost:5173' }, false, true],
    [{ host: '127.0.0.1:3001', origin: 'http://127.0.0.1:5173' }, false, true],
    [{ host: '10.0.0.2:3001', origin: 'http://127.0.0.1:5173' }, false, false],
    [{ host: '127.0.0.1:3001', origin: 'http://127.0.0.1:5174' }, false, false],
  ])('%j → %s in production, %s in development', (headers, production, development) => {
    expect(isSameOrigin(headers)).toBe(production);
    expect(isSameOrigin(headers, { devOrigins: true })).toBe(development);
  });
});
