import type { Database } from 'better-sqlite3';

/** How often the primary looks at the WAL. */
export const CHECKPOINT_INTERVAL_MS = 500;

/**
 * WAL frames (pages) past which a tick restarts the log: SQLite's own automatic checkpoint
 * threshold (1000 pages, about 4 MB).
 */
export const WAL_RESTART_FRAMES = 1000;

/**
 * How long a RESTART checkpoint may wait for the writer in hand and for readers still in the WAL.
 * It holds new writers meanwhile; the workers' writes wait for their turn without blocking
 * (server/db/write-turn.ts).
 */
export const RESTART_WAIT_MS = 50;

export interface CheckpointResult {
  mode: 'PASSIVE' | 'RESTART' | 'TRUNCATE';
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
 *
 * A WAL is only written from its start again once every frame in it has been copied and no reader
 * is in it when a commit begins, and under steady writes from two workers that moment never came:
 * the WAL grew by 40 MB a second under `bench:load` (1.9 GB in 45 s), and each worker's page reads
 * after the other's commits went further into it. So when the WAL has grown past
 * WAL_RESTART_FRAMES, the tick follows its PASSIVE checkpoint with a RESTART, which waits up to
 * RESTART_WAIT_MS for the writer and readers, copies the rest, and makes the next commit start the
 * WAL afresh (cut to the connections' `journal_size_limit`, server/plugins/database.ts).
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
  const restart = (): CheckpointResult => {
    db.pragma(`busy_timeout = ${RESTART_WAIT_MS}`);
    try {
      return run('RESTART');
    } finally {
      db.pragma('busy_timeout = 0');
    }
  };
  return (): CheckpointResult | undefined => {
    const version = db.pragma('data_version', { simple: true });
    if (version !== seen) {
      seen = version;
      truncated = false;
      const passive = run('PASSIVE');
      return passive.log >= WAL_RESTART_FRAMES ? restart() : passive;
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
