import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { inWriteTurn } from '../db/write-turn.ts';
import { sendProblem } from '../http/problems.ts';
import {
  type Account,
  type AccountsRepository,
  createAccountsRepository,
  SESSION_TTL_MS,
  sessionKey,
} from './accounts-repository.ts';
import { type EndedSessions, type EndedSessionsRelay, SessionCache } from './session-cache.ts';

export const SESSION_COOKIE = 'marquee_session';

declare module 'fastify' {
  interface FastifyInstance {
    accounts: AccountsRepository;
    /** A preHandler that answers 401 unless the request carries a live session. */
    requireAccount: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Ends the session of `token`; resolves once no process of the server takes it any more. */
    endSession: (token: string) => Promise<void>;
    /** Ends the session stored under `key` (sessionKey of its token), as endSession does. */
    endSessionByKey: (key: string) => Promise<void>;
    /** Ends every session of the account (every device); resolves once no process takes any of them. */
    endAllSessions: (uid: string) => Promise<void>;
    /** Ends every session of the account but `keepToken`'s (a new password); resolves as endAllSessions. */
    endOtherSessions: (uid: string, keepToken: string) => Promise<void>;
    /** Every process reads the account afresh at its next request (its e-mail changed). */
    refreshAccount: (uid: string) => Promise<void>;
  }
  interface FastifyRequest {
    /** The signed-in account, resolved lazily from the session cookie. */
    account(): Account | null;
    /** The stored key of the request's live session (sessionKey of its token), or null when signed out. */
    sessionKey(): string | null;
  }
}

export interface SessionPluginOptions {
  /** Ended sessions to and from a cluster's other workers (none in one process). */
  relay?: EndedSessionsRelay;
}

/**
 * How often a session's "last seen" is written: at most once in this long per session and
 * process, so that a signed-in request almost never writes (the devices page shows minutes).
 */
export const SEEN_EVERY_MS = 5 * 60 * 1000;

/**
 * Sessions: a random token in an HttpOnly, SameSite=Lax cookie (Secure over https), looked up
 * in the sessions table, and remembered by each process until it expires or ends
 * (session-cache.ts). Routes ask `request.account()`, or use `app.requireAccount`; sessions end
 * through `app.endSession` and `app.endAllSessions`, which every process hears before they resolve.
 */
export default fp<SessionPluginOptions>(
  async (app, options) => {
    const accounts = createAccountsRepository(app.db);
    app.decorate('accounts', accounts);

    const cache = new SessionCache();
    const stopListening = options.relay?.listen((ended) => cache.forget(ended)) ?? (() => {});
    app.addHook('onClose', async () => stopListening());
    const findAccount = (token: string, address: string): Account | null => {
      const key = sessionKey(token);
      let found = cache.found(key);
      if (!found) {
        const stored = accounts.findSession(key);
        if (!stored) return null;
        cache.set(key, stored);
        found = stored;
      }
      const at = Date.now();
      if (at - (found.seenAt ?? 0) >= SEEN_EVERY_MS) {
        found.seenAt = at;
        // Not awaited: the request does not wait for its "last seen" to be stored.
        inWriteTurn(app.db, () => accounts.touchSession(key, at, address)).catch((error: unknown) =>
          app.log.warn({ err: error }, 'A session could not be marked as seen'),
        );
      }
      return found.account;
    };
    // Stored first, then forgotten here, then everywhere else: a process that looks the session
    // up after it has forgotten it reads the table, where it is gone.
    const end = async (ended: EndedSessions, remove: () => unknown) => {
      await inWriteTurn(app.db, remove);
      cache.forget(ended);
      await options.relay?.announce(ended);
    };
    const endByKey = (key: string) => end({ key }, () => accounts.endSession(key));
    app.decorate('endSession', (token: string) => endByKey(sessionKey(token)));
    app.decorate('endSessionByKey', endByKey);
    app.decorate('endAllSessions', (uid: string) => end({ uid }, () => accounts.endAllSessions(uid)));
    app.decorate('endOtherSessions', (uid: string, keepToken: string) => {
      const except = sessionKey(keepToken);
      return end({ uid, except }, () => accounts.endOtherSessions(uid, except));
    });
    app.decorate('refreshAccount', async (uid: string) => {
      cache.forget({ uid });
      await options.relay?.announce({ uid });
    });

    // Looked up once per request: a guarded route asks twice (requireAccount, then the uid
    // check) and the handler may ask again, and each lookup hashes the token and queries SQLite.
    const resolved = new WeakMap<FastifyRequest, Account | null>();
    app.decorateRequest('account', function (this: FastifyRequest) {
      let account = resolved.get(this);
      if (account === undefined) {
        const token = this.cookies[SESSION_COOKIE];
        account = token ? findAccount(token, this.ip) : null;
        resolved.set(this, account);
      }
      return account;
    });
    app.decorateRequest('sessionKey', function (this: FastifyRequest) {
      const token = this.cookies[SESSION_COOKIE];
      return token && this.account() ? sessionKey(token) : null;
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
