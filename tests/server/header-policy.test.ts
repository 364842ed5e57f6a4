import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { signUp } from './checkout-helpers.ts';
import { createTestApp } from './test-app.ts';

/**
 * The one header policy (server/http/security-headers.ts), checked on every kind of answer as a
 * client receives it, and the cache rules for sessions: no-store on every authentication answer
 * and every refusal for want of a session, errors included.
 */

const API_KEY = 'test-catalogue-key';
const PAGE_ACCEPT = 'text/html,application/xhtml+xml,*/*;q=0.8';
const SESSION_COOKIE = 'marquee_session';
const PROXY = '10.0.0.1';

const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

function webRoot() {
  const root = mkdtempSync(join(tmpdir(), 'marquee-web-'));
  folders.push(root);
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  );
  return root;
}

/** The headers every answer carries, whoever answers it. */
function expectBaseHeaders(response: LightMyRequestResponse, where: string) {
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(String(response.headers['content-security-policy']), where).toMatch(/frame-ancestors '(none|self)'/);
  expect(response.headers['referrer-policy'], where).toMatch(/^(strict-origin-when-cross-origin|same-origin)$/);
  expect(response.headers['cross-origin-resource-policy'], where).toBe('same-origin');
}

async function posterPath(app: FastifyInstance) {
  const movie = await app.inject({ url: `/tmdb/3/movie/297762?api_key=${API_KEY}` });
  return movie.json<{ poster_path: string }>().poster_path;
}

describe('the header set', () => {
  it('is on every kind of answer: page, API, catalogue, image, refused programme address, 404, malformed URL, 401', async () => {
    const { app } = await createTestApp({ webRoot: webRoot() });
    const poster = await posterPath(app);
    const answers: Array<[string, InjectOptions, number]> = [
      ['page', { url: '/', headers: { accept: PAGE_ACCEPT } }, 200],
      ['API JSON', { url: '/api/auth/session' }, 200],
      ['catalogue', { url: `/tmdb/3/movie/popular?api_key=${API_KEY}` }, 200],
      ['catalogue refusal', { url: '/tmdb/3/movie/popular' }, 401],
      ['image', { url: `/images/t/p/w185${poster}` }, 200],
      ['programme segment without a grant', { url: '/media/programmes/action/360p-000.m4s' }, 403],
      ['programme playlist without a grant', { url: '/media/programmes/action/master.m3u8' }, 403],
      ['API 404', { url: '/api/nowhere' }, 404],
      ['catalogue 404', { url: `/tmdb/3/nowhere?api_key=${API_KEY}` }, 404],
      ['image 404', { url: '/images/t/p/w185/nope.webp' }, 404],
      ['malformed URL', { url: '/api/%' }, 400],
      ['malformed URL elsewhere', { url: '/%E0%A4%A' }, 400],
      ['401', { url: `/api/documents/customers/${'A'.repeat(28)}/profiles` }, 401],
      ['embed page', { url: '/embed/nope' }, 404],
    ];
    for (const [label, request, status] of answers) {
      const response = await app.inject(request);
      expect(response.statusCode, label).toBe(status);
      expectBaseHeaders(response, label);
    }
  });

  it('gives pages their page policy and everything else a policy that runs nothing', async () => {
    const { app } = await createTestApp({ webRoot: webRoot() });
    const page = await app.inject({ url: '/browse', headers: { accept: PAGE_ACCEPT } });
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['permissions-policy']).toContain('camera=()');
    for (const url of ['/api/auth/session', '/api/%', '/media/programmes/action/360p-000.m4s']) {
      const response = await app.inject({ url });
      expect(response.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
    }
  });
});

