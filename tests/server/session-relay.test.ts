import type { Worker } from 'node:cluster';
import { EventEmitter } from 'node:events';

import { describe, expect, it } from 'vitest';

import { SessionEvents } from '../../server/checkout/session-events.ts';
import { relaySessionChanges, SEND_EVERY_MS, workerSessionRelay } from '../../server/cluster/session-relay.ts';

/**
 * Three workers and their primary, wired as node:cluster wires them but in one process: each
 * worker's `process` is an emitter whose `send` reaches the primary's Worker object, and the
 * primary's `worker.send` reaches that worker's `process` (both asynchronously, as IPC is).
 */
function fakeCluster(size: number, toPrimary: unknown[] = []) {
  const primarySide: Worker[] = [];
  const workerSide = Array.from({ length: size }, (_, index) => {
    const channel = Object.assign(new EventEmitter(), {
      connected: true,
      send: (message: unknown) => {
        toPrimary.push(message);
        setImmediate(() => primarySide[index]!.emit('message', message));
        return true;
      },
    });
    const handle = Object.assign(new EventEmitter(), {
      isConnected: () => true,
      send: (message: unknown) => {
        setImmediate(() => channel.emit('message', message));
        return true;
      },
    }) as unknown as Worker;
    primarySide.push(handle);
    return new SessionEvents(workerSessionRelay(channel as unknown as NodeJS.Process));
  });
  for (const worker of primarySide) relaySessionChanges(worker, () => primarySide);
  return workerSide;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, SEND_EVERY_MS + 10));

describe('checkout session changes across workers', () => {
  it("reach every worker's listeners for that document, once each, and no other document's", async () => {
    const [a, b, c] = fakeCluster(3);
    const heard: string[] = [];
    a!.subscribe('ann', 'doc1', () => heard.push('a'));
    b!.subscribe('ann', 'doc1', () => heard.push('b'));
    c!.subscribe('ann', 'doc1', () => heard.push('c'));
    c!.subscribe('ann', 'doc2', () => heard.push('c: another document'));

    a!.publish('ann', 'doc1');
    // The publishing worker's own listeners hear at once; the others once the primary relays.
    expect(heard).toEqual(['a']);
    await settle();
    expect(heard.sort()).toEqual(['a', 'b', 'c']);
  });

  it("stops hearing other workers' changes once closed (the server is closing)", async () => {
    const [a, b] = fakeCluster(2);
    const heard: string[] = [];
    b!.subscribe('ann', 'doc1', () => heard.push('b'));
    b!.close();
    a!.publish('ann', 'doc1');
    await settle();
    expect(heard).toEqual([]);
  });

  it(`sends the changes of ${SEND_EVERY_MS} ms to the primary as one message`, async () => {
    const toPrimary: unknown[] = [];
    const [a, b] = fakeCluster(2, toPrimary);
    const heard: string[] = [];
    b!.subscribe('ann', 'doc1', () => heard.push('doc1'));
    b!.subscribe('bob', 'doc2', () => heard.push('doc2'));
    a!.publish('ann', 'doc1');
    await new Promise((resolve) => setImmediate(resolve));
    a!.publish('bob', 'doc2');
    await settle();
    expect(heard).toEqual(['doc1', 'doc2']);
    expect(toPrimary).toHaveLength(1);
  });
});
