import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import { inWriteTurn } from '../../../server/db/write-turn.ts';
import { LEASE_TTL_MS } from '../../../server/playback/leases-repository.ts';
import { TOO_MANY_SCREENS_MESSAGE } from '../../../shared/watching/playback.schema.ts';
import {
  checkoutApp,
  type Customer,
  expectError,
  openSession,
  PLANS,
  SESSION_COOKIE,
  subscriptionsOf,
} from '../checkout-helpers.ts';

/** A catalogue film and a series with at least two episodes in its first season (server/catalogue/data). */
const FILM = { media_type: 'movie', id: 550 } as const;

const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

function playback(
  app: FastifyInstance,
  customer: Customer | null,
  userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
) {
  const request = (options: InjectOptions) =>
    app.inject({
      ...options,
      headers: { 'user-agent': userAgent },
      cookies: customer ? { [SESSION_COOKIE]: customer.token } : undefined,
    });
  return {
    grant: (payload: object = FILM) => request({ method: 'POST', url: '/api/playback/grants', payload }),
    renew: (id: string) => request({ method: 'PUT', url: `/api/playback/leases/${id}` }),
    stop: (id: string) => request({ method: 'DELETE', url: `/api/playback/leases/${id}` }),
    screens: () => request({ method: 'GET', url: '/api/playback/screens' }),
  };
}

async function member(plan: keyof typeof PLANS = 'standard') {
  const context = await checkoutApp();
  const session = await openSession(context.app, context.ann, PLANS[plan].price);
  expect((await context.as.pay(session.sessionId)).statusCode).toBe(200);
  return context;
}

interface GrantBody {
  lease: { id: string; renew_seconds: number };
  master: string;
  thumbnails: string;
  max_height: number;
}

describe('a playback grant', () => {
  it('is refused to a signed-out caller, and to an account without a membership', async () => {
    const { app, ann } = await checkoutApp();
    expectError(await playback(app, null).grant(), 401, 'unauthenticated');
    const refused = await playback(app, ann).grant();
    expectError(refused, 403, 'no-membership', 'Choose a plan to start watching.');
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves an account without a membership no address that serves a programme', async () => {
    const { app, ann } = await checkoutApp();
    expectError(await playback(app, ann).grant(), 403, 'no-membership');
    const cookies = { [SESSION_COOKIE]: ann.token };
    // The demo programme's and the library's own addresses, signed in or not: closed to everyone.
    for (const url of [
      '/media/programmes/action/master.m3u8',
      '/media/programmes/action/720p.m3u8',
      '/media/programmes/action/720p-001.m4s',
      '/media/programmes/action/markers.json',
      '/media/library/library-1/master.m3u8',
      '/media/library/library-1/360p-00001.m4s',
    ]) {
      for (const request of [{ url }, { url, cookies }, { url, cookies, method: 'HEAD' as const }]) {
        const response = await app.inject(request);
        expect(response.statusCode, url).toBe(403);
        if (request.method !== 'HEAD') expect(response.json()).toMatchObject({ error: { code: 'grant-required' } });
      }
    }
    // A grant address made up, or copied from a member whose lease has ended, serves nothing.
    const made = await app.inject({ url: `/media/grants/${'A'.repeat(43)}/720p-001.m4s`, cookies });
    expectError(made, 403, 'grant-ended');
  });

  it('copied to another browser stops working when its lease ends', async () => {
    const { app, ann, clock } = await member('basic');
    const grant = (await playback(app, ann).grant()).json() as GrantBody;
    const segment = grant.master.replace(/master\.m3u8$/, '360p-000.m4s');
    // The address alone plays, from anywhere, while the lease lives: no cookie needed.
    expect((await app.inject({ url: segment })).statusCode).toBe(200);
    clock.advance(LEASE_TTL_MS + 3_000);
    expectError(await app.inject({ url: segment }), 403, 'grant-ended');
    expectError(await app.inject({ url: grant.master }), 403, 'grant-ended');
  });

  it("is given to a member, at the plan's resolution, under an unguessable address", async () => {
    const { app, ann } = await member('standard');
    const response = await playback(app, ann).grant();
    expect(response.statusCode).toBe(201);
    const grant = response.json() as GrantBody;
    expect(grant.max_height).toBe(1080);
    expect(grant.lease.renew_seconds).toBe(20);
    expect(grant.master).toMatch(/^\/media\/grants\/[A-Za-z0-9_-]{43}\/master\.m3u8$/);
    expect(grant.thumbnails).toBe(grant.master.replace('master.m3u8', 'trickplay.vtt'));
    // Only the token's hash is kept.
    const token = grant.master.split('/')[3]!;
    const stored = app.db.prepare('SELECT token_hash FROM playback_leases').pluck().all() as string[];
    expect(stored).toHaveLength(1);
    expect(stored[0]).not.toBe(token);
  });

  it('names each plan its resolution and screens', async () => {
    for (const [plan, height] of [
      ['basic', 720],
      ['premium', 2160],
    ] as const) {
      const { app, ann } = await member(plan);
      expect(((await playback(app, ann).grant()).json() as GrantBody).max_height).toBe(height);
    }
  });

  it('is refused for a title or episode that does not exist, and for bad input', async () => {
    const { app, ann } = await member();
    const as = playback(app, ann);
    expectError(await as.grant({ media_type: 'movie', id: 999_999_999 }), 404, 'not-found');
    expectError(await as.grant({ media_type: 'movie', id: 550, season: 1, episode: 1 }), 404, 'not-found');
    expectError(await as.grant({ media_type: 'tv', id: 1399, season: 1, episode: 99_999 }), 404, 'not-found');
    expect((await as.grant({ media_type: 'book', id: 1 })).statusCode).toBe(400);
    expect((await as.grant({ media_type: 'movie', id: -3 })).statusCode).toBe(400);
    expect(app.db.prepare('SELECT count(*) FROM playback_leases').pluck().get()).toBe(0);
  });
});

