import type { FastifyReply } from 'fastify';

import { sendProblem } from '../http/problems.ts';

/**
 * The error codes and messages of Firebase Auth, so that the client shows the same texts
 * whichever backend is live (docs/architecture.md, "sign-in").
 */
export const AUTH_ERRORS = {
  'auth/invalid-email': { status: 400, message: 'The email address is badly formatted.' },
  'auth/missing-password': { status: 400, message: 'A password is required.' },
  'auth/weak-password': { status: 400, message: 'Password should be at least 6 characters' },
  'auth/email-already-in-use': {
    status: 409,
    message: 'The email address is already in use by another account.',
  },
  'auth/invalid-credential': {
    status: 401,
    message: 'The email address or password is incorrect.',
  },
  'auth/too-many-requests': {
    status: 429,
    message: 'Too many attempts. Please try again later.',
  },
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

export function sendAuthError(reply: FastifyReply, code: AuthErrorCode) {
  return sendProblem(reply, { code, ...AUTH_ERRORS[code] });
}
