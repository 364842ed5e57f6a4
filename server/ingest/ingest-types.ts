import type { ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';

import type { Database } from 'better-sqlite3';

import type { IngestProgress } from '../../shared/media/ingest.ts';
import type { Chapter, Marker } from '../../shared/media/markers.ts';
import type { ProcessPriority } from './ffmpeg.ts';
import type { AudioRendition, SubtitleRendition, VideoRendition } from './playlists.ts';
import type { TrickplayLayout } from './trickplay.ts';

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
