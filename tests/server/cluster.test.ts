/**
 * The cluster (MARQUEE_WORKERS=2, server/cluster/primary.ts), as `npm start` runs it on this
 * machine: the real server in its own processes, each request on a new connection, which the
 * primary hands to the workers in turn. The request log (LOG_LEVEL=info: each line carries the
 * worker's pid and the client's port) shows which worker answered what, so that the tests can
 * show the requests did spread over both.
 *
 * - The sign-in and sign-up throttles hold across workers: a burst spread over both checks at
 *   most the limit (they share the database's count, not a process's memory).
 * - A payment made on one worker reaches event streams open on the other.
 * - A rolling restart (SIGHUP) loses no request: every one sent before, during and after it is
 *   answered, slow sign-ins included, and both workers are new afterwards.
 * - A worker killed with SIGKILL is replaced, and the writes it acknowledged are kept.
 * - Each worker remembers the sessions it has looked up; a session that ends (sign-out, "Sign out
 *   of all devices") is refused by every worker once the request that ended it is answered.
 */
import { request as httpRequest } from 'node:http';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MarqueeServer } from '../e2e/support/marquee-server.ts';
import { call as callOnce, type CallOptions, SESSION_COOKIE, sessionTokenOf } from './support/http-call.ts';

const PASSWORD = 'secret-password';
const SIGN_UPS_PER_HOUR = 10;
const GOOD_CARD = { number: '4242424242424242', expiry: '12 / 34', cvc: '123', name: 'Ann Example' };

/** A request has this long to be answered: a connection handed to no worker fails fast, named, instead of hanging. */
const ANSWER_TIMEOUT_MS = 30_000;

const call = (base: string, method: string, path: string, options: CallOptions = {}) =>
  callOnce(base, method, path, { timeoutMs: ANSWER_TIMEOUT_MS, ...options });

/** Which worker (pid) answered the request from each client port, read from the request log. */
function workersByPort(log: string): Map<number, number> {
  const byPort = new Map<number, number>();
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { pid?: number; msg?: string; req?: { remotePort?: number } };
      if (entry.msg === 'incoming request' && entry.req?.remotePort && entry.pid) {
        byPort.set(entry.req.remotePort, entry.pid);
      }
    } catch {
      // Not a log line.
    }
  }
  return byPort;
}

