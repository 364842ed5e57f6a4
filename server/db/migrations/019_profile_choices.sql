-- A profile's avatar, settings and lock. NULL means "not chosen": the avatar drawn from the id,
-- the default setting (shared/profiles/profile-options.ts), no lock. The PIN is stored only as
-- the app's password hash (argon2id); `pin_to_add` asks that PIN before a new profile is added.
ALTER TABLE profiles ADD COLUMN avatar TEXT CHECK (avatar IS NULL OR avatar GLOB '[a-z]*-[a-z]*');
ALTER TABLE profiles ADD COLUMN autoplay_next INTEGER CHECK (autoplay_next IN (0, 1));
ALTER TABLE profiles ADD COLUMN autoplay_previews INTEGER CHECK (autoplay_previews IN (0, 1));
ALTER TABLE profiles ADD COLUMN language TEXT CHECK (language IS NULL OR length(language) BETWEEN 2 AND 8);
ALTER TABLE profiles ADD COLUMN pin_hash TEXT;
ALTER TABLE profiles ADD COLUMN pin_to_add INTEGER NOT NULL DEFAULT 0 CHECK (pin_to_add IN (0, 1));
