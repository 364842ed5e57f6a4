import type { Worker } from 'node:cluster';

import type { SessionRelay } from '../checkout/session-events.ts';
import { isSessionsChanged, type SessionsChanged } from './messages.ts';

/** How long a worker gathers changes before it sends them to the primary in one message. */
export const SEND_EVERY_MS = 10;

/**
 * A worker's side: its changes go to the primary over the IPC channel, and the primary's messages
 * (other workers' changes) come back the same way (docs/decisions.md, "Checkout updates across
 * workers"). Changes go at most every SEND_EVERY_MS, together: under load a worker processes a
 * checkout every few milliseconds, and each message is a write to the primary's pipe that wakes
 * it (3 % of a worker's CPU under `bench:load`, one message per checkout). A payment then reaches
 * a page watching it from another worker that much later, which nobody can see.
 */
export function workerSessionRelay(channel: NodeJS.Process = process): SessionRelay {
  let changes: SessionsChanged['changes'] = [];
  const send = () => {
    const message: SessionsChanged = { type: 'marquee:sessions-changed', changes };
    changes = [];
    // A worker whose primary has gone is about to exit; nothing is left to tell.
    if (channel.connected) channel.send?.(message);
  };
  return {
    announce(uid, id) {
      if (changes.length === 0) setTimeout(send, SEND_EVERY_MS).unref();
      changes.push({ uid, id });
    },
    listen(listener) {
      const onMessage = (message: unknown) => {
        if (isSessionsChanged(message)) for (const { uid, id } of message.changes) listener(uid, id);
      };
      channel.on('message', onMessage);
      return () => channel.off('message', onMessage);
    },
  };
}

/** The primary's side: passes each change `from` announces on to every other live worker. */
export function relaySessionChanges(from: Worker, workers: () => Iterable<Worker>): void {
  from.on('message', (message: unknown) => {
    if (!isSessionsChanged(message)) return;
    for (const worker of workers()) {
      if (worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}
