import type { Worker } from 'node:cluster';

import type { EndedSessionsRelay } from '../accounts/session-cache.ts';
import {
  type Ended,
  type EndedEverywhere,
  type Forget,
  type Forgotten,
  isEnded,
  isEndedEverywhere,
  isForget,
  isForgotten,
} from './messages.ts';

/**
 * How long the primary waits for a worker to say it has forgotten ended sessions. A worker that
 * cannot answer in this long has a stuck event loop; it is killed (and replaced, as any worker that
 * dies), so that it can never take an ended session afterwards.
 */
export const FORGET_TIMEOUT_MS = 5000;

/**
 * A worker's side: its ended sessions go to the primary over the IPC channel, and the answer comes
 * once every other serving worker has forgotten them; the primary's requests to forget come the
 * same way and are acknowledged at once (docs/decisions.md, "Sessions remembered per worker").
 */
export function workerEndedSessionsRelay(channel: NodeJS.Process = process): EndedSessionsRelay {
  let nextRef = 0;
  const answers = new Map<number, () => void>();
  channel.on('message', (message: unknown) => {
    if (!isEndedEverywhere(message)) return;
    answers.get(message.ref)?.();
    answers.delete(message.ref);
  });
  // A worker whose primary has gone is about to exit, and so are the others: nothing is left to wait for.
  channel.on('disconnect', () => {
    for (const answer of answers.values()) answer();
    answers.clear();
  });
  return {
    announce(ended) {
      if (!channel.connected || !channel.send) return Promise.resolve();
      const ref = nextRef++;
      return new Promise<void>((resolve) => {
        answers.set(ref, resolve);
        channel.send!({ type: 'marquee:sessions-ended', ref, ended } satisfies Ended);
      });
    },
    listen(listener) {
      const onMessage = (message: unknown) => {
        if (!isForget(message)) return;
        listener(message.ended);
        if (channel.connected)
          channel.send?.({ type: 'marquee:sessions-forgotten', id: message.id } satisfies Forgotten);
      };
      channel.on('message', onMessage);
      return () => channel.off('message', onMessage);
    },
  };
}

/**
 * The primary's side. For each announcement of a worker, asks every other worker to forget the
 * sessions and answers the announcer once each serving worker has (or has exited, its memory
 * with it). A worker that does not answer within FORGET_TIMEOUT_MS is killed. Workers still
 * starting are asked too, but not waited for: they have served nothing, so they remember nothing.
 * `watch` is called with each worker as it is forked.
 */
export function relayEndedSessions(options: {
  everyWorker: () => Iterable<Worker>;
  serving: (worker: Worker) => boolean;
  kill: (worker: Worker, why: string) => void;
}): { watch: (worker: Worker) => void } {
  let nextId = 0;
  const pending = new Map<number, { from: Worker; ref: number; waitingFor: Set<Worker>; timer: NodeJS.Timeout }>();

  const settle = (id: number) => {
    const entry = pending.get(id)!;
    pending.delete(id);
    clearTimeout(entry.timer);
    if (entry.from.isConnected()) {
      entry.from.send({ type: 'marquee:sessions-ended-everywhere', ref: entry.ref } satisfies EndedEverywhere);
    }
  };
  const done = (id: number, worker: Worker) => {
    const entry = pending.get(id);
    if (entry?.waitingFor.delete(worker) && entry.waitingFor.size === 0) settle(id);
  };

  const announced = (from: Worker, message: Ended) => {
    const id = nextId++;
    const others = [...options.everyWorker()].filter((worker) => worker !== from && worker.isConnected());
    const waitingFor = new Set(others.filter(options.serving));
    const timer = setTimeout(() => {
      for (const worker of pending.get(id)?.waitingFor ?? []) {
        options.kill(worker, `it did not forget ended sessions within ${FORGET_TIMEOUT_MS / 1000} s`);
      }
    }, FORGET_TIMEOUT_MS);
    timer.unref();
    pending.set(id, { from, ref: message.ref, waitingFor, timer });
    for (const worker of others)
      worker.send({ type: 'marquee:forget-sessions', id, ended: message.ended } satisfies Forget);
    if (waitingFor.size === 0) settle(id);
  };

  return {
    watch(worker) {
      worker.on('message', (message: unknown) => {
        if (isEnded(message)) announced(worker, message);
        else if (isForgotten(message)) done(message.id, worker);
      });
      worker.once('exit', () => {
        for (const id of [...pending.keys()]) done(id, worker);
      });
    },
  };
}
