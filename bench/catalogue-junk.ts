// `npm run bench:catalogue-junk`: the catalogue's memory under junk query parameters.
// Starts the real server as `npm start` runs it (a cluster of one worker per core, MARQUEE_WORKERS)
// on a free 127.0.0.1 port with a throw-away data folder (bench/load/server.ts), asks the catalogue
// API for a few real addresses as often as the probe will (so that each worker's heap has settled),
// reads every server process's resident memory (RSS, /proc), then sends 3,000 addresses that are
// those same ones plus a query parameter TMDB does not define ("junk<n>=..."), each different, and
// reads the memory again. Before the answer cache kept only TMDB's parameters in its key, every such
// address made an entry of its own.
// Target: the server's RSS (all its processes) grows by less than 20 MB. A benchmark, not a test: it
// exits 0 when it ran, whatever the figure; 1 when setup failed or the server crashed.
// Settings: BENCH_JUNK (3000), BENCH_SERVER_ROOT (another checkout's server to start, to compare).
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';

import { DEFAULT_CATALOGUE_API_KEY } from '../server/config.ts';
import { startServer } from './load/server.ts';

const JUNK = Math.max(1, Number(process.env.BENCH_JUNK ?? 3000));
const GROWTH_TARGET_MB = 20;
const CONCURRENCY = 8;
const API_KEY = process.env.MARQUEE_CATALOGUE_API_KEY || DEFAULT_CATALOGUE_API_KEY;
const ROOT = process.env.BENCH_SERVER_ROOT || fileURLToPath(new URL('..', import.meta.url));
/** Real addresses with large answers: a row, a detail view with everything appended, trending, a search. */
const ADDRESSES = [
  '/tmdb/3/discover/movie?with_genres=28',
  '/tmdb/3/movie/297762?append_to_response=videos,credits,images,similar,recommendations,release_dates',
  '/tmdb/3/tv/66732?append_to_response=videos,credits,images,similar,recommendations,content_ratings',
  '/tmdb/3/trending/all/week',
  '/tmdb/3/search/whole?query=star',
];

/** A process's resident memory in bytes, and its children's pids. */
function processMemory(pid: number): { rss: number; children: number[] } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rss = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0) * 1024;
  const children: number[] = [];
  for (const task of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ')) {
    if (task) children.push(Number(task));
  }
  return { rss, children };
}
/** The primary's and each worker's RSS. */
function serverMemory(pid: number): Array<{ pid: number; rss: number }> {
  const primary = processMemory(pid);
  return [
    { pid, rss: primary.rss },
    ...primary.children.map((child) => ({ pid: child, rss: processMemory(child).rss })),
  ];
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

const server = await startServer(ROOT).catch((error: unknown) => {
  console.error(`catalogue-junk: the server did not start: ${String(error)}`);
  process.exit(1);
});
let crashed = false;
server.onCrash(() => {
  crashed = true;
});
const { port } = new URL(server.url);
// Kept-alive connections; the server closes each after 1,000 requests, and the cluster's primary
// hands the next one to the next worker, so every worker gets its share.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function get(path: string): Promise<number> {
  const separator = path.includes('?') ? '&' : '?';
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: '127.0.0.1', port, path: `${path}${separator}api_key=${API_KEY}`, agent },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end();
  });
}

/** Sends `count` requests, CONCURRENCY at a time; counts the answers by status. */
async function send(count: number, path: (index: number) => string): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count && !crashed) {
        const status = await get(path(next++));
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return statuses;
}
const describe = (statuses: Map<number, number>) =>
  [...statuses].map(([status, count]) => `${status}×${count}`).join(' ');

let exitCode = 0;
try {
  // As many real requests as junk ones first: each worker computes and keeps every real answer,
  // and its heap grows to what serving costs, so what follows measures only what junk keeps.
  const warm = await send(JUNK, (index) => ADDRESSES[index % ADDRESSES.length]);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const before = serverMemory(server.pid);

  const junk = await send(JUNK, (index) => {
    const address = ADDRESSES[index % ADDRESSES.length];
    return `${address}${address.includes('?') ? '&' : '?'}junk${index}=${index.toString(36).repeat(8)}`;
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = serverMemory(server.pid);

  if (crashed) throw new Error(`the server crashed:\n${server.output()}`);
  const total = (list: Array<{ rss: number }>) => list.reduce((sum, { rss }) => sum + rss, 0);
  const growth = total(after) - total(before);
  console.log(`catalogue-junk: ${after.length - 1} worker(s), server at ${server.url}`);
  console.log(`  real addresses first: ${describe(warm)}`);
  console.log(`  junk addresses:       ${describe(junk)}`);
  for (const { pid, rss } of after) {
    const was = before.find((process) => process.pid === pid)?.rss ?? 0;
    const role = pid === server.pid ? 'primary' : 'worker ';
    console.log(`  ${role} ${pid}: RSS ${mb(was)} MB → ${mb(rss)} MB (${rss >= was ? '+' : ''}${mb(rss - was)} MB)`);
  }
  console.log(
    `RSS growth after ${JUNK} junk-parameter addresses: ${mb(growth)} MB (target < ${GROWTH_TARGET_MB} MB) ${
      growth < GROWTH_TARGET_MB * 1024 * 1024 ? 'MET' : 'MISS'
    }`,
  );
} catch (error) {
  console.error(`catalogue-junk: ${error instanceof Error ? error.message : String(error)}`);
  exitCode = 1;
} finally {
  agent.destroy();
  await server.dispose();
}
process.exit(exitCode);
