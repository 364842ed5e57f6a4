import cluster, { type Worker } from 'node:cluster';

import { buildApp } from '../app.ts';
import { announce, appOptions } from '../app-options.ts';
import { createCatalogueRepository } from '../catalogue/catalogue-repository.ts';
import type { ServerConfig } from '../config.ts';
import { createIngest } from '../ingest/ingest.ts';
import { readIngestConfig } from '../ingest/ingest-config.ts';
import { createLibraryControl } from '../library/library-control.ts';
import { ingestMissing, libraryIngestOf } from '../library/library-ingest.ts';
import { createLibraryRepository } from '../library/library-repository.ts';
import { createLibraryScanner } from '../library/library-scanner.ts';
import { openDatabase } from '../plugins/database.ts';
import { startCheckpoints } from './checkpoints.ts';
import { relayEndedSessions } from './ended-sessions-relay.ts';
import { relayLibraryCommands } from './library-control-relay.ts';
import { CLOSED_MESSAGE, MAY_EXIT_MESSAGE, STOP_MESSAGE } from './messages.ts';
import { relaySessionChanges } from './session-relay.ts';

/** How long a retiring worker may take to finish its requests before it is killed. */
const RETIRE_TIMEOUT_MS = 15_000;
/** The pause before replacing a worker that died before it could listen (so a broken start does not spin). */
const RESTART_BACKOFF_MS = 1000;

const log = (message: string) => console.log(`[marquee primary ${process.pid}] ${message}`);

/**
 * The library's scanner and the ingest engine, in the primary: the studio's commands reach them
 * from the workers (library-control-relay.ts), and ingest's progress reaches the library's files.
 */
function startLibrary(config: ServerConfig, db: ReturnType<typeof openDatabase>) {
  const engine = createIngest({
    db,
    dataDir: config.dataDir,
    ...readIngestConfig(),
    log: (message) => log(message),
  });
  const ingest = libraryIngestOf(engine);
  const repository = createLibraryRepository(db);
  const scanner = createLibraryScanner({
    folders: config.library,
    repository,
    catalogue: createCatalogueRepository(db),
    ingest,
    log: { info: () => {}, warn: (message) => log(message) },
  });
  scanner
    .start()
    .then(() => ingestMissing(repository, ingest, scanner, (message) => log(message)))
    .catch((error: unknown) => log(`library: the first scan failed: ${(error as Error).message}`));
  return {
    control: createLibraryControl(scanner, config.library),
    async stop() {
      await scanner.stop();
      await engine.close();
    },
  };
}

/**
 * The cluster's primary (MARQUEE_WORKERS > 1): brings the database up to date and loads the
 * catalogue and plans once, before any worker opens the file, then forks the workers, which
 * share its listening port (Node hands each new connection to the next worker in turn). It
 * replaces a worker that dies, replaces them one at a time on SIGHUP (each new one listening
 * before the old one is asked to finish its requests and close), relays checkout changes and ended
 * sessions between them, and checkpoints the WAL on a timer, off the workers' request path (docs/decisions.md).
 */
export async function runPrimary(config: ServerConfig): Promise<void> {
  // Migrations, the catalogue's first load and pending checkout requests: the app's own start-up, run once.
  const prepared = await buildApp(appOptions(config));
  await prepared.ready();
  await prepared.close();

  const db = openDatabase(config.dataDir);
  const stopCheckpoints = startCheckpoints(db, (error) => console.error('checkpoint failed:', error));
  // The library's folders are scanned and watched here, once for every worker (serve.ts turns it
  // off there), and ingest runs here too: one process takes over jobs cut short and runs new ones.
  const library = config.library.length ? startLibrary(config, db) : null;

  const serving = new Set<Worker>();
  const retiring = new Set<Worker>();
  let port = config.port;
  let stopping = false;
  const everyWorker = () => Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
  const endedSessions = relayEndedSessions({
    everyWorker,
    // A retiring worker still answers the requests it holds, with what it remembers.
    serving: (worker) => serving.has(worker) || retiring.has(worker),
    kill: (worker, why) => {
      log(`killing worker ${worker.process.pid}: ${why}`);
      worker.process.kill('SIGKILL');
    },
  });

  /** A new worker, resolved once it listens; rejected if it exits before. */
  const fork = () =>
    new Promise<Worker>((resolve, reject) => {
      // Every worker asks for the configured port, even 0: Node shares one listening socket per
      // address and port asked for, so a replacement joins the one the others hold.
      const worker = cluster.fork();
      relaySessionChanges(worker, everyWorker);
      if (library) relayLibraryCommands(worker, library.control);
      endedSessions.watch(worker);
      // A closed worker waits for this answer before it exits (serve.ts, primaryDrained): the
      // connections node:cluster handed it meanwhile come back, ahead of the answer, for another worker.
      worker.on('message', (message: unknown) => {
        if (message === CLOSED_MESSAGE && worker.isConnected()) worker.send(MAY_EXIT_MESSAGE);
      });
      let listening = false;
      worker.once('listening', (address) => {
        listening = true;
        port = address.port;
        serving.add(worker);
        resolve(worker);
      });
      worker.once('exit', (code, signal) => {
        serving.delete(worker);
        if (!listening) reject(new Error(`a worker exited before it listened (code ${code}, signal ${signal})`));
        if (retiring.delete(worker) || stopping || !listening) return;
        log(`worker ${worker.process.pid} exited (code ${code}, signal ${signal}): starting another`);
        replace();
      });
    });

  const replace = () => {
    fork().then(
      (worker) => log(`worker ${worker.process.pid} is serving`),
      (error: unknown) => {
        if (stopping) return;
        log(`${(error as Error).message}: trying again in ${RESTART_BACKOFF_MS / 1000} s`);
        setTimeout(replace, RESTART_BACKOFF_MS).unref();
      },
    );
  };

  /** Asks a worker to stop taking connections and finish its requests; resolves when it has exited. */
  const retire = (worker: Worker) =>
    new Promise<void>((resolve) => {
      serving.delete(worker);
      retiring.add(worker);
      if (worker.isDead()) return resolve();
      const killer = setTimeout(() => worker.process.kill('SIGKILL'), RETIRE_TIMEOUT_MS);
      worker.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      if (worker.isConnected()) worker.send(STOP_MESSAGE);
      else worker.process.kill('SIGTERM');
    });

  let restarting: Promise<void> | undefined;
  const rollingRestart = async () => {
    log(`SIGHUP: replacing ${serving.size} workers one at a time`);
    for (const old of [...serving]) {
      if (stopping) return;
      if (!serving.has(old)) continue;
      try {
        await fork();
      } catch (error) {
        log(`${(error as Error).message}: the rolling restart stops, the old workers keep serving`);
        return;
      }
      await retire(old);
    }
    log('rolling restart done');
  };
  process.on('SIGHUP', () => {
    if (stopping) return;
    restarting ??= rollingRestart().finally(() => (restarting = undefined));
  });

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.all(everyWorker().map(retire));
    await library?.stop();
    stopCheckpoints();
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } finally {
      db.close();
    }
    process.exit(code);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));

  try {
    await Promise.all(Array.from({ length: config.workers }, fork));
  } catch {
    // The worker said why (a port in use, say).
    await stop(1);
    return;
  }
  announce(config, port, `\n  ${config.workers} workers (MARQUEE_WORKERS), primary pid ${process.pid}`);
}
