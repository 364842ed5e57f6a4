import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, sep } from 'node:path';

import { type ChokidarOptions, type FSWatcher, watch } from 'chokidar';

import type { IngestProgress, LibraryIngest } from './ingest-port.ts';
import { LibraryControlError } from './library-control.ts';
import type { Facts, LibraryFile, LibraryItem, LibraryRepository, LibrarySubtitle } from './library-repository.ts';
import { type CatalogueLookup, matchTitle } from './matching.ts';
import {
  classifyVideo,
  type EpisodePath,
  type FilmPath,
  IMAGE_EXTENSIONS,
  isImage,
  isNfo,
  isSubtitle,
  isVideo,
  normaliseTitle,
  parseSubtitleName,
} from './naming.ts';
import { type NfoFacts, type NfoKind, parseNfo } from './nfo.ts';

/** What a scan or the watcher did to a file, for whoever listens (the studio later; tests now). */
export interface LibraryChange {
  type: 'added' | 'changed' | 'moved' | 'removed' | 'failed' | 'updated';
  path: string;
  /** A moved file's former path. */
  from?: string;
  reason?: string;
}

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

/** The name ingest knows a library file's programme by: the file's key, which a rename keeps. */
export const ingestKeyOf = (fileKey: number) => `library-${fileKey}`;
export const fileKeyOf = (ingestKey: string): number | null => {
  const match = /^library-(\d+)$/.exec(ingestKey);
  return match ? Number(match[1]) : null;
};

const stemOf = (path: string) => basename(path, extname(path));

