import type { Database } from 'better-sqlite3';

import type { IngestState } from '../../shared/media/ingest.ts';
import { inWriteTurn, runWrite } from '../db/write-turn.ts';

/**
 * The ingest queue's rows (migration 016): one per source key. Written by hand over SQLite, not
 * with a queue library: see docs/library.md, "Ingest".
 */
export interface JobRow {
  id: number;
  key: string;
  source_path: string;
  output_dir: string;
  external_subtitles: string;
  state: IngestState;
  percent: number;
  reason: string | null;
  attempts: number;
  result: string | null;
  created_at: number;
  updated_at: number;
}

export interface NewJob {
  key: string;
  sourcePath: string;
  outputDir: string;
  externalSubtitles: Array<{ path: string; language: string }>;
}

export function createJobStore(db: Database) {
  const get = db.prepare<[string], JobRow>('SELECT * FROM ingest_jobs WHERE key = ?');
  const all = db.prepare<[], JobRow>('SELECT * FROM ingest_jobs ORDER BY id');
  const remove = db.prepare<[string]>('DELETE FROM ingest_jobs WHERE key = ?');
  const insert = db.prepare<[string, string, string, string, number, number]>(
    `INSERT INTO ingest_jobs (key, source_path, output_dir, external_subtitles, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  );
  const next = db.prepare<[], JobRow>("SELECT * FROM ingest_jobs WHERE state = 'queued' ORDER BY id LIMIT 1");
  const claim = db.prepare<[number, number]>(
    "UPDATE ingest_jobs SET state = 'probing', percent = 0, reason = NULL, attempts = attempts + 1, updated_at = ? WHERE id = ?",
  );
  const setState = db.prepare<[IngestState, number, string | null, string | null, number, number]>(
    'UPDATE ingest_jobs SET state = ?, percent = ?, reason = ?, result = ?, updated_at = ? WHERE id = ?',
  );
  const setPercent = db.prepare<[number, number, number]>(
    'UPDATE ingest_jobs SET percent = ?, updated_at = ? WHERE id = ?',
  );
  const interrupted = db.prepare<[], JobRow>("SELECT * FROM ingest_jobs WHERE state IN ('probing', 'transcoding')");
  const requeue = db.prepare<[number, number]>(
    "UPDATE ingest_jobs SET state = 'queued', percent = 0, reason = NULL, result = NULL, updated_at = ? WHERE id = ?",
  );

  const write = <T>(work: () => T): Promise<T> => inWriteTurn(db, work);

  return {
    get: (key: string) => get.get(key),
    all: () => all.all(),
    /** A new job for `key`, replacing any earlier one (a changed file is ingested afresh). */
    add: (job: NewJob): Promise<number> =>
      write(() => {
        runWrite(remove, job.key);
        const now = Date.now();
        const info = runWrite(
          insert,
          job.key,
          job.sourcePath,
          job.outputDir,
          JSON.stringify(job.externalSubtitles),
          now,
          now,
        );
        return Number(info.lastInsertRowid);
      }),
    /** The oldest queued job, now marked probing (one write turn: two runners never take the same job). */
    claimNext: (): Promise<JobRow | undefined> =>
      write(() => {
        const row = next.get();
        if (!row) return undefined;
        runWrite(claim, Date.now(), row.id);
        return get.get(row.key);
      }),
    setState: (
      id: number,
      state: IngestState,
      percent: number,
      reason: string | null = null,
      result: string | null = null,
    ): Promise<void> =>
      write(() => {
        runWrite(setState, state, percent, reason, result, Date.now(), id);
      }),
    setPercent: (id: number, percent: number): Promise<void> =>
      write(() => {
        runWrite(setPercent, percent, Date.now(), id);
      }),
    requeue: (id: number): Promise<void> =>
      write(() => {
        runWrite(requeue, Date.now(), id);
      }),
    remove: (key: string): Promise<void> =>
      write(() => {
        runWrite(remove, key);
      }),
    /** Jobs a crash or a kill cut short: they were probing or transcoding when the process ended. */
    interrupted: () => interrupted.all(),
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
