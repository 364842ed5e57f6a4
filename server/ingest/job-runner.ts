import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IngestProgress } from '../../shared/media/ingest.ts';
import { markersFromChapters } from '../../shared/media/markers.ts';
import {
  FfmpegError,
  type FfmpegProgress,
  type FfmpegRun,
  MEDIA_DEMUXERS,
  type ProcessPriority,
  runFfmpeg,
  safeInput,
} from './ffmpeg.ts';
import type { IngestResult } from './ingest-types.ts';
import type { JobStore } from './job-store.ts';
import { planFor } from './plan.ts';
import { sealPlaylist, writeMaster, writePreview } from './playlists.ts';
import { probe, ProbeError } from './probe.ts';
import { partialDir, PREVIEW, previewReady, publish } from './publish.ts';
import { type Running, stop, Stopped } from './running-job.ts';
import { makeSubtitles } from './subtitles.ts';
import { makeTrickplay, TRICKPLAY_INDEX, trickplayLayout } from './trickplay.ts';

/** What running a job needs from the ingest queue that owns it. */
export interface JobRunnerOptions {
  store: JobStore;
  priority: ProcessPriority;
  preset: string;
  maxAttempts: number;
  log: (message: string) => void;
  onProcess?: (key: string, child: ChildProcess) => void;
  isClosed: () => boolean;
  emit: (progress: IngestProgress) => void;
  /** Throws an IngestError when the disk has no room for the job's outputs. */
  checkSpace: (sourcePath: string, key: string) => void;
}

/**
 * Runs one job's passes (probe, the main ffmpeg, subtitles, trickplay) in its .partial folder,
 * then publishes the folder and stores the result; a failure is stored with its reason.
 */
export function createJobRunner({
  store,
  priority,
  preset,
  maxAttempts,
  log,
  onProcess,
  isClosed,
  emit,
  checkSpace,
}: JobRunnerOptions) {
  /** A progress write nobody waits for (the job goes on meanwhile): a failure is logged. */
  function persistLater(write: Promise<void>): void {
    write.catch((error: unknown) => log(`ingest: could not store progress: ${(error as Error).message}`));
  }

  function update(job: Running, patch: Partial<IngestProgress>, persist = false) {
    job.live = { ...job.live, ...patch };
    if (isClosed() || job.stopped) return;
    if (persist) persistLater(store.setState(job.row.id, job.live.state, job.live.percent, job.live.reason ?? null));
    emit(job.live);
  }

  /** Runs an ffmpeg as part of `job`, so a cancel or a removal reaches it. */
  async function track(job: Running, ffmpeg: FfmpegRun) {
    job.child = ffmpeg.child;
    onProcess?.(job.row.key, ffmpeg.child);
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
    if (!isClosed() && !job.stopped && now - lastWrite > 2000) {
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

      const subtitles = await makeSubtitles(job, work, probed, { priority, log, track });
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
      if (isClosed()) return;
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

  return run;
}
