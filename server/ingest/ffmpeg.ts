import { type ChildProcess, spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

/** The binaries ingest runs (Debian's by default; FFMPEG / FFPROBE override). */
export const FFMPEG = process.env.FFMPEG || 'ffmpeg';
export const FFPROBE = process.env.FFPROBE || 'ffprobe';

/**
 * Demuxers a library file may be opened with. Containers that carry their media inside
 * themselves only: no hls, dash, concat, ffconcat, image2 sequences, playlists or SDP, which
 * follow references to other files or hosts. (A `.mkv` that is really an HLS playlist is refused
 * by this list even though the protocol whitelist would let it read a file elsewhere on disk.)
 */
export const MEDIA_DEMUXERS = [
  'matroska',
  'mov',
  'avi',
  'mpegts',
  'mpeg',
  'flv',
  'asf',
  'ogg',
  'nut',
  'ivf',
  'mxf',
  'dv',
  'wtv',
  'rm',
  'h264',
  'hevc',
  'm4v',
  'yuv4mpegpipe',
  // Audio-only files are opened too, so that they fail with "no video" rather than a riddle.
  'mp3',
  'wav',
  'flac',
  'aac',
];
/** Demuxers an external subtitle file may be opened with. */
export const SUBTITLE_DEMUXERS = ['srt', 'webvtt', 'ass'];

/**
 * The input options every library file is opened with: read files only (no network, no pipes,
 * no data: URLs), and only with the given demuxers. `format` forces the demuxer the probe found,
 * so the second opening cannot sniff into something else.
 */
export function safeInput(path: string, demuxers: readonly string[], format?: string): string[] {
  return [
    '-protocol_whitelist',
    'file',
    '-format_whitelist',
    demuxers.join(','),
    ...(format ? ['-f', format] : []),
    '-i',
    // `file:` so a name beginning with a protocol-like prefix or a dash is never read otherwise.
    `file:${path}`,
  ];
}

/** How hard ingest may push the machine: ffmpeg's niceness and its encoder threads. */
export interface ProcessPriority {
  /** `nice` increment (0–19): ingest yields the CPU to the server answering viewers. */
  nice: number;
  /** Threads per filter graph and audio encoder; a ladder's x264 encoders each run twice as many. */
  threads: number;
}

export const DEFAULT_PRIORITY: ProcessPriority = { nice: 10, threads: Math.max(1, availableParallelism()) };

export interface FfmpegProgress {
  /** Seconds of output made so far. */
  outSeconds: number;
  fps: number;
  /** × realtime. */
  speed: number;
}

export interface FfmpegRun {
  child: ChildProcess;
  done: Promise<void>;
}

export class FfmpegError extends Error {
  constructor(
    message: string,
    readonly signal: NodeJS.Signals | null,
  ) {
    super(message);
  }
}

/** The last meaningful line ffmpeg wrote to stderr, for a failure's reason. */
function lastError(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines.at(-1) ?? 'no message';
}

/**
 * Runs ffmpeg under `nice` with its progress on stdout (`-progress pipe:1`), calling
 * `onProgress` at each report. Resolves when it exits 0; rejects with its last error line, or the
 * signal that ended it.
 */
export function runFfmpeg(
  args: readonly string[],
  {
    priority = DEFAULT_PRIORITY,
    cwd,
    onProgress,
  }: { priority?: ProcessPriority; cwd?: string; onProgress?: (p: FfmpegProgress) => void } = {},
): FfmpegRun {
  const full = ['-hide_banner', '-nostdin', '-v', 'error', '-nostats', '-progress', 'pipe:1', ...args];
  // `nice` execs ffmpeg in its own place, so the child's pid is ffmpeg's: a kill reaches it.
  const child = spawn('nice', ['-n', String(priority.nice), FFMPEG, ...full], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let pending = '';
  const report: Record<string, string> = {};
  child.stdout!.setEncoding('utf8');
  child.stdout!.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const at = line.indexOf('=');
      if (at < 0) continue;
      const key = line.slice(0, at).trim();
      const value = line.slice(at + 1).trim();
      report[key] = value;
      if (key === 'progress') {
        const us = Number(report.out_time_us ?? report.out_time_ms);
        onProgress?.({
          outSeconds: Number.isFinite(us) && us > 0 ? us / 1e6 : 0,
          fps: Number(report.fps) || 0,
          speed: Number.parseFloat(report.speed ?? '') || 0,
        });
      }
    }
  });
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    // Keep the tail only: a long run's warnings must not grow without bound.
    stderr = (stderr + chunk).slice(-8192);
  });
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (error) => reject(new FfmpegError(`ffmpeg could not start: ${error.message}`, null)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else if (signal) reject(new FfmpegError(`ffmpeg was stopped (${signal})`, signal));
      else reject(new FfmpegError(`ffmpeg failed: ${lastError(stderr)}`, null));
    });
  });
  return { child, done };
}

/** Runs a short command to its end, answering its stdout (ffprobe, small conversions). */
export function runToEnd(command: string, args: readonly string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-8192)));
    child.on('error', (error) => reject(new Error(`${command} could not start: ${error.message}`)));
    child.on('close', (code, signal) => {
      if (code === 0) resolve(stdout);
      else if (signal) reject(new Error(`${command} was stopped (${signal})`));
      // The whole tail: a caller may look for the line that says why (probe.ts does).
      else reject(new Error(stderr.trim() || 'no message'));
    });
  });
}
