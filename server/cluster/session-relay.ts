import type { Worker } from 'node:cluster';

import type { SessionRelay } from '../checkout/session-events.ts';

/** The IPC message a worker sends its primary, and the primary passes on to the other workers. */
interface SessionChanged {
  type: 'marquee:session-changed';
  uid: string;
  id: string;
}

function isSessionChanged(message: unknown): message is SessionChanged {
  const m = message as Partial<SessionChanged> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'marquee:session-changed' &&
    typeof m.uid === 'string' &&
    typeof m.id === 'string'
  );
}

/**
 * A worker's side of the relay: its changes go to the primary over the IPC channel, and the
 * primary's messages (other workers' changes) come back the same way (docs/decisions.md,
 * "Checkout updates across workers").
 */
export function workerSessionRelay(channel: NodeJS.Process = process): SessionRelay {
  return {
    announce(uid, id) {
      // A worker whose primary has gone is about to exit; nothing is left to tell.
      if (channel.connected) channel.send?.({ type: 'marquee:session-changed', uid, id } satisfies SessionChanged);
    },
    listen(listener) {
      const onMessage = (message: unknown) => {
        if (isSessionChanged(message)) listener(message.uid, message.id);
      };
      channel.on('message', onMessage);
      return () => channel.off('message', onMessage);
    },
  };
}

/** The primary's side: passes each change `from` announces on to every other live worker. */
export function relaySessionChanges(from: Worker, workers: () => Iterable<Worker>): void {
  from.on('message', (message: unknown) => {
    if (!isSessionChanged(message)) return;
    for (const worker of workers()) {
      if (worker !== from && worker.isConnected()) worker.send(message);
    }
  });
}
