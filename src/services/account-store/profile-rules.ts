import {
  findHiddenCharacter,
  HIDDEN_CHARACTERS_IN_NAME_MESSAGE,
  toIdentityForm,
} from '../../../shared/text/identity-text';

/**
 * The profile rules of the account store, for a backend without a server of its own (Firestore):
 * the same checks and texts as the embedded server's (server/documents/profiles-repository.ts and
 * profiles-routes.ts), which the profiles contract suite holds both sides to.
 */
export const MAX_PROFILES = 5;
export const MAX_NAME_LENGTH = 50;
const ID_LENGTH = 12;
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

// C0/C1 controls, lone surrogates, and the line/paragraph separators.
const FORBIDDEN = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;
// What is left after removing these is what a viewer can see.
const INVISIBLE = /[\p{White_Space}\p{Cf}]/gu;

export const PROFILE_MESSAGES = {
  missingName: 'Please enter a profile name.',
  nameTooLong: `Profile names can be at most ${MAX_NAME_LENGTH} characters.`,
  controlCharacters: 'Profile names cannot contain control characters.',
  hiddenCharacters: HIDDEN_CHARACTERS_IN_NAME_MESSAGE,
  duplicate: (existingName: string) => `You already have a profile called "${existingName}".`,
  tooMany: `An account can have at most ${MAX_PROFILES} profiles.`,
  notFound: 'There is no such profile.',
};

/** The trimmed, composed (NFC) name, or throws an Error with the server's message. */
export function checkProfileName(raw: unknown): string {
  const name = typeof raw === 'string' ? toIdentityForm(raw.trim()) : '';
  if (FORBIDDEN.test(name)) throw new Error(PROFILE_MESSAGES.controlCharacters);
  if (name.replace(INVISIBLE, '') === '') throw new Error(PROFILE_MESSAGES.missingName);
  // The character rules are shared with the server (shared/text/identity-text.ts).
  if (findHiddenCharacter(name)) throw new Error(PROFILE_MESSAGES.hiddenCharacters);
  if ([...name].length > MAX_NAME_LENGTH) throw new Error(PROFILE_MESSAGES.nameTooLong);
  return name;
}

/** Case- and compatibility-insensitive key: "Ann", "ANN" and "Ａｎｎ" are one name. */
export function nameKey(trimmedName: string): string {
  return trimmedName.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

/** A random base-36 profile id (docs/spec.md §3, §9). */
export function newProfileId(): string {
  let id = '';
  while (id.length < ID_LENGTH) {
    // 252 = 7 × 36: bytes above it are skipped so that every digit is equally likely.
    for (const byte of crypto.getRandomValues(new Uint8Array(ID_LENGTH)))
      if (byte < 252 && id.length < ID_LENGTH) id += BASE36[byte % 36];
  }
  return id;
}
