import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';

import session from '../../server/accounts/session-plugin.ts';
import { inWriteTurn } from '../../server/db/write-turn.ts';
import rateLimits, { RATE_LIMITS } from '../../server/http/rate-limits.ts';
import metrics, { createMetricsRepository, RETENTION_MS } from '../../server/metrics/metrics-repository.ts';
import metricsRoutes from '../../server/metrics/metrics-routes.ts';
import database from '../../server/plugins/database.ts';
import { createTestApp } from './test-app.ts';

/**
 * The write limits (server/http/rate-limits.ts): per session and per client address on the
 * profile and watching routes, counted in the database so that every worker shares them; the
 * sign-up limit counting "already in use"; the stored metrics pruned on a schedule and capped.
 */

const SESSION_COOKIE = 'marquee_session';
const MINUTE = 60_000;

const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

function manualClock(start = Date.UTC(2026, 10, 28, 12)) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

interface Viewer {
  uid: string;
  token: string;
  profileId: string;
}

async function signUp(app: FastifyInstance, email: string, remoteAddress = '192.0.2.1'): Promise<Viewer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress,
    payload: { email, password: 'secret-password' },
  });
  expect(response.statusCode, response.body).toBe(201);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
  const uid = response.json<{ user: { uid: string } }>().user.uid;
  const profiles = await app.inject({
    url: `/api/documents/customers/${uid}/profiles`,
    cookies: { [SESSION_COOKIE]: token },
  });
  return { uid, token, profileId: profiles.json<{ profiles: Array<{ id: string }> }>().profiles[0]!.id };
}

/** One change to the viewer's My List (a shipped title), from an address. */
function addToMyList(app: FastifyInstance, viewer: Viewer, remoteAddress = '192.0.2.1') {
  return app.inject({
    method: 'PUT',
    url: `/api/documents/customers/${viewer.uid}/profiles/${viewer.profileId}/my_list/movie-603`,
    remoteAddress,
    cookies: { [SESSION_COOKIE]: viewer.token },
    payload: { media_type: 'movie', id: 603, title: 'The Matrix', backdrop_path: null, poster_path: null },
  });
}

function expectTooMany(response: LightMyRequestResponse, label = '') {
  expect(response.statusCode, `${label} ${response.body}`).toBe(429);
  expect(response.json(), label).toMatchObject({ error: { code: 'too-many-requests' } });
  expect(Number(response.headers['retry-after']), label).toBeGreaterThan(0);
  expect(response.headers['cache-control'], label).toBe('no-store');
}

const limits = (perSession: number, perAddress: number) => ({
  writesPerSession: { max: perSession, timeWindow: MINUTE },
  writesPerAddress: { max: perAddress, timeWindow: MINUTE },
});

describe('write limits on the profile and watching routes', () => {
  it(`allow one session ${RATE_LIMITS.writesPerSession.max} changes a minute by default, then 429 until the minute is over`, async () => {
    const clock = manualClock();
    const { app } = await createTestApp({ now: clock.now });
    const ann = await signUp(app, 'ann@example.com');
    for (let i = 0; i < RATE_LIMITS.writesPerSession.max; i++) {
      expect((await addToMyList(app, ann)).statusCode).toBe(200);
    }
    expectTooMany(await addToMyList(app, ann), 'My List');
    // Every change counts, the profiles' too; reads do not.
    const rename = await app.inject({
      method: 'PATCH',
      url: `/api/documents/customers/${ann.uid}/profiles/${ann.profileId}`,
      cookies: { [SESSION_COOKIE]: ann.token },
      payload: { name: 'Annie' },
    });
    expectTooMany(rename, 'profile');
    const read = await app.inject({
      url: `/api/documents/customers/${ann.uid}/profiles/${ann.profileId}/my_list`,
      cookies: { [SESSION_COOKIE]: ann.token },
    });
    expect(read.statusCode).toBe(200);
    clock.advance(MINUTE);
    expect((await addToMyList(app, ann)).statusCode).toBe(200);
  });

  it('count per session: another session from the same address has its own allowance', async () => {
    const { app } = await createTestApp({ rateLimits: limits(3, 100) });
    const ann = await signUp(app, 'ann@example.com');
    const bob = await signUp(app, 'bob@example.com');
    for (let i = 0; i < 3; i++) expect((await addToMyList(app, ann)).statusCode).toBe(200);
    expectTooMany(await addToMyList(app, ann));
    // From another address too: the session is what is counted.
    expectTooMany(await addToMyList(app, ann, '198.51.100.7'));
    expect((await addToMyList(app, bob)).statusCode).toBe(200);
  });

  it('count per address: every session behind one address together, another address apart', async () => {
    const { app } = await createTestApp({ rateLimits: limits(100, 4) });
    const ann = await signUp(app, 'ann@example.com');
    const bob = await signUp(app, 'bob@example.com');
    for (const viewer of [ann, bob, ann, bob]) expect((await addToMyList(app, viewer)).statusCode).toBe(200);
    expectTooMany(await addToMyList(app, ann));
    expectTooMany(await addToMyList(app, bob));
    expect((await addToMyList(app, bob, '198.51.100.7')).statusCode).toBe(200);
    // IPv6 addresses count by their /64: a client cannot step around it within its own range.
    for (let i = 0; i < 4; i++) expect((await addToMyList(app, ann, `2001:db8::${i + 1}`)).statusCode).toBe(200);
    expectTooMany(await addToMyList(app, ann, '2001:db8::ffff'));
  });

  it('count signed-out and malformed writes per address, before anything else is looked at', async () => {
    const { app } = await createTestApp({ rateLimits: limits(100, 3) });
    const ann = await signUp(app, 'ann@example.com');
    const put = (options: Partial<InjectOptions>) =>
      app.inject({
        method: 'PUT',
        url: `/api/documents/customers/${ann.uid}/profiles/${ann.profileId}/my_list/movie-603`,
        remoteAddress: '192.0.2.1',
        payload: {},
        ...options,
      });
    expect((await put({})).statusCode).toBe(401);
    expect((await put({ cookies: { [SESSION_COOKIE]: ann.token } })).statusCode).toBe(400);
    expect((await put({ cookies: { [SESSION_COOKIE]: ann.token } })).statusCode).toBe(400);
    expectTooMany(await put({}));
    expectTooMany(await addToMyList(app, ann));
  });

  it('are shared by every process on one database: two apps on one data folder count together', async () => {
    const first = await createTestApp({ rateLimits: limits(3, 100) });
    const second = await createTestApp({ dataDir: first.dataDir, rateLimits: limits(3, 100) });
    folders.push(first.dataDir);
    const ann = await signUp(first.app, 'ann@example.com');
    expect((await addToMyList(first.app, ann)).statusCode).toBe(200);
    expect((await addToMyList(second.app, ann)).statusCode).toBe(200);
    expect((await addToMyList(first.app, ann)).statusCode).toBe(200);
    expectTooMany(await addToMyList(second.app, ann), 'second');
    expectTooMany(await addToMyList(first.app, ann), 'first');
  });
});