describe('screens', () => {
  it("past the plan's number, answers with the screens in use; stopping one frees its place", async () => {
    const { app, ann } = await member('standard');
    const first = (await playback(app, ann, FIREFOX_ON_WINDOWS).grant()).json() as GrantBody;
    expect((await playback(app, ann, SAFARI_ON_IPHONE).grant()).statusCode).toBe(201);

    const third = await playback(app, ann).grant();
    expect(third.statusCode).toBe(409);
    const refusal = third.json() as {
      error: { code: string; message: string };
      screens: Array<{ id: string; device: string; title: string }>;
    };
    expect(refusal.error).toEqual({ code: 'too-many-screens', message: TOO_MANY_SCREENS_MESSAGE });
    // Named as the devices page names them, not by the raw User-Agent.
    expect(refusal.screens.map((screen) => screen.device)).toEqual(['Firefox on Windows', 'Safari on iOS']);
    expect(refusal.screens[0]).toMatchObject({ id: first.lease.id, title: 'Fight Club' });

    expect((await playback(app, ann).stop(first.lease.id)).statusCode).toBe(204);
    expect((await playback(app, ann).grant()).statusCode).toBe(201);
  });

  it('prunes leases ended a day ago', async () => {
    const { app, ann, clock } = await member('basic');
    const lease = ((await playback(app, ann).grant()).json() as GrantBody).lease;
    await playback(app, ann).stop(lease.id);
    const prune = (before: number) => inWriteTurn(app.db, () => app.leases.prune(before));
    expect(await prune(clock.now() - 1)).toBe(0);
    clock.advance(24 * 60 * 60 * 1000 + 1);
    expect(await prune(clock.now() - 24 * 60 * 60 * 1000)).toBe(1);
  });

  it('lets a dead screen go within a minute; a renewed one stays', async () => {
    const { app, ann, clock } = await member('basic');
    const as = playback(app, ann);
    const lease = ((await as.grant()).json() as GrantBody).lease;
    clock.advance(LEASE_TTL_MS / 2);
    expect((await as.renew(lease.id)).statusCode).toBe(204);
    clock.advance(LEASE_TTL_MS / 2 + 1000);
    // Renewed half a minute ago: still playing, so a second screen on Basic is refused.
    expect((await as.grant()).statusCode).toBe(409);
    clock.advance(LEASE_TTL_MS);
    expectError(await as.renew(lease.id), 404, 'lease-ended');
    expect((await as.grant()).statusCode).toBe(201);
  });

  it('never gives the last place twice, however many screens start at once', async () => {
    const { app, ann } = await member('basic');
    const answers = await Promise.all(Array.from({ length: 8 }, () => playback(app, ann).grant()));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
  });

  it("cannot stop another account's screen", async () => {
    const { app, ann } = await member('basic');
    const lease = ((await playback(app, ann).grant()).json() as GrantBody).lease;
    const other = (await import('../checkout-helpers.ts')).signUp;
    const bob = await other(app, 'bob@example.com');
    expect((await playback(app, bob).stop(lease.id)).statusCode).toBe(204);
    expect((await playback(app, bob).renew(lease.id)).statusCode).toBe(403);
    expect((await playback(app, ann).screens()).json()).toMatchObject({ screens: [{ id: lease.id }] });
    expect((await playback(app, ann).renew(lease.id)).statusCode).toBe(204);
  });
});

describe('membership', () => {
  it('a cancelled membership plays until its period ends, then is refused', async () => {
    const { app, ann, clock } = await member('standard');
    const [subscription] = await subscriptionsOf(app, ann);
    const cancel = await app.inject({
      method: 'PATCH',
      url: `/api/documents/customers/${ann.uid}/subscriptions/${subscription!.id}`,
      cookies: { [SESSION_COOKIE]: ann.token },
      payload: { cancel_at_period_end: true },
    });
    expect(cancel.statusCode).toBe(200);
    const playing = ((await playback(app, ann).grant()).json() as GrantBody).lease;
    clock.set(subscription!.current_period_end.seconds * 1000 + 1000);
    expectError(await playback(app, ann).grant(), 403, 'no-membership');
    // The screen playing across the end is stopped at its next renewal.
    expectError(await playback(app, ann).renew(playing.id), 403, 'no-membership');
    expect((await playback(app, ann).screens()).json()).toEqual({ screens: [] });
  });
});
