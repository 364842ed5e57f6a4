import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { type FfmpegProgress, type FfmpegRun, type ProcessPriority, runFfmpeg } from './ffmpeg.ts';

/**
 * Trickplay thumbnails: one picture every `interval` seconds, tiled into sprite sheets, with a
 * WebVTT index whose cues point into a sheet with a media fragment (`sprite-001.jpg#xywh=x,y,w,h`),
 * the format Jellyfin, Video.js and Vidstack read. One module for every ladder Marquee makes (the
 * library's ingest, and the demo programmes' build).
 */
export interface TrickplayLayout {
  /** Seconds between thumbnails. */
  interval: number;
  columns: number;
  rows: number;
  /** Thumbnail size in pixels. */
  width: number;
  height: number;
}

export const TRICKPLAY_DEFAULTS = { interval: 10, columns: 10, rows: 10, width: 320 } as const;

export const TRICKPLAY_INDEX = 'thumbnails.vtt';
export const sheetName = (n: number) => `sprite-${String(n).padStart(3, '0')}.jpg`;

/** The layout for a picture of `displayWidth`×`height`: 320 px wide thumbnails of the picture's shape. */
export function trickplayLayout(displayWidth: number, height: number): TrickplayLayout {
  const { interval, columns, rows, width } = TRICKPLAY_DEFAULTS;
  const thumbHeight = Math.max(2, Math.round((width * height) / displayWidth / 2) * 2);
  return { interval, columns, rows, width, height: thumbHeight };
}

const timestamp = (seconds: number) => {
  const ms = Math.round(seconds * 1000);
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
};

/** How many thumbnails a programme of `duration` seconds has. */
export const thumbnailCount = (duration: number, layout: TrickplayLayout) =>
  Math.max(1, Math.ceil(duration / layout.interval));

/** The WebVTT index: a cue per thumbnail, from its time to the next (the last to the end). */
export function trickplayVtt(
  duration: number,
  layout: TrickplayLayout,
  sheetUrl: (n: number) => string = sheetName,
): string {
  const perSheet = layout.columns * layout.rows;
  const lines = ['WEBVTT', ''];
  const count = thumbnailCount(duration, layout);
  for (let i = 0; i < count; i++) {
    const start = i * layout.interval;
    const end = Math.min(duration, start + layout.interval);
    const tile = i % perSheet;
    const x = (tile % layout.columns) * layout.width;
    const y = Math.floor(tile / layout.columns) * layout.height;
    lines.push(
      `${timestamp(start)} --> ${timestamp(end)}`,
      `${sheetUrl(Math.floor(i / perSheet) + 1)}#xywh=${x},${y},${layout.width},${layout.height}`,
      '',
    );
  }
  return lines.join('\n');
}

export interface TrickplayJob {
  /** ffmpeg's input options (the safe ones for a library file: see safeInput). */
  input: string[];
  outDir: string;
  duration: number;
  layout: TrickplayLayout;
  priority?: ProcessPriority;
  /**
   * Decode keyframes only: far faster, and exact enough when keyframes are a few seconds apart
   * (a ladder's are 4 s apart; most files' under 10 s).
   */
  keyframesOnly?: boolean;
  onProgress?: (p: FfmpegProgress) => void;
}

/**
 * Makes the sheets and the index in `outDir`; the last sheet is flushed part-filled.
 */
export function makeTrickplay(job: TrickplayJob): FfmpegRun {
  const { layout, outDir } = job;
  mkdirSync(outDir, { recursive: true });
  // `select` keeps the first frame at or after each interval's mark (the fps filter makes nothing
  // from keyframes alone), frames pass as they are (no duplicates), and tile packs them.
  const filter =
    `select='gte(t,selected_n*${layout.interval})',scale=${layout.width}:${layout.height}:flags=bicubic,` +
    `format=yuvj420p,tile=${layout.columns}x${layout.rows}`;
  const run = runFfmpeg(
    [
      ...(job.keyframesOnly ? ['-skip_frame', 'nokey'] : []),
      ...job.input,
      '-map',
      '0:v:0',
      '-an',
      '-sn',
      '-dn',
      '-vf',
      filter,
      '-fps_mode',
      'passthrough',
      '-c:v',
      'mjpeg',
      '-q:v',
      '5',
      '-f',
      'image2',
      '-start_number',
      '1',
      join(outDir, 'sprite-%03d.jpg'),
    ],
    { priority: job.priority, onProgress: job.onProgress },
  );
  const done = run.done.then(() => {
    const sheets = readdirSync(outDir).filter((f) => /^sprite-\d{3}\.jpg$/.test(f)).length;
    const wanted = Math.ceil(thumbnailCount(job.duration, layout) / (layout.columns * layout.rows));
    if (sheets === 0) throw new Error('trickplay made no sprite sheet');
    // The index names only sheets that exist (a stream shorter than its container says).
    const duration = Math.min(job.duration, sheets * layout.columns * layout.rows * layout.interval);
    writeFileSync(join(outDir, TRICKPLAY_INDEX), trickplayVtt(sheets < wanted ? duration : job.duration, layout));
  });
  return { child: run.child, done };
}
