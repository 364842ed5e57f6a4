import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';

import { type ChokidarOptions, type FSWatcher, watch } from 'chokidar';

import { fileKeyOf, ingestKeyOf, type IngestProgress, type LibraryIngest } from './ingest-port.ts';
import { LibraryControlError } from './library-control.ts';
import type { LibraryFile, LibraryRepository } from './library-repository.ts';
import type { CatalogueLookup } from './matching.ts';
import { isImage, isNfo, isSubtitle, isVideo } from './naming.ts';
import { createItemReader } from './scanner-items.ts';
import { createDirectoryCache } from './scanner-sidecars.ts';
import { createVideoSync, type LibraryChange } from './scanner-videos.ts';

// Where callers have always found them.

export interface LibraryScannerOptions {
  folders: string[];
  repository: LibraryRepository;
  catalogue: CatalogueLookup;
  ingest: LibraryIngest;
  log?: { info(message: string): void; warn(message: string): void };
  /** How long a file must stop growing before it is read (chokidar's awaitWriteFinish). */
  writeFinishMs?: number;
  /**
   * How long a vanished file waits for a file of the same size and time to appear (a rename is
   * an unlink then an add) before it counts as removed.
   */
  renameWindowMs?: number;
  /** Passed to chokidar (tests poll on file systems where events are unreliable). */
  watchOptions?: ChokidarOptions;
}

/**
 * Reads the library folders into the library repository and keeps them in step: a scan at
 * start, then chokidar's events, one at a time. Every file is handled on its own: one that
 * cannot be read is marked failed with its reason, and the rest go on.
 */
