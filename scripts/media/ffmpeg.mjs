// Running Debian's ffmpeg (FFMPEG overrides the binary) and measuring a soundtrack's loudness.
import { spawnSync } from 'node:child_process';

export const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';

/** Runs ffmpeg; returns its stderr when `capture` is set (it is where ffmpeg reports measurements). */
export function run(args, { capture = false, cwd } = {}) {
  const result = spawnSync(
    FFMPEG,
    ['-hide_banner', '-nostats', '-loglevel', capture ? 'info' : 'error', '-y', ...args],
    {
      stdio: ['ignore', 'inherit', capture ? 'pipe' : 'inherit'],
      cwd,
      encoding: 'utf8',
    },
  );
  if (result.error)
    throw new Error(`cannot run ${FFMPEG}: ${result.error.message} (install Debian's ffmpeg, or set FFMPEG)`);
  if (result.status !== 0)
    throw new Error(`ffmpeg exited with ${result.status}${capture ? `:\n${result.stderr}` : ''}`);
  return result.stderr;
}

// The limiter ceiling leaves headroom for the AAC encoder's overshoot.
export const LIMIT = 0.5;

/** The integrated loudness (LUFS) of a mood's soundtrack: a quick audio-only render through ebur128. */
export function loudness(mood, d = mood.duration) {
  const graph = [...mood.audio(d), '[music]ebur128[out]'].join(';');
  const report = run(['-filter_complex', graph, '-map', '[out]', '-f', 'null', '-'], { capture: true });
  const integrated = /I:\s+(-?[\d.]+) LUFS/.exec(report.slice(report.lastIndexOf('Summary:')));
  if (!integrated) throw new Error(`no loudness measured for ${mood.name}`);
  return Number(integrated[1]);
}
