-- Continue Watching and My List: the documents at customers/{uid}/profiles/{profileId}/progress/{key}
-- and .../my_list/{key}. `key` is `movie-{id}` or `tv-{id}`: one row per title and
-- profile. Deleting a profile (or its account, which deletes its profiles) deletes its rows.
-- `seq` orders rows newest first: the repository gives every write the profile's next number
-- inside its transaction, so order is exact even for writes in the same millisecond.
CREATE TABLE progress (
  uid              TEXT NOT NULL,
  profile_id       TEXT NOT NULL,
  key              TEXT NOT NULL CHECK (key = media_type || '-' || id),
  media_type       TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
  id               INTEGER NOT NULL CHECK (id >= 1),
  season_number    INTEGER CHECK (season_number >= 0),
  episode_number   INTEGER CHECK (episode_number >= 0),
  position_seconds REAL NOT NULL CHECK (position_seconds >= 0),
  duration_seconds REAL NOT NULL CHECK (duration_seconds > 0),
  title            TEXT NOT NULL CHECK (title <> ''),
  backdrop_path    TEXT,
  updated_at       INTEGER NOT NULL, -- milliseconds since the epoch
  seq              INTEGER NOT NULL,
  PRIMARY KEY (uid, profile_id, key),
  FOREIGN KEY (uid, profile_id) REFERENCES profiles (uid, id) ON DELETE CASCADE
) STRICT;

CREATE UNIQUE INDEX progress_newest_first ON progress (uid, profile_id, seq DESC);

CREATE TABLE my_list (
  uid           TEXT NOT NULL,
  profile_id    TEXT NOT NULL,
  key           TEXT NOT NULL CHECK (key = media_type || '-' || id),
  media_type    TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
  id            INTEGER NOT NULL CHECK (id >= 1),
  title         TEXT NOT NULL CHECK (title <> ''),
  backdrop_path TEXT,
  poster_path   TEXT,
  added_at      INTEGER NOT NULL, -- milliseconds since the epoch
  seq           INTEGER NOT NULL,
  PRIMARY KEY (uid, profile_id, key),
  FOREIGN KEY (uid, profile_id) REFERENCES profiles (uid, id) ON DELETE CASCADE
) STRICT;

CREATE UNIQUE INDEX my_list_newest_first ON my_list (uid, profile_id, seq DESC);

-- At most 500 titles in one My List: the repository checks first and answers clearly; this is the
-- backstop (shared/watching/watching-rules.ts MAX_MY_LIST).
CREATE TRIGGER my_list_at_most_500 BEFORE INSERT ON my_list
WHEN (SELECT count(*) FROM my_list WHERE uid = NEW.uid AND profile_id = NEW.profile_id) >= 500
BEGIN
  SELECT RAISE(ABORT, 'My List can hold at most 500 titles.');
END;
