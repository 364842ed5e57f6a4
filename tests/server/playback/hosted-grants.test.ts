import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { FastifyInstance, InjectOptions } from 'fastify';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../../server/app.ts';
import { expectError, grantFor, signUp, testClock } from '../checkout-helpers.ts';
import { createTestApp } from '../test-app.ts';

/** A Firebase project of the tests' own; Google's key endpoint is played by a JWKS served on loopback. */
const PROJECT = 'marquee-hosted-test';
const ISSUER = `https://securetoken.google.com/${PROJECT}`;
const KID = 'test-key-1';
const FILM = { media_type: 'movie', id: 550 } as const;

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let signingKey: PrivateKey;
let otherKey: PrivateKey;
let keyServer: Server;
let jwksUrl: string;
let keyRequests = 0;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'RS256', use: 'sig' }] });
  keyServer = createServer((_request, response) => {
    keyRequests += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => keyServer.listen(0, '127.0.0.1', resolve));
  jwksUrl = `http://127.0.0.1:${(keyServer.address() as AddressInfo).port}/keys`;
});

afterAll(async () => {
  await new Promise((resolve) => keyServer.close(resolve));
});

/**
 * One hosted app for the tests that move no clock, each playing as users of its own: an app per
 * test (the house habit) cost about a second each, in a suite near its time limit.
 */
let shared: { app: FastifyInstance; clock: ReturnType<typeof testClock> };
let sharedDir: string;

beforeAll(async () => {
  const clock = testClock();
  sharedDir = mkdtempSync(join(tmpdir(), 'marquee-hosted-'));
  const app = await buildApp({
    dataDir: sharedDir,
    webRoot: join(sharedDir, 'no-web-build'),
    catalogueApiKey: 'test-catalogue-key',
    now: clock.now,
    firebase: { projectId: PROJECT, jwksUrl },
  });
  await app.ready();
  shared = { app, clock };
});

afterAll(async () => {
  await shared.app.close();
  rmSync(sharedDir, { recursive: true, force: true });
});

const leasesOf = (app: FastifyInstance, uid: string) =>
  app.db.prepare('SELECT count(*) FROM playback_leases WHERE uid = ?').pluck().get(uid);

async function hostedApp(firebase: { emulator?: boolean; jwksUrl?: string } = {}) {
  const clock = testClock();
  const { app } = await createTestApp({ now: clock.now, firebase: { projectId: PROJECT, jwksUrl, ...firebase } });
  return { app, clock };
}

interface TokenOptions {
  /** Claims over the good ones (undefined removes one). */
  claims?: JWTPayload & { stripeRole?: string };
  key?: PrivateKey;
  kid?: string;
}

/** An ID token as Firebase Auth makes them, signed with the test's key, at the app's time. */
function idToken(now: number, uid: string, { claims = {}, key = signingKey, kid = KID }: TokenOptions = {}) {
  const seconds = Math.floor(now / 1000);
  const payload: JWTPayload = {
    iss: ISSUER,
    aud: PROJECT,
    sub: uid,
    iat: seconds - 60,
    exp: seconds + 3540,
    auth_time: seconds - 600,
    user_id: uid,
    firebase: { sign_in_provider: 'password' },
    ...claims,
  };
  for (const [name, value] of Object.entries(payload)) if (value === undefined) delete payload[name];
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
}

