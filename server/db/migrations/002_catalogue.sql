-- The catalogue shipped with the app (server/catalogue/data), loaded at start.
-- `key` is the integer rowid the full-text index points at; (media_type, id) is TMDB's identity.
CREATE TABLE catalogue_titles (
  key               INTEGER PRIMARY KEY,
  media_type        TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
  id                INTEGER NOT NULL,
  name              TEXT NOT NULL,
  original_name     TEXT NOT NULL,
  date              TEXT,
  genre_ids         TEXT NOT NULL, -- JSON array of TMDB genre ids
  original_language TEXT NOT NULL,
  origin_country    TEXT NOT NULL, -- JSON array
  networks          TEXT NOT NULL, -- JSON array of TMDB network ids
  popularity        REAL NOT NULL,
  vote_average      REAL NOT NULL,
  vote_count        INTEGER NOT NULL,
  overview          TEXT NOT NULL,
  UNIQUE (media_type, id)
) STRICT;

CREATE INDEX catalogue_titles_by_popularity ON catalogue_titles (popularity DESC);
CREATE INDEX catalogue_titles_by_rating ON catalogue_titles (media_type, vote_average DESC);
-- Search puts titles named exactly as typed first.
CREATE INDEX catalogue_titles_by_name ON catalogue_titles (name COLLATE NOCASE);

-- Genre and network memberships, so rows stay index lookups at 100k titles.
CREATE TABLE catalogue_title_genres (
  genre_id INTEGER NOT NULL,
  key      INTEGER NOT NULL REFERENCES catalogue_titles(key) ON DELETE CASCADE,
  PRIMARY KEY (genre_id, key)
) STRICT, WITHOUT ROWID;

CREATE TABLE catalogue_title_networks (
  network_id INTEGER NOT NULL,
  key        INTEGER NOT NULL REFERENCES catalogue_titles(key) ON DELETE CASCADE,
  PRIMARY KEY (network_id, key)
) STRICT, WITHOUT ROWID;

-- Reloading a title replaces its memberships, and deleting one cascades: both look up by key.
CREATE INDEX catalogue_title_genres_by_key ON catalogue_title_genres (key);
CREATE INDEX catalogue_title_networks_by_key ON catalogue_title_networks (key);

-- Which version of each data file is loaded, so a restart with the same data changes nothing.
CREATE TABLE catalogue_sources (
  source  TEXT PRIMARY KEY,
  version INTEGER NOT NULL,
  hash    TEXT NOT NULL
) STRICT;

-- Full-text search over titles: case- and accent-insensitive, with prefix indexes so that
-- "star" finds "Stardust" without scanning.
CREATE VIRTUAL TABLE catalogue_search USING fts5(
  name, original_name,
  content = 'catalogue_titles', content_rowid = 'key',
  tokenize = 'unicode61 remove_diacritics 2',
  prefix = '1 2 3'
);
-- Matches in the name weigh more than in the original name; `ORDER BY rank` uses this.
INSERT INTO catalogue_search (catalogue_search, rank) VALUES ('rank', 'bm25(10.0, 4.0)');

CREATE TRIGGER catalogue_titles_ai AFTER INSERT ON catalogue_titles BEGIN
  INSERT INTO catalogue_search (rowid, name, original_name) VALUES (new.key, new.name, new.original_name);
END;
CREATE TRIGGER catalogue_titles_ad AFTER DELETE ON catalogue_titles BEGIN
  INSERT INTO catalogue_search (catalogue_search, rowid, name, original_name)
  VALUES ('delete', old.key, old.name, old.original_name);
END;
CREATE TRIGGER catalogue_titles_au AFTER UPDATE OF name, original_name ON catalogue_titles BEGIN
  INSERT INTO catalogue_search (catalogue_search, rowid, name, original_name)
  VALUES ('delete', old.key, old.name, old.original_name);
  INSERT INTO catalogue_search (rowid, name, original_name) VALUES (new.key, new.name, new.original_name);
END;
