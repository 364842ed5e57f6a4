/**
 * The profile rules every backend applies (docs/spec.md §3, §9): the limits, the name checks,
 * the id form and the messages a person sees. One definition for the embedded server, the
 * client's Firestore adapter and the story fake. Plain constants and functions, no dependencies.
 */
import { findHiddenCharacter, HIDDEN_CHARACTERS_IN_NAME_MESSAGE, toIdentityForm } from '../text/identity-text.ts';
import { randomString } from '../text/random-string.ts';

export const MAX_PROFILES = 5;
export const MAX_NAME_LENGTH = 50;
const ID_LENGTH = 12;
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Why a write was refused; each backend turns it into its own answer with the message below. */
export type ProfileProblem =
  | { kind: 'missing-name' }
  | { kind: 'name-too-long' }
  | { kind: 'control-characters' }
  | { kind: 'hidden-characters' }
  | { kind: 'duplicate-name'; existingName: string }
  | { kind: 'too-many-profiles' }
  | { kind: 'not-found' };

export const PROFILE_MESSAGES = {
  missingName: 'Please enter a profile name.',
  nameTooLong: `Profile names can be at most ${MAX_NAME_LENGTH} characters.`,
  nameNotText: 'A profile name must be text.',
  controlCharacters: 'Profile names cannot contain control characters.',
  hiddenCharacters: HIDDEN_CHARACTERS_IN_NAME_MESSAGE,
  duplicate: (existingName: string) => `You already have a profile called "${existingName}".`,
  tooMany: `An account can have at most ${MAX_PROFILES} profiles.`,
  notFound: 'There is no such profile.',
};

/** The message a person sees for a problem, the same on every backend. */
export function profileProblemMessage(problem: ProfileProblem): string {
  switch (problem.kind) {
    case 'missing-name':
      return PROFILE_MESSAGES.missingName;
    case 'name-too-long':
      return PROFILE_MESSAGES.nameTooLong;
    case 'control-characters':
      return PROFILE_MESSAGES.controlCharacters;
    case 'hidden-characters':
      return PROFILE_MESSAGES.hiddenCharacters;
    case 'duplicate-name':
      return PROFILE_MESSAGES.duplicate(problem.existingName);
    case 'too-many-profiles':
      return PROFILE_MESSAGES.tooMany;
    case 'not-found':
      return PROFILE_MESSAGES.notFound;
  }
}

// C0/C1 controls, lone surrogates (not text at all), and the line/paragraph separators.
const FORBIDDEN = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;
// What is left after removing these is what a viewer can see.
const INVISIBLE = /[\p{White_Space}\p{Cf}]/gu;

export interface CheckedName {
  name: string;
  key: string;
}

export const isProfileProblem = (value: CheckedName | ProfileProblem): value is ProfileProblem => 'kind' in value;

/**
 * Checks a name as typed (anything that is not text counts as missing) and returns it trimmed
 * and composed (NFC), with its key for case-insensitive uniqueness, or the problem. Lengths count
 * code points (an emoji is one character, as SQLite counts them).
 */
export function checkProfileName(raw: unknown): CheckedName | ProfileProblem {
  const name = typeof raw === 'string' ? toIdentityForm(raw.trim()) : '';
  if (FORBIDDEN.test(name)) return { kind: 'control-characters' };
  if (name.replace(INVISIBLE, '') === '') return { kind: 'missing-name' };
  // Zero-width and bidi controls would make a look-alike of another name (shared/text/).
  if (findHiddenCharacter(name)) return { kind: 'hidden-characters' };
  if ([...name].length > MAX_NAME_LENGTH) return { kind: 'name-too-long' };
  return { name, key: nameKey(name) };
}

/** checkProfileName for a backend that answers with a rejection: the name, or throws its message. */
export function requireProfileName(raw: unknown): CheckedName {
  const checked = checkProfileName(raw);
  if (isProfileProblem(checked)) throw new Error(profileProblemMessage(checked));
  return checked;
}

/**
 * The name compared without regard to case or compatibility forms: "Ann", "ANN" and "Ａｎｎ" share
 * a key. Upper- then lower-casing folds what lower-casing alone misses ("ß" and "SS").
 */
export function nameKey(trimmedName: string): string {
  return trimmedName.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** A random base-36 profile id (docs/spec.md §3, §9), from the Web Crypto both sides have. */
export function newProfileId(): string {
  return randomString(BASE36, ID_LENGTH);
}

/** The name a new account's first profile gets when nothing better remains of its e-mail. */
export const FALLBACK_PROFILE_NAME = 'Viewer';

// Whatever the name checks refuse is dropped: controls, separators and invisible characters.
const UNFIT = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;

/**
 * The name of the profile every account starts with (docs/decisions.md): the e-mail's local part
 * before any "+tag", with its first letter capitalised ("ann.lee+tv@x.com" → "Ann.lee"), cleaned
 * and clipped to pass checkProfileName, or FALLBACK_PROFILE_NAME when nothing valid remains.
 * The viewer can rename it like any other.
 */
export function firstProfileName(email: string): string {
  const at = email.lastIndexOf('@');
  const local = (at < 0 ? email : email.slice(0, at)).split('+')[0] ?? '';
  const clean = toIdentityForm(local.replace(UNFIT, '')).trim();
  const [first = '', ...rest] = [...clean];
  const name = [first.toUpperCase(), ...rest].slice(0, MAX_NAME_LENGTH).join('').trim();
  const checked = checkProfileName(name);
  return isProfileProblem(checked) ? FALLBACK_PROFILE_NAME : checked.name;
}
