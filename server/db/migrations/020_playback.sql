-- Plans decide what plays. Each product carries its entitlements in `metadata` (Stripe's string
-- map: `max_height`, `screens`; shared/billing/entitlements.ts reads them).
ALTER TABLE products ADD COLUMN metadata TEXT NOT NULL DEFAULT '{}';

-- A screen playing: the lease a player holds while it plays, and the grant its media addresses
-- carry (/media/grants/{token}/…). Only the token's SHA-256 is kept (sessionKey), as for sessions. A lease
-- lives while the player renews it (seen_at), and ends when it is released (ended_at) or not
-- renewed for a minute (server/playback/leases-repository.ts).
CREATE TABLE playback_leases (
  token_hash TEXT PRIMARY KEY CHECK (length(token_hash) = 43),
  id         TEXT NOT NULL UNIQUE CHECK (id <> ''),  -- the public name, to stop another screen
  uid        TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
  device     TEXT NOT NULL,                           -- "Chrome on Linux"
  title      TEXT NOT NULL,                           -- what plays ("Heat", "Dark: S1:E2")
  folder     TEXT NOT NULL,                           -- the programme's folder, as the media host names it
  max_height INTEGER NOT NULL CHECK (max_height > 0), -- the tallest rendition the plan allows
  started_at INTEGER NOT NULL,                        -- milliseconds since the epoch
  seen_at    INTEGER NOT NULL,
  ended_at   INTEGER
) STRICT;

CREATE INDEX playback_leases_by_uid ON playback_leases (uid, ended_at, seen_at);
