// `npm run bench:hostile`: the server under the attacks a probe found it weak to, from outside.
// Starts the real production server (server/main.ts, a cluster of one worker per core, as
// `npm start` runs it) on a free 127.0.0.1 port with a throw-away data folder, and talks to it
// over real sockets. Each client binds its own loopback address (127.0.0.2, .3, …), so the server
// tells them apart by their connection alone, as it would tell apart clients on the internet.
//
// (a) Render flood: one client asks for 50 uncached images at once, again and again (a new 50
//     as soon as the last 50 are answered), for BENCH_ATTACK_S seconds, while another client
//     reads video segments back to back. Prints the segment reads' p50/p95 idle and under attack:
//     MET when the p95 under attack is at most 2× the idle p95.
// (b) Memory: each worker's resident memory before, at its peak during (a), and 15 s after:
//     MET when every worker stays under 300 MB.
// (c) Slow clients: 200 connections that send their headers, or their body, a byte a second,
//     while another client's requests are timed: MET when its p95 stays within 2× idle; also
//     when the server cut each slow connection (and how long it took).
// A benchmark, not a test: it exits 0 when it ran, whatever the figures; 1 when setup failed.
// Settings: BENCH_ATTACK_S (20), BENCH_SLOW_CLIENTS (200).
import { readdirSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

import { Pool } from 'undici';

import { DEFAULT_CATALOGUE_API_KEY } from '../server/config.ts';
import { DEFAULT_TIMEOUTS } from '../server/http/timeouts.ts';
import { RENDERED_WIDTHS } from '../shared/media/image-sizes.ts';
import { positiveInteger } from './load/env.ts';
import { memberGrant } from './load/member.ts';
import { type ServerProcess, startServer } from './load/server.ts';

const ATTACK_S = positiveInteger('BENCH_ATTACK_S', 20);
const SLOW_CLIENTS = positiveInteger('BENCH_SLOW_CLIENTS', 200);
const BURST = 50;
const RSS_TARGET_MB = 300;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const API_KEY = process.env.MARQUEE_CATALOGUE_API_KEY || DEFAULT_CATALOGUE_API_KEY;
const ATTACKER = '127.0.0.2';
const VIEWER = '127.0.0.3';
const SLOW = '127.0.0.4';
const OTHER = '127.0.0.5';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(1)} ms`;
const verdict = (met: boolean) => (met ? 'MET' : 'MISS');

function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** A process's resident memory in MB (Linux), or NaN once it has gone. */
function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** Reads `path` to its end over `pool`; resolves with the status and the milliseconds it took. */
async function timedGet(pool: Pool, path: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const answer = await pool.request({ method: 'GET', path, headersTimeout: 60_000, bodyTimeout: 60_000 });
  for await (const chunk of answer.body) void chunk;
  return { status: answer.statusCode, ms: performance.now() - started };
}

/** Times GETs of `paths` in turn, back to back, until `stop()` says so; the latencies in ms. */
async function readLoop(pool: Pool, paths: string[], stop: () => boolean, pauseMs = 5): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; !stop(); i++) {
    const { status, ms: took } = await timedGet(pool, paths[i % paths.length]!);
    if (status !== 200) throw new Error(`${paths[i % paths.length]} answered ${status}`);
    latencies.push(took);
    await sleep(pauseMs);
  }
  return latencies;
}

let server: ServerProcess | undefined;
process.once('SIGINT', () => {
  void (server?.dispose() ?? Promise.resolve()).finally(() => process.exit(130));
});

const pools: Pool[] = [];
/** What to give back before the server stops (the member's lease). */
const ends: Array<() => Promise<void>> = [];
const pool = (localAddress: string, connections: number, origin: string) => {
  const made = new Pool(origin, { connections, localAddress, keepAliveTimeout: 60_000 });
  pools.push(made);
  return made;
};

try {
  server = await startServer(ROOT);
  const origin = new URL(server.url).origin;
  // The cluster's workers: the primary's node children (not tsx's esbuild service).
  const workers = (server.cpuByProcess() ?? [])
    .filter((p) => p.role === 'worker' && readFileSync(`/proc/${p.pid}/cmdline`, 'utf8').includes('main.ts'))
    .map((p) => p.pid);
  /** The render processes the workers have started by now (server/media/images/renderer.ts). */
  const renderProcesses = () =>
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number)
      .filter((pid) => {
        try {
          const status = readFileSync(`/proc/${pid}/status`, 'utf8');
          const parent = Number(/PPid:\s+(\d+)/.exec(status)?.[1]);
          return workers.includes(parent) && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('render-process');
        } catch {
          return false;
        }
      });
  console.log(`Target: ${server.url} (pid ${server.pid}, workers ${workers.join(', ') || 'none'})`);
  console.log(
    `Load average at start: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );

  // ── the images to ask for: every title's backdrop and poster at every size the app uses ──
  const api = pool(OTHER, 4, origin);
  const images: string[] = [];
  for (const kind of ['movie', 'tv']) {
    for (let page = 1; page <= 15; page++) {
      const answer = await api.request({
        method: 'GET',
        path: `/tmdb/3/discover/${kind}?api_key=${API_KEY}&page=${page}`,
      });
      const body = (await answer.body.json()) as {
        results: Array<{ backdrop_path?: string | null; poster_path?: string | null }>;
      };
      for (const title of body.results) {
        for (const width of [...RENDERED_WIDTHS.backdrop].reverse()) {
          if (title.backdrop_path) images.push(`/images/t/p/w${width}${title.backdrop_path}`);
        }
        for (const width of [...RENDERED_WIDTHS.poster].reverse()) {
          if (title.poster_path) images.push(`/images/t/p/w${width}${title.poster_path}`);
        }
      }
    }
  }
  // The widest first: the costliest renders, as an attacker would pick.
  images.sort((a, b) => Number(/\/w(\d+)\//.exec(b)![1]) - Number(/\/w(\d+)\//.exec(a)![1]));
  console.log(`${images.length} distinct image addresses gathered (none drawn yet)`);

  // ── (a) + (b): render flood against segment reads ──
  // A member's grant: programmes play only under one (docs/playback.md); its 720p segments.
  const viewer = pool(VIEWER, 1, origin);
  const filmAnswer = await api.request({ method: 'GET', path: `/tmdb/3/movie/top_rated?api_key=${API_KEY}` });
  const film = ((await filmAnswer.body.json()) as { results: Array<{ id: number }> }).results[0]!.id;
  const grant = await memberGrant(viewer, origin, film);
  ends.push(grant.end);
  const playlist = await viewer.request({ method: 'GET', path: `${grant.base}/720p.m3u8` });
  const segments = (await playlist.body.text())
    .split('\n')
    .filter((line) => /^720p-\d{3}\.m4s$/.test(line.trim()))
    .map((line) => `${grant.base}/${line.trim()}`);
  // Warm: the files into the page cache, the connection open.
  for (const path of segments) await timedGet(viewer, path);

  const rss = new Map<number, { before: number; peak: number; after: number }>(
    workers.map((pid) => [pid, { before: rssMb(pid), peak: 0, after: NaN }]),
  );
  const idleUntil = performance.now() + 10_000;
  const idle = await readLoop(viewer, segments, () => performance.now() > idleUntil);

  const attacker = pool(ATTACKER, BURST, origin);
  let attacking = true;
  const statuses = new Map<number, number>();
  let next = 0;
  let bursts = 0;
  const renderPeaks = new Map<number, number>();
  const sampler = setInterval(() => {
    for (const [pid, figures] of rss) figures.peak = Math.max(figures.peak, rssMb(pid));
    for (const pid of renderProcesses()) renderPeaks.set(pid, Math.max(renderPeaks.get(pid) ?? 0, rssMb(pid)));
  }, 200);
  const attack = (async () => {
    while (attacking && next + BURST <= images.length) {
      const burst = images.slice(next, next + BURST);
      next += BURST;
      bursts++;
      await Promise.all(
        burst.map(async (path) => {
          const { status } = await timedGet(attacker, path).catch(() => ({ status: 0 }));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }),
      );
    }
  })();
  const attackStarted = performance.now();
  const underAttack = await readLoop(viewer, segments, () => performance.now() - attackStarted > ATTACK_S * 1000);
  attacking = false;
  await attack;
  clearInterval(sampler);
  for (const [pid, figures] of rss) figures.peak = Math.max(figures.peak, rssMb(pid));
  await sleep(15_000);
  for (const [pid, figures] of rss) figures.after = rssMb(pid);

  const idleP95 = percentile(idle, 95);
  const attackP95 = percentile(underAttack, 95);
  console.log(
    `\n(a) ${BURST} concurrent uncached renders from one client (${ATTACKER}), ${bursts} bursts over ${ATTACK_S} s,`,
  );
  console.log(`    while another (${VIEWER}) reads 720p segments back to back`);
  console.log(
    `    attacker's answers: ${[...statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${count}× ${status || 'network error'}`)
      .join(', ')}`,
  );
  console.log(
    `    segment reads idle:         n=${idle.length} p50 ${ms(percentile(idle, 50))}  p95 ${ms(idleP95)}  max ${ms(Math.max(...idle))}`,
  );
  console.log(
    `    segment reads under attack: n=${underAttack.length} p50 ${ms(percentile(underAttack, 50))}  p95 ${ms(attackP95)}  max ${ms(Math.max(...underAttack))}`,
  );
  console.log(`    p95 under attack ≤ 2× idle p95 (${ms(2 * idleP95)}): ${verdict(attackP95 <= 2 * idleP95)}`);

  console.log(`\n(b) worker memory (RSS)`);
  let allUnder = true;
  for (const [pid, { before, peak, after }] of rss) {
    allUnder &&= peak < RSS_TARGET_MB && after < RSS_TARGET_MB;
    console.log(
      `    worker ${pid}: before ${before.toFixed(0)} MB, peak during ${peak.toFixed(0)} MB, 15 s after ${after.toFixed(0)} MB`,
    );
  }
  console.log(`    every worker under ${RSS_TARGET_MB} MB: ${verdict(allUnder && rss.size > 0)}`);
  console.log(
    `    render processes (nice 10, replaced past their budget): ${renderPeaks.size} seen, peaks ${[...renderPeaks.values()].map((mb) => `${mb.toFixed(0)} MB`).join(', ') || 'none'}; alive 15 s after: ${
      renderProcesses()
        .map((pid) => `${rssMb(pid).toFixed(0)} MB`)
        .join(', ') || 'none'
    }`,
  );

  // ── (c): slow clients ──
  const other = pool(OTHER, 1, origin);
  const probe = ['/api/auth/session', `/tmdb/3/genre/movie/list?api_key=${API_KEY}`];
  for (const path of probe) await timedGet(other, path);
  const calmUntil = performance.now() + 10_000;
  const calm = await readLoop(other, probe, () => performance.now() > calmUntil);

  const { port, hostname } = new URL(origin);
  const slowStarted = performance.now();
  const slow = Array.from({ length: SLOW_CLIENTS }, (_, index) => {
    const bodyKind = index % 2 === 1;
    return new Promise<{ kind: 'headers' | 'body'; closedAfterMs: number | null; answer: string }>((resolve) => {
      const socket = connect({ host: hostname, port: Number(port), localAddress: SLOW });
      let answer = '';
      let drip: NodeJS.Timeout | undefined;
      const giveUp = setTimeout(() => finish(null), DEFAULT_TIMEOUTS.requestMs + 20_000);
      const finish = (closedAfterMs: number | null) => {
        clearTimeout(giveUp);
        clearInterval(drip);
        socket.destroy();
        resolve({ kind: bodyKind ? 'body' : 'headers', closedAfterMs, answer: answer.slice(0, 12) });
      };
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', () => {});
      socket.once('close', () => finish(performance.now() - slowStarted));
      socket.once('connect', () => {
        const trickle = bodyKind
          ? JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(200) })
          : 'X-Slow: ' + 'a'.repeat(200);
        socket.write(
          bodyKind
            ? `POST /api/auth/sign-in HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${origin}\r\n` +
                `Content-Type: application/json\r\nContent-Length: ${trickle.length}\r\n\r\n`
            : `GET /api/auth/session HTTP/1.1\r\nHost: ${hostname}:${port}\r\n`,
        );
        let sent = 0;
        drip = setInterval(() => {
          if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
        }, 1000);
      });
    });
  });
  await sleep(1000);
  const slowedUntil = performance.now() + 8000;
  const withSlow = await readLoop(other, probe, () => performance.now() > slowedUntil);
  const slowResults = await Promise.all(slow);

  const calmP95 = percentile(calm, 95);
  const slowP95 = percentile(withSlow, 95);
  console.log(
    `\n(c) ${SLOW_CLIENTS} slow clients (${SLOW}): half send headers, half a body, 1 byte/s; another client (${OTHER}) asks /api/auth/session and a genre list`,
  );
  console.log(`    idle:              n=${calm.length} p50 ${ms(percentile(calm, 50))}  p95 ${ms(calmP95)}`);
  console.log(`    with slow clients: n=${withSlow.length} p50 ${ms(percentile(withSlow, 50))}  p95 ${ms(slowP95)}`);
  console.log(`    p95 with slow clients ≤ 2× idle p95 (${ms(2 * calmP95)}): ${verdict(slowP95 <= 2 * calmP95)}`);
  for (const kind of ['headers', 'body'] as const) {
    const these = slowResults.filter((result) => result.kind === kind);
    const cut = these.filter((result) => result.closedAfterMs !== null).map((result) => result.closedAfterMs!);
    const with408 = these.filter((result) => result.answer.startsWith('HTTP/1.1 408')).length;
    const limit = kind === 'headers' ? DEFAULT_TIMEOUTS.headersMs : DEFAULT_TIMEOUTS.requestMs;
    console.log(
      `    slow ${kind}: ${cut.length}/${these.length} cut by the server (${with408} with 408), after ${ms(percentile(cut, 50))} median, ${ms(Math.max(...cut))} at most; timeout ${limit / 1000} s: ${verdict(cut.length === these.length && Math.max(...cut) <= limit + 3000)}`,
    );
  }
  console.log(
    `\nLoad average at end: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const end of ends) await end();
  await Promise.all(pools.map((p) => p.destroy()));
  await server?.dispose();
}
