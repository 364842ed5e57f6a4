// `npm run bench:ingest`: the ingest engine (server/ingest) on two 10-minute 1080p sources it
// makes with ffmpeg: H.264/AAC (remuxed) and MPEG-4 Part 2/AAC (transcoded into the ladder).
// Sources are made quickly: 30 s encoded at a low rate, then looped to 10 min with a stream copy.
// It runs the engine in this process with the server's settings (readIngestConfig: nice 10, a
// thread cap, MARQUEE_TRANSCODE_PRESET) and prints, per source:
//   - time from enqueue to playable (the growing lowest rung), and to ready;
//   - the main pass's speed (× realtime) and fps, trickplay's speed;
//   - the CPU seconds ffmpeg used, and the speed that CPU time gives on two idle cores (this
//     machine is shared: its load average is printed beside the wall-clock figures);
//   - the peak memory of this (the server's) process and of ffmpeg, and this process's
//     event-loop delay while ffmpeg ran (what a viewer's request would wait).
// Targets (2 cores): H.264 playable ≤ 10 s and remuxed ≥ 50× realtime; any other source's first
// rung playable ≤ 30 s and its whole ladder ≥ 1× realtime. A benchmark, not a test: it prints
// MET or MISS and exits 0 when it ran. Options: --minutes <n> (10), --keep (keep the scratch folder).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';

import { createIngest } from '../server/ingest/ingest.ts';
import { readIngestConfig } from '../server/ingest/ingest-config.ts';
import { openDatabase } from '../server/plugins/database.ts';

const { values: options } = parseArgs({
  options: { minutes: { type: 'string', default: '10' }, keep: { type: 'boolean', default: false } },
});
const SECONDS = Math.round(Number(options.minutes) * 60);
const LOOP = 30;
const TARGETS = { remuxPlayable: 10, remuxSpeed: 50, ladderPlayable: 30, ladderSpeed: 1 };
const verdict = (met: boolean) => (met ? 'MET' : 'MISS');
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const scratch = mkdtempSync(join(tmpdir(), 'marquee-bench-ingest-'));

function ffmpeg(args: string[]) {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args], {
    cwd: scratch,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr}`);
}

/** `SECONDS` of 1080p25 in `codec`, made from 30 s encoded once and looped with a stream copy. */
function makeSource(name: string, video: string[]) {
  const started = performance.now();
  ffmpeg([
    ...['-f', 'lavfi', '-i', `testsrc2=s=1920x1080:r=25:d=${LOOP}`, '-f', 'lavfi', '-i', `sine=f=440:d=${LOOP}`],
    ...video,
    ...['-c:a', 'aac', '-b:a', '128k', '-metadata:s:a:0', 'language=eng'],
    `${name}-loop.mp4`,
  ]);
  ffmpeg([
    ...['-stream_loop', String(Math.ceil(SECONDS / LOOP) - 1), '-i', `${name}-loop.mp4`],
    ...['-t', String(SECONDS), '-c', 'copy', `${name}.mp4`],
  ]);
  console.log(`  ${name}.mp4 made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return join(scratch, `${name}.mp4`);
}

/** CPU seconds of every child this process has waited for (ffmpeg, ffprobe): /proc/self/stat's cutime + cstime. */
function childCpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

function rssOf(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}

const MiB = (n: number) => `${(n / 1024 ** 2).toFixed(0)} MiB`;

