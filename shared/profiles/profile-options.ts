/**
 * What a profile can choose beyond its name: its avatar, its settings' languages and its lock
 * (its settings' defaults: profile-settings.ts). One definition for the embedded server (which
 * refuses anything else), the Firestore adapter and the screens. Plain constants and functions,
 * no dependencies.
 */

/** The avatars' colours and faces; an avatar is one of each ("blue-smile"). Drawn in code (ProfileAvatar). */
export const AVATAR_COLORS = ['blue', 'red', 'green', 'purple', 'amber', 'teal', 'pink', 'olive'] as const;
export const AVATAR_FACES = ['smile', 'grin', 'calm'] as const;
export type AvatarColor = (typeof AVATAR_COLORS)[number];
export type AvatarFace = (typeof AVATAR_FACES)[number];

/** The twelve avatars offered in Add and Edit Profile, in the order they are shown. */
export const AVATARS = [
  'blue-smile',
  'red-grin',
  'green-calm',
  'purple-smile',
  'amber-grin',
  'teal-calm',
  'pink-smile',
  'olive-grin',
  'blue-calm',
  'red-smile',
  'green-grin',
  'purple-calm',
] as const;
export type AvatarId = (typeof AVATARS)[number];

export const isAvatarId = (value: unknown): value is AvatarId =>
  typeof value === 'string' && (AVATARS as readonly string[]).includes(value);

/** An avatar's colour and face, or null for an id that is not one of AVATARS. */
export function avatarParts(avatar: string | undefined): { color: AvatarColor; face: AvatarFace } | null {
  if (!isAvatarId(avatar)) return null;
  const [color, face] = avatar.split('-') as [AvatarColor, AvatarFace];
  return { color, face };
}

/**
 * The languages a profile can choose (BCP 47), each named in itself. Today the choice is stored and
 * shown only: the interface's words are English in every one (so the page's `lang` stays "en").
 */
export const PROFILE_LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'fr', name: 'Français' },
  { code: 'de', name: 'Deutsch' },
  { code: 'it', name: 'Italiano' },
  { code: 'pt', name: 'Português' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
] as const;
export type ProfileLanguage = (typeof PROFILE_LANGUAGES)[number]['code'];
export const LANGUAGE_CODES = PROFILE_LANGUAGES.map((language) => language.code) as readonly ProfileLanguage[];

/**
 * Subtitle appearance, as the real service's account page offers it: a size, a text colour and a
 * background. Each choice's label is what Edit Profile shows; its value is what the player's
 * `::cue` rules set (a size is a share of the browser's own cue size, which follows the picture).
 */
export const SUBTITLE_SIZES = [
  { value: 'small', label: 'Small', scale: 0.75 },
  { value: 'medium', label: 'Medium', scale: 1 },
  { value: 'large', label: 'Large', scale: 1.5 },
] as const;
export const SUBTITLE_COLORS = [
  { value: 'white', label: 'White', css: '#ffffff' },
  { value: 'yellow', label: 'Yellow', css: '#ffeb3b' },
  { value: 'cyan', label: 'Cyan', css: '#4dd0e1' },
  { value: 'green', label: 'Green', css: '#8bc34a' },
] as const;
export const SUBTITLE_BACKGROUNDS = [
  { value: 'none', label: 'None', css: 'transparent' },
  { value: 'semi', label: 'Semi-transparent black', css: 'rgba(0, 0, 0, 0.5)' },
  { value: 'black', label: 'Black', css: '#000000' },
] as const;
export type SubtitleSize = (typeof SUBTITLE_SIZES)[number]['value'];
export type SubtitleColor = (typeof SUBTITLE_COLORS)[number]['value'];
export type SubtitleBackground = (typeof SUBTITLE_BACKGROUNDS)[number]['value'];
export const SUBTITLE_SIZE_VALUES = SUBTITLE_SIZES.map((size) => size.value) as readonly SubtitleSize[];
export const SUBTITLE_COLOR_VALUES = SUBTITLE_COLORS.map((color) => color.value) as readonly SubtitleColor[];
export const SUBTITLE_BACKGROUND_VALUES = SUBTITLE_BACKGROUNDS.map(
  (background) => background.value,
) as readonly SubtitleBackground[];

export interface SubtitleStyle {
  size: SubtitleSize;
  color: SubtitleColor;
  background: SubtitleBackground;
}

/** What a profile that has chosen nothing sees: the browser's size, white on a half-dark box. */
export const DEFAULT_SUBTITLE_STYLE: SubtitleStyle = { size: 'medium', color: 'white', background: 'semi' };

/** Whether each part of a (partial) subtitle style is one of the offered choices. */
export const isSubtitleChoice = {
  size: (value: unknown): value is SubtitleSize => SUBTITLE_SIZE_VALUES.includes(value as SubtitleSize),
  color: (value: unknown): value is SubtitleColor => SUBTITLE_COLOR_VALUES.includes(value as SubtitleColor),
  background: (value: unknown): value is SubtitleBackground =>
    SUBTITLE_BACKGROUND_VALUES.includes(value as SubtitleBackground),
};

/** A profile lock's PIN: exactly four digits. */
export const PIN_PATTERN = '^[0-9]{4}$';
export const isPin = (value: unknown): value is string => typeof value === 'string' && /^[0-9]{4}$/.test(value);

export const LOCK_MESSAGES = {
  pinRequired: 'Enter the PIN to open this profile.',
  /** A locked profile's own documents (Continue Watching, My List), asked by a device that has not opened it. */
  pinForProfile: 'Enter the PIN for this profile.',
  wrongPin: 'That PIN is not right. Try again.',
  tooManyPins: 'Too many wrong PINs. Try again in 15 minutes.',
  pinShape: 'A PIN is exactly 4 digits.',
  wrongPassword: 'That password is not right.',
  tooManyPasswords: 'Too many wrong passwords. Try again in 15 minutes.',
  pinToAdd: 'Enter the PIN of a locked profile to add a profile.',
  avatar: 'Choose one of the offered avatars.',
  settings: 'Those settings are not ones a profile can have.',
  maturity: 'Choose one of the offered maturity levels.',
  leavingKids: 'To leave Kids, choose a higher maturity rating with the account password.',
  password: 'Please enter your account password.',
};

/** Wrong PINs allowed per profile within PIN_WINDOW_MS, across every worker. */
export const PIN_ATTEMPTS = 5;
export const PIN_WINDOW_MS = 15 * 60 * 1000;
