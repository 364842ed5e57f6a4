import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statfsSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';

import type { Database } from 'better-sqlite3';

import type { IngestProgress, IngestState } from '../../shared/media/ingest.ts';
import { type Chapter, type Marker, markersFromChapters } from '../../shared/media/markers.ts';
import {
  DEFAULT_PRIORITY,
  FfmpegError,
  type FfmpegProgress,
  type FfmpegRun,
  MEDIA_DEMUXERS,
  type ProcessPriority,
  runFfmpeg,
  safeInput,
  SUBTITLE_DEMUXERS,
} from './ffmpeg.ts';
import { createJobStore, type JobRow } from './job-store.ts';
import { type Plan, planFor } from './plan.ts';
import {
  type AudioRendition,
  languageName,
  languageTag,
  readMediaPlaylist,
  sealPlaylist,
  type SubtitleRendition,
  uniqueLabels,
  type VideoRendition,
  writeMaster,
  writePreview,
  writeSubtitlePlaylist,
} from './playlists.ts';
import { type Probe, probe, ProbeError } from './probe.ts';
import { makeTrickplay, TRICKPLAY_INDEX, type TrickplayLayout, trickplayLayout } from './trickplay.ts';

/** A key names a source's output folder: one safe path segment. */
export const INGEST_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** What a finished job made, kept with its row and written beside the playlists (programme.json). */
export interface IngestResult {
  kind: 'remux' | 'ladder';
  duration: number;
  master: 'master.m3u8';
  video: VideoRendition[];
  audio: AudioRendition[];
  subtitles: SubtitleRendition[];
  chapters: Chapter[];
  markers: Marker[];
  trickplay: { index: string; layout: TrickplayLayout } | null;
  /** How long each pass took (ms), and the main pass's average frames a second. */
  timings: { probe: number; main: number; subtitles: number; trickplay: number; mainFps: number };
}

export interface IngestStatus extends IngestProgress {
  jobId: number;
  attempts: number;
  sourcePath: string;
  outputDir: string;
  /** The playlist to play now: the published master, the growing preview, or null. */
  playlist: string | null;
  result: IngestResult | null;
}

export interface EnqueueRequest {
  key: string;
  sourcePath: string;
  /** Where the outputs are published; `<dataDir>/library/<key>` by default. */
  outputDir?: string;
  externalSubtitles?: Array<{ path: string; language: string }>;
}

export type IngestErrorCode = 'invalid-argument' | 'not-found' | 'disk-full';

