-- The studio (server/studio): who may run it, what is shown to viewers, and skip markers an
-- operator set by hand.

-- An account's role. The first account made on a data folder is its operator (accounts-repository.ts);
-- a folder that already has accounts gives the role to its oldest one, so it is never without one.
ALTER TABLE accounts ADD COLUMN role TEXT NOT NULL DEFAULT 'subscriber'
  CHECK (role IN ('subscriber', 'operator'));
UPDATE accounts SET role = 'operator'
  WHERE uid = (SELECT uid FROM accounts ORDER BY created_at, rowid LIMIT 1);

-- A film or series an operator took off the viewers' catalogue (1: shown, the default).
ALTER TABLE library_items ADD COLUMN published INTEGER NOT NULL DEFAULT 1 CHECK (published IN (0, 1));

-- Intro, recap and credits markers an operator set for a file (shared/media/markers.ts), in
-- seconds from the programme's start; at most one of each kind per file. They take the place of
-- the ones ingest read from the file's chapters.
CREATE TABLE library_markers (
  file_key INTEGER NOT NULL REFERENCES library_files(key) ON DELETE CASCADE,
  kind     TEXT NOT NULL CHECK (kind IN ('intro', 'recap', 'credits')),
  start    REAL NOT NULL CHECK (start >= 0),
  "end"    REAL NOT NULL,
  CHECK ("end" > start),
  PRIMARY KEY (file_key, kind)
) STRICT, WITHOUT ROWID;
