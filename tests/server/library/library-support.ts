import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

import { afterEach } from 'vitest';

import type { IngestProgress, IngestRequest, LibraryIngest } from '../../../server/library/ingest-port.ts';

const folders: string[] = [];

afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

/** A throw-away library folder, removed after the test. */
export function libraryFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'marquee-library-'));
  folders.push(folder);
  return folder;
}

/**
 * Writes files under `root`: a string is the file's text; a video with no text gets bytes of its
 * own, so that no two videos look alike by size (a rename is found by size and time).
 */
let videoCounter = 0;
export function writeTree(root: string, files: Record<string, string | null>): void {
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text ?? 'v'.repeat(100 + ++videoCounter));
  }
}

/** A real video of one second with an English and a German audio track (ffmpeg, at test time). */
export function writeTwoLanguageVideo(path: string): void {
  mkdirSync(dirname(path), { recursive: true });
  execFileSync(
    'ffmpeg',
    [
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=160x90:rate=10:duration=1',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=1',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=660:duration=1',
      '-map',
      '0:v',
      '-map',
      '1:a',
      '-map',
      '2:a',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-c:a',
      'aac',
      '-metadata:s:a:0',
      'language=eng',
      '-metadata:s:a:1',
      'language=ger',
      path,
    ],
    { stdio: 'pipe' },
  );
}

/** An ingest engine that only remembers what it was asked. */
export function fakeIngest() {
  const enqueued: IngestRequest[] = [];
  const removed: string[] = [];
  const listeners = new Set<(progress: IngestProgress) => void>();
  const ingest: LibraryIngest = {
    enqueue(request) {
      enqueued.push(request);
      return `job-${enqueued.length}`;
    },
    remove(key) {
      removed.push(key);
    },
    status: () => null,
    onProgress(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return { ingest, enqueued, removed, progress: (p: IngestProgress) => listeners.forEach((l) => l(p)) };
}
