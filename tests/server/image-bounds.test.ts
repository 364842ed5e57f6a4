import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import type { CatalogueTitle, MediaType } from '../../server/catalogue/catalogue-title.ts';
import { artPath } from '../../server/media/images/art-path.ts';
import { DEFAULT_RENDERS_PER_CLIENT } from '../../server/media/images/image-limits.ts';
import imageRoutes, { type ImageRoutesOptions } from '../../server/media/images/image-routes.ts';
import { QueueFull, RenderQueue } from '../../server/media/images/render-queue.ts';

/*
 * The image host's bounds: the render queue (at most N at once, clients taking turns, a cap per
 * client), and the disk cache's size cap with least-recently-used eviction.
 */

const BASE = '/images/t/p';

const title = (id: number): CatalogueTitle => ({
  mediaType: 'movie',
  id,
  name: `Title ${id}`,
  originalName: `Title ${id}`,
  date: '1999-03-30',
  genreIds: [28, 878],
  originalLanguage: 'en',
  originCountry: [],
  networks: [],
  popularity: 10,
  voteAverage: 8,
  voteCount: 100,
  overview: 'A test title.',
});

const TITLES = Array.from({ length: 60 }, (_, index) => title(1000 + index));
const posterUrl = (t: CatalogueTitle) => `${BASE}/w185${artPath('poster', t)}`;
const posterKey = (t: CatalogueTitle) => join('w185', artPath('poster', t).slice(1));

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function imageApp(
  options: Partial<ImageRoutesOptions> = {},
  cacheDir = mkdtempSync(join(tmpdir(), 'marquee-bounds-')),
) {
  const catalogue = new Map(TITLES.map((t) => [`${t.mediaType}:${t.id}`, t]));
  const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  await app.register(imageRoutes, {
    prefix: BASE,
    cacheDir,
    findTitle: (mediaType: MediaType, id: number) => catalogue.get(`${mediaType}:${id}`) ?? null,
    ...options,
  });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  return { app, cacheDir };
}

