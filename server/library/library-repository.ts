import type { Database } from 'better-sqlite3';

import { inWriteTurn, runWrite } from '../db/write-turn.ts';
import type { NfoFacts } from './nfo.ts';

export type ItemKind = 'movie' | 'series' | 'season' | 'episode';
export type FolderState = 'scanning' | 'watching' | 'missing' | 'failed';
export type FileState = 'present' | 'removed' | 'failed';
export type MatchMethod = 'nfo-id' | 'title-year' | 'new' | 'operator';

/** Facts an operator may correct; laid over what the NFO or the name says. */
export type Facts = Partial<NfoFacts>;

export interface LibraryFolder {
  path: string;
  state: FolderState;
  scannedAt: number | null;
  videos: number;
  error: string | null;
}

export interface LibraryItem {
  key: number;
  kind: ItemKind;
  parentKey: number | null;
  identity: string;
  title: string;
  year: number | null;
  seasonNumber: number | null;
  episodeNumber: number | null;
  episodeEnd: number | null;
  /** What the NFO or the name says, with an operator's corrections laid over. */
  facts: Facts;
  factsSource: 'name' | 'nfo';
  nfoPath: string | null;
  nfoError: string | null;
  corrected: Facts;
  posterPath: string | null;
  backdropPath: string | null;
  thumbPath: string | null;
  addedAt: number;
  updatedAt: number;
  removedAt: number | null;
  /** Shown to viewers (the default); an operator can take a film or series off (the studio). */
  published: boolean;
}

export interface LibraryMatch {
  itemKey: number;
  mediaType: 'movie' | 'tv';
  /** The catalogue title's id; null for a new library title. */
  catalogueId: number | null;
  method: MatchMethod;
  matchedAt: number;
}

export interface LibraryFile {
  key: number;
  path: string;
  folder: string;
  itemKey: number | null;
  size: number;
  mtime: number;
  state: FileState;
  failure: string | null;
  ingestJob: string | null;
  ingestState: string | null;
  ingestPercent: number | null;
  addedAt: number;
  updatedAt: number;
}

export interface LibrarySubtitle {
  path: string;
  language: string | null;
  forced: boolean;
  sdh: boolean;
  format: 'srt' | 'vtt' | 'ass' | 'ssa';
}

interface ItemRow {
  key: number;
  kind: ItemKind;
  parent_key: number | null;
  identity: string;
  title: string;
  year: number | null;
  season_number: number | null;
  episode_number: number | null;
  episode_end: number | null;
  facts: string;
  facts_source: 'name' | 'nfo';
  nfo_path: string | null;
  nfo_error: string | null;
  corrected: string;
  poster_path: string | null;
  backdrop_path: string | null;
  thumb_path: string | null;
  added_at: number;
  updated_at: number;
  removed_at: number | null;
  published: 0 | 1;
}

const toItem = (row: ItemRow): LibraryItem => {
  const corrected = JSON.parse(row.corrected) as Facts;
  return {
    key: row.key,
    kind: row.kind,
    parentKey: row.parent_key,
    identity: row.identity,
    title: corrected.title ?? row.title,
    year: corrected.year ?? row.year,
    seasonNumber: row.season_number,
    episodeNumber: row.episode_number,
    episodeEnd: row.episode_end,
    facts: { ...(JSON.parse(row.facts) as Facts), ...corrected },
    factsSource: row.facts_source,
    nfoPath: row.nfo_path,
    nfoError: row.nfo_error,
    corrected,
    posterPath: row.poster_path,
    backdropPath: row.backdrop_path,
    thumbPath: row.thumb_path,
    addedAt: row.added_at,
    updatedAt: row.updated_at,
    removedAt: row.removed_at,
    published: row.published === 1,
  };
};

const toFile = (row: Record<string, unknown>): LibraryFile => ({
  key: row.key as number,
  path: row.path as string,
  folder: row.folder as string,
  itemKey: row.item_key as number | null,
  size: row.size as number,
  mtime: row.mtime as number,
  state: row.state as FileState,
  failure: row.failure as string | null,
  ingestJob: row.ingest_job as string | null,
  ingestState: row.ingest_state as string | null,
  ingestPercent: row.ingest_percent as number | null,
  addedAt: row.added_at as number,
  updatedAt: row.updated_at as number,
});

