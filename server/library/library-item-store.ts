import type { Database } from 'better-sqlite3';

import { inWriteTurn, runWrite } from '../db/write-turn.ts';
import {
  type Facts,
  type ItemKind,
  type ItemRow,
  type ItemSpec,
  type LibraryFile,
  type LibraryItem,
  type LibraryMatch,
  type MatchMethod,
  toFile,
  toItem,
  toMatch,
} from './library-records.ts';

/** The library's films, series, seasons and episodes (library_items), and their catalogue matches. */
export function createLibraryItemStore(db: Database, now: () => number) {
  const itemByKey = db.prepare('SELECT * FROM library_items WHERE key = ?');
  const itemByIdentity = db.prepare('SELECT * FROM library_items WHERE identity = ?');
  const matchOf = db.prepare('SELECT * FROM library_matches WHERE item_key = ?');

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

  const write = <T>(work: () => T): Promise<T> => inWriteTurn(db, work);

  /** Records a match inside a turn; an operator's match is never replaced by a scan's. */
  const storeMatch = (
    itemKey: number,
    match: { mediaType: 'movie' | 'tv'; catalogueId: number | null; method: MatchMethod },
  ): LibraryMatch => {
    runWrite(putMatch, itemKey, match.mediaType, match.catalogueId, match.method, now());
    return store.match(itemKey)!;
  };

  const store = {
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
        const item = store.item(itemKey);
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
  };
  return store;
}
