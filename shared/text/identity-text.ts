/**
 * The character rules for what names a person (an account's e-mail, a profile's name), one
 * definition for the server and the client's profile rules. Plain functions, no dependencies.
 *
 * Two spellings that look the same must be one identity: text is compared in Unicode's composed
 * form (NFC), and the characters that change how text looks without being seen — zero-width
 * characters and bidirectional controls ("abc\u202Egpj.exe" shows as "abcexe.jpg") — are refused.
 */

/** The composed form every identity is stored and compared in ("e\u0301" → "é"). */
export const toIdentityForm = (text: string): string => text.normalize('NFC');

/** Bidirectional controls: embeddings, overrides, isolates, and the LRM, RLM and ALM marks. */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;

/**
 * Every format character (\p{Cf}: zero-width space, joiners, word joiner, BOM, soft hyphen, tags,
 * the bidi controls…), and the Hangul fillers, which are letters that render as nothing.
 */
const HIDDEN = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/u;

/**
 * The invisible characters an emoji needs, which are allowed where they are part of one: a
 * zero-width joiner between two emoji ("👩‍👩‍👧"), and the tag characters of a subdivision
 * flag (🏴 followed by tags, e.g. England's).
 */
const EMOJI_JOINER = /(?<=\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)\u200D(?=\p{Extended_Pictographic})/gu;
const EMOJI_TAG_SEQUENCE = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}/gu;

export type HiddenCharacter = 'invisible' | 'direction-control';

/**
 * Whether text holds a character a reader cannot see: a direction control, or an invisible one
 * (outside the emoji sequences that need them). Null when it holds neither.
 */
export function findHiddenCharacter(text: string): HiddenCharacter | null {
  if (DIRECTION_CONTROL.test(text)) return 'direction-control';
  const visible = text.replace(EMOJI_TAG_SEQUENCE, '\u{1F3F4}').replace(EMOJI_JOINER, '');
  return HIDDEN.test(visible) ? 'invisible' : null;
}

/** The one message for a profile name with hidden characters, on every backend. */
export const HIDDEN_CHARACTERS_IN_NAME_MESSAGE =
  'Profile names cannot contain invisible or direction-control characters.';