export function createLibraryScanner(options: LibraryScannerOptions) {
  const { repository, catalogue, ingest } = options;
  const log = options.log ?? { info: () => {}, warn: () => {} };
  // A rename's add arrives only once the file has stood still for writeFinishMs: wait longer than that.
  const renameWindowMs = options.renameWindowMs ?? (options.writeFinishMs ?? 2000) + 3000;
  const listeners = new Set<(change: LibraryChange) => void>();
  let queue: Promise<void> = Promise.resolve();
  let watcher: FSWatcher | null = null;
  let stopped = false;
  let stopProgress: (() => void) | undefined;

  const emit = (change: LibraryChange) => {
    for (const listener of listeners) listener(change);
  };

  /** Runs work after everything queued before it; a failure is logged, never thrown at the queue. */
  const enqueueWork = (work: () => Promise<void>): Promise<void> => {
    const next = queue.then(work).catch((error: unknown) => log.warn(`library: ${(error as Error).message}`));
    queue = next;
    return next;
  };

  const rootOf = (path: string) =>
    options.folders.find((folder) => path === folder || path.startsWith(folder.endsWith(sep) ? folder : folder + sep));
  /** Dot-files and dot-folders inside a library folder (.DS_Store, .trickplay, .@__thumb) are not the owner's media. */
  const isHidden = (path: string) => {
    const root = rootOf(path);
    return (
      root !== undefined &&
      relative(root, path)
        .split(sep)
        .some((part) => part.startsWith('.'))
    );
  };

  const directoryCache = createDirectoryCache();
  const { entriesOf } = directoryCache;
  const items = createItemReader({ repository, catalogue, entriesOf });
  const { syncVideo, removeFile, videoVanished, sidecarChanged, forgetVanished } = createVideoSync({
    repository,
    ingest,
    items,
    entriesOf,
    emit,
    enqueueWork,
    rootOf,
    renameWindowMs,
  });

  // -- scanning and watching --------------------------------------------------------------

  async function walk(folder: string, found: string[]): Promise<void> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      log.warn(`library: cannot read ${folder}: ${(error as NodeJS.ErrnoException).code}`);
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) await walk(path, found);
      else if (entry.isFile() && isVideo(path)) found.push(path);
    }
  }

  /** Reads a whole folder: every video synced, and what the database knew but the folder lost, removed. */
  async function scanFolder(root: string): Promise<void> {
    directoryCache.clear();
    try {
      const stats = await stat(root);
      if (!stats.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' });
    } catch (error) {
      const reason = `cannot read the folder (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      await repository.setFolder(root, 'missing', { error: reason });
      log.warn(`library: ${root}: ${reason}`);
      return;
    }
    await repository.setFolder(root, 'scanning');
    const found: string[] = [];
    await walk(root, found);
    const seen = new Set(found);
    // What the folder lost while Marquee was not watching: renamed files are found by size and time.
    const lost = repository.filesIn(root, 'present').filter((file) => !seen.has(file.path));
    const newPaths = found.filter((path) => repository.file(path)?.state !== 'present');
    for (const path of found) {
      directoryCache.clear();
      try {
        let renamedFrom: LibraryFile | null = null;
        if (newPaths.includes(path) && lost.length) {
          const stats = await stat(path);
          const index = lost.findIndex((file) => file.size === stats.size && file.mtime === Math.trunc(stats.mtimeMs));
          if (index !== -1) renamedFrom = lost.splice(index, 1)[0]!;
        }
        await syncVideo(root, path, renamedFrom);
      } catch (error) {
        await failed(root, path, error);
      }
    }
    for (const file of lost) await removeFile(file);
    await repository.setFolder(root, 'watching', { videos: repository.filesIn(root, 'present').length });
    log.info(`library: ${root}: ${repository.filesIn(root, 'present').length} videos`);
  }

  async function failed(root: string, path: string, error: unknown): Promise<void> {
    const reason = (error as Error).message;
    await repository.markFileFailed({ path, folder: root, size: 0, mtime: 0 }, reason);
    emit({ type: 'failed', path, reason });
  }

  /** One watcher event, in its turn. */
  function onEvent(event: 'add' | 'change' | 'unlink', path: string) {
    if (stopped || isHidden(path)) return;
    const root = rootOf(path);
    if (!root) return;
    void enqueueWork(async () => {
      directoryCache.clear();
      try {
        if (isVideo(path)) {
          if (event === 'unlink') await videoVanished(path);
          else await syncVideo(root, path);
        } else if (isNfo(path) || isImage(path) || isSubtitle(path)) {
          await sidecarChanged(path);
        }
      } catch (error) {
        if (isVideo(path)) await failed(root, path, error);
        else log.warn(`library: ${path}: ${(error as Error).message}`);
      }
      await repository.setFolder(root, 'watching', { videos: repository.filesIn(root, 'present').length });
    });
  }

  function onProgress(progress: IngestProgress) {
    const key = fileKeyOf(progress.key);
    if (key === null || !repository.fileByKey(key)) return;
    // Progress arrives from the ingest queue's events, which wait for no one: a failed write is logged.
    repository
      .setIngest(key, { state: progress.state, percent: progress.percent ?? null })
      .catch((error: unknown) => log.warn(`library: ingest progress of ${progress.key}: ${(error as Error).message}`));
  }

  return {
    /** Scans every folder, then watches them; resolves once the first scan is done. */
    async start(): Promise<void> {
      stopProgress = ingest.onProgress?.(onProgress);
      watcher = watch(options.folders, {
        ignoreInitial: true,
        ignored: (path) => isHidden(path),
        // Like the start scan: a symbolic link is not followed out of the library.
        followSymlinks: false,
        awaitWriteFinish: { stabilityThreshold: options.writeFinishMs ?? 2000, pollInterval: 100 },
        ...options.watchOptions,
      });
      watcher.on('add', (path) => onEvent('add', path));
      watcher.on('change', (path) => onEvent('change', path));
      watcher.on('unlink', (path) => onEvent('unlink', path));
      watcher.on('error', (error) => log.warn(`library: watching failed: ${(error as Error).message}`));
      await new Promise<void>((resolve) => watcher!.once('ready', () => resolve()));
      // Scanned after the watcher is ready, so that nothing added meanwhile is missed.
      for (const folder of options.folders) await enqueueWork(() => scanFolder(folder));
    },

    /** Scans one folder again (the studio's "scan now"). */
    rescan(folder: string): Promise<void> {
      return enqueueWork(() => scanFolder(folder));
    },

    /**
     * Hands a file to ingest again, in turn with the scan's own work (the studio's retry, and a
     * file the database knows but ingest has no job for). A file that failed here (unreadable, or
     * refused) is read again from its folder. Rejects with a LibraryControlError the caller can word.
     */
    retry(ingestKey: string): Promise<void> {
      const key = fileKeyOf(ingestKey);
      const known = key === null ? null : repository.fileByKey(key);
      if (!known || known.state === 'removed') {
        return Promise.reject(
          new LibraryControlError('not-found', `No library file has the ingest key "${ingestKey}"`),
        );
      }
      const work = async () => {
        directoryCache.clear();
        const file = repository.fileByKey(known.key);
        const root = file && rootOf(file.path);
        if (!file || file.state === 'removed' || !root) {
          throw new LibraryControlError('not-found', `No library file has the ingest key "${ingestKey}"`);
        }
        if (file.state === 'failed') {
          await syncVideo(root, file.path);
          const after = repository.fileByKey(file.key);
          if (after?.state === 'failed')
            throw new LibraryControlError('refused', after.failure ?? 'the file failed again');
          return;
        }
        const subtitles = repository.subtitles(file.key);
        let job: string;
        try {
          job = await ingest.enqueue({
            key: ingestKeyOf(file.key),
            sourcePath: file.path,
            externalSubtitles: subtitles.map((s) => ({ path: s.path, language: s.language })),
          });
        } catch (error) {
          throw new LibraryControlError('refused', (error as Error).message);
        }
        await repository.setIngest(file.key, { job, state: 'queued', percent: 0 });
      };
      const done = queue.then(work);
      queue = done.catch(() => {});
      return done;
    },

    /** Resolves when everything queued so far is done. */
    idle(): Promise<void> {
      return queue;
    },

    onChange(listener: (change: LibraryChange) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async stop(): Promise<void> {
      stopped = true;
      stopProgress?.();
      forgetVanished();
      await watcher?.close();
      await queue;
    },
  };
}

export type LibraryScanner = ReturnType<typeof createLibraryScanner>;
