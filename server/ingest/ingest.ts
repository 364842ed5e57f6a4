import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, rmSync, statfsSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, resolve } from 'node:path';

import type { IngestProgress, IngestState } from '../../shared/media/ingest.ts';
import { DEFAULT_PRIORITY } from './ffmpeg.ts';
import {
  type EnqueueRequest,
  type Ingest,
  INGEST_KEY,
  IngestError,
  type IngestOptions,
  type IngestResult,
  type IngestStatus,
} from './ingest-types.ts';
import { createJobRunner } from './job-runner.ts';
import { createJobStore, type JobRow } from './job-store.ts';
import { partialDir, PREVIEW } from './publish.ts';
import { type Running, stop } from './running-job.ts';
import { SUBTITLE_FORMAT } from './subtitles.ts';

const GiB = 1024 ** 3;
export const DEFAULT_RESERVE_BYTES = 2 * GiB;
/**
 * x264's fastest preset: on two cores a 1080p source's four rungs keep up with real time only
 * with it (docs/library.md, "Ingest"). MARQUEE_TRANSCODE_PRESET trades speed for quality.
 */
export const DEFAULT_PRESET = 'ultrafast';

const bytes = (n: number) => (n >= GiB ? `${(n / GiB).toFixed(1)} GiB` : `${Math.round(n / 1024 ** 2)} MiB`);

