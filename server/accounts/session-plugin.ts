import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { sendProblem } from '../http/problems.ts';
import {
  type Account,
  type AccountsRepository,
  createAccountsRepository,
  SESSION_TTL_MS,
} from './accounts-repository.ts';

export const SESSION_COOKIE = 'marquee_session';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsRepository;
    /** A preHandler that answers 401 unless the request carries a live session. */
    requireAccount: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in account, resolved lazily from the session cookie. */
    account(): Account | null;
  }
}

/**
 * Sessions: a random token in an HttpOnly, SameSite=Lax cookie (Secure over https), looked up
 * in the sessions table. Routes ask `request.account()`, or use `app.requireAccount`.
 */
export default fp(
  async (app) => {
    app.decorate('accounts', createAccountsRepository(app.db));

    // Looked up once per request: a guarded route asks twice (requireAccount, then the uid
    // check) and the handler may ask again, and each lookup hashes the token and queries SQLite.
    const resolved = new WeakMap<FastifyRequest, Account | null>();
    app.decorateRequest('account', function (this: FastifyRequest) {
      let account = resolved.get(this);
      if (account === undefined) {
        const token = this.cookies[SESSION_COOKIE];
        account = token ? app.accounts.findBySession(token) : null;
        resolved.set(this, account);
      }
      return account;
    });

    app.decorate('requireAccount', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.account()) {
        await sendProblem(reply, { status: 401, code: 'unauthenticated', message: 'Please sign in first.' });
      }
    });
  },
  { name: 'session', dependencies: ['database', '@fastify/cookie'] },
);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
