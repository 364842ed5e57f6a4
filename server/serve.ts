import { availableParallelism } from 'node:os';

import { limitHashing } from './accounts/passwords.ts';
import { buildApp } from './app.ts';
import { appOptions } from './app-options.ts';
import { workerEndedSessionsRelay } from './cluster/ended-sessions-relay.ts';
import { workerLibraryControl } from './cluster/library-control-relay.ts';
import { CLOSED_MESSAGE, MAY_EXIT_MESSAGE, STOP_MESSAGE } from './cluster/messages.ts';
import { workerSessionRelay } from './cluster/session-relay.ts';
import type { ServerConfig } from './config.ts';

/** How long a closed worker waits for that answer before it exits anyway (a primary that is gone). */
const MAY_EXIT_TIMEOUT_MS = 5000;

/**
 * Resolves once the primary has no connection on its way to this worker. Closing the server
 * told the primary to hand it no more, but one it handed just before may still be in the IPC
 * channel: exiting now would drop it, unanswered, and its client would wait forever. Messages
 * keep their order, so once the primary's answer to this one arrives, every connection sent
 * before it has arrived too, and node:cluster has handed it back to another worker.
 */
function primaryDrained(): Promise<void> {
  if (!process.connected) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
      resolve();
    };
    const onMessage = (message: unknown) => {
      if (message === MAY_EXIT_MESSAGE) done();
    };
    const timer = setTimeout(done, MAY_EXIT_TIMEOUT_MS);
    process.on('message', onMessage);
    process.send?.(CLOSED_MESSAGE);
  });
}

/**
 * Builds the app and listens: the whole server in one process (MARQUEE_WORKERS=1), or one
 * worker of a cluster (server/cluster/primary.ts), which listens on the primary's shared port
 * and stops when the primary asks. Returns the port it listens on.
 */
export async function serve(config: ServerConfig, worker: boolean): Promise<number> {
  // Filled in once built: a stop may be asked for before that.
  const started: { app?: Awaited<ReturnType<typeof buildApp>> } = {};
  let closing = false;
  const close = (reason: string) => {
    if (closing) return;
    closing = true;
    // Asked to stop while still starting: nothing is served or open yet.
    const server = started.app;
    if (!server) process.exit(0);
    server.log.info(`${reason}: closing`);
    // Closing stops taking connections, finishes in-flight requests and then closes the database
    // (an onClose hook). Node closes only the connections idle at this moment; one busy now would
    // otherwise stay open for the whole keep-alive timeout once its response is sent. Sweep idle
    // ones as they settle, and after a grace period cut whatever is left (a paused video download, say).
    const sweep = setInterval(() => server.server.closeIdleConnections(), 200);
    const cutOff = setTimeout(() => server.server.closeAllConnections(), 5000);
    server.close().then(
      async () => {
        clearInterval(sweep);
        clearTimeout(cutOff);
        if (worker) await primaryDrained();
        process.exit(0);
      },
      (error: unknown) => {
        server.log.error(error);
        process.exit(1);
      },
    );
  };
  // Ctrl-C reaches a cluster's workers too (the whole process group): each closes as the primary would ask.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => close(`${signal} received`));
  if (worker) {
    // A rolling restart is the primary's to run; a worker only closes when asked.
    process.on('SIGHUP', () => {});
    process.on('message', (message) => {
      if (message === STOP_MESSAGE) close('retired by the primary');
    });
  }

  // The workers share the cores: at most one password hash per core across all of them.
  if (worker) limitHashing(Math.floor(availableParallelism() / config.workers));
  // A cluster's workers leave checkpoints to the primary, relay checkout changes and ended
  // sessions, and pass the studio's library commands to the primary, which scans and ingests.
  const options = appOptions(config, worker);
  const app = await buildApp(
    worker
      ? {
          ...options,
          database: { autoCheckpoint: false },
          sessionRelay: workerSessionRelay(),
          endedSessionsRelay: workerEndedSessionsRelay(),
          library: { folders: config.library, ...options.library, control: workerLibraryControl() },
        }
      : options,
  );
  started.app = app;
  if (closing) process.exit(0);

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      console.error(`Port ${config.port} is already in use. Set PORT to another port, e.g. PORT=3001 npm start`);
    } else {
      console.error(error);
    }
    process.exit(1);
  }
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : config.port;
}
