-- Accounts: one row per e-mail/password user. e-mail is stored trimmed and lower-cased.
CREATE TABLE accounts (
  uid           TEXT PRIMARY KEY,
  email         TEXT NOT NULL UNIQUE,
  password_hash TEXT NOT NULL,
  created_at    INTEGER NOT NULL -- milliseconds since the epoch
) STRICT;

-- Sessions: only a SHA-256 of the cookie's token is stored, so a copy of the database
-- cannot be used to sign in.
CREATE TABLE sessions (
  token_hash TEXT PRIMARY KEY,
  uid        TEXT NOT NULL REFERENCES accounts(uid) ON DELETE CASCADE,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
) STRICT;

CREATE INDEX sessions_by_uid ON sessions(uid);