/** A request ingest refuses, with a message for the operator (a route answers it as a 4xx). */
export class IngestError extends Error {
  constructor(
    readonly code: IngestErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface IngestOptions {
  db: Database;
  dataDir: string;
  /** Jobs run at once (`MARQUEE_TRANSCODE_JOBS`, 1 by default). */
  jobs?: number;
  priority?: ProcessPriority;
  /** x264 preset for ladders. */
  preset?: string;
  /** Free space kept beyond what a job needs; a new job is refused below it. */
  reserveBytes?: number;
  /** Starts of a job cut short by a killed ffmpeg before it is failed. */
  maxAttempts?: number;
  /** Called with every ffmpeg ingest starts (tests kill one to prove a restart is clean). */
  onProcess?: (key: string, child: ChildProcess) => void;
  log?: (message: string) => void;
}

export interface Ingest {
  enqueue(request: EnqueueRequest): Promise<number>;
  cancel(key: string): Promise<void>;
  remove(key: string): Promise<void>;
  status(key: string): IngestStatus | null;
  list(): IngestStatus[];
  subscribe(listener: (progress: IngestProgress) => void): () => void;
  readonly events: EventEmitter<{ progress: [IngestProgress] }>;
  /** Resolves once no job is running or queued. */
  idle(): Promise<void>;
  /** Stops every ffmpeg as a crash would: rows stay as they are, and the next start recovers them. */
  close(): Promise<void>;
}

const GiB = 1024 ** 3;
export const DEFAULT_RESERVE_BYTES = 2 * GiB;
/**
 * x264's fastest preset: on two cores a 1080p source's four rungs keep up with real time only
 * with it (docs/library.md, "Ingest"). MARQUEE_TRANSCODE_PRESET trades speed for quality.
 */
export const DEFAULT_PRESET = 'ultrafast';
const PREVIEW = 'preview.m3u8';

const bytes = (n: number) => (n >= GiB ? `${(n / GiB).toFixed(1)} GiB` : `${Math.round(n / 1024 ** 2)} MiB`);

/** Stopped on purpose (cancel, remove, close): not a failure of the file. */
class Stopped extends Error {}

interface Running {
  row: JobRow;
  child: ChildProcess | null;
  stopped: 'cancel' | 'remove' | 'close' | null;
  live: IngestProgress;
  done: Promise<void>;
}

const SUBTITLE_FORMAT: Record<string, string> = { '.srt': 'srt', '.vtt': 'webvtt', '.ass': 'ass', '.ssa': 'ass' };

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
  const partialDir = (outputDir: string) => join(dirname(outputDir), '.partial', basename(outputDir));

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

  function stop(job: Running, why: 'cancel' | 'remove' | 'close') {
    job.stopped ??= why;
    const child = job.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }, 2000).unref();
    }
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

  /** A progress write nobody waits for (the job goes on meanwhile): a failure is logged. */
  function persistLater(write: Promise<void>): void {
    write.catch((error: unknown) => log(`ingest: could not store progress: ${(error as Error).message}`));
  }

  function update(job: Running, patch: Partial<IngestProgress>, persist = false) {
    job.live = { ...job.live, ...patch };
    if (closed || job.stopped) return;
    if (persist) persistLater(store.setState(job.row.id, job.live.state, job.live.percent, job.live.reason ?? null));
    emit(job.live);
  }

  /** Runs an ffmpeg as part of `job`, so a cancel or a removal reaches it. */
  async function track(job: Running, ffmpeg: FfmpegRun) {
    job.child = ffmpeg.child;
    options.onProcess?.(job.row.key, ffmpeg.child);
    if (job.stopped) stop(job, job.stopped);
    try {
      await ffmpeg.done;
    } finally {
      job.child = null;
    }
    if (job.stopped) throw new Stopped();
  }

  let lastWrite = 0;
  const progressOf = (job: Running, duration: number, from: number, to: number) => (p: FfmpegProgress) => {
    const share = duration > 0 ? Math.min(1, p.outSeconds / duration) : 0;
    const percent = Math.round((from + (to - from) * share) * 10) / 10;
    const eta = p.speed > 0 ? Math.max(0, (duration - p.outSeconds) / p.speed) : null;
    update(job, { percent, fps: p.fps, etaSeconds: eta === null ? null : Math.round(eta) });
    const now = Date.now();
    if (!closed && !job.stopped && now - lastWrite > 2000) {
      lastWrite = now;
      persistLater(store.setPercent(job.row.id, percent));
    }
  };

  async function run(job: Running): Promise<void> {
    const { row } = job;
    const work = partialDir(row.output_dir);
    try {
      rmSync(work, { recursive: true, force: true });
      mkdirSync(work, { recursive: true });
      update(job, {}, true);
      if (!existsSync(row.source_path)) throw new ProbeError('the source file is gone');
      let mark = performance.now();
      const lap = () => {
        const now = performance.now();
        const ms = Math.round(now - mark);
        mark = now;
        return ms;
      };
      const probed = await probe(row.source_path);
      const probeMs = lap();
      if (job.stopped) throw new Stopped();
      checkSpace(row.source_path, row.key);
      const plan = planFor(row.source_path, probed, { preset, priority });
      update(job, { state: 'transcoding', percent: 0 }, true);

      // The lowest rung plays as soon as its first segment (and the first audio's) is written.
      const watcher = setInterval(() => {
        if (!job.live.playable && previewReady(work, plan)) {
          writePreview(work, plan.video[0]!, plan.audio[0]);
          update(job, { playable: true });
        }
      }, 250);
      try {
        await track(
          job,
          runFfmpeg(plan.args, { priority, cwd: work, onProgress: progressOf(job, probed.duration, 0, 90) }),
        );
      } finally {
        clearInterval(watcher);
      }
      if (!job.live.playable && previewReady(work, plan)) {
        writePreview(work, plan.video[0]!, plan.audio[0]);
        update(job, { playable: true });
      }
      const mainFps = job.live.fps;
      const mainMs = lap();

      const subtitles = await makeSubtitles(job, work, probed);
      const subtitlesMs = lap();
      const layout = trickplayLayout(probed.video.displayWidth, probed.video.height);
      await track(
        job,
        makeTrickplay({
          input: safeInput(row.source_path, MEDIA_DEMUXERS, probed.format),
          outDir: join(work, 'trickplay'),
          duration: probed.duration,
          layout,
          priority,
          keyframesOnly: true,
          onProgress: progressOf(job, probed.duration, 90, 99),
        }),
      );
      const trickplayMs = lap();

      for (const r of [...plan.video, ...plan.audio]) sealPlaylist(join(work, `${r.name}.m3u8`));
      writeMaster(work, 'master.m3u8', plan.video, plan.audio, subtitles);
      rmSync(join(work, PREVIEW), { force: true });
      const result: IngestResult = {
        kind: plan.kind,
        duration: probed.duration,
        master: 'master.m3u8',
        video: plan.video.map(({ name, width, height, fps }) => ({ name, width, height, fps })),
        audio: plan.audio,
        subtitles,
        chapters: probed.chapters,
        markers: markersFromChapters(probed.chapters),
        trickplay: { index: `trickplay/${TRICKPLAY_INDEX}`, layout },
        timings: { probe: probeMs, main: mainMs, subtitles: subtitlesMs, trickplay: trickplayMs, mainFps },
      };
      writeFileSync(join(work, 'programme.json'), `${JSON.stringify(result, null, 2)}\n`);

      // A source removed while it was read (its open file kept ffmpeg going) is not published.
      if (!existsSync(row.source_path)) throw new ProbeError('the source file was removed while it was ingested');
      if (job.stopped) throw new Stopped();
      publish(work, row.output_dir);
      await store.setState(row.id, 'ready', 100, null, JSON.stringify(result));
      job.live = { ...job.live, state: 'ready', percent: 100, fps: 0, etaSeconds: 0, playable: true };
      emit(job.live);
    } catch (error) {
      if (closed) return;
      rmSync(work, { recursive: true, force: true });
      if (job.stopped === 'remove') return;
      if (job.stopped === 'cancel' || error instanceof Stopped) {
        // A cancel that replaced the job with a newer one leaves the newer row alone.
        if (store.get(row.key)?.id === row.id) {
          await store.setState(row.id, 'failed', job.live.percent, 'cancelled by the operator');
          emit({ ...job.live, state: 'failed', playable: false, reason: 'cancelled by the operator' });
        }
        return;
      }
      const killed = error instanceof FfmpegError && error.signal !== null;
      if (killed && row.attempts < maxAttempts) {
        log(`ingest: ffmpeg for ${row.key} was killed (${error.signal}); starting it again`);
        await store.requeue(row.id);
        emit({ key: row.key, state: 'queued', percent: 0, fps: 0, etaSeconds: null, playable: false });
        return;
      }
      const reason = !existsSync(row.source_path)
        ? 'the source file was removed while it was ingested'
        : error instanceof Error
          ? error.message
          : String(error);
      log(`ingest: ${row.key} failed: ${reason}`);
      await store.setState(row.id, 'failed', 0, reason);
      emit({ key: row.key, state: 'failed', percent: 0, fps: 0, etaSeconds: null, playable: false, reason });
    }
  }

  async function makeSubtitles(job: Running, work: string, probed: Probe): Promise<SubtitleRendition[]> {
    const made: Array<Omit<SubtitleRendition, 'label'> & { title: string | null }> = [];
    const embedded = probed.subtitles.filter((s) => s.isText);
    if (embedded.length > 0) {
      const outputs = embedded.flatMap((s) => [
        '-map',
        `0:s:${s.order}`,
        '-c:s',
        'webvtt',
        '-f',
        'webvtt',
        `subtitles-${made.length + embedded.indexOf(s)}.vtt`,
      ]);
      await track(
        job,
        runFfmpeg([...safeInput(job.row.source_path, MEDIA_DEMUXERS, probed.format), ...outputs], {
          priority,
          cwd: work,
        }),
      );
      for (const s of embedded) {
        made.push({
          name: `subtitles-${made.length}`,
          language: languageTag(s.language),
          forced: s.forced,
          title: s.title,
        });
      }
    }
    const external = JSON.parse(job.row.external_subtitles) as Array<{ path: string; language: string }>;
    for (const sub of external) {
      const name = `subtitles-${made.length}`;
      const format = SUBTITLE_FORMAT[extname(sub.path).toLowerCase()]!;
      try {
        await track(
          job,
          runFfmpeg(
            [
              ...safeInput(sub.path, SUBTITLE_DEMUXERS, format),
              '-map',
              '0:s:0',
              '-c:s',
              'webvtt',
              '-f',
              'webvtt',
              `${name}.vtt`,
            ],
            { priority, cwd: work },
          ),
        );
      } catch (error) {
        if (error instanceof Stopped) throw error;
        // One unreadable subtitle file does not cost the programme: it is left out and logged.
        log(`ingest: ${sub.path} could not be converted to WebVTT: ${(error as Error).message}`);
        rmSync(join(work, `${name}.vtt`), { force: true });
        continue;
      }
      made.push({ name, language: languageTag(sub.language), forced: /\.forced\./i.test(sub.path), title: null });
    }
    const labels = uniqueLabels(made.map((s, i) => s.title?.trim() || languageName(s.language, `Subtitles ${i + 1}`)));
    return made.map(({ title: _title, ...s }, i) => {
      writeSubtitlePlaylist(work, s.name, probed.duration);
      return { ...s, label: labels[i]! };
    });
  }

  function previewReady(work: string, plan: Plan): boolean {
    const lowest = plan.video[0]!;
    const ready = (name: string) => {
      const playlist = join(work, `${name}.m3u8`);
      if (!existsSync(playlist) || !existsSync(join(work, `${name}-init.mp4`))) return false;
      return readMediaPlaylist(playlist).segments.length > 0;
    };
    return ready(lowest.name) && (plan.audio.length === 0 || ready(plan.audio[0]!.name));
  }

  /** Renames the finished folder into place; a previous output is swapped out first and deleted after. */
  function publish(work: string, outputDir: string) {
    mkdirSync(dirname(outputDir), { recursive: true });
    const old = `${work}.old`;
    rmSync(old, { recursive: true, force: true });
    if (existsSync(outputDir)) renameSync(outputDir, old);
    renameSync(work, outputDir);
    rmSync(old, { recursive: true, force: true });
  }

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
// Sheets live under trickplay/; kept for a caller that lists a finished folder's files.
export const listOutputs = (dir: string) => readdirSync(dir, { recursive: true }).map(String);
