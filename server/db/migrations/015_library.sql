-- The operator's own films and series, read from the folders MARQUEE_LIBRARY names (server/library).
-- Times are milliseconds since the epoch.

-- Each library folder and how its last scan went.
CREATE TABLE library_folders (
  path       TEXT PRIMARY KEY,
  state      TEXT NOT NULL CHECK (state IN ('scanning', 'watching', 'missing', 'failed')),
  scanned_at INTEGER,
  videos     INTEGER NOT NULL DEFAULT 0,
  error      TEXT
) STRICT;

-- Films, series, their seasons and episodes. `identity` is how a scan finds an item again
-- (a film's folder and name, a series' folder, a season or episode of a series' item).
-- A film's or series' served id is LIBRARY_ID_BASE + key (shared/library/library-ids.ts) unless it
-- is matched to a catalogue title; AUTOINCREMENT never hands a removed item's key out again.
CREATE TABLE library_items (
  key            INTEGER PRIMARY KEY AUTOINCREMENT,
  kind           TEXT NOT NULL CHECK (kind IN ('movie', 'series', 'season', 'episode')),
  parent_key     INTEGER REFERENCES library_items(key) ON DELETE CASCADE,
  identity       TEXT NOT NULL UNIQUE,
  title          TEXT NOT NULL,
  year           INTEGER,
  season_number  INTEGER,
  episode_number INTEGER,
  -- A multi-episode file (S01E01E02) is one episode item covering episode_number..episode_end.
  episode_end    INTEGER,
  -- JSON: what the NFO or the file name says (server/library/nfo.ts NfoFacts), and where from.
  facts          TEXT NOT NULL DEFAULT '{}',
  facts_source   TEXT NOT NULL DEFAULT 'name' CHECK (facts_source IN ('name', 'nfo')),
  nfo_path       TEXT,
  -- Why the NFO beside the item could not be read (the item keeps its name's facts meanwhile).
  nfo_error      TEXT,
  -- JSON: an operator's corrections, laid over `facts`; a rescan never touches them.
  corrected      TEXT NOT NULL DEFAULT '{}',
  poster_path    TEXT,
  backdrop_path  TEXT,
  thumb_path     TEXT,
  added_at       INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  removed_at     INTEGER
) STRICT;
CREATE INDEX library_items_by_parent ON library_items (parent_key);
CREATE INDEX library_items_by_kind ON library_items (kind, removed_at);

-- Which title a film or series is: a catalogue title (by its TMDB id in the NFO, or its title and
-- year), or a new library title. An operator's choice (`operator`) is kept by every rescan.
CREATE TABLE library_matches (
  item_key     INTEGER PRIMARY KEY REFERENCES library_items(key) ON DELETE CASCADE,
  media_type   TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
  catalogue_id INTEGER,
  method       TEXT NOT NULL CHECK (method IN ('nfo-id', 'title-year', 'new', 'operator')),
  matched_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX library_matches_by_catalogue_id ON library_matches (media_type, catalogue_id);

-- The video files, one row per path ever seen. `state`: present (handed to ingest), removed
-- (gone from the folder), failed (unusable, with its reason).
CREATE TABLE library_files (
  key            INTEGER PRIMARY KEY AUTOINCREMENT,
  path           TEXT NOT NULL UNIQUE,
  folder         TEXT NOT NULL REFERENCES library_folders(path),
  item_key       INTEGER REFERENCES library_items(key) ON DELETE SET NULL,
  size           INTEGER NOT NULL,
  mtime          INTEGER NOT NULL,
  state          TEXT NOT NULL CHECK (state IN ('present', 'removed', 'failed')),
  failure        TEXT,
  -- The last word from ingest: its job, state and progress.
  ingest_job     TEXT,
  ingest_state   TEXT,
  ingest_percent REAL,
  added_at       INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX library_files_by_item ON library_files (item_key);
CREATE INDEX library_files_by_state ON library_files (state, size, mtime);

-- External subtitles beside a video (Name.en.srt, Name.en.forced.vtt, Name.sdh.ass).
CREATE TABLE library_subtitles (
  file_key INTEGER NOT NULL REFERENCES library_files(key) ON DELETE CASCADE,
  path     TEXT NOT NULL,
  language TEXT,
  forced   INTEGER NOT NULL CHECK (forced IN (0, 1)),
  sdh      INTEGER NOT NULL CHECK (sdh IN (0, 1)),
  format   TEXT NOT NULL CHECK (format IN ('srt', 'vtt', 'ass', 'ssa')),
  PRIMARY KEY (file_key, path)
) STRICT, WITHOUT ROWID;
