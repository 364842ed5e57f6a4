import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';

import { afterEach, describe, expect, it, vi } from 'vitest';

import type { Account } from '../../server/accounts/accounts-repository.ts';
import { type EndedSessions, SessionCache } from '../../server/accounts/session-cache.ts';
import {
  FORGET_TIMEOUT_MS,
  relayEndedSessions,
  workerEndedSessionsRelay,
} from '../../server/cluster/ended-sessions-relay.ts';

const account = (uid: string): Account => ({ uid, email: `${uid}@example.com`, passwordHash: 'h', createdAt: 0 });

describe('the sessions a process remembers', () => {
  it('gives a remembered session until it expires', () => {
    let now = 1000;
    const cache = new SessionCache(() => now);
    cache.set('k1', { account: account('ann'), expiresAt: 2000 });
    expect(cache.get('k1')).toEqual(account('ann'));
    expect(cache.get('unknown')).toBeUndefined();
    now = 2000;
    expect(cache.get('k1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('forgets one session by its key, or every session of an account', () => {
    const cache = new SessionCache(() => 0);
    cache.set('ann-1', { account: account('ann'), expiresAt: 10 });
    cache.set('ann-2', { account: account('ann'), expiresAt: 10 });
    cache.set('bob-1', { account: account('bob'), expiresAt: 10 });
    cache.forget({ key: 'ann-1' });
    expect([cache.get('ann-1'), cache.get('ann-2')?.uid, cache.get('bob-1')?.uid]).toEqual([undefined, 'ann', 'bob']);
    cache.forget({ uid: 'ann' });
    expect([cache.get('ann-2'), cache.get('bob-1')?.uid]).toEqual([undefined, 'bob']);
  });

  it('keeps at most its limit, the oldest going first', () => {
    const cache = new SessionCache(() => 0, 2);
    for (const key of ['a', 'b', 'c']) cache.set(key, { account: account(key), expiresAt: 10 });
    expect(cache.size).toBe(2);
    expect([cache.get('a'), cache.get('b')?.uid, cache.get('c')?.uid]).toEqual([undefined, 'b', 'c']);
  });
});

/**
 * Workers and their primary, wired as node:cluster wires them but in one process: each worker's
 * `process` is an emitter whose `send` reaches the primary's Worker object, and the primary's
 * `worker.send` reaches that worker's `process`, both asynchronously, as IPC is. A worker can be
 * made deaf (it never acknowledges) or not yet serving.
 */
function fakeCluster(size: number) {
  const primarySide: Array<Worker & { deaf: boolean; serving: boolean; killedFor?: string }> = [];
  const forgotten: EndedSessions[][] = [];
  const relays = Array.from({ length: size }, (_, index) => {
    const channel = Object.assign(new EventEmitter(), {
      connected: true,
      send: (message: unknown) => {
        setImmediate(() => primarySide[index]!.emit('message', message));
        return true;
      },
    });
    const handle = Object.assign(new EventEmitter(), {
      deaf: false,
      serving: true,
      isConnected: () => channel.connected,
      send: (message: unknown) => {
        if (!handle.deaf) setImmediate(() => channel.emit('message', message));
        return true;
      },
      exit: () => {
        channel.connected = false;
        handle.emit('exit', null, 'SIGKILL');
      },
    });
    primarySide.push(handle as unknown as (typeof primarySide)[number]);
    forgotten.push([]);
    const relay = workerEndedSessionsRelay(channel as unknown as NodeJS.Process);
    relay.listen((ended) => forgotten[index]!.push(ended));
    return relay;
  });
  const primary = relayEndedSessions({
    everyWorker: () => primarySide,
    serving: (worker) => (worker as (typeof primarySide)[number]).serving,
    kill: (worker, why) => {
      const handle = worker as (typeof primarySide)[number];
      handle.killedFor = why;
      (handle as unknown as { exit: () => void }).exit();
    },
  });
  for (const worker of primarySide) primary.watch(worker);
  return { relays, workers: primarySide, forgotten };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

afterEach(() => {
  vi.useRealTimers();
});

describe('ended sessions across workers', () => {
  it('resolve once every other worker has forgotten them, and not before', async () => {
    const { relays, forgotten } = fakeCluster(3);
    let answered = false;
    const ending = relays[0]!.announce({ key: 'k1' }).then(() => (answered = true));
    // The answer needs two hops there and two back: nothing has been said yet.
    expect(answered).toBe(false);
    expect(forgotten).toEqual([[], [], []]);
    await ending;
    expect(forgotten).toEqual([[], [{ key: 'k1' }], [{ key: 'k1' }]]);
  });

  it('wait for a worker still serving, but not for one still starting (it remembers nothing)', async () => {
    const { relays, workers, forgotten } = fakeCluster(3);
    workers[2]!.serving = false;
    workers[2]!.deaf = true;
    await relays[1]!.announce({ uid: 'ann' });
    expect(forgotten[0]).toEqual([{ uid: 'ann' }]);
  });

  it('count a worker that exits as done, its memory gone with it', async () => {
    const { relays, workers } = fakeCluster(2);
    workers[1]!.deaf = true;
    let answered = false;
    const ending = relays[0]!.announce({ key: 'k1' }).then(() => (answered = true));
    await settle();
    expect(answered).toBe(false);
    (workers[1] as unknown as { exit: () => void }).exit();
    await ending;
  });

  it(`kill a worker that does not answer within ${FORGET_TIMEOUT_MS / 1000} s, then resolve`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { relays, workers } = fakeCluster(3);
    workers[2]!.deaf = true;
    let answered = false;
    const ending = relays[0]!.announce({ key: 'k1' }).then(() => (answered = true));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toBe(false);
    vi.advanceTimersByTime(FORGET_TIMEOUT_MS);
    await ending;
    expect(workers[2]!.killedFor).toMatch(/did not forget ended sessions/);
    expect(workers[1]!.killedFor).toBeUndefined();
  });

  it('resolve at once in a worker whose primary has gone', async () => {
    const channel = Object.assign(new EventEmitter(), { connected: false, send: () => true });
    await workerEndedSessionsRelay(channel as unknown as NodeJS.Process).announce({ key: 'k1' });
  });
});