export function createIngest(options: IngestOptions): Ingest {
  const { db, dataDir } = options;
  const store = createJobStore(db);
  const libraryDir = join(resolve(dataDir), 'library');
  const concurrency = Math.max(1, options.jobs ?? 1);
  const priority = options.priority ?? DEFAULT_PRIORITY;
  const preset = options.preset ?? DEFAULT_PRESET;
  const reserve = options.reserveBytes ?? DEFAULT_RESERVE_BYTES;
  const maxAttempts = options.maxAttempts ?? 3;
  const log = options.log ?? (() => {});
  const events = new EventEmitter<{ progress: [IngestProgress] }>();
  const running = new Map<string, Running>();
  let closed = false;
  let idleWaiters: Array<() => void> = [];

  mkdirSync(libraryDir, { recursive: true });

  // Recovery: a job cut short is queued again, and whatever it had made is deleted unpublished.
  // The first pump waits for these writes, so it finds the jobs queued again.
  const requeued: Promise<unknown>[] = [];
  for (const row of store.interrupted()) {
    rmSync(partialDir(row.output_dir), { recursive: true, force: true });
    requeued.push(store.requeue(row.id));
    log(`ingest: ${row.key} was cut short (${row.state}); it starts again`);
  }
  rmSync(join(libraryDir, '.partial'), { recursive: true, force: true });
  const recovered = Promise.all(requeued);

  const emit = (progress: IngestProgress) => {
    events.emit('progress', progress);
  };

  const fromRow = (row: JobRow): IngestProgress => ({
    key: row.key,
    state: row.state,
    percent: row.percent,
    fps: 0,
    etaSeconds: null,
    playable: row.state === 'ready',
    ...(row.reason ? { reason: row.reason } : {}),
  });

  const statusOf = (row: JobRow): IngestStatus => {
    const live = running.get(row.key);
    const progress = live && live.row.id === row.id ? live.live : fromRow(row);
    const preview = join(partialDir(row.output_dir), PREVIEW);
    const playlist =
      row.state === 'ready'
        ? join(row.output_dir, 'master.m3u8')
        : progress.playable && existsSync(preview)
          ? preview
          : null;
    return {
      ...progress,
      jobId: row.id,
      attempts: row.attempts,
      sourcePath: row.source_path,
      outputDir: row.output_dir,
      playlist,
      result: row.result ? (JSON.parse(row.result) as IngestResult) : null,
    };
  };

  function checkSpace(sourcePath: string, key: string) {
    const size = statSync(sourcePath).size;
    const fs = statfsSync(libraryDir);
    const free = fs.bavail * fs.bsize;
    // A ladder of a compressed source is rarely larger than the source; twice leaves room for the
    // partial copy beside a previous output while it is replaced.
    const needed = size * 2 + reserve;
    if (free < needed) {
      throw new IngestError(
        'disk-full',
        `Not enough free disk space to ingest "${key}": ${bytes(free)} free where the library's outputs live, ` +
          `${bytes(needed)} needed (twice the source's ${bytes(size)} plus a ${bytes(reserve)} reserve). ` +
          'Free some space or remove titles, then try again.',
      );
    }
  }

  async function enqueue(request: EnqueueRequest): Promise<number> {
    if (closed) throw new Error('ingest is closed');
    const { key } = request;
    if (!INGEST_KEY.test(key)) {
      throw new IngestError(
        'invalid-argument',
        `"${key}" is not a valid ingest key: letters, digits, ".", "_" and "-", up to 128`,
      );
    }
    const sourcePath = resolve(request.sourcePath);
    if (!existsSync(sourcePath) || !statSync(sourcePath).isFile()) {
      throw new IngestError('not-found', `The source file ${sourcePath} does not exist`);
    }
    for (const sub of request.externalSubtitles ?? []) {
      if (!SUBTITLE_FORMAT[extname(sub.path).toLowerCase()]) {
        throw new IngestError(
          'invalid-argument',
          `${sub.path} is not a subtitle file Marquee reads (.srt, .vtt, .ass)`,
        );
      }
    }
    const outputDir = request.outputDir ? resolve(request.outputDir) : join(libraryDir, key);
    if (request.outputDir && !isAbsolute(request.outputDir)) {
      throw new IngestError('invalid-argument', 'outputDir must be an absolute path');
    }
    checkSpace(sourcePath, key);
    const current = running.get(key);
    if (current) stop(current, 'cancel');
    const id = await store.add({
      key,
      sourcePath,
      outputDir,
      externalSubtitles: (request.externalSubtitles ?? []).map((s) => ({
        path: resolve(s.path),
        language: s.language,
      })),
    });
    emit(fromRow(store.get(key)!));
    pump();
    return id;
  }

  async function cancel(key: string) {
    const job = running.get(key);
    if (job) {
      stop(job, 'cancel');
      await job.done;
      return;
    }
    const row = store.get(key);
    if (row && row.state === 'queued') {
      await store.setState(row.id, 'failed', 0, 'cancelled by the operator');
      emit(fromRow(store.get(key)!));
    }
  }

  async function remove(key: string) {
    const job = running.get(key);
    if (job) {
      stop(job, 'remove');
      await job.done;
    }
    const row = store.get(key);
    if (row) {
      rmSync(partialDir(row.output_dir), { recursive: true, force: true });
      rmSync(row.output_dir, { recursive: true, force: true });
      await store.remove(key);
    } else if (INGEST_KEY.test(key)) {
      rmSync(join(libraryDir, key), { recursive: true, force: true });
    }
  }

  // One pump at a time, as claiming a job is a write that waits for its turn; a call meanwhile makes
  // the running pump look again once it is done, so a job added meanwhile is not missed.
  let pumping: Promise<void> | null = null;
  let pumpAgain = false;

  function pump(): void {
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = fill()
      .catch((error: unknown) => log(`ingest: could not take the next job: ${(error as Error).message}`))
      .finally(() => {
        pumping = null;
        if (pumpAgain && !closed) pump();
        else wakeIfIdle();
      });
  }

  async function fill(): Promise<void> {
    await recovered;
    do {
      pumpAgain = false;
      while (!closed && running.size < concurrency) {
        const row = await store.claimNext();
        if (!row) break;
        if (closed) {
          // Closed while the claim waited for its turn: the job waits for the next start.
          await store.requeue(row.id);
          break;
        }
        startJob(row);
      }
    } while (pumpAgain && !closed);
  }

  function startJob(row: JobRow): void {
    const job: Running = {
      row,
      child: null,
      stopped: null,
      live: { key: row.key, state: 'probing', percent: 0, fps: 0, etaSeconds: null, playable: false },
      done: Promise.resolve(),
    };
    // A job replaced by a newer one for the same key is still stopping: the newer one waits for
    // it, as both work in the same folder.
    const previous = running.get(row.key)?.done ?? Promise.resolve();
    running.set(row.key, job);
    job.done = previous
      .then(() => run(job))
      .finally(() => {
        if (running.get(row.key) === job) running.delete(row.key);
        if (!closed) pump();
        wakeIfIdle();
      });
  }

  // A pump still claiming a job is not idle: the job it took may not be running yet.
  const isIdle = () => pumping === null && running.size === 0 && !store.all().some((r) => r.state === 'queued');

  function wakeIfIdle(): void {
    if (!isIdle()) return;
    const waiters = idleWaiters;
    idleWaiters = [];
    for (const wake of waiters) wake();
  }

  const run = createJobRunner({
    store,
    priority,
    preset,
    maxAttempts,
    log,
    onProcess: options.onProcess,
    isClosed: () => closed,
    emit,
    checkSpace,
  });

  function idle() {
    if (isIdle()) return Promise.resolve();
    return new Promise<void>((wake) => idleWaiters.push(wake));
  }

  async function close() {
    closed = true;
    const jobs = [...running.values()];
    for (const job of jobs) {
      job.stopped ??= 'close';
      job.child?.kill('SIGKILL');
    }
    await Promise.all(jobs.map((job) => job.done));
    await pumping;
    for (const wake of idleWaiters) wake();
    idleWaiters = [];
  }

  queueMicrotask(pump);

  return {
    enqueue,
    cancel,
    remove,
    status: (key) => {
      const row = store.get(key);
      return row ? statusOf(row) : null;
    },
    list: () => store.all().map(statusOf),
    subscribe(listener) {
      events.on('progress', listener);
      return () => events.off('progress', listener);
    },
    events,
    idle,
    close,
  };
}

export type { IngestProgress, IngestState };
// The types a caller of createIngest uses, where callers have always imported them from.
export type {
  EnqueueRequest,
  Ingest,
  IngestErrorCode,
  IngestOptions,
  IngestResult,
  IngestStatus,
} from './ingest-types.ts';
