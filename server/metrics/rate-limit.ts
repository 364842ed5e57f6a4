import type { Database } from 'better-sqlite3';

import type { WindowedLimit } from '../db/windowed-limit.ts';
import { inWriteTurn, runWrite } from '../db/write-turn.ts';

/**
 * Allows each key (a client address) at most `limit` hits per fixed window. Kept in the
 * database, so that every worker of a cluster counts against the same window: one statement
 * (an upsert with RETURNING) counts the hit and reads the window, atomically across processes
 * (docs/decisions.md, "Shared state across workers"). Windows are counted, not listed, so a key
 * costs one row at any rate; expired windows are swept now and then.
 */
export class RateLimit {
  private readonly db: Database;
  private readonly count;
  private readonly read;
  private readonly sweep;
  private hits = 0;
  private readonly window: Required<WindowedLimit>;

  constructor(db: Database, { now = Date.now, ...limit }: WindowedLimit) {
    this.db = db;
    this.window = { ...limit, now };
    // A window that has ended starts afresh with this hit; otherwise the hit is added to it.
    this.count = db.prepare<[{ scope: string; key: string; now: number; windowMs: number }], { hits: number }>(`
      INSERT INTO rate_windows (scope, key, start, hits) VALUES (@scope, @key, @now, 1)
      ON CONFLICT (scope, key) DO UPDATE SET
        hits = CASE WHEN @now - start >= @windowMs THEN 1 ELSE hits + 1 END,
        start = CASE WHEN @now - start >= @windowMs THEN @now ELSE start END
      RETURNING hits`);
    this.read = db.prepare<[string, string], number>('SELECT start FROM rate_windows WHERE scope = ? AND key = ?');
    this.read.pluck();
    this.sweep = db.prepare('DELETE FROM rate_windows WHERE scope = ? AND start <= ?');
  }

  /** Counts a hit for `key`; false when the key has used up its window (the hit is refused). */
  take(key: string): Promise<boolean> {
    return inWriteTurn(this.db, () => {
      const now = this.window.now();
      if (++this.hits % 1000 === 0) runWrite(this.sweep, this.window.scope, now - this.window.windowMs);
      // The count is an upsert that returns the window's hits: a write, read back with get().
      const { hits } = this.count.get({ scope: this.window.scope, key, now, windowMs: this.window.windowMs })!;
      return hits <= this.window.limit;
    });
  }

  /** Milliseconds until `key`'s window ends (0 when it has none). */
  retryAfter(key: string): number {
    const start = this.read.get(this.window.scope, key) as number | undefined;
    return start === undefined ? 0 : Math.max(0, start + this.window.windowMs - this.window.now());
  }
}
