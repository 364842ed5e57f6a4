import { stat } from 'node:fs/promises';
import { dirname, relative, sep } from 'node:path';

import { ingestKeyOf, type LibraryIngest } from './ingest-port.ts';
import type { LibraryFile, LibraryItem } from './library-records.ts';
import type { LibraryRepository } from './library-repository.ts';
import { classifyVideo, isImage, isNfo } from './naming.ts';
import type { ItemReader } from './scanner-items.ts';
import { stemOf, subtitlesOf } from './scanner-sidecars.ts';

/** What a scan or the watcher did to a file, for whoever listens (the studio later; tests now). */
export interface LibraryChange {
  type: 'added' | 'changed' | 'moved' | 'removed' | 'failed' | 'updated';
  path: string;
  /** A moved file's former path. */
  from?: string;
  reason?: string;
}

export interface VideoSyncOptions {
  repository: LibraryRepository;
  ingest: LibraryIngest;
  items: ItemReader;
  entriesOf: (folder: string) => Promise<Set<string>>;
  emit: (change: LibraryChange) => void;
  /** Queues work behind the scanner's own, one task at a time. */
  enqueueWork: (work: () => Promise<void>) => Promise<void>;
  /** The library folder a path lies in. */
  rootOf: (path: string) => string | undefined;
  renameWindowMs: number;
}

/**
 * One video read into the repository and handed to ingest; a vanished video removed unless a
 * rename claims it; a changed sidecar's videos read again.
 */
