-- Recovering and managing an account (docs/account.md).

-- Password reset links: only a SHA-256 of the link's token is stored, as for sessions, so a copy
-- of the database cannot be used to reset a password. A link works once (used_at) and for an hour.
CREATE TABLE password_resets (
  token_hash TEXT PRIMARY KEY,
  uid        TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
  created_at INTEGER NOT NULL, -- milliseconds since the epoch
  expires_at INTEGER NOT NULL,
  used_at    INTEGER
) STRICT;
CREATE INDEX password_resets_by_uid ON password_resets (uid);
CREATE INDEX password_resets_by_expiry ON password_resets (expires_at);

-- The devices page: each session's public id (never its token's hash), the browser that started
-- it, the client address it was last seen from, and when.
ALTER TABLE sessions ADD COLUMN id TEXT;
ALTER TABLE sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN address TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN last_seen_at INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET id = lower(hex(randomblob(12))), last_seen_at = created_at;
CREATE UNIQUE INDEX sessions_by_id ON sessions (id);
