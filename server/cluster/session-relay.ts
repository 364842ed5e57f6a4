import type { Worker } from 'node:cluster';

import type { SessionRelay } from '../checkout/session-events.ts';

/** The IPC message a worker sends its primary, and the primary passes on to the other workers. */
interface SessionsChanged {
  type: 'marquee:sessions-changed';
  changes: Array<{ uid: string; id: string }>;
}

function isSessionsChanged(message: unknown): message is SessionsChanged {
  const m = message as Partial<SessionsChanged> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'marquee:sessions-changed' &&
    Array.isArray(m.changes) &&
    m.changes.every((change) => typeof change?.uid === 'string' && typeof change.id === 'string')
  );
}

/**
 * A worker's side: its changes go to the primary over the IPC channel, and the primary's messages
 * (other workers' changes) come back the same way (docs/decisions.md, "Checkout updates across
 * workers"). The changes of one event-loop turn go as one message: each message is a write to the
 * primary's pipe and wakes it, and the sessions processed in one commit are published together.
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
      if (changes.length === 0) setImmediate(send);
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
