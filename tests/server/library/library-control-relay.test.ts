/**
 * A cluster worker's `app.libraryControl` relays each command to the primary, which runs it on
 * its own control and answers when it is done; the worker's promise settles with that answer.
 */
import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';

import { describe, expect, it } from 'vitest';

import { relayLibraryCommands, workerLibraryControl } from '../../../server/cluster/library-control-relay.ts';
import { type LibraryControl, LibraryControlError } from '../../../server/library/library-control.ts';

/** A worker's process channel and the primary's Worker, joined to each other in memory. */
function channelPair() {
  const workerSide = new EventEmitter() as EventEmitter & { connected: boolean; send: (m: unknown) => boolean };
  const primarySide = new EventEmitter() as EventEmitter & {
    isConnected: () => boolean;
    send: (m: unknown) => boolean;
  };
  workerSide.connected = true;
  workerSide.send = (message) => (setImmediate(() => primarySide.emit('message', message)), true);
  primarySide.isConnected = () => workerSide.connected;
  primarySide.send = (message) => (setImmediate(() => workerSide.emit('message', message)), true);
  return { workerSide, primarySide };
}

describe('the library commands across a cluster', () => {
  it('runs a worker’s retry and rescan in the primary and settles once they are done', async () => {
    const { workerSide, primarySide } = channelPair();
    const ran: string[] = [];
    let finishRescan: () => void = () => {};
    const control: LibraryControl = {
      retry: async (key) => {
        ran.push(`retry ${key}`);
        if (key === 'library-9') throw new LibraryControlError('not-found', 'No library file has the ingest key');
      },
      rescan: () =>
        new Promise<void>((resolve) => {
          ran.push('rescan');
          finishRescan = resolve;
        }),
    };
    relayLibraryCommands(primarySide as unknown as Worker, control);
    const relayed = workerLibraryControl(workerSide as unknown as NodeJS.Process);

    await expect(relayed.retry('library-1')).resolves.toBeUndefined();
    const refused = await relayed.retry('library-9').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LibraryControlError);
    expect(refused).toMatchObject({ code: 'not-found', message: 'No library file has the ingest key' });

    let rescanned = false;
    const rescan = relayed.rescan().then(() => (rescanned = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(rescanned).toBe(false);
    finishRescan();
    await rescan;
    expect(ran).toEqual(['retry library-1', 'retry library-9', 'rescan']);
  });

  it('refuses what is pending, and what is asked, once the primary has gone', async () => {
    const { workerSide } = channelPair();
    workerSide.send = () => true; // the primary never answers
    const relayed = workerLibraryControl(workerSide as unknown as NodeJS.Process);
    const pending = relayed.rescan();
    workerSide.connected = false;
    workerSide.emit('disconnect');
    await expect(pending).rejects.toMatchObject({ code: 'unavailable' });
    await expect(relayed.retry('library-1')).rejects.toMatchObject({ code: 'unavailable' });
  });
});
