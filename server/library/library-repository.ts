import type { Database } from 'better-sqlite3';

import { createLibraryFileStore } from './library-file-store.ts';
import { createLibraryItemStore } from './library-item-store.ts';

// The library's records, where callers have always found them.
export type {
  Facts,
  FileChange,
  FileState,
  FolderState,
  ItemKind,
  ItemSpec,
  LibraryFile,
  LibraryFolder,
  LibraryItem,
  LibraryMatch,
  LibrarySubtitle,
  MatchMethod,
} from './library-records.ts';

/**
 * The library's tables (migration 015): folders, items, matches, files and subtitles. Reads are
 * synchronous; every write takes a write turn (server/db/write-turn.ts) and settles once stored.
 */
export function createLibraryRepository(db: Database, now: () => number = Date.now) {
  return { ...createLibraryFileStore(db, now), ...createLibraryItemStore(db, now) };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
