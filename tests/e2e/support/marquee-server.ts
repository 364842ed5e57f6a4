import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The processes `pid` started (a cluster's workers), read from Linux's /proc. */
function childPids(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

function isServerProcess(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('server/main.ts');
  } catch {
    return false;
  }
}

export interface MarqueeServerOptions {
  /** MARQUEE_WORKERS: unset runs as `npm start` does (one worker per core). */
  workers?: number;
  /** More environment for the server (LOG_LEVEL, say). */
  env?: Record<string, string>;
}

/**
 * The real Marquee server (`server/main.ts`, as `npm start` runs it) on a free port with a
 * throw-away data folder. `restart()` stops it and starts it again on the same port and data;
 * `crash()` kills it instead, and `crashWorker()` one of a cluster's workers
 * (tests/server/crash-recovery.test.ts uses them too).
 */
export class MarqueeServer {
  constructor(private readonly options: MarqueeServerOptions = {}) {}

  private folder: string | undefined;
  /** Made on first use, not at construction: Playwright also loads spec files only to list their tests. */
  get dataDir(): string {
    this.folder ??= mkdtempSync(join(tmpdir(), 'marquee-e2e-'));
    return this.folder;
  }
  private child: ChildProcess | undefined;
  private output = '';
  port = 0;

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    if (!this.port) this.port = await freePort();
    this.output = '';
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        MARQUEE_DATA_DIR: this.dataDir,
        ...(this.options.workers === undefined ? {} : { MARQUEE_WORKERS: String(this.options.workers) }),
        ...this.options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      // Generous: a cluster imports and builds the app in the primary and then in each worker.
      const timer = setTimeout(() => reject(new Error(`Server did not start:\n${this.output}`)), 120_000);
      const onData = (chunk: Buffer) => {
        this.output += chunk.toString();
        if (this.output.includes('Marquee is running at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Server exited with ${code}:\n${this.output}`));
      });
    });
  }

  /** The primary's (or the single process's) id. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** What the server has written to stdout and stderr since it last started. */
  get log(): string {
    return this.output;
  }

  /** A cluster's live workers (none in one process). */
  workerPids(): number[] {
    const pid = this.child?.pid;
    return pid === undefined ? [] : childPids(pid).filter(isServerProcess);
  }

  /**
   * SIGKILL to one of a cluster's workers (the first listed, or `pid`): the primary replaces it.
   * Resolves with the killed worker's id once it has gone.
   */
  async crashWorker(pid = this.workerPids()[0]): Promise<number> {
    if (pid === undefined) throw new Error('no worker to kill');
    process.kill(pid, 'SIGKILL');
    while (isServerProcess(pid)) await new Promise((resolve) => setTimeout(resolve, 20));
    return pid;
  }

  /** Resolves once the cluster has `count` workers again, none of them in `not`. */
  async waitForWorkers(count: number, not: number[] = [], timeoutMs = 120_000): Promise<number[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const pids = this.workerPids().filter((pid) => !not.includes(pid));
      if (pids.length >= count) return pids;
      if (Date.now() > deadline)
        throw new Error(`the cluster has ${pids.length} workers, not ${count}:\n${this.output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Resolves once the server's output after position `from` (a length of `log`) matches `pattern`. */
  async waitForOutput(pattern: RegExp, from = 0, timeoutMs = 120_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(this.output.slice(from))) {
      if (Date.now() > deadline) throw new Error(`the server never wrote ${pattern}:\n${this.output.slice(from)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** A graceful stop, as Ctrl-C does. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    child.removeAllListeners('exit');
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
    this.child = undefined;
  }

  /**
   * A crash: SIGKILL, as `kill -9` does, to the server and every worker of its cluster at once,
   * so it closes nothing (no request finished, no database closed). The signals are sent before
   * this returns; the promise resolves once every process has exited. `start()` then starts it
   * again on the same port and data folder.
   */
  async crash(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.removeAllListeners('exit');
    const workers = childPids(child.pid!).filter(isServerProcess);
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // The primary first, so that it cannot start a replacement for a worker it sees die.
    child.kill('SIGKILL');
    for (const pid of workers) process.kill(pid, 'SIGKILL');
    await exited;
    while (workers.some(isServerProcess)) await new Promise((resolve) => setTimeout(resolve, 20));
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  async dispose(): Promise<void> {
    await this.stop();
    if (this.folder) rmSync(this.folder, { recursive: true, force: true });
    this.folder = undefined;
  }
}
