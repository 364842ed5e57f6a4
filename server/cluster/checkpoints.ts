import type { Database } from 'better-sqlite3';

/** How often the primary looks at the WAL. */
export const CHECKPOINT_INTERVAL_MS = 500;

export interface CheckpointResult {
  mode: 'PASSIVE' | 'TRUNCATE';
  /** Frames in the WAL, and how many of them are now in the database file. */
  log: number;
  checkpointed: number;
  /** The checkpoint could not finish (a reader or writer was in the way); it is tried again next time. */
  busy: boolean;
}

/**
 * One tick of the primary's checkpointer: while workers commit (the database's `data_version`
 * moved), a PASSIVE checkpoint copies what it can into the database file without waiting on or
 * blocking anyone; once a tick passes with no commit, a TRUNCATE checkpoint empties the WAL file,
 * trying once (the connection has no busy timeout) so that it never holds writers up. Returns
 * what it did, or undefined when there was nothing to do.
 */
export function createCheckpointer(db: Database) {
  // A checkpoint that meets a busy reader or writer gives up at once rather than wait.
  db.pragma('busy_timeout = 0');
  let seen = db.pragma('data_version', { simple: true });
  let truncated = false;
  const run = (mode: CheckpointResult['mode']): CheckpointResult => {
    const [row] = db.pragma(`wal_checkpoint(${mode})`) as Array<{ busy: number; log: number; checkpointed: number }>;
    return { mode, log: row!.log, checkpointed: row!.checkpointed, busy: row!.busy !== 0 };
  };
  return (): CheckpointResult | undefined => {
    const version = db.pragma('data_version', { simple: true });
    if (version !== seen) {
      seen = version;
      truncated = false;
      return run('PASSIVE');
    }
    if (truncated) return undefined;
    const result = run('TRUNCATE');
    truncated = !result.busy;
    return result;
  };
}

/** Runs the checkpointer every `intervalMs` until stopped. */
export function startCheckpoints(
  db: Database,
  onError: (error: unknown) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): () => void {
  const tick = createCheckpointer(db);
  const timer = setInterval(() => {
    try {
      tick();
    } catch (error) {
      onError(error);
    }
  }, intervalMs);
  return () => clearInterval(timer);
}
