import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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

/**
 * The real Marquee server (`server/main.ts`, as `npm start` runs it) on a free port with a
 * throw-away data folder. `restart()` stops it and starts it again on the same port and data;
 * `crash()` kills it instead (tests/server/crash-recovery.test.ts uses it too).
 */
export class MarqueeServer {
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
      env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', MARQUEE_DATA_DIR: this.dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`Server did not start:\n${this.output}`)), 30_000);
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
   * A crash: SIGKILL, as `kill -9` does, so the server closes nothing (no request finished, no
   * database closed). The signal is sent before this returns; the promise resolves once the
   * process has exited. `start()` then starts it again on the same port and data folder.
   */
  async crash(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.removeAllListeners('exit');
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
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