export function createVideoSync({
  repository,
  ingest,
  items: { filmItem, episodeItem },
  entriesOf,
  emit,
  enqueueWork,
  rootOf,
  renameWindowMs,
}: VideoSyncOptions) {
  /** Files that vanished and may yet turn up under another name: path → its timer. */
  const vanished = new Map<string, { file: LibraryFile; timer: NodeJS.Timeout }>();

  /** Takes what vanished with the same size and time as this new file: a rename, not a removal. */
  function claimVanished(size: number, mtime: number): LibraryFile | null {
    for (const [path, entry] of vanished) {
      if (entry.file.size === size && entry.file.mtime === mtime) {
        clearTimeout(entry.timer);
        vanished.delete(path);
        return entry.file;
      }
    }
    return null;
  }

  async function syncVideo(root: string, path: string, renamedFrom?: LibraryFile | null): Promise<void> {
    let stats;
    try {
      stats = await stat(path);
    } catch {
      return; // gone again before it was read: its unlink event follows
    }
    if (!stats.isFile()) return;
    const size = stats.size;
    const mtime = Math.trunc(stats.mtimeMs);
    const known = repository.file(path);
    const classified = classifyVideo(root, path);
    if (classified.kind === 'extra') return;
    if (classified.kind === 'unrecognised') {
      await repository.markFileFailed(
        { path, folder: root, size, mtime },
        `not a film or an episode: ${classified.reason}`,
      );
      emit({ type: 'failed', path, reason: classified.reason });
      return;
    }

    const moved = renamedFrom ?? (known ? null : claimVanished(size, mtime));
    const item =
      classified.kind === 'movie'
        ? await filmItem(classified, path, root, moved)
        : await episodeItem(classified, path, moved);
    const entries = await entriesOf(dirname(path));
    const subtitles = subtitlesOf(entries, path);

    let file: LibraryFile;
    let change: 'new' | 'changed' | 'returned' | 'same' | 'moved';
    const previousItem = moved?.itemKey ?? known?.itemKey ?? null;
    if (moved) {
      file = await repository.moveFile(moved.key, { path, folder: root, itemKey: item.key });
      change = 'moved';
    } else {
      ({ file, change } = await repository.putFile({ path, folder: root, itemKey: item.key, size, mtime }));
    }
    const subtitlesBefore = JSON.stringify(repository.subtitles(file.key));
    await repository.setSubtitles(file.key, subtitles);
    const subtitlesChanged = subtitlesBefore !== JSON.stringify(subtitles);
    if (previousItem !== null && previousItem !== item.key) await refreshPresence(previousItem);

    // New, changed or back: ingest makes its programme. Subtitles added or removed: ingest makes
    // the renditions again. A rename alone changes nothing ingest made.
    if ((change !== 'same' && change !== 'moved') || subtitlesChanged) {
      try {
        const job = await ingest.enqueue({
          key: ingestKeyOf(file.key),
          sourcePath: path,
          externalSubtitles: subtitles.map((s) => ({ path: s.path, language: s.language })),
        });
        await repository.setIngest(file.key, { job, state: 'queued', percent: 0 });
      } catch (error) {
        // Refused (a full disk, say): failed with the reason, and queued again by the next scan.
        const reason = `ingest refused the file: ${(error as Error).message}`;
        await repository.markFileFailed({ path, folder: root, size, mtime }, reason);
        emit({ type: 'failed', path, reason });
        return;
      }
    }
    if (change === 'moved') emit({ type: 'moved', path, from: moved!.path });
    else if (change === 'same') emit({ type: 'updated', path });
    else emit({ type: change === 'changed' ? 'changed' : 'added', path });
  }

  /** Marks an item (and a season or series above it) removed once nothing of it is left in a folder. */
  async function refreshPresence(itemKey: number): Promise<void> {
    const item = repository.item(itemKey);
    if (!item || item.removedAt !== null) return;
    const present =
      item.kind === 'movie'
        ? repository.filesOf(item.key).length > 0
        : item.kind === 'episode'
          ? repository.filesOf(item.key).length > 0 || coveringEpisode(item) !== null
          : repository.children(item.key).length > 0;
    if (present) return;
    await repository.markItemRemoved(item.key);
    // Episodes this one's file also held (S01E01E02) go with it.
    if (item.kind === 'episode' && item.parentKey !== null && (item.episodeEnd ?? 0) > (item.episodeNumber ?? 0)) {
      for (const sibling of repository.children(item.parentKey)) {
        const n = sibling.episodeNumber ?? 0;
        if (n > (item.episodeNumber ?? 0) && n <= (item.episodeEnd ?? 0)) await refreshPresence(sibling.key);
      }
    }
    if (item.parentKey !== null) await refreshPresence(item.parentKey);
  }

  /** The episode whose file holds this one too (S01E01E02's file holds episode 2), if any. */
  function coveringEpisode(item: LibraryItem): LibraryItem | null {
    if (item.parentKey === null || item.episodeNumber === null) return null;
    const n = item.episodeNumber;
    return (
      repository
        .children(item.parentKey)
        .find(
          (sibling) =>
            sibling.key !== item.key &&
            (sibling.episodeNumber ?? 0) < n &&
            (sibling.episodeEnd ?? 0) >= n &&
            repository.filesOf(sibling.key).length > 0,
        ) ?? null
    );
  }

  async function removeFile(file: LibraryFile): Promise<void> {
    await repository.markFileRemoved(file.key);
    if (file.itemKey !== null) await refreshPresence(file.itemKey);
    await ingest.remove(ingestKeyOf(file.key));
    emit({ type: 'removed', path: file.path });
  }

  /** A video gone from its folder: removed, unless it turns up under another name meanwhile. */
  async function videoVanished(path: string): Promise<void> {
    const file = repository.file(path);
    if (!file || file.state === 'removed') return;
    if (file.state === 'failed') {
      await repository.markFileRemoved(file.key);
      return;
    }
    const timer = setTimeout(() => {
      if (vanished.get(path)?.file !== file) return;
      vanished.delete(path);
      void enqueueWork(() => removeFile(file));
    }, renameWindowMs);
    vanished.set(path, { file, timer });
  }

  /** A sidecar (NFO, art, subtitle) changed: read again the videos it may belong to. */
  async function sidecarChanged(path: string): Promise<void> {
    const folder = dirname(path);
    const prefix = folder + sep;
    for (const file of repository.files()) {
      if (file.state !== 'present' || !file.path.startsWith(prefix)) continue;
      // An episode's or a film's own sidecars name it; a folder's (tvshow.nfo, poster.jpg) concern all below.
      const own = stemOf(path).startsWith(stemOf(file.path));
      const folderWide = !relative(folder, file.path).includes(sep) || isNfo(path) || isImage(path);
      if (own || folderWide) {
        const root = rootOf(file.path);
        if (root) await syncVideo(root, file.path);
      }
    }
  }

  return {
    syncVideo,
    removeFile,
    videoVanished,
    sidecarChanged,
    /** Stops waiting for vanished files to turn up renamed (the scanner stops). */
    forgetVanished(): void {
      for (const { timer } of vanished.values()) clearTimeout(timer);
      vanished.clear();
    },
  };
}
