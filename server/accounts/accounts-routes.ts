import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Account } from './accounts-repository.ts';
import { sendAuthError } from './auth-errors.ts';
import { MAX_PASSWORD_LENGTH, checkEmail, checkNewPassword, normaliseEmail } from './credentials.ts';
import { hashPassword, verifyDecoy, verifyPassword } from './passwords.ts';
import { SESSION_COOKIE, clearSessionCookie, setSessionCookie } from './session-plugin.ts';
import { SignInThrottle } from './sign-in-throttle.ts';
import { ErrorBody } from '../http/error-body.ts';

const User = Type.Object({
  uid: Type.String(),
  email: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601 time the account was created' }),
});

// Fields are optional so that a missing one gets Firebase's own error code, not a schema error.
const Credentials = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1024 })),
  password: Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH })),
});

const toUser = (account: Account) => ({
  uid: account.uid,
  email: account.email,
  createdAt: new Date(account.createdAt).toISOString(),
});

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export interface AccountsRoutesOptions {
  /** Failed sign-ins allowed per e-mail, and per client address, within 15 minutes. */
  throttle?: { perEmail: number; perClient: number };
}

/** Sign up, sign in, sign out and the current session, under /api/auth. */
const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, options) => {
  const limits = options.throttle ?? { perEmail: 5, perClient: 50 };
  const byEmail = new SignInThrottle(limits.perEmail, FIFTEEN_MINUTES);
  const byClient = new SignInThrottle(limits.perClient, FIFTEEN_MINUTES);
  const authBodyLimit = 16 * 1024;

  app.post(
    '/sign-up',
    {
      bodyLimit: authBodyLimit,
      schema: {
        body: Credentials,
        response: { 201: Type.Object({ user: User }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email ?? '');
      const password = request.body.password ?? '';
      const problem = checkEmail(email) ?? checkNewPassword(password);
      if (problem) return sendAuthError(reply, problem);

      const account = app.accounts.create(email, await hashPassword(password));
      if (!account) return sendAuthError(reply, 'auth/email-already-in-use');

      // Signing up signs in: a fresh token, and the one the browser had (another account's) retired.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) app.accounts.endSession(previous);
      setSessionCookie(request, reply, app.accounts.startSession(account.uid));
      return reply.code(201).send({ user: toUser(account) });
    },
  );

  app.post(
    '/sign-in',
    {
      bodyLimit: authBodyLimit,
      schema: {
        body: Credentials,
        response: { 200: Type.Object({ user: User }), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const email = normaliseEmail(request.body.email ?? '');
      const password = request.body.password ?? '';
      if (checkEmail(email)) return sendAuthError(reply, 'auth/invalid-email');
      if (password === '') return sendAuthError(reply, 'auth/missing-password');
      if (byEmail.isBlocked(email) || byClient.isBlocked(request.ip)) {
        return sendAuthError(reply, 'auth/too-many-requests');
      }

      const account = app.accounts.findByEmail(email);
      const valid = account
        ? await verifyPassword(account.passwordHash, password)
        : await verifyDecoy(password);
      if (!account || !valid) {
        byEmail.recordFailure(email);
        byClient.recordFailure(request.ip);
        return sendAuthError(reply, 'auth/invalid-credential');
      }

      byEmail.reset(email);
      // A sign-in always issues a fresh token, and retires the one the browser had.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) app.accounts.endSession(previous);
      setSessionCookie(request, reply, app.accounts.startSession(account.uid));
      return { user: toUser(account) };
    },
  );

  app.post(
    '/sign-out',
    { schema: { response: { 204: Type.Null() } } },
    async (request, reply) => {
      const token = request.cookies[SESSION_COOKIE];
      if (token) app.accounts.endSession(token);
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/session',
    { schema: { response: { 200: Type.Object({ user: Type.Union([User, Type.Null()]) }) } } },
    async (request, reply) => {
      const account = request.account();
      reply.header('cache-control', 'no-store');
      return { user: account ? toUser(account) : null };
    },
  );
};

export default accountsRoutes;