/** The first of `names` (without extension) that exists in `folder` with an image extension. */
function findImage(entries: Set<string>, folder: string, names: string[]): string | null {
  for (const name of names) {
    for (const ext of IMAGE_EXTENSIONS) {
      const path = join(folder, `${name}${ext}`);
      if (entries.has(path)) return path;
    }
  }
  return null;
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
  /** Files that vanished and may yet turn up under another name: path → its timer. */
  const vanished = new Map<string, { file: LibraryFile; timer: NodeJS.Timeout }>();
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

  // -- reading sidecars -------------------------------------------------------------------

  const directoryCache = new Map<string, Set<string>>();
  /** The paths in a folder (read once per queued task: sidecars are looked up many times). */
  async function entriesOf(folder: string): Promise<Set<string>> {
    let entries = directoryCache.get(folder);
    if (!entries) {
      try {
        entries = new Set((await readdir(folder)).map((name) => join(folder, name)));
      } catch {
        entries = new Set();
      }
      directoryCache.set(folder, entries);
    }
    return entries;
  }

  async function readNfo(
    entries: Set<string>,
    candidates: string[],
    kind: NfoKind,
  ): Promise<{ path: string | null; facts: NfoFacts[] | null; error: string | null }> {
    const path = candidates.find((candidate) => entries.has(candidate));
    if (!path) return { path: null, facts: null, error: null };
    try {
      const result = parseNfo(await readFile(path, 'utf8'), kind);
      return result.ok ? { path, facts: result.facts, error: null } : { path, facts: null, error: result.reason };
    } catch (error) {
      return { path, facts: null, error: `the NFO could not be read: ${(error as NodeJS.ErrnoException).code}` };
    }
  }

  function subtitlesOf(entries: Set<string>, videoPath: string): LibrarySubtitle[] {
    const subtitles: LibrarySubtitle[] = [];
    for (const path of entries) {
      const parsed = parseSubtitleName(videoPath, path);
      if (parsed) subtitles.push({ path, ...parsed });
    }
    return subtitles.sort((a, b) => a.path.localeCompare(b.path));
  }

  /** Matches a film or series, unless an operator has chosen, or nothing the match reads changed. */
  async function matchItem(item: LibraryItem, mediaType: 'movie' | 'tv', force: boolean): Promise<void> {
    const existing = repository.match(item.key);
    if (existing?.method === 'operator' || (existing && !force)) return;
    const facts = item.facts;
    const result = matchTitle(
      {
        mediaType,
        titles: [facts.title, facts.originalTitle, item.title].filter((t): t is string => Boolean(t)),
        year: facts.year ?? item.year,
        tmdbId: facts.tmdbId,
      },
      catalogue,
    );
    await repository.setMatch(item.key, result);
  }

  const factsSignature = (item: LibraryItem | null) =>
    item ? JSON.stringify([item.title, item.year, item.facts.title, item.facts.year, item.facts.tmdbId]) : '';

  // -- items of a film and of an episode ----------------------------------------------------

  /**
   * A film or series whose folder or name changed under a moved file keeps its item, and so its
   * id, its match and an operator's corrections, once nothing of it is left where it was.
   */
  async function carryOver(moved: LibraryFile | null, identity: string, kind: 'movie' | 'series'): Promise<void> {
    if (!moved?.itemKey || repository.itemByIdentity(identity)) return;
    let top = repository.item(moved.itemKey);
    while (top && top.kind !== kind && top.parentKey !== null) top = repository.item(top.parentKey);
    if (!top || top.kind !== kind) return;
    const left = repository
      .presentFilesUnder(top.key)
      .filter((file) => file.key !== moved.key && existsSync(file.path));
    if (left.length === 0) await repository.setIdentity(top.key, identity);
  }

  async function filmItem(
    found: FilmPath,
    path: string,
    root: string,
    moved: LibraryFile | null,
  ): Promise<LibraryItem> {
    const entries = await entriesOf(found.folder);
    const stem = stemOf(path);
    // A folder of several films is a collection: its poster.jpg and movie.nfo are nobody's own.
    const titlesHere = new Set(
      [...entries].filter(isVideo).flatMap((other) => {
        const classified = classifyVideo(root, other);
        return classified.kind === 'movie' ? [normaliseTitle(classified.title)] : [];
      }),
    );
    const film = { ...found, ownFolder: found.ownFolder && titlesHere.size <= 1 };
    const nfo = await readNfo(
      entries,
      [join(film.folder, `${stem}.nfo`), ...(film.ownFolder ? [join(film.folder, 'movie.nfo')] : [])],
      'movie',
    );
    const identity = `movie:${film.folder}|${normaliseTitle(film.title)}|${film.year ?? ''}`;
    await carryOver(moved, identity, 'movie');
    const before = repository.itemByIdentity(identity);
    const item = await repository.ensureItem({
      kind: 'movie',
      identity,
      parentKey: null,
      title: film.title,
      year: film.year,
    });
    const facts: Facts = nfo.facts?.[0] ?? { title: film.title, ...(film.year ? { year: film.year } : {}) };
    await repository.setFacts(item.key, facts, nfo.facts ? 'nfo' : 'name', nfo);
    await repository.setArt(item.key, {
      poster: findImage(entries, film.folder, [
        `${stem}-poster`,
        ...(film.ownFolder ? ['poster', 'folder', 'cover', 'movie'] : []),
      ]),
      backdrop: findImage(entries, film.folder, [
        `${stem}-fanart`,
        `${stem}-backdrop`,
        ...(film.ownFolder ? ['fanart', 'backdrop', 'background'] : []),
      ]),
    });
    const updated = repository.item(item.key)!;
    await matchItem(updated, 'movie', factsSignature(before) !== factsSignature(updated));
    return updated;
  }

  async function episodeItem(episode: EpisodePath, path: string, moved: LibraryFile | null): Promise<LibraryItem> {
    const seriesEntries = await entriesOf(episode.seriesFolder);
    const seriesNfo = await readNfo(seriesEntries, [join(episode.seriesFolder, 'tvshow.nfo')], 'tvshow');
    const seriesIdentity = `series:${episode.seriesFolder}`;
    await carryOver(moved, seriesIdentity, 'series');
    const seriesBefore = repository.itemByIdentity(seriesIdentity);
    const series = await repository.ensureItem({
      kind: 'series',
      identity: seriesIdentity,
      parentKey: null,
      title: episode.seriesTitle,
      year: episode.seriesYear,
    });
    await repository.setFacts(
      series.key,
      seriesNfo.facts?.[0] ?? {
        title: episode.seriesTitle,
        ...(episode.seriesYear ? { year: episode.seriesYear } : {}),
      },
      seriesNfo.facts ? 'nfo' : 'name',
      seriesNfo,
    );
    await repository.setArt(series.key, {
      poster: findImage(seriesEntries, episode.seriesFolder, ['poster', 'folder', 'cover', 'show']),
      backdrop: findImage(seriesEntries, episode.seriesFolder, ['fanart', 'backdrop', 'background']),
    });
    const seriesNow = repository.item(series.key)!;
    await matchItem(seriesNow, 'tv', factsSignature(seriesBefore) !== factsSignature(seriesNow));

    const season = await repository.ensureItem({
      kind: 'season',
      identity: `season:${series.key}:${episode.season}`,
      parentKey: series.key,
      title: episode.season === 0 ? 'Specials' : `Season ${episode.season}`,
      year: null,
      seasonNumber: episode.season,
    });
    const seasonEntries = episode.seasonFolder ? await entriesOf(episode.seasonFolder) : new Set<string>();
    const two = String(episode.season).padStart(2, '0');
    await repository.setArt(season.key, {
      poster:
        findImage(seriesEntries, episode.seriesFolder, [
          episode.season === 0 ? 'season-specials-poster' : `season${two}-poster`,
        ]) ?? (episode.seasonFolder ? findImage(seasonEntries, episode.seasonFolder, ['poster', 'folder']) : null),
    });

    const folder = dirname(path);
    const entries = await entriesOf(folder);
    const stem = stemOf(path);
    const nfo = await readNfo(entries, [join(folder, `${stem}.nfo`)], 'episodedetails');
    // A multi-episode file's NFO has one <episodedetails> per episode: the first one names the file's item.
    const own = nfo.facts?.find((facts) => facts.episode === episode.episode) ?? nfo.facts?.[0];
    const title = own?.title ?? (episode.episodeTitle || `Episode ${episode.episode}`);
    const item = await repository.ensureItem({
      kind: 'episode',
      identity: `episode:${series.key}:${episode.season}:${episode.episode}`,
      parentKey: season.key,
      title,
      year: null,
      seasonNumber: episode.season,
      episodeNumber: episode.episode,
      episodeEnd: episode.episodeEnd,
    });
    await repository.setFacts(item.key, own ?? { title }, own ? 'nfo' : 'name', nfo);
    await repository.setArt(item.key, { thumb: findImage(entries, folder, [`${stem}-thumb`, stem]) });
    // The other episodes of a multi-episode file are items of their own (their titles and plots
    // differ), played from this file.
    for (let number = episode.episode + 1; number <= episode.episodeEnd; number++) {
      const facts = nfo.facts?.find((f) => f.episode === number);
      const part = await repository.ensureItem({
        kind: 'episode',
        identity: `episode:${series.key}:${episode.season}:${number}`,
        parentKey: season.key,
        title: facts?.title ?? `Episode ${number}`,
        year: null,
        seasonNumber: episode.season,
        episodeNumber: number,
      });
      await repository.setFacts(part.key, facts ?? { title: part.title }, facts ? 'nfo' : 'name', nfo);
    }
    return repository.item(item.key)!;
  }

  // -- one video --------------------------------------------------------------------------

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
      for (const { timer } of vanished.values()) clearTimeout(timer);
      vanished.clear();
      await watcher?.close();
      await queue;
    },
  };
}

export type LibraryScanner = ReturnType<typeof createLibraryScanner>;
