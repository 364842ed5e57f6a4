import type { Database } from 'better-sqlite3';

/** The extra titles' ids, of both kinds: 1…600, 5000, 5001, 9999 and 10000. */
export const EXTRA_TITLE_IDS = [...Array.from({ length: 600 }, (_unused, i) => i + 1), 5000, 5001, 9999, 10_000];

/**
 * Adds titles to an embedded server's catalogue, beside the shipped ones (603, 1399…): Continue
 * Watching and My List store only titles the catalogue has, and their limits (500 titles in My
 * List) need more than the 413 it ships. Each has no genre, so it plays the drama programme.
 */
export function addExtraTitles(db: Database, ids: readonly number[] = EXTRA_TITLE_IDS) {
  const insert = db.prepare(
    `INSERT OR IGNORE INTO catalogue_titles (media_type, id, name, original_name, date, genre_ids, original_language,
       origin_country, networks, popularity, vote_average, vote_count, overview)
     VALUES (?, ?, ?, ?, NULL, '[]', 'en', '[]', '[]', 0, 0, 0, '')`,
  );
  db.transaction(() => {
    for (const id of ids) {
      for (const mediaType of ['movie', 'tv']) insert.run(mediaType, id, `Title ${id}`, `Title ${id}`);
    }
  })();
}