/** A promise with its resolve in hand. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe('the render queue', () => {
  it('runs at most `concurrency` tasks at once', async () => {
    const queue = new RenderQueue({ concurrency: 2, perClient: 100, maxQueued: 100 });
    let running = 0;
    let most = 0;
    const gates = Array.from({ length: 6 }, deferred);
    const done = gates.map((gate, index) =>
      queue.schedule(`client-${index}`, async () => {
        running++;
        most = Math.max(most, running);
        await gate.promise;
        running--;
      }),
    );
    await Promise.resolve();
    expect(queue.stats).toEqual({ running: 2, queued: 4, clients: 6 });
    for (const gate of gates) gate.resolve();
    await Promise.all(done);
    expect(most).toBe(2);
    expect(queue.stats).toEqual({ running: 0, queued: 0, clients: 0 });
  });

  it("takes clients in turn: one client's long queue does not hold another's first task", async () => {
    const queue = new RenderQueue({ concurrency: 1, perClient: 100, maxQueued: 100 });
    const started: string[] = [];
    const task = (name: string) => async () => {
      started.push(name);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const runs = Array.from({ length: 5 }, (_, index) => queue.schedule('a', task(`a${index}`)));
    runs.push(queue.schedule('b', task('b0')));
    await Promise.all(runs);
    expect(started).toEqual(['a0', 'b0', 'a1', 'a2', 'a3', 'a4']);
  });

  it('refuses past the per-client cap and past the queue cap, with a wait in seconds', async () => {
    const queue = new RenderQueue({ concurrency: 1, perClient: 2, maxQueued: 2 });
    const gate = deferred();
    const held = [queue.schedule('a', () => gate.promise), queue.schedule('a', () => gate.promise)];
    const refused = await queue.schedule('a', () => gate.promise).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QueueFull);
    expect((refused as QueueFull).reason).toBe('client');
    expect((refused as QueueFull).retryAfter).toBeGreaterThanOrEqual(1);
    // Another client still gets in, until the whole queue is full.
    held.push(queue.schedule('b', () => gate.promise));
    const full = await queue.schedule('c', () => gate.promise).catch((error: unknown) => error);
    expect((full as QueueFull).reason).toBe('queue');
    gate.resolve();
    await Promise.all(held);
    // Once done, the client may ask again.
    await expect(queue.schedule('a', async () => 'again')).resolves.toBe('again');
  });
});

describe('image routes under many uncached renders', () => {
  it("refuses one client's renders past its cap with 429 and Retry-After, while another client's render proceeds", async () => {
    const { app } = await imageApp({ renders: { concurrency: 1 } });
    const attacker = TITLES.slice(0, 51);
    const finished: string[] = [];
    const attack = attacker.map((t, index) =>
      app.inject({ url: posterUrl(t), remoteAddress: '10.0.0.1' }).then((response) => {
        if (response.statusCode === 200) finished.push(`attacker-${index}`);
        return response;
      }),
    );
    const viewer = app.inject({ url: posterUrl(TITLES[55]), remoteAddress: '10.0.0.2' }).then((response) => {
      finished.push('viewer');
      return response;
    });
    const answers = await Promise.all(attack);
    const viewerAnswer = await viewer;

    const served = answers.filter((response) => response.statusCode === 200);
    const refused = answers.filter((response) => response.statusCode === 429);
    expect(served).toHaveLength(DEFAULT_RENDERS_PER_CLIENT);
    expect(refused).toHaveLength(51 - DEFAULT_RENDERS_PER_CLIENT);
    // The 51st is among the refused, with when to come back.
    expect(answers[50].statusCode).toBe(429);
    for (const response of refused) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json().error.code).toBe('too-many-renders');
    }
    // The other client was not refused, and did not wait behind the attacker's queue: its render
    // ran second, right after the one already running.
    expect(viewerAnswer.statusCode).toBe(200);
    expect(finished.indexOf('viewer')).toBeLessThanOrEqual(1);
    // Seventeen real renders, one at a time: on a loaded 2-core machine that passes 20 s.
  }, 90_000);

  it('serves what is already drawn without queueing it', async () => {
    const { app } = await imageApp({ renders: { concurrency: 1, perClient: 1 } });
    expect((await app.inject({ url: posterUrl(TITLES[0]), remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    // One uncached render held, and ten cached reads beside it: none refused.
    const answers = await Promise.all([
      app.inject({ url: posterUrl(TITLES[1]), remoteAddress: '10.0.0.1' }),
      ...Array.from({ length: 10 }, () => app.inject({ url: posterUrl(TITLES[0]), remoteAddress: '10.0.0.1' })),
    ]);
    expect(answers.map((response) => response.statusCode)).toEqual(Array(11).fill(200));
  });
});

describe('the rendered-image cache on disk', () => {
  /** Each poster's size once drawn (the art is deterministic, so the same in every app). */
  async function drawnSizes(titles: CatalogueTitle[]) {
    const { app, cacheDir } = await imageApp();
    const sizes: number[] = [];
    for (const t of titles) {
      expect((await app.inject(posterUrl(t))).statusCode).toBe(200);
      sizes.push(statSync(join(cacheDir, posterKey(t))).size);
    }
    return sizes;
  }

  it('stays under its cap, deleting the least recently used image first', async () => {
    const [a, b, c] = TITLES;
    const sizes = await drawnSizes([a, b, c]);
    const cap = sizes[0] + sizes[1] + sizes[2] - 1;
    const { app, cacheDir } = await imageApp({ cacheBytes: cap });
    await app.inject(posterUrl(a));
    await app.inject(posterUrl(b));
    // Reading a makes b the least recently used.
    await app.inject(posterUrl(a));
    await app.inject(posterUrl(c));
    expect(existsSync(join(cacheDir, posterKey(a)))).toBe(true);
    expect(existsSync(join(cacheDir, posterKey(b)))).toBe(false);
    expect(existsSync(join(cacheDir, posterKey(c)))).toBe(true);
    const kept = readdirSync(join(cacheDir, 'w185')).reduce(
      (total, name) => total + statSync(join(cacheDir, 'w185', name)).size,
      0,
    );
    expect(kept).toBeLessThanOrEqual(cap);
    // b is drawn again when asked for.
    expect((await app.inject(posterUrl(b))).statusCode).toBe(200);
  });

  it('enforces a lowered cap at start, keeping the newest files', async () => {
    const [a, b, c] = TITLES;
    const sizes = await drawnSizes([a, b, c]);
    const cacheDir = mkdtempSync(join(tmpdir(), 'marquee-bounds-'));
    const first = await imageApp({}, cacheDir);
    for (const t of [a, b, c]) await first.app.inject(posterUrl(t));
    // Oldest first: c, then a, then b.
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
    utimesSync(join(cacheDir, posterKey(c)), at(1), at(1));
    utimesSync(join(cacheDir, posterKey(a)), at(2), at(2));
    utimesSync(join(cacheDir, posterKey(b)), at(3), at(3));
    await first.app.close();

    await imageApp({ cacheBytes: sizes[0] + sizes[1] }, cacheDir);
    expect(existsSync(join(cacheDir, posterKey(c)))).toBe(false);
    expect(existsSync(join(cacheDir, posterKey(a)))).toBe(true);
    expect(existsSync(join(cacheDir, posterKey(b)))).toBe(true);
  });
});
