-- The profile each signed-in device (session) is watching as. `profiles.active` stays the
-- account's last choice, which a new session starts from. A row goes with its session (sign-out,
-- expiry) and with its profile (deleted); a session without one falls back to the account's last
-- choice unless that profile is locked (server/documents/profiles-repository.ts).
CREATE TABLE session_profiles (
  token_hash TEXT PRIMARY KEY REFERENCES sessions (token_hash) ON DELETE CASCADE,
  uid        TEXT NOT NULL,
  profile_id TEXT NOT NULL,
  FOREIGN KEY (uid, profile_id) REFERENCES profiles (uid, id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;

-- Deleting a profile (or locking it) finds its sessions without a scan.
CREATE INDEX session_profiles_by_profile ON session_profiles (uid, profile_id);

-- A new session (sign-in, sign-up, a new password) starts on the account's last choice, so that
-- another device's later choices do not change it; never on a locked one, which needs its PIN.
CREATE TRIGGER sessions_start_on_last_profile AFTER INSERT ON sessions
BEGIN
  INSERT INTO session_profiles (token_hash, uid, profile_id)
  SELECT NEW.token_hash, NEW.uid, id FROM profiles
  WHERE uid = NEW.uid AND active = 1 AND pin_hash IS NULL;
END;

-- Sessions signed in before this keep the profile they were watching as, unless it is locked.
INSERT INTO session_profiles (token_hash, uid, profile_id)
SELECT sessions.token_hash, sessions.uid, profiles.id FROM sessions
JOIN profiles ON profiles.uid = sessions.uid AND profiles.active = 1 AND profiles.pin_hash IS NULL;