const toMatch = (row: Record<string, unknown>): LibraryMatch => ({
  itemKey: row.item_key as number,
  mediaType: row.media_type as 'movie' | 'tv',
  catalogueId: row.catalogue_id as number | null,
  method: row.method as MatchMethod,
  matchedAt: row.matched_at as number,
});

export interface ItemSpec {
  kind: ItemKind;
  identity: string;
  parentKey: number | null;
  title: string;
  year: number | null;
  seasonNumber?: number | null;
  episodeNumber?: number | null;
  episodeEnd?: number | null;
}

/** What became of a file the scanner saw: new, changed since last seen, back after removal, or the same. */
export type FileChange = 'new' | 'changed' | 'returned' | 'same';

/**
 * The library's tables (migration 015): folders, items, matches, files and subtitles. Reads are
 * synchronous; every write takes a write turn (server/db/write-turn.ts) and settles once stored.
 */
export function createLibraryRepository(db: Database, now: () => number = Date.now) {
  const itemByKey = db.prepare('SELECT * FROM library_items WHERE key = ?');
  const itemByIdentity = db.prepare('SELECT * FROM library_items WHERE identity = ?');
  const fileByPath = db.prepare('SELECT * FROM library_files WHERE path = ?');
  const fileByKey = db.prepare('SELECT * FROM library_files WHERE key = ?');
  const matchOf = db.prepare('SELECT * FROM library_matches WHERE item_key = ?');

  const putFolder = db.prepare(
    `INSERT INTO library_folders (path, state, scanned_at, videos, error) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET state = excluded.state,
       scanned_at = CASE WHEN excluded.state = 'watching' THEN excluded.scanned_at ELSE scanned_at END,
       videos = coalesce(?, videos), error = excluded.error`,
  );
  const refreshItem = db.prepare(
    `UPDATE library_items SET title = ?, year = ?, episode_end = ?, removed_at = NULL,
       updated_at = CASE WHEN title = ? AND year IS ? AND episode_end IS ? AND removed_at IS NULL THEN updated_at ELSE ? END
     WHERE key = ?`,
  );
  const insertItem = db.prepare(
    `INSERT INTO library_items (kind, parent_key, identity, title, year, season_number, episode_number,
       episode_end, added_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const updateFacts = db.prepare(
    `UPDATE library_items SET facts = ?, facts_source = ?, nfo_path = ?, nfo_error = ?,
       updated_at = CASE WHEN facts = ? AND facts_source = ? AND nfo_path IS ? AND nfo_error IS ? THEN updated_at ELSE ? END
     WHERE key = ?`,
  );
  const updateArt = db.prepare(
    'UPDATE library_items SET poster_path = ?, backdrop_path = ?, thumb_path = ? WHERE key = ?',
  );
  const updateCorrected = db.prepare('UPDATE library_items SET corrected = ?, updated_at = ? WHERE key = ?');
  const updateIdentity = db.prepare('UPDATE library_items SET identity = ?, updated_at = ? WHERE key = ?');
  const removeItem = db.prepare('UPDATE library_items SET removed_at = ? WHERE key = ? AND removed_at IS NULL');
  const putMatch = db.prepare(
    `INSERT INTO library_matches (item_key, media_type, catalogue_id, method, matched_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (item_key) DO UPDATE SET media_type = excluded.media_type, catalogue_id = excluded.catalogue_id,
       method = excluded.method, matched_at = excluded.matched_at
     WHERE library_matches.method <> 'operator' OR excluded.method = 'operator'`,
  );
  const insertFile = db.prepare(
    `INSERT INTO library_files (path, folder, item_key, size, mtime, state, added_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'present', ?, ?)`,
  );
  const refreshFile = db.prepare(
    `UPDATE library_files SET folder = ?, item_key = ?, size = ?, mtime = ?, state = 'present', failure = NULL,
       updated_at = CASE WHEN ? = 'same' AND item_key IS ? THEN updated_at ELSE ? END WHERE key = ?`,
  );
  const updateFilePlace = db.prepare(
    "UPDATE library_files SET path = ?, folder = ?, item_key = ?, state = 'present', failure = NULL, updated_at = ? WHERE key = ?",
  );
  const removeFile = db.prepare("UPDATE library_files SET state = 'removed', updated_at = ? WHERE key = ?");
  const failFile = db.prepare(
    `INSERT INTO library_files (path, folder, item_key, size, mtime, state, failure, added_at, updated_at)
     VALUES (?, ?, NULL, ?, ?, 'failed', ?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET state = 'failed', failure = excluded.failure, size = excluded.size,
       mtime = excluded.mtime, updated_at = excluded.updated_at`,
  );
  const updateIngest = db.prepare(
    'UPDATE library_files SET ingest_job = coalesce(?, ingest_job), ingest_state = ?, ingest_percent = ? WHERE key = ?',
  );
  const clearSubtitles = db.prepare('DELETE FROM library_subtitles WHERE file_key = ?');
  const insertSubtitle = db.prepare(
    'INSERT INTO library_subtitles (file_key, path, language, forced, sdh, format) VALUES (?, ?, ?, ?, ?, ?)',
  );

  const write = <T>(work: () => T): Promise<T> => inWriteTurn(db, work);

  /** Records a match inside a turn; an operator's match is never replaced by a scan's. */
  const storeMatch = (
    itemKey: number,
    match: { mediaType: 'movie' | 'tv'; catalogueId: number | null; method: MatchMethod },
  ): LibraryMatch => {
    runWrite(putMatch, itemKey, match.mediaType, match.catalogueId, match.method, now());
    return repository.match(itemKey)!;
  };

  const repository = {
    // -- folders ----------------------------------------------------------------------------
    setFolder(
      path: string,
      state: FolderState,
      details: { videos?: number; error?: string | null } = {},
    ): Promise<void> {
      return write(() => {
        runWrite(
          putFolder,
          path,
          state,
          state === 'watching' ? now() : null,
          details.videos ?? 0,
          details.error ?? null,
          details.videos ?? null,
        );
      });
    },

    folders(): LibraryFolder[] {
      return (db.prepare('SELECT * FROM library_folders ORDER BY path').all() as Record<string, unknown>[]).map(
        (row) => ({
          path: row.path as string,
          state: row.state as FolderState,
          scannedAt: row.scanned_at as number | null,
          videos: row.videos as number,
          error: row.error as string | null,
        }),
      );
    },

    // -- items ------------------------------------------------------------------------------
    /** Finds or creates the item a scan names; a removed item that is found again comes back. */
    ensureItem(spec: ItemSpec): Promise<LibraryItem> {
      return write(() => {
        const existing = itemByIdentity.get(spec.identity) as ItemRow | undefined;
        const at = now();
        if (existing) {
          runWrite(
            refreshItem,
            spec.title,
            spec.year,
            spec.episodeEnd ?? null,
            spec.title,
            spec.year,
            spec.episodeEnd ?? null,
            at,
            existing.key,
          );
          return toItem(itemByKey.get(existing.key) as ItemRow);
        }
        const { lastInsertRowid } = runWrite(
          insertItem,
          spec.kind,
          spec.parentKey,
          spec.identity,
          spec.title,
          spec.year,
          spec.seasonNumber ?? null,
          spec.episodeNumber ?? null,
          spec.episodeEnd ?? null,
          at,
          at,
        );
        return toItem(itemByKey.get(Number(lastInsertRowid)) as ItemRow);
      });
    },

    item(key: number): LibraryItem | null {
      const row = itemByKey.get(key) as ItemRow | undefined;
      return row ? toItem(row) : null;
    },

    itemByIdentity(identity: string): LibraryItem | null {
      const row = itemByIdentity.get(identity) as ItemRow | undefined;
      return row ? toItem(row) : null;
    },

    /** Items of a kind, those still in a folder unless `withRemoved`. */
    items(kind?: ItemKind, withRemoved = false): LibraryItem[] {
      const where = [kind ? 'kind = ?' : '1', withRemoved ? '1' : 'removed_at IS NULL'].join(' AND ');
      return (
        db.prepare(`SELECT * FROM library_items WHERE ${where} ORDER BY key`).all(...(kind ? [kind] : [])) as ItemRow[]
      ).map(toItem);
    },

    children(parentKey: number, withRemoved = false): LibraryItem[] {
      return (
        db
          .prepare(
            `SELECT * FROM library_items WHERE parent_key = ? ${withRemoved ? '' : 'AND removed_at IS NULL'}
             ORDER BY season_number, episode_number, key`,
          )
          .all(parentKey) as ItemRow[]
      ).map(toItem);
    },

    /** What the NFO (or, without one, the name) says of an item; an NFO that failed keeps its reason. */
    setFacts(
      key: number,
      facts: Facts,
      source: 'name' | 'nfo',
      nfo: { path: string | null; error: string | null },
    ): Promise<void> {
      const json = JSON.stringify(facts);
      return write(() => {
        runWrite(updateFacts, json, source, nfo.path, nfo.error, json, source, nfo.path, nfo.error, now(), key);
      });
    },

    setArt(
      key: number,
      art: { poster?: string | null; backdrop?: string | null; thumb?: string | null },
    ): Promise<void> {
      return write(() => {
        runWrite(updateArt, art.poster ?? null, art.backdrop ?? null, art.thumb ?? null, key);
      });
    },

    /** An operator's correction of an item's facts: kept over whatever a rescan reads. `null` clears a field. */
    correctFacts(key: number, corrections: { [K in keyof Facts]?: Facts[K] | null }): Promise<LibraryItem> {
      return write(() => {
        const row = itemByKey.get(key) as ItemRow | undefined;
        if (!row) throw new Error(`no library item ${key}`);
        const corrected = { ...(JSON.parse(row.corrected) as Facts) } as Record<string, unknown>;
        for (const [field, value] of Object.entries(corrections)) {
          if (value === null) delete corrected[field];
          else if (value !== undefined) corrected[field] = value;
        }
        runWrite(updateCorrected, JSON.stringify(corrected), now(), key);
        return toItem(itemByKey.get(key) as ItemRow);
      });
    },

    /** A film or series found under a new folder or name: the same item (its id, match and corrections) goes on. */
    setIdentity(key: number, identity: string): Promise<void> {
      return write(() => {
        runWrite(updateIdentity, identity, now(), key);
      });
    },

    /** The present files of an item and everything below it (a series' episodes). */
    presentFilesUnder(key: number): LibraryFile[] {
      return (
        db
          .prepare(
            `WITH RECURSIVE tree(key) AS (SELECT ? UNION ALL SELECT i.key FROM library_items i JOIN tree ON i.parent_key = tree.key)
             SELECT f.* FROM library_files f JOIN tree ON f.item_key = tree.key WHERE f.state = 'present' ORDER BY f.key`,
          )
          .all(key) as Record<string, unknown>[]
      ).map(toFile);
    },

    markItemRemoved(key: number): Promise<void> {
      return write(() => {
        runWrite(removeItem, now(), key);
      });
    },

    // -- matches ----------------------------------------------------------------------------
    match(itemKey: number): LibraryMatch | null {
      const row = matchOf.get(itemKey) as Record<string, unknown> | undefined;
      return row ? toMatch(row) : null;
    },

    /** Records a scan's match; an operator's match is never replaced by one. */
    setMatch(
      itemKey: number,
      match: { mediaType: 'movie' | 'tv'; catalogueId: number | null; method: MatchMethod },
    ): Promise<LibraryMatch> {
      return write(() => storeMatch(itemKey, match));
    },

    /**
     * An operator's match: a catalogue title's id, or null to make the item a library title of its
     * own. Kept over every later scan. The caller checks the catalogue id exists.
     */
    correctMatch(itemKey: number, catalogueId: number | null): Promise<LibraryMatch> {
      return write(() => {
        const item = repository.item(itemKey);
        if (!item || (item.kind !== 'movie' && item.kind !== 'series')) {
          throw new Error(`library item ${itemKey} is not a film or a series`);
        }
        return storeMatch(itemKey, {
          mediaType: item.kind === 'movie' ? 'movie' : 'tv',
          catalogueId,
          method: 'operator',
        });
      });
    },

    /** Other items matched to one catalogue title (a film kept in two folders, say). */
    itemsMatchedTo(mediaType: 'movie' | 'tv', catalogueId: number): number[] {
      return db
        .prepare('SELECT item_key FROM library_matches WHERE media_type = ? AND catalogue_id = ?')
        .pluck()
        .all(mediaType, catalogueId) as number[];
    },

    // -- files ------------------------------------------------------------------------------
    file(path: string): LibraryFile | null {
      const row = fileByPath.get(path) as Record<string, unknown> | undefined;
      return row ? toFile(row) : null;
    },

    fileByKey(key: number): LibraryFile | null {
      const row = fileByKey.get(key) as Record<string, unknown> | undefined;
      return row ? toFile(row) : null;
    },

    filesOf(itemKey: number, state: FileState | 'any' = 'present'): LibraryFile[] {
      return (
        db
          .prepare(
            `SELECT * FROM library_files WHERE item_key = ? ${state === 'any' ? '' : 'AND state = ?'} ORDER BY key`,
          )
          .all(...(state === 'any' ? [itemKey] : [itemKey, state])) as Record<string, unknown>[]
      ).map(toFile);
    },

    filesIn(folder: string, state?: FileState): LibraryFile[] {
      return (
        db
          .prepare(`SELECT * FROM library_files WHERE folder = ? ${state ? 'AND state = ?' : ''} ORDER BY path`)
          .all(...(state ? [folder, state] : [folder])) as Record<string, unknown>[]
      ).map(toFile);
    },

    files(): LibraryFile[] {
      return (db.prepare('SELECT * FROM library_files ORDER BY path').all() as Record<string, unknown>[]).map(toFile);
    },

    /** Records a video file as present; says whether it is new, changed, back, or as it was. */
    putFile(file: {
      path: string;
      folder: string;
      itemKey: number | null;
      size: number;
      mtime: number;
    }): Promise<{ file: LibraryFile; change: FileChange }> {
      return write(() => {
        const existing = repository.file(file.path);
        const at = now();
        if (!existing) {
          runWrite(insertFile, file.path, file.folder, file.itemKey, file.size, file.mtime, at, at);
          return { file: repository.file(file.path)!, change: 'new' as FileChange };
        }
        const change: FileChange =
          existing.state === 'removed'
            ? 'returned'
            : existing.size !== file.size || existing.mtime !== file.mtime || existing.state === 'failed'
              ? 'changed'
              : 'same';
        runWrite(refreshFile, file.folder, file.itemKey, file.size, file.mtime, change, file.itemKey, at, existing.key);
        return { file: repository.fileByKey(existing.key)!, change };
      });
    },

    /** A file that moved (a rename within the library): keeps its key, so its programme stays. */
    moveFile(key: number, to: { path: string; folder: string; itemKey: number | null }): Promise<LibraryFile> {
      return write(() => {
        runWrite(updateFilePlace, to.path, to.folder, to.itemKey, now(), key);
        return repository.fileByKey(key)!;
      });
    },

    markFileRemoved(key: number): Promise<void> {
      return write(() => {
        runWrite(removeFile, now(), key);
      });
    },

    markFileFailed(
      file: { path: string; folder: string; size: number; mtime: number },
      reason: string,
    ): Promise<LibraryFile> {
      return write(() => {
        const at = now();
        runWrite(failFile, file.path, file.folder, file.size, file.mtime, reason, at, at);
        return repository.file(file.path)!;
      });
    },

    setIngest(
      key: number,
      ingest: { job?: string | null; state: string | null; percent?: number | null },
    ): Promise<void> {
      return write(() => {
        runWrite(updateIngest, ingest.job ?? null, ingest.state, ingest.percent ?? null, key);
      });
    },

    // -- subtitles --------------------------------------------------------------------------
    /** Replaces a file's subtitles, all in one savepoint. */
    setSubtitles(fileKey: number, subtitles: LibrarySubtitle[]): Promise<void> {
      return write(() => {
        runWrite(clearSubtitles, fileKey);
        for (const s of subtitles) {
          runWrite(insertSubtitle, fileKey, s.path, s.language, s.forced ? 1 : 0, s.sdh ? 1 : 0, s.format);
        }
      });
    },

    subtitles(fileKey: number): LibrarySubtitle[] {
      return (
        db.prepare('SELECT * FROM library_subtitles WHERE file_key = ? ORDER BY path').all(fileKey) as Record<
          string,
          unknown
        >[]
      ).map((row) => ({
        path: row.path as string,
        language: row.language as string | null,
        forced: row.forced === 1,
        sdh: row.sdh === 1,
        format: row.format as LibrarySubtitle['format'],
      }));
    },
  };
  return repository;
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
