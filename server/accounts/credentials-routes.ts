import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { checkEmail, checkNewPassword, MAX_PASSWORD_LENGTH, normaliseEmail } from '../../shared/auth/credentials.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody } from '../http/problems.ts';
import { emailChangedMail, passwordChangedMail } from './account-mail.ts';
import { mailLater } from './account-routes-support.ts';
import { AttemptThrottle, reserveAll } from './attempt-throttle.ts';
import { sendAuthError } from './auth-errors.ts';
import { DEFAULT_SIGN_IN_THROTTLE, SIGN_IN_WINDOW_MS } from './auth-limits.ts';
import { hashPassword, verifyPassword, whenAbandoned } from './passwords.ts';
import { SESSION_COOKIE } from './session-plugin.ts';

export interface CredentialsRoutesOptions {
  /** The sign-in throttle's figures: a wrong current password counts as a failed sign-in. */
  throttle?: { perEmail: number; perClient: number };
}

const User = Type.Object({ uid: Type.String(), email: Type.String(), createdAt: Type.String() });
const BODY_LIMIT = 16 * 1024;
const Password = Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH }));

/**
 * Changing the e-mail and the password of the signed-in account, under /api/auth, each with the
 * current password (docs/account.md):
 *
 * - POST /email `{ password, email }`: 200 `{ user }`; 409 when another account has it.
 * - POST /password `{ password, newPassword }`: 204; every other session of the account ends.
 *
 * A wrong current password is 400 auth/wrong-password and counts against the sign-in throttle
 * (per e-mail and per address), so a session left open is no faster way to guess it.
 */
const credentialsRoutes: FastifyPluginAsyncTypebox<CredentialsRoutesOptions> = async (app, options) => {
  const limits = options.throttle ?? DEFAULT_SIGN_IN_THROTTLE;
  const byEmail = new AttemptThrottle(app.db, {
    scope: 'sign-in-email',
    limit: limits.perEmail,
    windowMs: SIGN_IN_WINDOW_MS,
  });
  const byClient = new AttemptThrottle(app.db, {
    scope: 'sign-in-client',
    limit: limits.perClient,
    windowMs: SIGN_IN_WINDOW_MS,
  });
  const resets = app.passwordResets;
  app.addHook('onRequest', noStore);

  /** The signed-in account, read afresh, if `password` is its password; else the answer is sent. */
  const confirmPassword = async (
    request: Parameters<typeof app.requireAccount>[0],
    reply: Parameters<typeof app.requireAccount>[1],
    password: string,
  ) => {
    const uid = request.account()!.uid;
    // The remembered session may hold an older hash; the table has the one that counts.
    const account = app.accounts.findByUid(uid);
    if (!account) return null;
    if (password === '') {
      await sendAuthError(reply, 'auth/missing-password');
      return null;
    }
    const attempt = await reserveAll([
      [byEmail, account.email],
      [byClient, request.ip],
    ]);
    if (!attempt) {
      await sendAuthError(reply, 'auth/too-many-requests');
      return null;
    }
    if (!(await verifyPassword(account.passwordHash, password, whenAbandoned(reply.raw)))) {
      await sendAuthError(reply, 'auth/wrong-password');
      return null;
    }
    await attempt.release();
    return account;
  };

  app.post(
    '/email',
    {
      bodyLimit: BODY_LIMIT,
      preValidation: app.requireAccount,
      schema: {
        body: Type.Object({ password: Password, email: Type.Optional(Type.String({ maxLength: 1024 })) }),
        response: { 200: Type.Object({ user: User }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email ?? '');
      if (checkEmail(email)) return sendAuthError(reply, 'auth/invalid-email');
      const account = await confirmPassword(request, reply, request.body.password ?? '');
      if (!account) return reply;
      if (email !== account.email) {
        const changed = await inWriteTurn(app.db, () => app.accounts.setEmail(account.uid, email));
        if (!changed) return sendAuthError(reply, 'auth/email-already-in-use');
        await app.refreshAccount(account.uid);
        mailLater(app, emailChangedMail(account.email, email));
      }
      return { user: { uid: account.uid, email, createdAt: new Date(account.createdAt).toISOString() } };
    },
  );

  app.post(
    '/password',
    {
      bodyLimit: BODY_LIMIT,
      preValidation: app.requireAccount,
      schema: {
        body: Type.Object({ password: Password, newPassword: Password }),
        response: { 204: Type.Null(), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const newPassword = request.body.newPassword ?? '';
      const problem = checkNewPassword(newPassword);
      if (problem) return sendAuthError(reply, problem);
      const account = await confirmPassword(request, reply, request.body.password ?? '');
      if (!account) return reply;
      const passwordHash = await hashPassword(newPassword);
      await inWriteTurn(app.db, () => {
        app.accounts.setPasswordHash(account.uid, passwordHash);
        // A reset link asked for before is no longer wanted.
        resets.retireAll(account.uid);
      });
      // Every other device signs in again with the new password; this one stays.
      await app.endOtherSessions(account.uid, request.cookies[SESSION_COOKIE]!);
      mailLater(app, passwordChangedMail(account.email));
      return reply.code(204).send(null);
    },
  );
};

export default credentialsRoutes;
