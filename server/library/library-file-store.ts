import type { Database } from 'better-sqlite3';

import { inWriteTurn, runWrite } from '../db/write-turn.ts';
import {
  type FileChange,
  type FileState,
  type FolderState,
  type LibraryFile,
  type LibraryFolder,
  type LibrarySubtitle,
  toFile,
} from './library-records.ts';

/** The library's folders, its video files with their ingest state, and their subtitles. */
export function createLibraryFileStore(db: Database, now: () => number) {
  const fileByPath = db.prepare('SELECT * FROM library_files WHERE path = ?');
  const fileByKey = db.prepare('SELECT * FROM library_files WHERE key = ?');

  const putFolder = db.prepare(
    `INSERT INTO library_folders (path, state, scanned_at, videos, error) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (path) DO UPDATE SET state = excluded.state,
       scanned_at = CASE WHEN excluded.state = 'watching' THEN excluded.scanned_at ELSE scanned_at END,
       videos = coalesce(?, videos), error = excluded.error`,
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

  const store = {
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
        const existing = store.file(file.path);
        const at = now();
        if (!existing) {
          runWrite(insertFile, file.path, file.folder, file.itemKey, file.size, file.mtime, at, at);
          return { file: store.file(file.path)!, change: 'new' as FileChange };
        }
        const change: FileChange =
          existing.state === 'removed'
            ? 'returned'
            : existing.size !== file.size || existing.mtime !== file.mtime || existing.state === 'failed'
              ? 'changed'
              : 'same';
        runWrite(refreshFile, file.folder, file.itemKey, file.size, file.mtime, change, file.itemKey, at, existing.key);
        return { file: store.fileByKey(existing.key)!, change };
      });
    },

    /** A file that moved (a rename within the library): keeps its key, so its programme stays. */
    moveFile(key: number, to: { path: string; folder: string; itemKey: number | null }): Promise<LibraryFile> {
      return write(() => {
        runWrite(updateFilePlace, to.path, to.folder, to.itemKey, now(), key);
        return store.fileByKey(key)!;
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
        return store.file(file.path)!;
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
  return store;
}
