import type { ChildProcess } from 'node:child_process';

import type { IngestProgress } from '../../shared/media/ingest.ts';
import type { JobRow } from './job-store.ts';

/** Stopped on purpose (cancel, remove, close): not a failure of the file. */
export class Stopped extends Error {}

export interface Running {
  row: JobRow;
  child: ChildProcess | null;
  stopped: 'cancel' | 'remove' | 'close' | null;
  live: IngestProgress;
  done: Promise<void>;
}

/** Stops a job's ffmpeg: asked to end first, then killed if it has not after two seconds. */
export function stop(job: Running, why: 'cancel' | 'remove' | 'close') {
  job.stopped ??= why;
  const child = job.child;
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGTERM');
    setTimeout(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }, 2000).unref();
  }
}
