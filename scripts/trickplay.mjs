// Trickplay maker: one sprite sheet of thumbnails (one every INTERVAL seconds) and its WebVTT
// index (`trickplay.jpg#xywh=x,y,w,h` per cue), as shared/media/trickplay.ts reads them. Used by
// scripts/build-media.mjs for the demo programmes; anything with a video stream ffmpeg reads (a
// file, a local HLS playlist) can be the source.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Kept in step with shared/media/trickplay.ts (scripts run as plain Node, without TypeScript). */
export const INTERVAL = 10;
export const INDEX = 'trickplay.vtt';
export const SPRITE = 'trickplay.jpg';

const stamp = (seconds) => {
  const ms = Math.round(seconds * 1000);
  const h = String(Math.floor(ms / 3_600_000)).padStart(2, '0');
  const m = String(Math.floor((ms % 3_600_000) / 60_000)).padStart(2, '0');
  const s = String(Math.floor((ms % 60_000) / 1000)).padStart(2, '0');
  return `${h}:${m}:${s}.${String(ms % 1000).padStart(3, '0')}`;
};

/**
 * The WebVTT index of `count` thumbnails of `width`×`height`, `columns` to a row of the sprite,
 * one every `interval` seconds of a programme `duration` seconds long. Pure.
 */
export function thumbnailIndex({ count, columns, width, height, interval = INTERVAL, duration, sprite = SPRITE }) {
  const cues = [];
  for (let i = 0; i < count; i++) {
    const start = i * interval;
    const end = Math.min((i + 1) * interval, duration);
    const x = (i % columns) * width;
    const y = Math.floor(i / columns) * height;
    cues.push(`${stamp(start)} --> ${stamp(end)}\n${sprite}#xywh=${x},${y},${width},${height}`);
  }
  return `WEBVTT\n\n${cues.join('\n\n')}\n`;
}

/**
 * Writes `trickplay.jpg` and `trickplay.vtt` into `outDir` for `source`, `duration` seconds long:
 * a frame from the middle of each interval, `width` pixels wide (16:9), `columns` to a row.
 * Returns the files' sizes.
 */
export function makeTrickplay(
  source,
  outDir,
  { duration, width = 160, height = 90, columns = 5, ffmpeg = 'ffmpeg', quality = 7 },
) {
  const count = Math.max(1, Math.ceil(duration / INTERVAL));
  const rows = Math.ceil(count / columns);
  // One frame per interval, taken half-way in (so a thumbnail is never a fade's first black frame).
  const filter =
    `fps=1/${INTERVAL}:start_time=${-INTERVAL / 2}:round=near,scale=${width}:${height}:flags=bicubic,` +
    `tile=${columns}x${rows}:padding=0:margin=0`;
  const args = ['-hide_banner', '-loglevel', 'error', '-y', '-i', source, '-an', '-sn'];
  args.push('-vf', filter, '-frames:v', '1', '-q:v', String(quality), join(outDir, SPRITE));
  const run = spawnSync(ffmpeg, args, { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`ffmpeg could not make the thumbnails of ${source}: ${run.stderr.trim()}`);
  writeFileSync(join(outDir, INDEX), thumbnailIndex({ count, columns, width, height, duration }));
  return { count };
}
