-- Thumbs ratings: the documents at customers/{uid}/profiles/{profileId}/ratings/{key}, one per
-- title and profile ('down', 'up' or 'love', the real service's two thumbs up). Clearing a
-- rating deletes its row; deleting a profile deletes its ratings. `seq` orders them newest first,
-- as progress and my_list do.
CREATE TABLE ratings (
  uid        TEXT NOT NULL,
  profile_id TEXT NOT NULL,
  key        TEXT NOT NULL CHECK (key = media_type || '-' || id),
  media_type TEXT NOT NULL CHECK (media_type IN ('movie', 'tv')),
  id         INTEGER NOT NULL CHECK (id >= 1),
  rating     TEXT NOT NULL CHECK (rating IN ('down', 'up', 'love')),
  rated_at   INTEGER NOT NULL, -- milliseconds since the epoch
  seq        INTEGER NOT NULL,
  PRIMARY KEY (uid, profile_id, key),
  FOREIGN KEY (uid, profile_id) REFERENCES profiles (uid, id) ON DELETE CASCADE
) STRICT;

CREATE UNIQUE INDEX ratings_newest_first ON ratings (uid, profile_id, seq DESC);
