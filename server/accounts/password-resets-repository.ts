import { randomBytes } from 'node:crypto';

import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';

import { runWrite } from '../db/write-turn.ts';
import { sessionKey } from './accounts-repository.ts';

/** How long a password reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/** What redeeming a reset link found: the account it resets, or why not. */
export type ResetRedeemed = { uid: string } | 'invalid' | 'expired';

/**
 * Password reset links. Only a SHA-256 of a link's token is stored (as for sessions); a link
 * works for an hour, and once one of an account's links is used none of them works again.
 */
export function createPasswordResetsRepository(db: Database, now: () => number = Date.now) {
  const insert = db.prepare(
    'INSERT INTO password_resets (token_hash, uid, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const select = db.prepare<[string], { uid: string; expires_at: number; used_at: number | null }>(
    'SELECT uid, expires_at, used_at FROM password_resets WHERE token_hash = ?',
  );
  const useAll = db.prepare('UPDATE password_resets SET used_at = ? WHERE uid = ? AND used_at IS NULL');
  // Kept a day past expiry, so a late click still reads "expired" rather than "invalid".
  const deleteOld = db.prepare('DELETE FROM password_resets WHERE expires_at <= ?');

  return {
    /** A new link's token for the account. */
    create(uid: string): string {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      runWrite(deleteOld, at - 24 * PASSWORD_RESET_TTL_MS);
      runWrite(insert, sessionKey(token), uid, at, at + PASSWORD_RESET_TTL_MS);
      return token;
    },

    /** Whose link `token` is, or why it cannot be used; uses nothing. */
    check(token: string): ResetRedeemed {
      const row = select.get(sessionKey(token));
      if (!row || row.used_at !== null) return 'invalid';
      return row.expires_at <= now() ? 'expired' : { uid: row.uid };
    },

    /** Uses the link of `token` (and retires the account's others), or says why it cannot be used. */
    redeem(token: string): ResetRedeemed {
      const found = this.check(token);
      if (typeof found !== 'string') runWrite(useAll, now(), found.uid);
      return found;
    },

    /** Retires every link of the account (its password was changed another way). */
    retireAll(uid: string): void {
      runWrite(useAll, now(), uid);
    },
  };
}

export type PasswordResetsRepository = ReturnType<typeof createPasswordResetsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    passwordResets: PasswordResetsRepository;
  }
}

/** Decorates `app.passwordResets`; `now` is the links' clock (tests move it past an hour). */
export default fp<{ now?: () => number }>(
  async (app, options) => {
    app.decorate('passwordResets', createPasswordResetsRepository(app.db, options.now));
  },
  { name: 'password-resets', dependencies: ['database'] },
);
