import type { Worker } from 'node:cluster';

import { type LibraryControl, LibraryControlError, type LibraryControlErrorCode } from '../library/library-control.ts';
import { isLibraryCommand, isLibraryCommandDone, type LibraryCommand, type LibraryCommandDone } from './messages.ts';

const CODES: readonly LibraryControlErrorCode[] = ['not-found', 'refused', 'unavailable'];

/**
 * A worker's `app.libraryControl`: each command goes to the primary, which scans and runs ingest,
 * and settles when the primary answers that it is done (a rescan of a large library takes as long
 * as it takes). A primary that has gone refuses what was pending.
 */
export function workerLibraryControl(channel: NodeJS.Process = process): LibraryControl {
  let nextRef = 1;
  const pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  const unreachable = () => new LibraryControlError('unavailable', 'The library process could not be reached.');
  channel.on('message', (message: unknown) => {
    if (!isLibraryCommandDone(message)) return;
    const waiting = pending.get(message.ref);
    if (!waiting) return;
    pending.delete(message.ref);
    if (!message.error) return waiting.resolve();
    const code = CODES.find((c) => c === message.error!.code) ?? 'unavailable';
    waiting.reject(new LibraryControlError(code, message.error.message));
  });
  channel.on('disconnect', () => {
    for (const { reject } of pending.values()) reject(unreachable());
    pending.clear();
  });
  const ask = (command: Omit<LibraryCommand, 'type' | 'ref'>) =>
    new Promise<void>((resolve, reject) => {
      if (!channel.connected || !channel.send) return reject(unreachable());
      const ref = nextRef++;
      pending.set(ref, { resolve, reject });
      channel.send({ type: 'marquee:library-command', ref, ...command } satisfies LibraryCommand);
    });
  return {
    retry: (ingestKey) => ask({ command: 'retry', ingestKey }),
    rescan: () => ask({ command: 'rescan' }),
  };
}

/** The primary's side: runs a worker's command on its own control and answers when it is done. */
export function relayLibraryCommands(worker: Worker, control: LibraryControl): void {
  worker.on('message', (message: unknown) => {
    if (!isLibraryCommand(message)) return;
    const run = message.command === 'retry' ? control.retry(message.ingestKey!) : control.rescan();
    const answer = (error?: unknown) => {
      const done: LibraryCommandDone = { type: 'marquee:library-command-done', ref: message.ref };
      if (error !== undefined) {
        done.error = {
          code: error instanceof LibraryControlError ? error.code : 'unavailable',
          message: (error as Error).message,
        };
      }
      if (worker.isConnected()) worker.send(done);
    };
    run.then(
      () => answer(),
      (error: unknown) => answer(error ?? new Error('failed')),
    );
  });
}
