import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';

import { checkEmail, checkNewPassword, MAX_PASSWORD_LENGTH, normaliseEmail } from '../../shared/auth/credentials.ts';
import { firstProfileName } from '../../shared/profiles/profile-rules.ts';
import { inWriteTurn } from '../db/write-turn.ts';
import { noStore } from '../http/no-store.ts';
import { ErrorBody } from '../http/problems.ts';
import { sessionOrigin } from './account-routes-support.ts';
import type { Account } from './accounts-repository.ts';
import { AttemptThrottle, reserveAll } from './attempt-throttle.ts';
import { sendAuthError } from './auth-errors.ts';
import {
  DEFAULT_SIGN_IN_THROTTLE,
  DEFAULT_SIGN_UPS_PER_CLIENT,
  SIGN_IN_WINDOW_MS,
  SIGN_UP_WINDOW_MS,
} from './auth-limits.ts';
import { hashPassword, verifyDecoy, verifyPassword, whenAbandoned } from './passwords.ts';
import { clearSessionCookie, SESSION_COOKIE, setSessionCookie } from './session-plugin.ts';

const User = Type.Object({
  uid: Type.String(),
  email: Type.String(),
  createdAt: Type.String({ description: 'ISO 8601 time the account was created' }),
  // Said only to an operator, so a subscriber's session says nothing of the studio.
  operator: Type.Optional(Type.Literal(true, { description: 'The account runs the studio' })),
});

// Fields are optional so that a missing one gets Firebase's own error code, not a schema error.
const Credentials = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1024 })),
  password: Type.Optional(Type.String({ maxLength: MAX_PASSWORD_LENGTH })),
});

const toUser = (account: Account, operator: boolean) => ({
  uid: account.uid,
  email: account.email,
  createdAt: new Date(account.createdAt).toISOString(),
  ...(operator && { operator: true as const }),
});

export interface AccountsRoutesOptions {
  /** Failed sign-ins allowed per e-mail, and per client address, within 15 minutes. */
  throttle?: { perEmail: number; perClient: number };
  /** Sign-up attempts allowed per client address within an hour (accounts made or refused). */
  signUpsPerClient?: number;
}

/** Sign up, sign in, sign out (here or everywhere) and the current session, under /api/auth. */
const accountsRoutes: FastifyPluginAsyncTypebox<AccountsRoutesOptions> = async (app, options) => {
  const userOf = (account: Account) => toUser(account, app.operators.isOperator(account.uid));
  const limits = options.throttle ?? DEFAULT_SIGN_IN_THROTTLE;
  // In the database, so that every worker of a cluster counts against the same limits.
  const signIns = (scope: string, limit: number) =>
    new AttemptThrottle(app.db, { scope, limit, windowMs: SIGN_IN_WINDOW_MS });
  const byEmail = signIns('sign-in-email', limits.perEmail);
  const byClient = signIns('sign-in-client', limits.perClient);
  // Every sign-up that passes validation counts, made or refused as "already in use": that
  // answer is then no oracle to query at will (Firebase limits sign-ups per address likewise).
  const signUpsByClient = new AttemptThrottle(app.db, {
    scope: 'sign-up-client',
    limit: options.signUpsPerClient ?? DEFAULT_SIGN_UPS_PER_CLIENT,
    windowMs: SIGN_UP_WINDOW_MS,
  });
  const authBodyLimit = 16 * 1024;
  // Sessions and credentials: no answer from here, error or not, is ever stored by a cache.
  app.addHook('onRequest', noStore);
  /**
   * A new account and its first profile, named from the e-mail (docs/decisions.md), in one
   * write: no account is ever left without a profile. Null when the e-mail is taken.
   */
  const createAccount = (email: string, passwordHash: string) =>
    inWriteTurn(app.db, (): Account | null => {
      const account = app.accounts.create(email, passwordHash);
      if (!account) return null;
      const first = app.profiles.add(account.uid, firstProfileName(email), undefined, null);
      if (!first.ok) throw new Error(`The first profile was refused: ${first.problem.kind}`);
      return account;
    });
  const startSession = (request: FastifyRequest, uid: string) =>
    inWriteTurn(app.db, () => app.accounts.startSession(uid, sessionOrigin(request)));

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
      if ((await signUpsByClient.reserve(request.ip)) === undefined) {
        return sendAuthError(reply, 'auth/too-many-requests');
      }

      const account = await createAccount(email, await hashPassword(password));
      if (!account) return sendAuthError(reply, 'auth/email-already-in-use');

      // Signing up signs in: a fresh token, and the one the browser had (another account's) retired.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await app.endSession(previous);
      setSessionCookie(request, reply, await startSession(request, account.uid));
      return reply.code(201).send({ user: userOf(account) });
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
      // Counted before the hash, in the same write transaction as the check: concurrent guesses
      // cannot all pass the check before any is counted, on any worker. A success gives its attempt back.
      const attempt = await reserveAll([
        [byEmail, email],
        [byClient, request.ip],
      ]);
      if (!attempt) return sendAuthError(reply, 'auth/too-many-requests');

      const account = app.accounts.findByEmail(email);
      // A client that gives up while its check waits for a turn is not hashed (passwords.ts).
      const gone = whenAbandoned(reply.raw);
      const valid = account
        ? await verifyPassword(account.passwordHash, password, gone)
        : await verifyDecoy(password, gone);
      if (!account || !valid) return sendAuthError(reply, 'auth/invalid-credential');

      await attempt.release();
      await byEmail.reset(email);
      // A sign-in always issues a fresh token, and retires the one the browser had.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await app.endSession(previous);
      setSessionCookie(request, reply, await startSession(request, account.uid));
      return { user: userOf(account) };
    },
  );

  app.post('/sign-out', { schema: { response: { 204: Type.Null() } } }, async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await app.endSession(token);
    clearSessionCookie(reply);
    return reply.code(204).send(null);
  });

  // "Sign out of all devices": every session of the account ends, this one included.
  app.post(
    '/sign-out-everywhere',
    {
      preValidation: app.requireAccount,
      schema: { response: { 204: Type.Null(), '4xx': ErrorBody } },
    },
    async (request, reply) => {
      await app.endAllSessions(request.account()!.uid);
      clearSessionCookie(reply);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/session',
    { schema: { response: { 200: Type.Object({ user: Type.Union([User, Type.Null()]) }) } } },
    async (request) => {
      const account = request.account();
      return { user: account ? userOf(account) : null };
    },
  );
};

export default accountsRoutes;
