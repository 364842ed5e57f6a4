import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { checkEmail, checkNewPassword, MAX_PASSWORD_LENGTH, normaliseEmail } from '../../shared/auth/credentials.ts';
import { RESET_CODE_PARAM, RESET_PASSWORD_ADDRESS } from '../../shared/web/signed-out-addresses.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody } from '../http/problems.ts';
import { resetPasswordMail } from './account-mail.ts';
import { mailLater } from './account-routes-support.ts';
import { AttemptThrottle } from './attempt-throttle.ts';
import { sendAuthError } from './auth-errors.ts';
import { DEFAULT_RESETS_PER_CLIENT, DEFAULT_RESETS_PER_EMAIL, RESET_WINDOW_MS } from './auth-limits.ts';
import { hashPassword } from './passwords.ts';

export interface RecoveryRoutesOptions {
  /** The address links in e-mails start with (`MARQUEE_PUBLIC_URL`), never the request's Host. */
  publicUrl: string;
  /** Reset requests allowed per client address, and links sent per e-mail, within an hour. */
  resets?: { perClient: number; perEmail: number };
}

const BODY_LIMIT = 16 * 1024;

/**
 * "Forgot password?" (docs/account.md), under /api/auth:
 *
 * - POST /password-reset `{ email }`: 204 whether or not the address has an account, after the
 *   same work either way (the throttles' writes, one write turn); the e-mail goes after the answer.
 * - POST /password-reset/confirm `{ code, password }`: sets the password of the link's account and
 *   ends every session of it. The link works once and for an hour (400 auth/invalid-action-code,
 *   auth/expired-action-code).
 */
const recoveryRoutes: FastifyPluginAsyncTypebox<RecoveryRoutesOptions> = async (app, options) => {
  const resets = app.passwordResets;
  const limits = options.resets ?? { perClient: DEFAULT_RESETS_PER_CLIENT, perEmail: DEFAULT_RESETS_PER_EMAIL };
  // Like sign-ups, counted per client address, so the answer cannot be asked for at will.
  const byClient = new AttemptThrottle(app.db, {
    scope: 'reset-client',
    limit: limits.perClient,
    windowMs: RESET_WINDOW_MS,
  });
  // Per address, silently: past it the answer is the same, but no more e-mails flood that mailbox.
  const byEmail = new AttemptThrottle(app.db, {
    scope: 'reset-email',
    limit: limits.perEmail,
    windowMs: RESET_WINDOW_MS,
  });
  app.addHook('onRequest', noStore);

  app.post(
    '/password-reset',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: Type.Object({ email: Type.Optional(Type.String({ maxLength: 1024 })) }),
        response: { 204: Type.Null(), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email ?? '');
      if (checkEmail(email)) return sendAuthError(reply, 'auth/invalid-email');
      if ((await byClient.reserve(request.ip)) === undefined) return sendAuthError(reply, 'auth/too-many-requests');
      // Counted for every address, known or not, so both answers do the same work.
      const mayMail = (await byEmail.reserve(email)) !== undefined;
      const account = app.accounts.findByEmail(email);
      const code = await inWriteTurn(app.db, () => (account && mayMail ? resets.create(account.uid) : null));
      if (account && code) {
        const link = new URL(RESET_PASSWORD_ADDRESS, options.publicUrl);
        link.searchParams.set(RESET_CODE_PARAM, code);
        mailLater(app, resetPasswordMail(account.email, link.href));
      }
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/password-reset/confirm',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        body: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 256 })),
          password: Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH })),
        }),
        response: { 204: Type.Null(), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const code = request.body.code ?? '';
      const password = request.body.password ?? '';
      // Checked before the link, so a weak password does not use the link up.
      const problem = checkNewPassword(password);
      if (problem) return sendAuthError(reply, problem);
      const before = resets.check(code);
      if (before === 'invalid') return sendAuthError(reply, 'auth/invalid-action-code');
      if (before === 'expired') return sendAuthError(reply, 'auth/expired-action-code');
      const passwordHash = await hashPassword(password);
      // Used in the same write as the new password: of two uses at once, one sets it.
      const redeemed = await inWriteTurn(app.db, () => {
        const found = resets.redeem(code);
        if (typeof found !== 'string') app.accounts.setPasswordHash(found.uid, passwordHash);
        return found;
      });
      if (redeemed === 'invalid') return sendAuthError(reply, 'auth/invalid-action-code');
      if (redeemed === 'expired') return sendAuthError(reply, 'auth/expired-action-code');
      await app.endAllSessions(redeemed.uid);
      return reply.code(204).send(null);
    },
  );
};

export default recoveryRoutes;
