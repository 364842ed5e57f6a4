import type { Database } from 'better-sqlite3';

/** How long a write waits for its turn before it waits the blocking way (the connection's busy timeout). */
const PATIENCE_MS = 5000;

const isBusy = (error: unknown) =>
  typeof (error as { code?: unknown } | null)?.code === 'string' &&
  (error as { code: string }).code.startsWith('SQLITE_BUSY');

const nextTurn = (attempt: number) =>
  new Promise<void>((resolve) => (attempt === 0 ? setImmediate(resolve) : setTimeout(resolve, 1)));

/**
 * Each connection's own busy timeout, to put back after an attempt. (SQLite applies
 * `PRAGMA busy_timeout = n` when the statement is compiled, not when it runs, so the switch is a
 * fresh pragma each time rather than a prepared statement.)
 */
const busyTimeouts = new WeakMap<Database, number>();

/**
 * Runs `write` (one IMMEDIATE transaction) when no other process holds the database's write lock,
 * without blocking the event loop meanwhile. A cluster's workers share the file: with the busy
 * timeout, a worker that meets another's lock sleeps inside SQLite (1, 2, 5, 10 ms…) and answers
 * nothing meanwhile; under load that was tens of sleeps a second per worker, each stalling every
 * request the worker held. Here a busy start gives the event loop back and tries again (at once
 * after the I/O in hand, then every millisecond); after PATIENCE_MS it waits the blocking way.
 * `write` must start its transaction first (BEGIN IMMEDIATE), so a busy attempt has done nothing.
 */
export async function inWriteTurn<T>(db: Database, write: () => T): Promise<T> {
  let busyTimeout = busyTimeouts.get(db);
  if (busyTimeout === undefined) {
    busyTimeout = Number(db.pragma('busy_timeout', { simple: true }));
    busyTimeouts.set(db, busyTimeout);
  }
  const giveUpAt = Date.now() + PATIENCE_MS;
  for (let attempt = 0; Date.now() < giveUpAt; attempt++) {
    db.pragma('busy_timeout = 0');
    try {
      return write();
    } catch (error) {
      if (!isBusy(error)) throw error;
    } finally {
      db.pragma(`busy_timeout = ${busyTimeout}`);
    }
    await nextTurn(attempt);
  }
  return write();
}
