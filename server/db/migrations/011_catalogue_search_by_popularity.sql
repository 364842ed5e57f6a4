-- Search numbers the titles most popular first and indexes them by that number (`position`), so that
-- the full-text index lists any word's titles in popularity order: a broad prefix ("st" at 100k
-- titles) reads its first page straight off the index and stops, instead of collecting thousands
-- of matches to sort them. The catalogue changes only when a data file is loaded, and the loader
-- renumbers and reindexes then (server/catalogue/load-catalogue.ts); so no triggers.
DROP TRIGGER catalogue_titles_ai;
DROP TRIGGER catalogue_titles_ad;
DROP TRIGGER catalogue_titles_au;
DROP TABLE catalogue_search;

-- With what search filters on (media type, date) and compares (the name), so that matches are
-- filtered without reading their titles; only a page's titles are read.
CREATE TABLE catalogue_search_order (
  position      INTEGER PRIMARY KEY,
  key           INTEGER NOT NULL UNIQUE,
  media_type    TEXT NOT NULL,
  date          TEXT,
  name          TEXT NOT NULL,
  original_name TEXT NOT NULL
) STRICT;
-- Search puts titles named exactly as typed first.
CREATE INDEX catalogue_search_order_by_name ON catalogue_search_order (name COLLATE NOCASE);

CREATE VIRTUAL TABLE catalogue_search USING fts5(
  name, original_name,
  content = 'catalogue_search_order', content_rowid = 'position',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);
-- Matches in the name weigh more than in the original name; `ORDER BY rank` uses this.
INSERT INTO catalogue_search (catalogue_search, rank) VALUES ('rank', 'bm25(10.0, 4.0)');

INSERT INTO catalogue_search_order (position, key, media_type, date, name, original_name)
  SELECT row_number() OVER (ORDER BY popularity DESC, key), key, media_type, date, name, original_name
  FROM catalogue_titles;
INSERT INTO catalogue_search (catalogue_search) VALUES ('rebuild');