async function measure(label: string, source: string) {
  const dataDir = join(scratch, `data-${label}`);
  const db = openDatabase(dataDir, { log: () => {} });
  const config = readIngestConfig();
  const pids = new Set<number>();
  const ingest = createIngest({ db, dataDir, ...config, onProcess: (_key, child) => child.pid && pids.add(child.pid) });
  let peakServer = process.memoryUsage().rss;
  let peakFfmpeg = 0;
  const sampler = setInterval(() => {
    peakServer = Math.max(peakServer, process.memoryUsage().rss);
    for (const pid of pids) peakFfmpeg = Math.max(peakFfmpeg, rssOf(pid));
  }, 200);
  const delay = monitorEventLoopDelay({ resolution: 10 });
  let playableAt = 0;
  let peakFps = 0;
  const cpuBefore = childCpuSeconds();
  const loadBefore = load();
  const started = performance.now();
  ingest.subscribe((p) => {
    if (p.playable && !playableAt) playableAt = performance.now();
    if (p.state === 'transcoding') peakFps = Math.max(peakFps, p.fps);
  });
  delay.enable();
  await ingest.enqueue({ key: label, sourcePath: source });
  await ingest.idle();
  const readyAt = performance.now();
  delay.disable();
  clearInterval(sampler);
  const cpu = childCpuSeconds() - cpuBefore;
  const status = ingest.status(label)!;
  await ingest.close();
  db.close();
  if (status.state !== 'ready') throw new Error(`${label} did not become ready: ${status.reason}`);
  const t = status.result!.timings;
  return {
    label,
    kind: status.result!.kind,
    rungs: status.result!.video.map((v) => v.name).join(', '),
    playable: (playableAt - started) / 1000,
    ready: (readyAt - started) / 1000,
    mainSpeed: SECONDS / (t.main / 1000),
    mainSeconds: t.main / 1000,
    mainFps: t.mainFps || peakFps,
    trickplaySeconds: t.trickplay / 1000,
    trickplaySpeed: SECONDS / (t.trickplay / 1000),
    cpu,
    idleSpeed: SECONDS / (cpu / availableParallelism()),
    peakServer,
    peakFfmpeg,
    loopDelayP99: delay.percentile(99) / 1e6,
    loadBefore,
    loadAfter: load(),
    config,
  };
}

function report(r: Awaited<ReturnType<typeof measure>>, playableTarget: number, speedTarget: number) {
  console.log(`\n${r.label}: ${SECONDS} s of 1080p25 → ${r.kind} (${r.rungs})`);
  console.log(
    `  playable after ${r.playable.toFixed(1)} s (target ≤ ${playableTarget} s: ${verdict(r.playable <= playableTarget)})`,
  );
  console.log(
    `  ${r.kind} pass ${r.mainSeconds.toFixed(1)} s = ${r.mainSpeed.toFixed(1)}× realtime` +
      (r.kind === 'ladder' ? `, ${r.mainFps.toFixed(0)} fps ` : ' ') +
      `(target ≥ ${speedTarget}×: ${verdict(r.mainSpeed >= speedTarget)})`,
  );
  console.log(`  trickplay ${r.trickplaySeconds.toFixed(1)} s = ${r.trickplaySpeed.toFixed(0)}× realtime`);
  console.log(`  ready after ${r.ready.toFixed(1)} s in all`);
  console.log(
    `  ffmpeg CPU ${r.cpu.toFixed(1)} s → ${r.idleSpeed.toFixed(1)}× realtime on ${availableParallelism()} idle cores ` +
      `(load average ${r.loadBefore} before, ${r.loadAfter} after)`,
  );
  console.log(
    `  peak memory: this (server) process ${MiB(r.peakServer)}, ffmpeg ${MiB(r.peakFfmpeg)}; ` +
      `event-loop delay p99 ${r.loopDelayP99.toFixed(1)} ms while ffmpeg ran`,
  );
}

try {
  const config = readIngestConfig();
  console.log(
    `bench:ingest on ${availableParallelism()} cores, load average ${load()}; ffmpeg under nice ${config.priority.nice}, ` +
      `${config.priority.threads} threads, preset ${config.preset}, ${config.jobs} job(s) at a time`,
  );
  console.log(`making the sources (${SECONDS} s each) …`);
  const h264 = makeSource('h264', ['-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '4M', '-g', '50']);
  const mpeg4 = makeSource('mpeg4', ['-c:v', 'mpeg4', '-q:v', '10', '-g', '50']);
  const remux = await measure('H.264', h264);
  report(remux, TARGETS.remuxPlayable, TARGETS.remuxSpeed);
  const ladder = await measure('MPEG-4', mpeg4);
  report(ladder, TARGETS.ladderPlayable, TARGETS.ladderSpeed);
} finally {
  if (!options.keep) rmSync(scratch, { recursive: true, force: true });
  else console.log(`\nkept ${scratch}`);
}
