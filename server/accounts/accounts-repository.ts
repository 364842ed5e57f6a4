import { createHash, randomBytes } from 'node:crypto';

import type { Database } from 'better-sqlite3';

import { randomString } from '../../shared/text/random-string.ts';
import { runWrite } from '../db/write-turn.ts';

export interface Account {
  uid: string;
  email: string;
  passwordHash: string;
  createdAt: number;
}

interface AccountRow {
  uid: string;
  email: string;
  password_hash: string;
  created_at: number;
}

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const UID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A 28-character id like Firebase's uids. */
function newUid(): string {
  return randomString(UID_ALPHABET, 28);
}

/** What the sessions table stores of a token (never the token itself), and what a session is known by. */
export function sessionKey(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A live session: whose it is, and until when. */
export interface SessionFound {
  account: Account;
  expiresAt: number;
}

const toAccount = (row: AccountRow): Account => ({
  uid: row.uid,
  email: row.email,
  passwordHash: row.password_hash,
  createdAt: row.created_at,
});

/** Accounts and their sessions in SQLite. Statements are prepared once per database. */
export function createAccountsRepository(db: Database, now: () => number = Date.now) {
  // The first account on a data folder is its operator (the studio's): decided in the insert
  // itself, so two first sign-ups at once cannot both be, nor neither.
  const insertAccount = db.prepare(
    `INSERT INTO accounts (uid, email, password_hash, created_at, role)
     VALUES (?, ?, ?, ?, CASE WHEN EXISTS (SELECT 1 FROM accounts WHERE role = 'operator') THEN 'subscriber' ELSE 'operator' END)
     ON CONFLICT(email) DO NOTHING`,
  );
  const selectByEmail = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?');
  const insertSession = db.prepare(
    'INSERT INTO sessions (token_hash, uid, created_at, expires_at) VALUES (?, ?, ?, ?)',
  );
  const selectBySession = db.prepare<[string, number], AccountRow & { expires_at: number }>(
    `SELECT accounts.*, sessions.expires_at FROM sessions JOIN accounts USING (uid)
     WHERE sessions.token_hash = ? AND sessions.expires_at > ?`,
  );
  const deleteSession = db.prepare('DELETE FROM sessions WHERE token_hash = ?');
  const deleteAllSessions = db.prepare('DELETE FROM sessions WHERE uid = ?');
  const deleteExpired = db.prepare('DELETE FROM sessions WHERE expires_at <= ?');

  return {
    /** Returns the new account, or null when the e-mail is already taken. */
    create(email: string, passwordHash: string): Account | null {
      const account = { uid: newUid(), email, passwordHash, createdAt: now() };
      const { changes } = runWrite(insertAccount, account.uid, email, passwordHash, account.createdAt);
      return changes === 1 ? account : null;
    },

    findByEmail(email: string): Account | null {
      const row = selectByEmail.get(email);
      return row ? toAccount(row) : null;
    },

    /** Starts a session and returns its token; only the token's hash is stored. */
    startSession(uid: string): string {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      runWrite(deleteExpired, at);
      runWrite(insertSession, sessionKey(token), uid, at, at + SESSION_TTL_MS);
      return token;
    },

    /** The live session stored under `key` (sessionKey of its token), or null. */
    findSession(key: string): SessionFound | null {
      const row = selectBySession.get(key, now());
      return row ? { account: toAccount(row), expiresAt: row.expires_at } : null;
    },

    endSession(key: string): void {
      runWrite(deleteSession, key);
    },

    /** Ends every session of the account (every device); returns how many there were. */
    endAllSessions(uid: string): number {
      return runWrite(deleteAllSessions, uid).changes;
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
