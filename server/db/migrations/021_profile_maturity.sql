-- A profile's maturity level (shared/profiles/maturity.ts): the highest level of title it sees.
-- Every existing profile keeps seeing everything (18+). A kids profile is one at 7+ or lower,
-- derived from the level, so it needs no column of its own.
ALTER TABLE profiles ADD COLUMN maturity TEXT NOT NULL DEFAULT '18+'
  CHECK (maturity IN ('all', '7+', '13+', '16+', '18+'));

-- Titles a profile does not see at any level; gone with the profile.
CREATE TABLE profile_blocked_titles (
  uid        TEXT NOT NULL,
  profile_id TEXT NOT NULL,
  media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
  title_id   INTEGER NOT NULL CHECK (title_id > 0),
  PRIMARY KEY (uid, profile_id, media_type, title_id),
  FOREIGN KEY (uid, profile_id) REFERENCES profiles (uid, id) ON DELETE CASCADE
) STRICT, WITHOUT ROWID;
