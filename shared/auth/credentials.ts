/**
 * The e-mail and password rules of the embedded server, and the texts of its answers: the
 * server's sign-up and sign-in, the hosted adapter's messages and the stories' fake all use them.
 */
import { findHiddenCharacter, toIdentityForm } from '../text/identity-text.ts';

/**
 * The error codes and messages of Firebase Auth, so that the client shows the same texts
 * whichever backend is live (docs/architecture.md, "sign-in").
 */
export const AUTH_MESSAGES = {
  'auth/invalid-email': 'The email address is badly formatted.',
  'auth/missing-password': 'A password is required.',
  'auth/weak-password': 'Password should be at least 6 characters',
  'auth/email-already-in-use': 'The email address is already in use by another account.',
  'auth/invalid-credential': 'The email address or password is incorrect.',
  'auth/too-many-requests': 'Too many attempts. Please try again later.',
  'auth/wrong-password': 'That password is incorrect.',
  'auth/invalid-action-code': 'This link is not valid, or it has been used already. Ask for a new one.',
  'auth/expired-action-code': 'This link has expired. Ask for a new one.',
} as const;

/**
 * What "Forgot password?" says, whether or not the address has an account: the answer never
 * tells which addresses are registered.
 */
export const RESET_SENT_MESSAGE =
  'If an account uses that email address, we have sent it a link to reset the password. The link works once, for one hour.';

export type AuthErrorCode = keyof typeof AUTH_MESSAGES;

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_EMAIL_LENGTH = 254;

// One "@", something on each side, a dot in the domain, no spaces or control characters:
// what Firebase accepts in practice.
const EMAIL_SHAPE = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@.\p{Cc}]+$/u;

/**
 * E-mails are compared trimmed, composed (NFC: "e\u0301" and "é" are one address) and
 * case-insensitively, so they are stored that way.
 */
export function normaliseEmail(raw: string): string {
  return toIdentityForm(toIdentityForm(raw.trim()).toLowerCase());
}

/** A malformed e-mail, or one with zero-width or direction-control characters (a look-alike). */
export function checkEmail(email: string): AuthErrorCode | null {
  return email.length > MAX_EMAIL_LENGTH || !EMAIL_SHAPE.test(email) || findHiddenCharacter(email)
    ? 'auth/invalid-email'
    : null;
}

export function checkNewPassword(password: string): AuthErrorCode | null {
  if (password.length === 0) return 'auth/missing-password';
  if (password.length < MIN_PASSWORD_LENGTH) return 'auth/weak-password';
  return null;
}
