import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

import type { Plan } from './plan.ts';
import { readMediaPlaylist } from './playlists.ts';

export const PREVIEW = 'preview.m3u8';

/** Where a job works before it is published: beside the output folder, under .partial. */
export const partialDir = (outputDir: string) => join(dirname(outputDir), '.partial', basename(outputDir));

/** The lowest rung (and the first audio, if any) has written its first segment. */
export function previewReady(work: string, plan: Plan): boolean {
  const lowest = plan.video[0]!;
  const ready = (name: string) => {
    const playlist = join(work, `${name}.m3u8`);
    if (!existsSync(playlist) || !existsSync(join(work, `${name}-init.mp4`))) return false;
    return readMediaPlaylist(playlist).segments.length > 0;
  };
  return ready(lowest.name) && (plan.audio.length === 0 || ready(plan.audio[0]!.name));
}

/** Renames the finished folder into place; a previous output is swapped out first and deleted after. */
export function publish(work: string, outputDir: string) {
  mkdirSync(dirname(outputDir), { recursive: true });
  const old = `${work}.old`;
  rmSync(old, { recursive: true, force: true });
  if (existsSync(outputDir)) renameSync(outputDir, old);
  renameSync(work, outputDir);
  rmSync(old, { recursive: true, force: true });
}

// Sheets live under trickplay/; kept for a caller that lists a finished folder's files.
export const listOutputs = (dir: string) => readdirSync(dir, { recursive: true }).map(String);
