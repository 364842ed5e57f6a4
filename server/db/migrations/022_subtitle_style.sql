-- A profile's subtitle appearance (shared/profiles/profile-options.ts): size, text colour and
-- background. NULL means "not chosen": the default. Every existing profile keeps the defaults.
ALTER TABLE profiles ADD COLUMN subtitle_size TEXT CHECK (subtitle_size IN ('small', 'medium', 'large'));
ALTER TABLE profiles ADD COLUMN subtitle_color TEXT CHECK (subtitle_color IN ('white', 'yellow', 'cyan', 'green'));
ALTER TABLE profiles ADD COLUMN subtitle_background TEXT CHECK (subtitle_background IN ('none', 'semi', 'black'));