/** An unsigned token, as the Auth emulator makes them. */
function unsignedToken(now: number, uid: string, claims: JWTPayload = {}) {
  const seconds = Math.floor(now / 1000);
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = { iss: ISSUER, aud: PROJECT, sub: uid, iat: seconds, exp: seconds + 3600, auth_time: seconds };
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...payload, ...claims })}.`;
}

function playback(app: FastifyInstance, authorization: string | null) {
  const request = (options: InjectOptions) =>
    app.inject({ ...options, headers: authorization === null ? {} : { authorization } });
  return {
    grant: () => request({ method: 'POST', url: '/api/playback/grants', payload: FILM }),
    renew: (id: string) => request({ method: 'PUT', url: `/api/playback/leases/${id}` }),
    stop: (id: string) => request({ method: 'DELETE', url: `/api/playback/leases/${id}` }),
    screens: () => request({ method: 'GET', url: '/api/playback/screens' }),
  };
}

const bearer = (token: string) => `Bearer ${token}`;

interface GrantBody {
  lease: { id: string };
  master: string;
  max_height: number;
}

describe('playback signed in by a Firebase ID token (hosted mode)', () => {
  it('grants a subscriber the plan their stripeRole claim names, leased under their Firebase uid', async () => {
    const { app, clock } = shared;
    const uid = 'fbStandardUser0000000000001';
    const token = await idToken(clock.now(), uid, { claims: { stripeRole: 'standard' } });
    const as = playback(app, bearer(token));
    const granted = await as.grant();
    expect(granted.statusCode).toBe(201);
    const grant = granted.json() as GrantBody;
    expect(grant.max_height).toBe(1080);
    expect(app.db.prepare('SELECT uid FROM playback_leases WHERE id = ?').pluck().get(grant.lease.id)).toBe(uid);
    // Renewed, listed and stopped as an embedded member's.
    expect((await as.renew(grant.lease.id)).statusCode).toBe(204);
    expect((await as.screens()).json()).toMatchObject({ screens: [{ id: grant.lease.id }] });
    expect((await as.stop(grant.lease.id)).statusCode).toBe(204);
    expect((await as.screens()).json()).toEqual({ screens: [] });
  });

  it("gives Basic's claim the master playlist cut to 720 lines, on one screen", async () => {
    const { app, clock } = shared;
    const token = await idToken(clock.now(), 'fbBasicUser00000000000000001', { claims: { stripeRole: 'basic' } });
    const as = playback(app, bearer(token));
    const granted = await as.grant();
    expect(granted.statusCode).toBe(201);
    const grant = granted.json() as GrantBody;
    expect(grant.max_height).toBe(720);
    const master = await app.inject({ url: grant.master });
    expect(master.statusCode).toBe(200);
    const heights = [...master.body.matchAll(/^#EXT-X-STREAM-INF:.*RESOLUTION=\d+x(\d+)/gm)].map((m) => Number(m[1]));
    expect(heights.length).toBeGreaterThan(0);
    expect(Math.max(...heights)).toBe(720);
    // The one screen Basic allows is taken.
    expectError(await as.grant(), 409, 'too-many-screens');
  });

  it('refuses a token without a plan claim, or naming no plan, 403 no-membership', async () => {
    const { app, clock } = shared;
    for (const claims of [{}, { stripeRole: 'gold' }, { stripeRole: '' }]) {
      const token = await idToken(clock.now(), 'fbNoPlanUser0000000000000001', { claims });
      expectError(await playback(app, bearer(token)).grant(), 403, 'no-membership', 'Choose a plan to start watching.');
    }
    expect(leasesOf(app, 'fbNoPlanUser0000000000000001')).toBe(0);
  });

  it('stops the screen at its renewal once the token no longer carries the claim (the subscription ended)', async () => {
    const { app, clock } = shared;
    const uid = 'fbEndingUser0000000000000001';
    const paid = await idToken(clock.now(), uid, { claims: { stripeRole: 'premium' } });
    const grant = (await playback(app, bearer(paid)).grant()).json() as GrantBody;
    const after = await idToken(clock.now(), uid);
    expectError(await playback(app, bearer(after)).renew(grant.lease.id), 403, 'no-membership');
    expect((await playback(app, bearer(paid)).screens()).json()).toEqual({ screens: [] });
  });

  it('answers a bad, expired, misdirected or missing token 401 in the one error shape', async () => {
    const { app, clock } = shared;
    const uid = 'fbBadTokenUser00000000000001';
    const now = clock.now();
    const seconds = Math.floor(now / 1000);
    const good = { stripeRole: 'premium' };
    const refused: Array<[string, string | null]> = [
      ['no header', null],
      ['wrong audience', bearer(await idToken(now, uid, { claims: { ...good, aud: 'another-project' } }))],
      [
        'wrong issuer',
        bearer(await idToken(now, uid, { claims: { ...good, iss: 'https://securetoken.google.com/x' } })),
      ],
      ['expired', bearer(await idToken(now, uid, { claims: { ...good, iat: seconds - 7200, exp: seconds - 3600 } }))],
      ['issued in the future', bearer(await idToken(now, uid, { claims: { ...good, iat: seconds + 600 } }))],
      ['signed in the future', bearer(await idToken(now, uid, { claims: { ...good, auth_time: seconds + 600 } }))],
      ['no auth_time', bearer(await idToken(now, uid, { claims: { ...good, auth_time: undefined } }))],
      ['an empty uid', bearer(await idToken(now, '', { claims: good }))],
      ['another key, same kid', bearer(await idToken(now, uid, { claims: good, key: otherKey }))],
      ['an unknown kid', bearer(await idToken(now, uid, { claims: good, kid: 'not-a-key' }))],
      ['alg none without the emulator', bearer(unsignedToken(now, uid, good))],
      ['garbage', bearer('not.a.token')],
      ['not base64', bearer('%%%')],
      ['Basic credentials', 'Basic YW5uOnNlY3JldA=='],
      ['an empty bearer', 'Bearer '],
    ];
    for (const [what, authorization] of refused) {
      const response = await playback(app, authorization).grant();
      expect(response.statusCode, what).toBe(401);
      expect(response.json(), what).toMatchObject({ error: { code: 'unauthenticated' } });
    }
    expect(leasesOf(app, uid)).toBe(0);
  });

  it("accepts the Auth emulator's unsigned tokens only when configured for the emulator", async () => {
    const { app, clock } = await hostedApp({ emulator: true });
    const token = unsignedToken(clock.now(), 'fbEmulatorUser00000000000001', { stripeRole: 'standard' });
    expect((await playback(app, bearer(token)).grant()).statusCode).toBe(201);
    // Still for this project only, and unexpired.
    const elsewhere = unsignedToken(clock.now(), 'fbEmulatorUser00000000000001', { stripeRole: 'standard', aud: 'x1' });
    expectError(await playback(app, bearer(elsewhere)).grant(), 401, 'unauthenticated');
    clock.advance(2 * 3600_000);
    expectError(await playback(app, bearer(token)).grant(), 401, 'unauthenticated');
  });

  it("answers 503 when Google's keys cannot be read, not a verdict on the token", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/keys`;
    await new Promise((resolve) => closed.close(resolve));
    const { app, clock } = await hostedApp({ jwksUrl: url });
    const token = await idToken(clock.now(), 'fbUnreachable000000000000001', { claims: { stripeRole: 'basic' } });
    expectError(await playback(app, bearer(token)).grant(), 503, 'unavailable');
  });

  it('keeps Google’s keys between requests', async () => {
    const { app, clock } = shared;
    let before = 0;
    for (let i = 0; i < 4; i += 1) {
      if (i === 1) before = keyRequests;
      const token = await idToken(clock.now(), `fbKeyCacheUser0000000000000${i}`, {
        claims: { stripeRole: 'premium' },
      });
      expect((await playback(app, bearer(token)).grant()).statusCode).toBe(201);
    }
    expect(keyRequests).toBe(before);
  });

  it('still signs embedded members in by their session cookie, beside the tokens', async () => {
    const { app, clock } = shared;
    const ann = await signUp(app, 'ann@example.com');
    expectError(await playback(app, null).grant(), 401, 'unauthenticated');
    // The embedded membership decides for a cookie: Standard, paid at the embedded checkout.
    const { grant } = await grantFor(app, ann, FILM, 'standard');
    const token = await idToken(clock.now(), 'fbBesideUser0000000000000001', { claims: { stripeRole: 'basic' } });
    expect((await playback(app, bearer(token)).grant()).statusCode).toBe(201);
    const leases = app.db
      .prepare('SELECT uid, max_height FROM playback_leases WHERE uid IN (?, ?) ORDER BY max_height')
      .all('fbBesideUser0000000000000001', ann.uid);
    expect(leases).toEqual([
      { uid: 'fbBesideUser0000000000000001', max_height: 720 },
      { uid: ann.uid, max_height: 1080 },
    ]);
    expect((await app.inject({ url: grant.master })).statusCode).toBe(200);
  });
});

describe('playback without hosted mode configured', () => {
  it('takes no Firebase token: signed out without a session', async () => {
    const clock = testClock();
    const { app } = await createTestApp({ now: clock.now });
    const token = await idToken(clock.now(), 'fbIgnoredUser000000000000001', { claims: { stripeRole: 'premium' } });
    expectError(await playback(app, bearer(token)).grant(), 401, 'unauthenticated');
  });
});
