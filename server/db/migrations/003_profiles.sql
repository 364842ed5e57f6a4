-- Viewer profiles: the documents at customers/{uid}/profiles/{id} (docs/spec.md §3).
-- `name` is stored trimmed; `name_key` is its case-folded NFKC form, so "Ann", "ANN" and "Ａｎｎ"
-- are one name within an account. Rows are listed by created_at, then by rowid (insertion
-- order), so profiles added within the same millisecond keep the order they were added in.
CREATE TABLE profiles (
  uid        TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
  id         TEXT NOT NULL CHECK (id <> '' AND id NOT GLOB '*[^a-z0-9]*'), -- random base-36
  name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 50),
  name_key   TEXT NOT NULL CHECK (name_key <> ''),
  active     INTEGER NOT NULL DEFAULT 0 CHECK (active IN (0, 1)),
  created_at INTEGER NOT NULL, -- milliseconds since the epoch
  PRIMARY KEY (uid, id),
  UNIQUE (uid, name_key)
) STRICT;

-- At most one active profile per account, whatever the code above the database does.
CREATE UNIQUE INDEX profiles_one_active_per_uid ON profiles (uid) WHERE active = 1;

-- At most five profiles per account: the repository checks first and answers clearly; this is
-- the backstop.
CREATE TRIGGER profiles_at_most_five BEFORE INSERT ON profiles
WHEN (SELECT count(*) FROM profiles WHERE uid = NEW.uid) >= 5
BEGIN
  SELECT RAISE(ABORT, 'An account can have at most 5 profiles.');
END;
