// `npm run bench:load`: the server under many signed-in viewers at once.
// Starts the real server in its own process on a free 127.0.0.1 port with a throw-away data
// folder (or targets BENCH_URL, a server already running on this machine), signs up the
// accounts through the API (argon2id: slow on purpose, so a few at a time, not timed in the
// figures), then runs BENCH_USERS virtual users for BENCH_DURATION seconds: each signs in and
// then mixes home-screen rows, searches, profile changes and checkout sessions
// (bench/load/virtual-user.ts). Prints requests per second and p50/p95/p99/max latency per
// operation, the errors by kind, and the CPU per request of the load generator, the primary and
// each worker once every user has signed in (who the two cores went to).
// Targets: zero errors and zero 5xx; reads (rows, searches, profile lists together) at p99 ≤ 25 ms,
// the median of BENCH_RUNS runs (3). The server runs as `npm start` runs it: a cluster of one
// worker per core (MARQUEE_WORKERS), unless set otherwise.
// A benchmark, not a test: it exits 0 when it ran, whatever the figures; 1 when setup failed
// or the server crashed.
// Settings: BENCH_USERS (200), BENCH_DURATION (seconds per run, 60), BENCH_RUNS (3), BENCH_URL (loopback only).
import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

import { DEFAULT_CATALOGUE_API_KEY } from '../server/config.ts';
import { positiveInteger } from './load/env.ts';
import { HttpClient, Recorder } from './load/http.ts';
import { type ProcessCpu, type ServerProcess, startServer } from './load/server.ts';
import { SESSION_COOKIE, virtualUser } from './load/virtual-user.ts';

const USERS = positiveInteger('BENCH_USERS', 200);
const DURATION_S = positiveInteger('BENCH_DURATION', 60);
/** Runs against the same server and accounts; each figure printed at the end is their median. */
const RUNS = positiveInteger('BENCH_RUNS', 3);
const READS_P99_TARGET_MS = 25;
/** Sign-ups at a time: each hashes a password with argon2id (19 MiB, deliberately slow). */
const SIGN_UP_CONCURRENCY = 4;
const PASSWORD = 'load-bench-password-1';
const API_KEY = process.env.MARQUEE_CATALOGUE_API_KEY || DEFAULT_CATALOGUE_API_KEY;
const READ_OPS = new Set(['row', 'search', 'profiles list']);
/** The order of the table: the timed sign-in, then the loop's operations by weight. */
const OP_ORDER = [
  'sign in',
  'row',
  'search',
  'profiles list',
  'profile select',
  'profile rename',
  'profile add',
  'profile delete',
  'checkout create',
  'checkout read',
];
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A server on this machine only: a load test aimed elsewhere would be an attack. */
function loopbackUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`BENCH_URL is not a URL: "${raw}"`);
  }
  if (url.protocol !== 'http:') throw new Error(`BENCH_URL must be an http:// address, got "${raw}"`);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`BENCH_URL must name a loopback host (127.0.0.1, localhost or [::1]), got "${url.hostname}"`);
  }
  return new URL(url.origin);
}

const ms = (micros: number) => (micros / 1000).toFixed(1);
const seconds = (millis: number) => `${(millis / 1000).toFixed(1)} s`;

