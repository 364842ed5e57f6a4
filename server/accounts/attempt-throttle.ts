import type { Database } from 'better-sqlite3';

import type { WindowedLimit } from '../db/windowed-limit.ts';
import { inWriteTurn, runWrite } from '../db/write-turn.ts';

/** How many reservations a throttle makes between sweeps of every key's expired attempts. */
const SWEEP_EVERY = 500;

/**
 * Counts attempts per key (an e-mail, a client address) in a sliding window and refuses a key
 * that has used up its limit. An attempt is reserved *before* the slow work (hashing), with the
 * check and the count in one write (a write turn, server/db/write-turn.ts), so a burst of concurrent
 * requests cannot all pass the check before any of them is counted, whichever worker process
 * of a cluster each lands on: they share the database (docs/decisions.md, "Shared state across
 * workers"). A reservation is released only when the attempt succeeds.
 *
 * Attempts outlive a restart (they expire with the window). Expired attempts are deleted as a
 * key is checked, and every key's now and then, so a flood of distinct keys costs one window's
 * rows at most.
 */
export class AttemptThrottle {
  readonly db: Database;
  private readonly statements;
  private reservations = 0;
  private readonly window: Required<WindowedLimit>;

  constructor(db: Database, { now = Date.now, ...limit }: WindowedLimit) {
    this.db = db;
    this.window = { ...limit, now };
    this.statements = {
      expire: db.prepare('DELETE FROM throttle_attempts WHERE scope = ? AND key = ? AND at <= ?'),
      sweep: db.prepare('DELETE FROM throttle_attempts WHERE scope = ? AND at <= ?'),
      count: db.prepare<[string, string], number>('SELECT count(*) FROM throttle_attempts WHERE scope = ? AND key = ?'),
      insert: db.prepare('INSERT INTO throttle_attempts (scope, key, at) VALUES (?, ?, ?)'),
      release: db.prepare('DELETE FROM throttle_attempts WHERE id = ? AND scope = ? AND key = ?'),
      reset: db.prepare('DELETE FROM throttle_attempts WHERE scope = ? AND key = ?'),
    };
    this.statements.count.pluck();
  }

  /** reserve's work, inside a write turn already (reserveAll's). */
  reserveInTurn(key: string): number | undefined {
    const at = this.window.now();
    const since = at - this.window.windowMs;
    if (++this.reservations % SWEEP_EVERY === 0) runWrite(this.statements.sweep, this.window.scope, since);
    else runWrite(this.statements.expire, this.window.scope, key, since);
    if ((this.statements.count.get(this.window.scope, key) as number) >= this.window.limit) return undefined;
    return Number(runWrite(this.statements.insert, this.window.scope, key, at).lastInsertRowid);
  }

  /**
   * Counts an attempt for `key` unless it is blocked. Returns the reservation, to hand to
   * `release` if the attempt succeeds, or undefined when the key has used up its limit.
   */
  reserve(key: string): Promise<number | undefined> {
    return inWriteTurn(this.db, () => this.reserveInTurn(key));
  }

  /** release's work, inside a write turn already. */
  releaseInTurn(key: string, reservation: number): void {
    runWrite(this.statements.release, reservation, this.window.scope, key);
  }

  /** Gives back one reservation (an attempt that succeeded does not count). */
  release(key: string, reservation: number): Promise<void> {
    return inWriteTurn(this.db, () => this.releaseInTurn(key, reservation));
  }

  /** Forgets every attempt for `key`. */
  reset(key: string): Promise<void> {
    return inWriteTurn(this.db, () => {
      runWrite(this.statements.reset, this.window.scope, key);
    });
  }
}

/** Thrown inside reserveAll's write to roll it back. */
const BLOCKED = new Error('blocked');

/**
 * Reserves one attempt on each of several throttles (of one database), all or none, in one
 * write: if any key is blocked, nothing is counted and the result is undefined.
 */
export async function reserveAll(
  entries: ReadonlyArray<readonly [AttemptThrottle, string]>,
): Promise<{ release: () => Promise<void> } | undefined> {
  const [first] = entries;
  if (!first) return { release: async () => {} };
  const { db } = first[0];
  const reserveEach = () => {
    const made: Array<readonly [AttemptThrottle, string, number]> = [];
    for (const [throttle, key] of entries) {
      const reservation = throttle.reserveInTurn(key);
      // Throwing rolls back the reservations already made in this write (its savepoint).
      if (reservation === undefined) throw BLOCKED;
      made.push([throttle, key, reservation]);
    }
    return made;
  };
  try {
    const made = await inWriteTurn(db, reserveEach);
    return {
      release: () =>
        inWriteTurn(db, () => made.forEach(([throttle, key, reservation]) => throttle.releaseInTurn(key, reservation))),
    };
  } catch (error) {
    if (error === BLOCKED) return undefined;
    throw error;
  }
}
