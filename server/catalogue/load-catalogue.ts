import type { Database } from 'better-sqlite3';

import { inWriteTurn, runWrite } from '../db/write-turn.ts';
import type { CatalogueFile } from './catalogue-data.ts';

export interface LoadResult {
  source: string;
  /** False when the same version of the file was already loaded: nothing was written. */
  changed: boolean;
  titles: number;
}

/**
 * Numbers every title most popular first and rebuilds the search index over those numbers
 * (server/db/migrations/011_catalogue_search_by_popularity.sql): the index then lists a word's
 * titles in popularity order. Rebuilt whole, in the loader's transaction, as titles come and go,
 * and merged into one segment (optimize): each word's list is then read in one piece.
 */
function renumberForSearch(db: Database) {
  db.exec(`
    INSERT INTO catalogue_search (catalogue_search) VALUES ('delete-all');
    DELETE FROM catalogue_search_order;
    INSERT INTO catalogue_search_order (position, key, media_type, date, name, original_name)
      SELECT row_number() OVER (ORDER BY popularity DESC, key), key, media_type, date, name, original_name
      FROM catalogue_titles;
    INSERT INTO catalogue_search (catalogue_search) VALUES ('rebuild');
    INSERT INTO catalogue_search (catalogue_search) VALUES ('optimize');
  `);
}

/**
 * Loads one data file into the catalogue tables, idempotently: a file already loaded (same
 * hash) is skipped; a new version updates titles in place, adds new ones and removes the
 * ones it no longer lists, all in one write turn (server/db/write-turn.ts).
 */
export async function loadCatalogue(db: Database, file: CatalogueFile): Promise<LoadResult> {
  const loaded = db
    .prepare<[string], { hash: string }>('SELECT hash FROM catalogue_sources WHERE source = ?')
    .get(file.source);
  if (loaded?.hash === file.hash) return { source: file.source, changed: false, titles: file.titles.length };

  const upsert = db.prepare(`
    INSERT INTO catalogue_titles (media_type, id, name, original_name, date, genre_ids, original_language,
      origin_country, networks, popularity, vote_average, vote_count, overview)
    VALUES (@mediaType, @id, @name, @originalName, @date, @genreIds, @originalLanguage,
      @originCountry, @networks, @popularity, @voteAverage, @voteCount, @overview)
    ON CONFLICT (media_type, id) DO UPDATE SET
      name = excluded.name, original_name = excluded.original_name, date = excluded.date,
      genre_ids = excluded.genre_ids, original_language = excluded.original_language,
      origin_country = excluded.origin_country, networks = excluded.networks,
      popularity = excluded.popularity, vote_average = excluded.vote_average,
      vote_count = excluded.vote_count, overview = excluded.overview
    RETURNING key`);
  const clearMemberships = db.prepare('DELETE FROM catalogue_title_genres WHERE key = ?');
  const clearNetworks = db.prepare('DELETE FROM catalogue_title_networks WHERE key = ?');
  const addGenre = db.prepare('INSERT OR IGNORE INTO catalogue_title_genres (genre_id, key) VALUES (?, ?)');
  const addNetwork = db.prepare('INSERT OR IGNORE INTO catalogue_title_networks (network_id, key) VALUES (?, ?)');
  const recordSource = db.prepare(
    'INSERT INTO catalogue_sources (source, version, hash) VALUES (?, ?, ?) ON CONFLICT (source) DO UPDATE SET version = excluded.version, hash = excluded.hash',
  );

  await inWriteTurn(db, () => {
    const mediaTypes = new Set(file.titles.map((title) => title.mediaType));
    const kept = new Set<number>();
    for (const title of file.titles) {
      const { key } = upsert.get({
        ...title,
        genreIds: JSON.stringify(title.genreIds),
        originCountry: JSON.stringify(title.originCountry),
        networks: JSON.stringify(title.networks),
      }) as { key: number };
      kept.add(key);
      runWrite(clearMemberships, key);
      runWrite(clearNetworks, key);
      for (const genre of title.genreIds) runWrite(addGenre, genre, key);
      for (const network of title.networks) runWrite(addNetwork, network, key);
    }
    // Titles this source no longer lists are removed (each source owns one media type).
    for (const mediaType of mediaTypes) {
      const existing = db
        .prepare<[string], { key: number }>('SELECT key FROM catalogue_titles WHERE media_type = ?')
        .all(mediaType);
      const remove = db.prepare('DELETE FROM catalogue_titles WHERE key = ?');
      for (const { key } of existing) if (!kept.has(key)) runWrite(remove, key);
    }
    renumberForSearch(db);
    runWrite(recordSource, file.source, file.version, file.hash);
  });
  return { source: file.source, changed: true, titles: file.titles.length };
}
