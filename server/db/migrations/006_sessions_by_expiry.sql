-- Every sign-in and sign-up deletes the expired sessions (DELETE … WHERE expires_at <= now):
-- without an index that is a scan of the whole table, growing with every session ever issued.
CREATE INDEX sessions_by_expiry ON sessions(expires_at);
