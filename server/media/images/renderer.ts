import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { CatalogueTitle } from '../../catalogue/catalogue-title.ts';
import type { ArtVariant } from './art.ts';
import type { ArtKind } from './art-path.ts';
import type { RenderAnswer, RenderRequest } from './render-process.ts';

const ENTRY = fileURLToPath(new URL('./render-process.ts', import.meta.url));
const NICE = '/usr/bin/nice';
// A tenth of a default process's CPU share when both want a core: renders yield to the workers
// at once, yet are not starved outright by other busy programs on a shared machine (19 was).
const NICENESS = '10';

export type Render = (kind: ArtKind, title: CatalogueTitle, width: number, variant?: ArtVariant) => Promise<Buffer>;

interface Child {
  process: ChildProcess;
  pending: Map<number, { resolve: (image: Buffer) => void; reject: (error: Error) => void }>;
  retired: boolean;
}

/**
 * Renders in a process of their own, started on first use:
 * - at a low CPU priority (`nice -n 10`, which every thread of it inherits), so that on a
 *   machine busy drawing, the server's event loop and its file reads (video segments) still get
 *   the cores the moment they want them: renders take what media serving leaves;
 * - with its own memory, so a burst of renders never grows a server process, and the render
 *   process is replaced once it passes its budget (render-process.ts), giving back all it took.
 * The queue in front of it (render-queue.ts) bounds how many it is given at once.
 */
export function createRenderer(): { render: Render; close: () => void; pids: () => number[] } {
  let current: Child | undefined;
  const alive = new Set<Child>();
  let nextId = 0;
  let closed = false;

  const letGo = (child: Child) => {
    if (child.pending.size === 0 && child.process.connected) child.process.disconnect();
  };

  const start = (): Child => {
    const args = ['--import', 'tsx', ENTRY];
    const niced = existsSync(NICE);
    const process_ = spawn(
      niced ? NICE : process.execPath,
      niced ? ['-n', NICENESS, process.execPath, ...args] : args,
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        serialization: 'advanced',
        // Fewer malloc arenas: libvips' threads otherwise each keep one, and the memory with it.
        env: { ...process.env, MALLOC_ARENA_MAX: '2' },
      },
    );
    const child: Child = { process: process_, pending: new Map(), retired: false };
    alive.add(child);
    process_.on('message', (answer: RenderAnswer) => {
      if ('retire' in answer) {
        child.retired = true;
        if (current === child) current = undefined;
        letGo(child);
        return;
      }
      const waiting = child.pending.get(answer.id);
      if (!waiting) return;
      child.pending.delete(answer.id);
      if ('image' in answer)
        waiting.resolve(Buffer.from(answer.image.buffer, answer.image.byteOffset, answer.image.byteLength));
      else waiting.reject(new Error(`render failed: ${answer.error}`));
      if (child.retired) letGo(child);
    });
    process_.on('exit', () => {
      alive.delete(child);
      if (current === child) current = undefined;
      for (const waiting of child.pending.values()) waiting.reject(new Error('the render process exited'));
      child.pending.clear();
    });
    process_.on('error', () => {});
    return child;
  };

  const render: Render = (kind, title, width, variant) => {
    if (closed) return Promise.reject(new Error('the renderer is closed'));
    current ??= start();
    const child = current;
    const id = nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      child.pending.set(id, { resolve, reject });
      const request: RenderRequest = { id, kind, title, width, variant };
      child.process.send(request, (error) => {
        if (!error) return;
        child.pending.delete(id);
        reject(error);
      });
    });
  };

  return {
    render,
    close: () => {
      closed = true;
      for (const child of alive) child.process.kill();
    },
    pids: () => [...alive].map((child) => child.process.pid!).filter(Boolean),
  };
}
