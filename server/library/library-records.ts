import type { NfoFacts } from './nfo.ts';

// What the library repository reads and writes (folders, items, matches, files, subtitles), and
// how a table's row becomes one.

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

export interface ItemRow {
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

/** A row of library_items as the library reads it: an operator's corrections laid over. */
export const toItem = (row: ItemRow): LibraryItem => {
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

export const toFile = (row: Record<string, unknown>): LibraryFile => ({
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

export const toMatch = (row: Record<string, unknown>): LibraryMatch => ({
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
