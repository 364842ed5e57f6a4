import type { Database, RunResult, Statement, Transaction } from 'better-sqlite3';

/** How long a write waits for its turn before it waits the blocking way (the connection's busy timeout). */
const PATIENCE_MS = 5000;

const isBusy = (error: unknown) =>
  typeof (error as { code?: unknown } | null)?.code === 'string' &&
  (error as { code: string }).code.startsWith('SQLITE_BUSY');

interface Waiting {
  write: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** Per connection: the writes that wait for the next commit, and what it takes to run them. */
interface Turns {
  waiting: Waiting[];
  /** The connection's own busy timeout, put back after each non-blocking attempt. */
  busyTimeout: number;
  /** Runs one write in a savepoint of the shared transaction, so its failure undoes only its part. */
  inSavepoint: Transaction<(write: () => unknown) => unknown>;
}

const turnsOf = new WeakMap<Database, Turns>();

/** The connection whose turn is running its writes at this moment (they run synchronously). */
let writingOn: Database | null = null;

/**
 * The server's one way to run a statement that writes: inside a write turn (inWriteTurn) of its
 * connection, or it throws. So a write that skips the turn fails in the first test that reaches it,
 * instead of taking the lock on its own; lint forbids calling `.run(` anywhere else.
 */
export function runWrite<P extends unknown[] | object>(
  statement: Statement<P>,
  ...params: P extends unknown[] ? P : [P]
): RunResult {
  if (writingOn === null || writingOn !== statement.database) {
    throw new Error('A write outside the write path: run it inside inWriteTurn (server/db/write-turn.ts).');
  }
  return (statement as Statement<unknown[]>).run(...(params as unknown[]));
}

function turns(db: Database): Turns {
  let found = turnsOf.get(db);
  if (!found) {
    found = {
      waiting: [],
      busyTimeout: Number(db.pragma('busy_timeout', { simple: true })),
      inSavepoint: db.transaction((write: () => unknown) => write()),
    };
    turnsOf.set(db, found);
  }
  return found;
}

/**
 * Runs `write` in the connection's next commit, when no other process holds the database's
 * write lock, without blocking the event loop meanwhile (docs/decisions.md, "Writes in turns").
 *
 * - **Its turn.** A cluster's workers share the file. With the busy timeout, a worker that met
 *   another's lock slept inside SQLite (1, 2, 5, 10 ms…) and answered nothing meanwhile. Here a
 *   busy start gives the event loop back and tries again (at once after the I/O in hand, then
 *   every millisecond); after PATIENCE_MS it waits the blocking way.
 * - **Group commit.** The writes asked for in one turn of the event loop share one IMMEDIATE
 *   transaction, each in its own savepoint: a write that throws undoes only its own part and
 *   rejects only its own promise. Every promise settles after the COMMIT, so nothing is answered
 *   before it is stored. One commit instead of several means fewer lock waits and fewer resets of
 *   the other workers' page caches (each commit empties them).
 *
 * `write` is synchronous; it may be a better-sqlite3 transaction function (nested, it becomes a
 * savepoint) or plain statements.
 */
export function inWriteTurn<T>(db: Database, write: () => T): Promise<T> {
  const found = turns(db);
  return new Promise<T>((resolve, reject) => {
    if (found.waiting.length === 0) {
      const giveUpAt = Date.now() + PATIENCE_MS;
      setImmediate(() => commitWaiting(db, found, giveUpAt, 0));
    }
    found.waiting.push({ write, resolve: resolve as (value: unknown) => void, reject });
  });
}

function commitWaiting(db: Database, found: Turns, giveUpAt: number, attempt: number) {
  const patient = Date.now() < giveUpAt;
  try {
    // exec, not pragma(): no statement object to build and read back, twice per attempt.
    if (patient) db.exec('PRAGMA busy_timeout = 0');
    db.exec('BEGIN IMMEDIATE');
  } catch (error) {
    if (patient && isBusy(error)) {
      // Writes asked for meanwhile join this batch.
      if (attempt === 0) setImmediate(() => commitWaiting(db, found, giveUpAt, 1));
      else setTimeout(() => commitWaiting(db, found, giveUpAt, attempt + 1), 1);
      return;
    }
    for (const waiting of found.waiting.splice(0)) waiting.reject(error);
    return;
  } finally {
    // A connection closed meanwhile (the server stopping) has made the writes fail above.
    if (patient && db.open) db.exec(`PRAGMA busy_timeout = ${found.busyTimeout}`);
  }

  const batch = found.waiting.splice(0);
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    writingOn = db;
    for (const waiting of batch) {
      try {
        outcomes.push({ ok: true, value: found.inSavepoint(waiting.write) });
      } catch (error) {
        // Some errors (a full disk, say) make SQLite roll back the whole transaction: then the
        // writes before this one are gone too, and the ones after must not run outside it.
        if (!db.inTransaction) throw error;
        outcomes.push({ ok: false, error });
      }
    }
    writingOn = null;
    db.exec('COMMIT');
  } catch (error) {
    writingOn = null;
    if (db.inTransaction) db.exec('ROLLBACK');
    for (const waiting of batch) waiting.reject(error);
    return;
  }
  batch.forEach((waiting, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) waiting.resolve(outcome.value);
    else waiting.reject(outcome.error);
  });
}
