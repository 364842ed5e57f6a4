import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

import { createCheckpointer, WAL_RESTART_FRAMES } from '../../server/cluster/checkpoints.ts';
import { openDatabase } from '../../server/plugins/database.ts';

const opened: Database[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function cluster() {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-checkpoints-'));
  folders.push(dataDir);
  // A worker's connection (no automatic checkpoints) and the primary's.
  const worker = openDatabase(dataDir, { autoCheckpoint: false });
  const primary = openDatabase(dataDir);
  opened.push(worker, primary);
  const walBytes = () => statSync(join(dataDir, 'marquee.db-wal')).size;
  const write = (rows: number) => {
    const insert = worker.prepare('INSERT INTO throttle_attempts (scope, key, at) VALUES (?, ?, ?)');
    for (let i = 0; i < rows; i++) insert.run('test', `key-${i}-${'x'.repeat(200)}`, i);
  };
  return { worker, primary, walBytes, write };
}

describe("the primary's checkpointer", () => {
  it('leaves checkpoints out of the workers: their commits only grow the WAL', () => {
    const { worker, walBytes, write } = cluster();
    expect(worker.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    write(5000);
    // Well past the 1000 pages at which a commit would otherwise checkpoint.
    expect(walBytes()).toBeGreaterThan(1000 * 4096);
  });

  it('copies committed pages with a PASSIVE checkpoint while commits come, then empties the WAL once idle', () => {
    const { primary, walBytes, write } = cluster();
    const tick = createCheckpointer(primary);
    expect(tick()).toMatchObject({ mode: 'TRUNCATE', busy: false });
    expect(tick(), 'idle and already truncated: nothing to do').toBeUndefined();

    // Under the threshold at which a tick restarts the WAL (the test below).
    write(100);
    const passive = tick();
    expect(passive).toMatchObject({ mode: 'PASSIVE', busy: false });
    expect(passive!.checkpointed).toBe(passive!.log);
    expect(walBytes()).toBeGreaterThan(0);

    // A tick with no commit since the last: the WAL file is emptied.
    expect(tick()).toMatchObject({ mode: 'TRUNCATE', busy: false });
    expect(walBytes()).toBe(0);
    expect(tick()).toBeUndefined();
  });

  it('does not wait on a reader: a TRUNCATE that meets one reports busy and is tried again next tick', () => {
    const { worker, primary, write } = cluster();
    write(100);
    const tick = createCheckpointer(primary);
    // A read transaction held open on the worker's connection pins the WAL.
    worker.exec('BEGIN');
    worker.prepare('SELECT count(*) FROM throttle_attempts').get();
    const held = tick();
    expect(held?.mode).toBe('TRUNCATE');
    expect(held?.busy).toBe(true);
    worker.exec('COMMIT');
    // Busy at once rather than after the 5 s busy timeout: the checkpointer's connection has none.
    expect(tick()).toMatchObject({ mode: 'TRUNCATE', busy: false });
  });

  it('restarts a WAL that has grown past its threshold while commits keep coming, so it does not grow for ever', () => {
    const { primary, walBytes, write } = cluster();
    const tick = createCheckpointer(primary);
    write(5000);
    const grown = walBytes();
    const restarted = tick();
    expect(restarted).toMatchObject({ mode: 'RESTART', busy: false });
    expect(restarted!.log).toBeGreaterThanOrEqual(WAL_RESTART_FRAMES);
    expect(restarted!.checkpointed).toBe(restarted!.log);

    // The next commit writes the WAL from its start: the WAL holds only its frames, and the file
    // is cut back to the connections' journal_size_limit.
    write(1);
    const next = tick();
    expect(next).toMatchObject({ mode: 'PASSIVE', busy: false });
    expect(next!.log).toBeLessThan(10);
    expect(walBytes()).toBeLessThan(grown);
    expect(walBytes()).toBeLessThanOrEqual(Number(primary.pragma('journal_size_limit', { simple: true })));
  });

  it('a RESTART that meets a reader in the WAL reports busy and keeps every row; the WAL starts again once the reader has gone', () => {
    const { worker, primary, write } = cluster();
    const tick = createCheckpointer(primary);
    write(5000);
    // A read transaction held open on the worker's connection reads from the WAL until it ends.
    worker.exec('BEGIN');
    worker.prepare('SELECT count(*) FROM throttle_attempts').get();
    const held = tick();
    expect(held?.mode).toBe('RESTART');
    expect(held?.busy).toBe(true);
    worker.exec('COMMIT');
    // Once the reader has gone, the next commit starts the WAL again.
    write(1);
    expect(tick()?.log).toBeLessThan(10);
    expect(worker.prepare('SELECT count(*) FROM throttle_attempts').pluck().get()).toBe(5001);
  });
});
