-- Viewing activity: when each profile last played each title and episode. One row per profile,
-- title and episode (a film's row has season 0, episode 0: TMDB numbers episodes from 1, so no
-- episode is ever 0/0). Playing it again moves `played_at` and shows a hidden row again.
-- `hidden` is the viewer's "Hide" on the viewing activity page: the row stays (it still counts
-- toward the Top 10), but the profile's activity, Continue Watching and recommendations leave it
-- out. Deleting a profile (or its account) deletes its rows.
CREATE TABLE plays (
  uid            TEXT NOT NULL,
  profile_id     TEXT NOT NULL,
  media_type     TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
  id             INTEGER NOT NULL CHECK (id >= 1),
  season_number  INTEGER NOT NULL DEFAULT 0 CHECK (season_number >= 0),
  episode_number INTEGER NOT NULL DEFAULT 0 CHECK (episode_number >= 0),
  title          TEXT NOT NULL CHECK (title <> ''),
  played_at      INTEGER NOT NULL, -- milliseconds since the epoch
  hidden         INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
  PRIMARY KEY (uid, profile_id, media_type, id, season_number, episode_number),
  FOREIGN KEY (uid, profile_id) REFERENCES profiles (uid, id) ON DELETE CASCADE
) STRICT;

-- A profile's activity, newest first.
CREATE INDEX plays_newest_first ON plays (uid, profile_id, played_at DESC);
-- The Top 10: every play of the last days, across accounts.
CREATE INDEX plays_by_date ON plays (played_at, media_type, id);