describe('HSTS', () => {
  const HSTS = /^max-age=31536000$/;
  const requests: InjectOptions[] = [
    { url: '/api/auth/session' },
    { url: '/api/nowhere' },
    { url: '/api/%' },
    { url: `/tmdb/3/movie/popular?api_key=${API_KEY}` },
  ];

  it('is sent when a trusted proxy says the request came over TLS', async () => {
    const { app } = await createTestApp({ trustProxy: [PROXY] });
    // Fastify's own 400 for a malformed URL included, whose request trusts no proxy.
    for (const request of requests) {
      const response = await app.inject({
        ...request,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.headers['strict-transport-security'], request.url as string).toMatch(HSTS);
    }
  });

  it('is never sent over plain HTTP, nor on a forged X-Forwarded-Proto', async () => {
    const trusting = (await createTestApp({ trustProxy: [PROXY] })).app;
    const trustingNone = (await createTestApp()).app;
    for (const request of requests) {
      const where = request.url as string;
      const plain = await trusting.inject({
        ...request,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-proto': 'http' },
      });
      expect(plain.headers['strict-transport-security'], where).toBeUndefined();
      const forged = await trusting.inject({
        ...request,
        remoteAddress: '10.0.0.2',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(forged.headers['strict-transport-security'], where).toBeUndefined();
      const untrusted = await trustingNone.inject({
        ...request,
        remoteAddress: PROXY,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(untrusted.headers['strict-transport-security'], where).toBeUndefined();
    }
  });
});

describe('Cache-Control: no-store', () => {
  const json = { 'content-type': 'application/json' };

  it('is on every authentication answer, errors included', async () => {
    const { app } = await createTestApp({ accounts: { signUpsPerClient: 3 } });
    const auth = (url: string, payload: string, headers: Record<string, string> = json) =>
      app.inject({ method: 'POST', url: `/api/auth/${url}`, headers, payload });
    const credentials = JSON.stringify({ email: 'ann@example.com', password: 'secret-password' });
    const answers: Array<[string, () => Promise<LightMyRequestResponse>, number]> = [
      ['sign-up', () => auth('sign-up', credentials), 201],
      ['sign-up in use', () => auth('sign-up', credentials), 409],
      ['sign-up weak', () => auth('sign-up', JSON.stringify({ email: 'bo@example.com', password: 'x' })), 400],
      ['sign-up bad JSON', () => auth('sign-up', '{'), 400],
      ['sign-up text', () => auth('sign-up', 'x', { 'content-type': 'text/plain' }), 415],
      ['sign-up too large', () => auth('sign-up', JSON.stringify({ email: 'x'.repeat(20_000) })), 413],
      ['sign-in', () => auth('sign-in', credentials), 200],
      [
        'sign-in wrong',
        () => auth('sign-in', JSON.stringify({ email: 'ann@example.com', password: 'wrong-one' })),
        401,
      ],
      ['sign-in bad JSON', () => auth('sign-in', '{'), 400],
      ['sign-out', () => auth('sign-out', '', {}), 204],
      ['sign-out everywhere, signed out', () => auth('sign-out-everywhere', '', {}), 401],
      ['session', () => app.inject({ url: '/api/auth/session' }), 200],
    ];
    for (const [label, answer, status] of answers) {
      const response = await answer();
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(response.headers['cache-control'], label).toBe('no-store');
    }
    // The throttle's refusal too.
    await auth('sign-up', JSON.stringify({ email: 'cy@example.com', password: 'secret-password' }));
    const refused = await auth('sign-up', JSON.stringify({ email: 'di@example.com', password: 'secret-password' }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'auth/too-many-requests' } });
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('is on every 401 and 403, and on every answer about a customer’s documents', async () => {
    const { app } = await createTestApp();
    const ann = await signUp(app, 'ann@example.com');
    const bob = await signUp(app, 'bob@example.com');
    const as = (customer: { token: string } | null, request: InjectOptions) =>
      app.inject({ ...request, cookies: customer ? { [SESSION_COOKIE]: customer.token } : {} });
    const answers: Array<[string, InjectOptions, typeof ann | null, number]> = [
      ['profiles signed out', { url: `/api/documents/customers/${ann.uid}/profiles` }, null, 401],
      ['profiles of another', { url: `/api/documents/customers/${ann.uid}/profiles` }, bob, 403],
      ['subscriptions signed out', { url: `/api/documents/customers/${ann.uid}/subscriptions` }, null, 401],
      ['subscriptions of another', { url: `/api/documents/customers/${ann.uid}/subscriptions` }, bob, 403],
      [
        'checkout session, bad body',
        { method: 'POST', url: `/api/documents/customers/${ann.uid}/checkout_sessions`, payload: { price: 1 } },
        ann,
        400,
      ],
      ['checkout session unknown', { url: `/api/documents/customers/${ann.uid}/checkout_sessions/nope` }, ann, 404],
      ['invoices of another', { url: `/api/documents/customers/${ann.uid}/invoices` }, bob, 403],
      ['pay signed out', { method: 'POST', url: '/checkout/cs_test_nope/pay', payload: {} }, null, 401],
      [
        'cross-site write',
        { method: 'POST', url: '/api/auth/sign-out', headers: { origin: 'https://evil.example' } },
        ann,
        403,
      ],
    ];
    for (const [label, request, customer, status] of answers) {
      const response = await as(customer, request);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(response.headers['cache-control'], label).toBe('no-store');
    }
  });
});
