import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { parseTrustProxy, readConfig } from '../../server/config.ts';
import { createTestApp } from './test-app.ts';

/**
 * TRUST_PROXY: behind a TLS proxy the session cookie is Secure and each client has its
 * own throttle bucket, but only when the X-Forwarded-* headers come from a trusted proxy: from
 * anyone else they are forgeries and change nothing.
 */

const SESSION_COOKIE = 'marquee_session';
const PROXY = '10.0.0.1';

function signUp(app: FastifyInstance, email: string, remoteAddress: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress,
    headers,
    payload: { email, password: 'secret-password' },
  });
}

function signIn(app: FastifyInstance, email: string, password: string, remoteAddress: string, forwardedFor?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email, password },
  });
}

function sessionCookieIsSecure(response: LightMyRequestResponse): boolean {
  expect(response.statusCode).toBe(201);
  const header = response.headers['set-cookie'];
  const line = [header ?? []].flat().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
  expect(line).toBeDefined();
  return /;\s*secure(;|$)/i.test(line!);
}

describe('Secure session cookies behind a TLS proxy', () => {
  it('sets Secure when a trusted proxy says X-Forwarded-Proto: https', async () => {
    const { app } = await createTestApp({ trustProxy: [PROXY] });
    const viaProxy = await signUp(app, 'ann@example.com', PROXY, { 'x-forwarded-proto': 'https' });
    expect(sessionCookieIsSecure(viaProxy)).toBe(true);
    // The proxy's plain-http hop is not https.
    const plain = await signUp(app, 'bob@example.com', PROXY, { 'x-forwarded-proto': 'http' });
    expect(sessionCookieIsSecure(plain)).toBe(false);
  });

  it('ignores X-Forwarded-Proto from a client that is not a trusted proxy', async () => {
    const { app } = await createTestApp({ trustProxy: [PROXY] });
    const forged = await signUp(app, 'ann@example.com', '10.0.0.2', { 'x-forwarded-proto': 'https' });
    expect(sessionCookieIsSecure(forged)).toBe(false);
  });

  it('ignores it altogether by default (TRUST_PROXY unset)', async () => {
    const { app } = await createTestApp();
    const forged = await signUp(app, 'ann@example.com', PROXY, { 'x-forwarded-proto': 'https' });
    expect(sessionCookieIsSecure(forged)).toBe(false);
  });

  it('trusts every proxy with TRUST_PROXY=true', async () => {
    const { app } = await createTestApp({ trustProxy: true });
    const response = await signUp(app, 'ann@example.com', '192.0.2.7', { 'x-forwarded-proto': 'https' });
    expect(sessionCookieIsSecure(response)).toBe(true);
  });
});

describe('throttles key on the real client address', () => {
  const PER_CLIENT = 3;
  const throttled = { accounts: { throttle: { perEmail: 100, perClient: PER_CLIENT } } };

  /** Fails sign-ins for distinct e-mails until one is refused; returns the statuses. */
  async function failures(app: FastifyInstance, count: number, remoteAddress: string, forwardedFor?: string) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      statuses.push(
        (await signIn(app, `nobody${i}@example.com`, 'wrong-password', remoteAddress, forwardedFor)).statusCode,
      );
    }
    return statuses;
  }

  it('gives each client behind a trusted proxy its own bucket', async () => {
    const { app } = await createTestApp({ ...throttled, trustProxy: [PROXY] });
    expect(await failures(app, PER_CLIENT + 1, PROXY, '198.51.100.1')).toEqual([401, 401, 401, 429]);
    // Another client behind the same proxy is not blocked by the first one's failures.
    expect(await failures(app, 1, PROXY, '198.51.100.2')).toEqual([401]);
  });

  it('keys on the socket address when the header is forged by a client', async () => {
    const { app } = await createTestApp({ ...throttled, trustProxy: [PROXY] });
    // A new X-Forwarded-For on every try does not give a direct client a new bucket.
    const statuses: number[] = [];
    for (let i = 0; i <= PER_CLIENT; i++) {
      statuses.push(
        (await signIn(app, `n${i}@example.com`, 'wrong-password', '203.0.113.9', `198.51.100.${i}`)).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('keys on the socket address by default, whatever X-Forwarded-For says', async () => {
    const { app } = await createTestApp(throttled);
    const statuses: number[] = [];
    for (let i = 0; i <= PER_CLIENT; i++) {
      statuses.push((await signIn(app, `n${i}@example.com`, 'wrong-password', PROXY, `198.51.100.${i}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits sign-ups per real client behind a trusted proxy', async () => {
    const { app } = await createTestApp({ accounts: { signUpsPerClient: 1 }, trustProxy: [PROXY] });
    const as = (client: string, email: string) => signUp(app, email, PROXY, { 'x-forwarded-for': client });
    expect((await as('198.51.100.1', 'a@example.com')).statusCode).toBe(201);
    expect((await as('198.51.100.1', 'b@example.com')).statusCode).toBe(429);
    expect((await as('198.51.100.2', 'c@example.com')).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['true', true],
    ['127.0.0.1', ['127.0.0.1']],
    ['127.0.0.1, 10.0.0.0/8,::1', ['127.0.0.1', '10.0.0.0/8', '::1']],
    ['fd00::/8', ['fd00::/8']],
    ['192.168.0.0/255.255.0.0', ['192.168.0.0/255.255.0.0']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
  ])('%j → %j', (raw, expected) => {
    expect(parseTrustProxy(raw)).toEqual(expected);
  });

  it.each([['1'], ['2'], ['yes'], ['10.0.0.0/33'], ['::1/129'], ['10.0.0.1,'], ['proxy.example'], ['10.0.0.1/8/8']])(
    'refuses %j at start with a clear message',
    (raw) => {
      expect(() => parseTrustProxy(raw)).toThrow(/TRUST_PROXY/);
    },
  );

  it('is read with the rest of the configuration, off by default, as is the dev-origins switch', () => {
    expect(readConfig({})).toMatchObject({ trustProxy: false, devOrigins: false });
    expect(readConfig({ TRUST_PROXY: '10.0.0.1', MARQUEE_DEV_ORIGINS: '1' })).toMatchObject({
      trustProxy: ['10.0.0.1'],
      devOrigins: true,
    });
    expect(() => readConfig({ MARQUEE_DEV_ORIGINS: 'yes' })).toThrow(/MARQUEE_DEV_ORIGINS/);
  });
});