async function workerOf(server: MarqueeServer, port: number): Promise<number> {
  // The line may still be on its way through the pipe.
  for (let tries = 0; tries < 100; tries++) {
    const pid = workersByPort(server.log).get(port);
    if (pid !== undefined) return pid;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no request log line for client port ${port}`);
}

async function signUp(base: string, email: string) {
  const reply = await call(base, 'POST', '/api/auth/sign-up', { body: { email, password: PASSWORD } });
  expect(reply.status, JSON.stringify(reply.body)).toBe(201);
  return { uid: reply.body.user.uid as string, token: sessionTokenOf(reply)!, email };
}

const count = (statuses: number[]) => {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
};

/** An event stream on its own connection: its events as they come, and the client port it used. */
function openEvents(base: string, path: string, token: string) {
  const events: Array<{ session: { status?: string; sessionId?: string } }> = [];
  const waiters: Array<() => void> = [];
  let localPort = 0;
  const opened = new Promise<void>((resolve, reject) => {
    const request = httpRequest(
      `${base}${path}`,
      { headers: { accept: 'text/event-stream', cookie: `${SESSION_COOKIE}=${token}` }, agent: false },
      (response) => {
        localPort = response.socket.localPort ?? 0;
        if (response.statusCode !== 200) reject(new Error(`events: ${response.statusCode}`));
        let buffer = '';
        response.on('data', (chunk: Buffer) => {
          buffer += chunk.toString('utf8');
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('data: ')) events.push(JSON.parse(block.slice(6)));
            for (const wake of waiters.splice(0)) wake();
          }
        });
        resolve();
      },
    );
    request.on('error', reject);
    request.end();
  });
  const until = async (test: () => boolean, what: string) => {
    const deadline = Date.now() + 20_000;
    while (!test()) {
      if (Date.now() > deadline) throw new Error(`events: no ${what} (got ${JSON.stringify(events)})`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  };
  return {
    opened,
    events,
    get localPort() {
      return localPort;
    },
    until,
  };
}

describe('the cluster: two workers over one database', () => {
  const server = new MarqueeServer({
    workers: 2,
    env: { LOG_LEVEL: 'info', MARQUEE_SIGN_UPS_PER_HOUR: String(SIGN_UPS_PER_HOUR) },
  });
  let base = '';
  const accounts: Array<{ uid: string; token: string; email: string }> = [];

  beforeAll(async () => {
    await server.start();
    base = server.url;
    expect(await server.waitForWorkers(2)).toHaveLength(2);
    for (const name of ['burst', 'events', 'restart', 'kill', 'signout'])
      accounts.push(await signUp(base, `${name}@example.com`));
  }, 120_000);

  afterAll(async () => {
    const workers = server.workerPids();
    await server.dispose();
    // No worker outlives the primary's graceful stop.
    const alive = workers.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(alive).toEqual([]);
  }, 30_000);

  it('checks at most the per-e-mail limit of a burst of wrong passwords spread over both workers', async () => {
    const email = accounts[0]!.email;
    // 200 in flight, the right password among them (in the middle): it is refused too.
    const guesses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(base, 'POST', '/api/auth/sign-in', { body: { email, password: i === 100 ? PASSWORD : `guess-${i}` } }),
      ),
    );
    const workers = await Promise.all(guesses.map((reply) => workerOf(server, reply.localPort)));
    expect(new Set(workers).size, 'the burst reached both workers').toBe(2);
    expect(count(guesses.map((reply) => reply.status))).toEqual({ 401: 5, 429: 195 });
    expect(guesses[100]!.status).toBe(429);
    // The right password, after the burst, on whichever worker: still blocked.
    for (let i = 0; i < 2; i++) {
      const right = await call(base, 'POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
      expect(right.status).toBe(429);
      expect(right.body.error.code).toBe('auth/too-many-requests');
    }
  }, 60_000);

  it('makes at most the per-address sign-up limit of a burst spread over both workers', async () => {
    const made = accounts.length;
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(base, 'POST', '/api/auth/sign-up', { body: { email: `burst-${i}@example.com`, password: PASSWORD } }),
      ),
    );
    const workers = await Promise.all(replies.map((reply) => workerOf(server, reply.localPort)));
    expect(new Set(workers).size, 'the burst reached both workers').toBe(2);
    expect(count(replies.map((reply) => reply.status))).toEqual({
      201: SIGN_UPS_PER_HOUR - made,
      429: 200 - (SIGN_UPS_PER_HOUR - made),
    });
  }, 60_000);

  it('sends a payment made on one worker to the event streams open on the other', async () => {
    const { uid, token } = accounts[1]!;
    const sessionsPath = `/api/documents/customers/${uid}/checkout_sessions`;
    const created = await call(base, 'POST', sessionsPath, {
      token,
      body: { price: 'price_1MqBasicMonthlyGbp', success_url: `${base}/account`, cancel_url: `${base}/change-plan` },
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    let sessionId: string | undefined;
    for (let tries = 0; !sessionId && tries < 200; tries++) {
      sessionId = (await call(base, 'GET', `${sessionsPath}/${id}`, { token })).body.session.sessionId;
      if (!sessionId) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(sessionId).toMatch(/^cs_test_/);

    // Streams on new connections until both workers hold some.
    const streams: Array<ReturnType<typeof openEvents> & { worker: number }> = [];
    while (new Set(streams.map((stream) => stream.worker)).size < 2) {
      expect(streams.length, 'the streams never reached both workers').toBeLessThan(20);
      const stream = openEvents(base, `${sessionsPath}/${id}/events`, token);
      await stream.opened;
      await stream.until(() => stream.events.length > 0, 'first event');
      expect(stream.events[0]!.session.status).toBe('open');
      streams.push({ ...stream, worker: await workerOf(server, stream.localPort) });
    }

    const paid = await call(base, 'POST', `/checkout/${sessionId}/pay`, { token, body: GOOD_CARD });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const payer = await workerOf(server, paid.localPort);
    expect(streams.some((stream) => stream.worker !== payer)).toBe(true);
    for (const stream of streams) {
      await stream.until(() => stream.events.at(-1)?.session.status === 'complete', 'complete session');
    }
  }, 60_000);

  it('refuses an ended session on every worker once its sign-out is answered', async () => {
    const { email, token } = accounts[4]!;
    const signedIn = await call(base, 'POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } });
    expect(signedIn.status).toBe(200);
    const second = sessionTokenOf(signedIn)!;
    /** Whom the session belongs to, as every answer said, asking until both workers have answered. */
    const onEveryWorker = async (sessionToken: string) => {
      const answers: Array<string | null> = [];
      const workers = new Set<number>();
      while (workers.size < 2) {
        expect(answers.length, 'the requests never reached both workers').toBeLessThan(40);
        const reply = await call(base, 'GET', '/api/auth/session', { token: sessionToken });
        expect(reply.status).toBe(200);
        answers.push(reply.body.user?.email ?? null);
        workers.add(await workerOf(server, reply.localPort));
      }
      return new Set(answers);
    };
    // Both workers have looked both sessions up (and remember them).
    expect(await onEveryWorker(token)).toEqual(new Set([email]));
    expect(await onEveryWorker(second)).toEqual(new Set([email]));

    expect((await call(base, 'POST', '/api/auth/sign-out', { token })).status).toBe(204);
    expect(await onEveryWorker(token)).toEqual(new Set([null]));
    expect(await onEveryWorker(second)).toEqual(new Set([email]));

    expect((await call(base, 'POST', '/api/auth/sign-out-everywhere', { token: second })).status).toBe(204);
    expect(await onEveryWorker(second)).toEqual(new Set([null]));
  }, 60_000);

  it('answers every request sent before, during and after a rolling restart (SIGHUP)', async () => {
    const { email, uid, token } = accounts[2]!;
    const before = server.workerPids();
    expect(before).toHaveLength(2);
    const paths = [
      '/api/auth/session',
      '/tmdb/3/trending/all/week?api_key=marquee-local-key',
      `/api/documents/customers/${uid}/profiles`,
    ];
    let restarted = false;
    const failures: string[] = [];
    let answered = 0;
    const client = async (index: number) => {
      for (let n = 0; !restarted; n++) {
        // Two clients sign in every other time (argon2 keeps a sign-in in flight for a while); at
        // most two at once, as a sign-in in flight holds one of the e-mail's five attempts.
        const reply =
          index < 2 && n % 2 === 0
            ? await call(base, 'POST', '/api/auth/sign-in', { body: { email, password: PASSWORD } })
            : await call(base, 'GET', paths[n % paths.length]!, { token });
        answered++;
        if (reply.status !== 200) failures.push(`${reply.status} ${JSON.stringify(reply.body).slice(0, 200)}`);
        // A steady stream, not a flood: the new workers have to start on the same two cores.
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    };
    const clients = Array.from({ length: 8 }, (_, index) =>
      client(index).catch((error: unknown) => {
        failures.push(String(error));
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const logLength = server.log.length;
    process.kill(server.pid!, 'SIGHUP');
    // Generous: on a busy machine a worker takes tens of seconds to import and build the app.
    const deadline = Date.now() + 300_000;
    while (!server.log.slice(logLength).includes('rolling restart done')) {
      expect(Date.now(), `the rolling restart did not finish:\n${server.log.slice(logLength)}`).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    restarted = true;
    await Promise.all(clients);

    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(20);
    const after = server.workerPids();
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
  }, 360_000);

  it('replaces a worker killed with SIGKILL and keeps the writes it acknowledged', async () => {
    const { uid, token } = accounts[3]!;
    const path = `/api/documents/customers/${uid}/profiles`;
    // Sign-up made the account's first profile.
    const acknowledged: string[] = (await call(base, 'GET', path, { token })).body.profiles.map(
      (profile: { id: string }) => profile.id,
    );
    expect(acknowledged).toHaveLength(1);
    // Enough writes on new connections that both workers acknowledged some (round robin), and room
    // for one more under the five-profile limit.
    for (let i = 0; i < 3; i++) {
      const reply = await call(base, 'POST', path, { token, body: { name: `Viewer ${i}` } });
      expect(reply.status).toBe(201);
      acknowledged.push(reply.body.profile.id);
    }
    const killed = await server.crashWorker();
    const replacements = await server.waitForWorkers(2, [killed]);
    expect(replacements).not.toContain(killed);

    // Every acknowledged write is there, on whichever worker reads it; and writes go on.
    expect(acknowledged).toHaveLength(4);
    for (let i = 0; i < 4; i++) {
      const reply = await call(base, 'GET', path, { token });
      expect(reply.status).toBe(200);
      expect(reply.body.profiles.map((profile: { id: string }) => profile.id)).toEqual(acknowledged);
    }
    const more = await call(base, 'POST', path, { token, body: { name: 'After' } });
    expect(more.status).toBe(201);
  }, 60_000);
});