function table(header: string[], rows: string[][]) {
  const widths = header.map((_, i) => Math.max(header[i]!.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
}

/** CPU seconds the whole machine has spent busy (all cores, all processes), or null off Linux. */
function machineBusySeconds(): number | null {
  try {
    // user nice system idle iowait irq softirq steal …, in 1/100 s
    const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]!
      .trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return (user! + nice! + system! + irq! + softirq!) / 100;
  } catch {
    return null;
  }
}

/** Everyone's CPU time at one moment of a run, and how many requests had finished by then. */
interface CpuMark {
  at: number;
  finished: number;
  /** The load generator (this process), in µs of user + system time. */
  client: NodeJS.CpuUsage;
  server: ProcessCpu[] | null;
}

/**
 * CPU per request between two marks, for the generator and each server process: far steadier
 * than latency on a loaded machine, and it shows who the two cores went to.
 */
function cpuPerRequest(from: CpuMark, to: CpuMark): string {
  const requests = to.finished - from.finished;
  const seconds = (to.at - from.at) / 1000;
  if (requests <= 0 || seconds <= 0) return 'no requests finished after the last sign-in';
  const clientSeconds = (to.client.user - from.client.user + to.client.system - from.client.system) / 1e6;
  const cell = (label: string, cpuSeconds: number) =>
    `${label} ${((cpuSeconds / requests) * 1e6).toFixed(0)} µs (${((cpuSeconds / seconds) * 100).toFixed(0)} %)`;
  const parts = [cell('load generator', clientSeconds)];
  if (from.server && to.server) {
    const before = new Map(from.server.map((p) => [p.pid, p.seconds]));
    // A process that was not there at the first mark (a replaced worker) counts from zero.
    const used = to.server.map((p) => ({ ...p, seconds: p.seconds - (before.get(p.pid) ?? 0) }));
    const total = used.reduce((sum, p) => sum + p.seconds, 0);
    parts.push(
      `${cell('server', total)}: ` +
        used.map((p) => cell(p.role === 'primary' ? 'primary' : `worker ${p.pid}`, p.seconds)).join(', '),
    );
  }
  return (
    `CPU per request after the last sign-in (${requests} requests in ${seconds.toFixed(1)} s, ${Math.round(requests / seconds)} req/s; ` +
    `in brackets, % of one core): ${parts.join('; ')}`
  );
}

/** Runs `task` for each item, at most `limit` at a time; the first failure fails the lot. */
async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    try {
      while (next < items.length && !failed) await task(items[next++]!);
    } catch (error) {
      failed = true;
      throw error;
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const cpu = cpus();
console.log(
  `bench:load on ${cpu.length} × ${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, ` +
    `Node ${process.version}, load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')}`,
);
console.log(`${USERS} virtual users for ${DURATION_S} s, ${RUNS} runs\n`);

let server: ServerProcess | undefined;
let client: HttpClient | undefined;
let failed = false;
// Ctrl-C: stop the server and remove its data folder before leaving.
process.once('SIGINT', () => {
  void (server?.dispose() ?? Promise.resolve()).finally(() => process.exit(130));
});

try {
  let base: URL;
  if (process.env.BENCH_URL) {
    base = loopbackUrl(process.env.BENCH_URL);
    console.log(`Target: ${base.origin} (BENCH_URL, already running)`);
  } else {
    const started = performance.now();
    server = await startServer(ROOT);
    base = new URL(server.url);
    console.log(
      `Target: ${server.url} (server/main.ts started in ${seconds(performance.now() - started)}, pid ${server.pid}, a fresh data folder)`,
    );
  }
  client = new HttpClient(base, USERS + SIGN_UP_CONCURRENCY);

  // ── setup: accounts, each with one profile, as a viewer who has used the app; not timed ──
  const setupStarted = performance.now();
  // Unique e-mails, so that a server that already ran this benchmark takes the new accounts.
  const runId = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const emails = Array.from({ length: USERS }, (_, i) => `load-${runId}-${i}@example.com`);
  const expect = async (status: number, method: string, path: string, options?: Parameters<HttpClient['send']>[2]) => {
    const answer = await client!.send(method, path, options);
    if (answer.status !== status)
      throw new Error(
        `setup: ${method} ${path} answered ${answer.status}, not ${status}: ${answer.body.slice(0, 300)}`,
      );
    return answer;
  };
  await inBatches(emails, SIGN_UP_CONCURRENCY, async (email) => {
    const signedUp = await expect(201, 'POST', '/api/auth/sign-up', { json: { email, password: PASSWORD } });
    const token = signedUp.setCookie.map((c) => new RegExp(`^${SESSION_COOKIE}=([^;]+)`).exec(c)?.[1]).find(Boolean);
    if (!token) throw new Error('setup: sign-up set no session cookie');
    const cookie = `${SESSION_COOKIE}=${token}`;
    const { user } = JSON.parse(signedUp.body) as { user: { uid: string } };
    await expect(201, 'POST', `/api/documents/customers/${user.uid}/profiles`, { cookie, json: { name: 'Alex' } });
    await expect(204, 'POST', '/api/auth/sign-out', { cookie });
  });
  // The plans on offer, as the change-plan screen reads them: active products' active recurring prices.
  const { products } = JSON.parse((await expect(200, 'GET', '/api/documents/products')).body) as {
    products: Array<{ active: boolean; prices: Array<{ id: string; active: boolean; type: string }> }>;
  };
  const priceIds = products
    .filter((p) => p.active)
    .flatMap((p) => p.prices.filter((pr) => pr.active && pr.type === 'recurring').map((pr) => pr.id));
  if (priceIds.length === 0) throw new Error('setup: /api/documents/products offers no active recurring price');
  console.log(
    `Setup: ${USERS} accounts signed up with one profile each in ${seconds(performance.now() - setupStarted)} ` +
      `(${SIGN_UP_CONCURRENCY} at a time; argon2id hashing); ${priceIds.length} plan prices\n`,
  );

  const runs: Array<{
    readsP99: number;
    perRead: Record<string, number>;
    errors: number;
    fiveHundreds: number;
    requestsPerSecond: number;
  }> = [];
  for (let round = 1; round <= RUNS; round++) {
    console.log(`\n── run ${round} of ${RUNS} ──`);
    // ── the run ──
    const recorder = new Recorder(READ_OPS);
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const clientCpuBefore = process.cpuUsage();
    const serverCpuBefore = server?.cpuSeconds() ?? null;
    const machineBefore = machineBusySeconds();
    const runStarted = performance.now();
    const run = { endsAt: runStarted + DURATION_S * 1000 };
    const mark = (): CpuMark => ({
      at: performance.now(),
      finished: recorder.finished,
      client: process.cpuUsage(),
      server: server?.cpuByProcess() ?? null,
    });
    // From the last sign-in on, no password is hashed: CPU per request is the steady state's.
    let signedInMark: CpuMark | undefined;
    let signedIn = 0;
    const onSignedIn = () => {
      if (++signedIn === USERS) {
        recorder.allSignedInAt = performance.now();
        signedInMark = mark();
      }
    };
    // A crashed server ends the run at once.
    server?.onCrash(() => (run.endsAt = 0));
    await Promise.all(
      emails.map((email, i) =>
        virtualUser({
          // Each user from an address of its own (198.18.0.0/15, set aside for benchmarks by RFC 2544): 200 viewers are not one visitor.
          client: client!.from(`198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`),
          recorder,
          email,
          password: PASSWORD,
          apiKey: API_KEY,
          priceIds,
          run,
          seed: i + 1,
          onSignedIn,
        }),
      ),
    );
    const endMark = mark();
    const elapsed = (performance.now() - runStarted) / 1000;
    loopDelay.disable();
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCpuAfter = server?.cpuSeconds() ?? null;
    const machineAfter = machineBusySeconds();

    if (server?.crashed) {
      const { code, signal } = server.crashed;
      throw new Error(
        `the server crashed during the run (exit code ${code}, signal ${signal}). Its last output:\n${server.output()}`,
      );
    }

    // ── report ──
    const names = [
      ...OP_ORDER.filter((name) => recorder.ops.has(name)),
      ...[...recorder.ops.keys()].filter((name) => !OP_ORDER.includes(name)),
    ];
    let totalRequests = 0;
    let totalErrors = 0;
    const rows = names.map((name) => {
      const op = recorder.ops.get(name)!;
      totalRequests += op.requests;
      totalErrors += op.errors;
      const answered = op.latency.count > 0;
      const at = (p: number) => (answered ? ms(op.latency.percentile(p)) : '—');
      return [
        name,
        String(op.requests),
        (op.requests / elapsed).toFixed(1),
        at(50),
        at(95),
        at(99),
        answered ? ms(op.latency.max) : '—',
        String(op.errors),
      ];
    });
    console.log(
      `Run: ${seconds(elapsed * 1000)} (sign-ins included); latency in ms, from sending to the whole answer read`,
    );
    console.log(table(['operation', 'requests', 'req/s', 'p50', 'p95', 'p99', 'max', 'errors'], rows));
    console.log(
      `\nTotal: ${totalRequests} requests, ${Math.round(totalRequests / elapsed)} req/s; ` +
        `${totalErrors} errors, ${recorder.fiveHundreds} of them 5xx`,
    );
    for (const [kind, { count, example }] of recorder.errorKinds) console.log(`  ${kind} × ${count}, e.g. ${example}`);
    if (recorder.reads.count > 0) {
      const r = recorder.reads;
      console.log(
        `Reads together (rows, searches, profile lists): p50 ${ms(r.percentile(50))}, p95 ${ms(r.percentile(95))}, p99 ${ms(r.percentile(99))} ms`,
      );
    }
    const after = recorder.readsAfterSignIns;
    if (after.count > 0) {
      console.log(
        `  of them sent after the last sign-in (${seconds(recorder.allSignedInAt - runStarted)} into the run): ` +
          `p50 ${ms(after.percentile(50))}, p95 ${ms(after.percentile(95))}, p99 ${ms(after.percentile(99))} ms`,
      );
    }

    // Where the time went: both processes share the machine's cores.
    const clientShare = (clientCpu.user + clientCpu.system) / 1e6 / elapsed;
    const serverShare =
      serverCpuBefore !== null && serverCpuAfter !== null ? (serverCpuAfter - serverCpuBefore) / elapsed : null;
    const machineShare =
      machineBefore !== null && machineAfter !== null ? (machineAfter - machineBefore) / elapsed : null;
    const percent = (share: number) => `${(share * 100).toFixed(0)} %`;
    console.log(
      `CPU, in % of one core (the machine has ${cpu.length}): load generator ${percent(clientShare)}` +
        (serverShare === null ? '' : `, server ${percent(serverShare)}`) +
        (machineShare === null || serverShare === null
          ? ''
          : `, other processes ${percent(Math.max(0, machineShare - clientShare - serverShare))}`) +
        `; the load generator's event-loop delay p99 ${(loopDelay.percentile(99) / 1e6).toFixed(1)} ms; ` +
        `load average ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')}`,
    );
    if (signedInMark) console.log(cpuPerRequest(signedInMark, endMark));
    if (recorder.fiveHundreds > 0 && server) console.log(`The server's last output:\n${server.output()}`);

    const p99 = (name: string) => {
      const h = recorder.ops.get(name)?.latency;
      return h && h.count > 0 ? h.percentile(99) / 1000 : Number.NaN;
    };
    runs.push({
      readsP99: recorder.reads.count > 0 ? recorder.reads.percentile(99) / 1000 : Number.NaN,
      perRead: Object.fromEntries([...READ_OPS].map((name) => [name, p99(name)])),
      errors: totalErrors,
      fiveHundreds: recorder.fiveHundreds,
      requestsPerSecond: totalRequests / elapsed,
    });
    if (server?.crashed) break;
  }

  // ── the figures: each a median of the runs ──
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const list = (values: number[]) => values.map((v) => v.toFixed(1)).join(', ');
  const readsP99 = median(runs.map((run) => run.readsP99));
  const errors = runs.reduce((sum, run) => sum + run.errors, 0);
  const fiveHundreds = runs.reduce((sum, run) => sum + run.fiveHundreds, 0);
  console.log(`\nMedian of ${runs.length} runs:`);
  console.log(
    `  requests per second ${median(runs.map((run) => run.requestsPerSecond)).toFixed(0)} (${list(runs.map((run) => run.requestsPerSecond))})`,
  );
  console.log(`  reads together p99 ${readsP99.toFixed(1)} ms (${list(runs.map((run) => run.readsP99))})`);
  for (const name of READ_OPS) {
    console.log(
      `  ${name} p99 ${median(runs.map((run) => run.perRead[name]!)).toFixed(1)} ms (${list(runs.map((run) => run.perRead[name]!))})`,
    );
  }
  const mark = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log('\nTargets:');
  console.log(
    `  ${mark(errors === 0 && fiveHundreds === 0)}  zero errors and zero 5xx in every run: ${errors} errors, ${fiveHundreds} 5xx`,
  );
  console.log(
    `  ${mark(readsP99 <= READS_P99_TARGET_MS)}  reads (rows, searches, profile lists together) p99 ≤ ${READS_P99_TARGET_MS} ms, median of ${runs.length} runs: ${readsP99.toFixed(1)} ms`,
  );
} catch (error) {
  failed = true;
  console.error(`\nbench:load failed: ${error instanceof Error ? error.message : String(error)}`);
  // A server that died during setup shows up above as a refused connection: say why.
  if (server?.crashed && !String(error).includes('crashed')) {
    console.error(
      `The server exited (code ${server.crashed.code}, signal ${server.crashed.signal}). Its last output:\n${server.output()}`,
    );
  }
} finally {
  client?.close();
  await server?.dispose();
}
process.exit(failed ? 1 : 0);
