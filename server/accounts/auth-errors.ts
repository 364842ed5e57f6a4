import type { FastifyReply } from 'fastify';

import { AUTH_MESSAGES, type AuthErrorCode } from '../../shared/auth/credentials.ts';
import { sendProblem } from '../http/problems.ts';

export type { AuthErrorCode };

/** Each of Firebase Auth's codes with the HTTP status the embedded server answers it with. */
const AUTH_STATUS: Record<AuthErrorCode, number> = {
  'auth/invalid-email': 400,
  'auth/missing-password': 400,
  'auth/weak-password': 400,
  'auth/email-already-in-use': 409,
  'auth/invalid-credential': 401,
  'auth/too-many-requests': 429,
  'auth/wrong-password': 400,
  'auth/invalid-action-code': 400,
  'auth/expired-action-code': 400,
};

export function sendAuthError(reply: FastifyReply, code: AuthErrorCode) {
  return sendProblem(reply, { code, status: AUTH_STATUS[code], message: AUTH_MESSAGES[code] });
}
