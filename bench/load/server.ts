// The server under load: the real one (`node --import tsx server/main.ts`, as `npm start` runs it)
// in a process of its own, so that it has its own event loop and the benchmark's client does not
// share one with it, on a free 127.0.0.1 port with a throw-away data folder (a real SQLite file).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Generous: a cluster imports and builds the app in the primary and then in each worker.
const START_TIMEOUT_MS = 120_000;
/** Linux reports process CPU time in clock ticks of 1/100 s (USER_HZ, fixed at 100 by its ABI). */
const TICKS_PER_SECOND = 100;

/** One server process's CPU time so far: user and system, all its threads. */
export interface ProcessCpu {
  pid: number;
  role: 'primary' | 'worker';
  seconds: number;
}

/** CPU seconds `pid` has used (utime + stime, every thread), and the pids of its children. */
function processCpu(pid: number): { seconds: number; children: number[] } {
  // Fields after the command name: state is field 3, utime 14 and stime 15.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const children: number[] = [];
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const listed = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
    if (listed) children.push(...listed.split(' ').map(Number));
  }
  return { seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND, children };
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Set once the process has exited without being asked to. */
  readonly crashed: { code: number | null; signal: NodeJS.Signals | null } | null;
  /** Called when the process exits without being asked to. */
  onCrash(listener: () => void): void;
  /** The last of what it wrote to stdout and stderr. */
  output(): string;
  /** CPU seconds used so far by the server's processes (all threads: event loops and argon2 pools), or null off Linux. */
  cpuSeconds(): number | null;
  /** The same per process: the primary first, then each worker (a cluster), or null off Linux. */
  cpuByProcess(): ProcessCpu[] | null;
  /** Stops it as Ctrl-C does and removes its data folder. */
  dispose(): Promise<void>;
}

export async function startServer(root: string): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-load-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    // PORT=0: the server picks a free port itself and prints it, so no other program can take
    // it between choosing and listening.
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      MARQUEE_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      MARQUEE_SIGN_UPS_PER_HOUR: '1000000',
      // The virtual users each send their own address as a proxy would (bench/load/http.ts).
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // Both pipes are read all along: a full pipe would block the server's writes.
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  let stopping = false;
  let crashed: ServerProcess['crashed'] = null;
  const crashListeners: Array<() => void> = [];
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping) {
        crashed = { code, signal };
        for (const listener of crashListeners) listener();
      }
      resolve();
    });
  });

  const dispose = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGINT');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  let url: string;
  try {
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const look = () => {
        const match = /Marquee is running at (http:\/\/\S+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          child.stdout!.off('data', look);
          resolve(match[1]!);
        }
      };
      child.stdout!.on('data', look);
      void exited.then(() => {
        clearTimeout(timer);
        reject(new Error(`the server exited before it started:\n${output}`));
      });
    });
  } catch (error) {
    await dispose();
    throw error;
  }

  const cpuByProcess = (): ProcessCpu[] | null => {
    try {
      // The primary and its workers (a cluster, MARQUEE_WORKERS); a worker's own children, if any, count as its own.
      const primary = processCpu(child.pid!);
      const all: ProcessCpu[] = [{ pid: child.pid!, role: 'primary', seconds: primary.seconds }];
      for (const pid of primary.children) {
        let seconds = 0;
        const pending = [pid];
        while (pending.length > 0) {
          const next = processCpu(pending.pop()!);
          seconds += next.seconds;
          pending.push(...next.children);
        }
        all.push({ pid, role: 'worker', seconds });
      }
      return all;
    } catch {
      return null;
    }
  };

  return {
    url,
    pid: child.pid!,
    get crashed() {
      return crashed;
    },
    onCrash: (listener) => crashListeners.push(listener),
    output: () => output,
    cpuByProcess,
    cpuSeconds: () => cpuByProcess()?.reduce((sum, p) => sum + p.seconds, 0) ?? null,
    dispose,
  };
}
