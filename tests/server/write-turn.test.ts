import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { Database } from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { inWriteTurn, runWrite } from '../../server/db/write-turn.ts';
import { openDatabase } from '../../server/plugins/database.ts';

const opened: Database[] = [];
const folders: string[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Two workers' connections to one file. */
function twoWorkers() {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-write-turn-'));
  folders.push(dataDir);
  const a = openDatabase(dataDir, { autoCheckpoint: false });
  const b = openDatabase(dataDir, { autoCheckpoint: false });
  opened.push(a, b);
  const insert = (db: Database, key: string) =>
    db
      .transaction(() => db.prepare('INSERT INTO throttle_attempts (scope, key, at) VALUES (?, ?, ?)').run('t', key, 1))
      .immediate();
  const keys = (db: Database) =>
    db.prepare<[], string>("SELECT key FROM throttle_attempts WHERE scope = 't' ORDER BY rowid").pluck().all();
  return { a, b, insert, keys };
}

describe('the one write path', () => {
  it('runs a statement inside a write turn, and refuses one outside it, writing nothing', async () => {
    const { a, b, keys } = twoWorkers();
    const insertA = a.prepare('INSERT INTO throttle_attempts (scope, key, at) VALUES (?, ?, ?)');
    expect(() => runWrite(insertA, 't', 'outside', 1)).toThrow(/outside the write path/);
    // Another connection's turn is not this statement's turn either.
    await expect(inWriteTurn(b, () => runWrite(insertA, 't', 'other-turn', 1))).rejects.toThrow(
      /outside the write path/,
    );
    await expect(inWriteTurn(a, () => runWrite(insertA, 't', 'inside', 1))).resolves.toMatchObject({ changes: 1 });
    expect(keys(a)).toEqual(['inside']);
  });
});

describe('a write in its turn', () => {
  it('runs at once when nobody else holds the write lock', async () => {
    const { b, insert, keys } = twoWorkers();
    await expect(inWriteTurn(b, () => insert(b, 'first'))).resolves.toMatchObject({ changes: 1 });
    expect(keys(b)).toEqual(['first']);
  });

  it("waits for another connection's lock without blocking the event loop, then writes", async () => {
    const { a, b, insert, keys } = twoWorkers();
    a.exec('BEGIN IMMEDIATE');
    a.prepare('INSERT INTO throttle_attempts (scope, key, at) VALUES (?, ?, ?)').run('t', 'held', 1);
    let settled = false;
    const waiting = inWriteTurn(b, () => insert(b, 'after')).finally(() => (settled = true));
    // Timers keep firing while the write waits: the event loop is free (a blocking wait would hold it).
    let ticks = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (++ticks === 5) {
          clearInterval(timer);
          resolve();
        }
      }, 2);
    });
    expect(settled).toBe(false);
    a.exec('COMMIT');
    await waiting;
    expect(keys(b)).toEqual(['held', 'after']);
  });

  it("passes on the write's own errors and keeps the connection's busy timeout", async () => {
    const { b } = twoWorkers();
    const before = b.pragma('busy_timeout', { simple: true });
    await expect(
      inWriteTurn(b, () => {
        throw new Error('not a lock');
      }),
    ).rejects.toThrow('not a lock');
    expect(b.pragma('busy_timeout', { simple: true })).toBe(before);
  });

  it('gives the writes asked for in one turn one commit, and answers none before it', async () => {
    const { a, b, insert, keys } = twoWorkers();
    const exec = vi.spyOn(b, 'exec');
    a.exec('BEGIN IMMEDIATE');
    const settled: string[] = [];
    const writes = ['one', 'two', 'three'].map((key) =>
      inWriteTurn(b, () => insert(b, key)).then(() => settled.push(key)),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toEqual([]);
    a.exec('COMMIT');
    await Promise.all(writes);
    expect(settled).toEqual(['one', 'two', 'three']);
    expect(keys(a)).toEqual(['one', 'two', 'three']);
    expect(exec.mock.calls.filter(([sql]) => sql === 'COMMIT')).toHaveLength(1);
  });

  it('undoes only the part of the write that failed; the others in its commit are stored', async () => {
    const { a, b, insert, keys } = twoWorkers();
    const plain = (key: string) =>
      b.prepare('INSERT INTO throttle_attempts (scope, key, at) VALUES (?, ?, ?)').run('t', key, 1);
    const results = await Promise.allSettled([
      inWriteTurn(b, () => insert(b, 'before')),
      // Plain statements, not a transaction of its own: its first insert is undone all the same.
      inWriteTurn(b, () => {
        plain('half');
        throw new Error('changed its mind');
      }),
      inWriteTurn(b, () => insert(b, 'after')),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('changed its mind'));
    expect(keys(a)).toEqual(['before', 'after']);
    expect(b.inTransaction).toBe(false);
  });

  it('answers a write asked for while a commit is waiting in that commit or the next', async () => {
    const { a, b, insert, keys } = twoWorkers();
    a.exec('BEGIN IMMEDIATE');
    const first = inWriteTurn(b, () => insert(b, 'first'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = inWriteTurn(b, () => insert(b, 'second'));
    a.exec('COMMIT');
    await Promise.all([first, second]);
    expect(keys(a)).toEqual(['first', 'second']);
  });

  it('fails the writes waiting on a connection that closed meanwhile, without an uncaught error', async () => {
    const { b } = twoWorkers();
    const waiting = inWriteTurn(b, () => 'never');
    b.close();
    await expect(waiting).rejects.toThrow(/not open/);
  });
});