describe('sign-up', () => {
  it('counts "already in use" toward the limit: probing for registered addresses is throttled', async () => {
    const { app } = await createTestApp({ accounts: { signUpsPerClient: 4 } });
    const signUpAs = (email: string) =>
      app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: 'secret-password' } });
    expect((await signUpAs('ann@example.com')).statusCode).toBe(201);
    for (const email of ['ann@example.com', 'ann@example.com', 'ann@example.com']) {
      expect((await signUpAs(email)).statusCode).toBe(409);
    }
    // The next probe, registered or not, is refused without an answer about the address.
    for (const email of ['ann@example.com', 'new@example.com']) {
      const refused = await signUpAs(email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: { code: 'auth/too-many-requests' } });
    }
  });
});

describe('stored metrics', () => {
  const report = {
    name: 'LCP',
    value: 1200,
    rating: 'good',
    navigationType: 'navigate',
    page: '/',
    id: 'v5-1',
  } as const;

  async function metricsApp(options: { now: () => number; maxStored: number; pruneEveryMs: number }) {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-metrics-'));
    folders.push(dataDir);
    const app = Fastify();
    await app.register(fastifyCookie);
    await app.register(database, { dataDir });
    await app.register(session);
    await app.register(rateLimits);
    await app.register(metrics);
    await app.register(metricsRoutes, { prefix: '/api/metrics', ...options });
    await app.ready();
    return app;
  }

  const count = (app: FastifyInstance) => app.db.prepare('SELECT count(*) AS n FROM web_vitals').get() as { n: number };

  it('are capped: beyond the cap the oldest reports go first', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-metrics-'));
    folders.push(dataDir);
    const app = Fastify();
    return app
      .register(database, { dataDir })
      .ready()
      .then(async () => {
        const reports = createMetricsRepository(app.db);
        await inWriteTurn(app.db, () => {
          for (let i = 0; i < 10; i++) reports.record({ ...report, id: `v5-${i}` }, 1000 + i);
        });
        expect(await inWriteTurn(app.db, () => reports.prune(0, 4))).toBe(6);
        const kept = app.db.prepare('SELECT metric_id FROM web_vitals ORDER BY received_at').pluck().all();
        expect(kept).toEqual(['v5-6', 'v5-7', 'v5-8', 'v5-9']);
        return app.close();
      });
  });

  it('are pruned on a schedule while the server runs, by age and to the cap', async () => {
    const clock = manualClock();
    const app = await metricsApp({ now: clock.now, maxStored: 5, pruneEveryMs: 20 });
    try {
      const reports = createMetricsRepository(app.db);
      await inWriteTurn(app.db, () => {
        reports.record({ ...report, id: 'old' }, clock.now() - RETENTION_MS - 1);
        for (let i = 0; i < 8; i++) reports.record({ ...report, id: `new-${i}` }, clock.now() + i);
      });
      await vi.waitFor(() => expect(count(app).n).toBe(5), { timeout: 5000, interval: 20 });
      const kept = app.db.prepare('SELECT metric_id FROM web_vitals ORDER BY received_at').pluck().all();
      expect(kept).toEqual(['new-3', 'new-4', 'new-5', 'new-6', 'new-7']);
    } finally {
      await app.close();
    }
  });
});
