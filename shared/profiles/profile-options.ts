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

/** A profile lock's PIN: exactly four digits. */
export const PIN_PATTERN = '^[0-9]{4}$';
export const isPin = (value: unknown): value is string => typeof value === 'string' && /^[0-9]{4}$/.test(value);

export const LOCK_MESSAGES = {
  pinRequired: 'Enter the PIN to open this profile.',
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
