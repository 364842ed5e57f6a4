import { availableParallelism } from 'node:os';

import type { ProcessPriority } from './ffmpeg.ts';
import { DEFAULT_PRESET, DEFAULT_RESERVE_BYTES } from './ingest.ts';

/** What ingest reads from the environment. */
export interface IngestConfig {
  /** `MARQUEE_TRANSCODE_JOBS`: jobs at once (1). */
  jobs: number;
  /** `MARQUEE_TRANSCODE_THREADS` (the cores) and `MARQUEE_TRANSCODE_NICE` (10). */
  priority: ProcessPriority;
  /** `MARQUEE_TRANSCODE_PRESET`: x264's preset for ladders (ultrafast). */
  preset: string;
  /** `MARQUEE_INGEST_RESERVE_MB`: free space a new job must leave (2048). */
  reserveBytes: number;
}

const PRESETS = ['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium', 'slow', 'slower', 'veryslow'];

function whole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

export function readIngestConfig(env: NodeJS.ProcessEnv = process.env): IngestConfig {
  const preset = env.MARQUEE_TRANSCODE_PRESET || DEFAULT_PRESET;
  if (!PRESETS.includes(preset)) {
    throw new Error(`MARQUEE_TRANSCODE_PRESET must be one of ${PRESETS.join(', ')}, got "${preset}"`);
  }
  return {
    jobs: whole('MARQUEE_TRANSCODE_JOBS', env.MARQUEE_TRANSCODE_JOBS, 1, 1, 64),
    priority: {
      threads: whole('MARQUEE_TRANSCODE_THREADS', env.MARQUEE_TRANSCODE_THREADS, availableParallelism(), 1, 256),
      nice: whole('MARQUEE_TRANSCODE_NICE', env.MARQUEE_TRANSCODE_NICE, 10, 0, 19),
    },
    preset,
    reserveBytes:
      whole('MARQUEE_INGEST_RESERVE_MB', env.MARQUEE_INGEST_RESERVE_MB, DEFAULT_RESERVE_BYTES / 1024 ** 2, 0, 1e9) *
      1024 ** 2,
  };
}
