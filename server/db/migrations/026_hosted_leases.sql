-- Hosted mode's players hold leases too, under their Firebase uid, which has no row in accounts:
-- playback_leases loses its foreign key (SQLite rebuilds a table to drop one). An embedded
-- account's leases still go with the account, by a trigger instead of the cascade.
CREATE TABLE playback_leases_new (
  token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 43),
  id         TEXT NOT NULL UNIQUE CHECK (id <> ''),  -- the public name, to stop another screen
  uid        TEXT NOT NULL CHECK (uid <> ''),         -- an embedded account's uid, or a Firebase user's
  device     TEXT NOT NULL,                           -- "Chrome on Linux"
  title      TEXT NOT NULL,                           -- what plays ("Heat", "Dark: S1:E2")
  folder     TEXT NOT NULL,                           -- the programme's folder, as the media host names it
  max_height INTEGER NOT NULL CHECK (max_height > 0), -- the tallest rendition the plan allows
  started_at INTEGER NOT NULL,                        -- milliseconds since the epoch
  seen_at    INTEGER NOT NULL,
  ended_at   INTEGER
) STRICT;

INSERT INTO playback_leases_new SELECT * FROM playback_leases;
DROP TABLE playback_leases;
ALTER TABLE playback_leases_new RENAME TO playback_leases;
CREATE INDEX playback_leases_by_uid ON playback_leases (uid, ended_at, seen_at);

CREATE TRIGGER playback_leases_end_with_account AFTER DELETE ON accounts
BEGIN
  DELETE FROM playback_leases WHERE uid = OLD.uid;
END;
