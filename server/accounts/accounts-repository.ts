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
  /** When it was last seen (milliseconds): as stored, then as this process last recorded it. */
  seenAt?: number;
}

/** Where a session was started from: the browser's User-Agent and the client's address. */
export interface SessionOrigin {
  userAgent: string;
  address: string;
}

/** A live session as the devices page lists it. */
export interface SessionListing {
  id: string;
  /** The stored hash of its token (sessionKey), to tell the caller's own session. */
  key: string;
  userAgent: string;
  address: string;
  createdAt: number;
  lastSeenAt: number;
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
  const selectByUid = db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE uid = ?');
  const insertSession = db.prepare(
    `INSERT INTO sessions (token_hash, id, uid, created_at, expires_at, user_agent, address, last_seen_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const selectBySession = db.prepare<[string, number], AccountRow & { expires_at: number; last_seen_at: number }>(
    `SELECT accounts.*, sessions.expires_at, sessions.last_seen_at FROM sessions JOIN accounts USING (uid)
     WHERE sessions.token_hash = ? AND sessions.expires_at > ?`,
  );
  const selectSessions = db.prepare<
    [string, number],
    { id: string; token_hash: string; user_agent: string; address: string; created_at: number; last_seen_at: number }
  >(
    `SELECT id, token_hash, user_agent, address, created_at, last_seen_at FROM sessions
     WHERE uid = ? AND expires_at > ? ORDER BY last_seen_at DESC, created_at DESC`,
  );
  const selectSessionKey = db.prepare<[string, string], string>(
    'SELECT token_hash FROM sessions WHERE uid = ? AND id = ?',
  );
  selectSessionKey.pluck();
  const touch = db.prepare('UPDATE sessions SET last_seen_at = ?, address = ? WHERE token_hash = ?');
  const deleteOtherSessions = db.prepare('DELETE FROM sessions WHERE uid = ? AND token_hash <> ?');
  const updatePassword = db.prepare('UPDATE accounts SET password_hash = ? WHERE uid = ?');
  const updateEmail = db.prepare(
    'UPDATE accounts SET email = ? WHERE uid = ? AND NOT EXISTS (SELECT 1 FROM accounts WHERE email = ?)',
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

    findByUid(uid: string): Account | null {
      const row = selectByUid.get(uid);
      return row ? toAccount(row) : null;
    },

    /** Starts a session and returns its token; only the token's hash is stored. */
    startSession(uid: string, origin: SessionOrigin = { userAgent: '', address: '' }): string {
      const token = randomBytes(32).toString('base64url');
      const at = now();
      runWrite(deleteExpired, at);
      runWrite(
        insertSession,
        sessionKey(token),
        randomBytes(12).toString('hex'),
        uid,
        at,
        at + SESSION_TTL_MS,
        origin.userAgent.slice(0, 512),
        origin.address,
        at,
      );
      return token;
    },

    /** The live session stored under `key` (sessionKey of its token), or null. */
    findSession(key: string): SessionFound | null {
      const row = selectBySession.get(key, now());
      return row ? { account: toAccount(row), expiresAt: row.expires_at, seenAt: row.last_seen_at } : null;
    },

    /** The account's live sessions, the most recently seen first. */
    listSessions(uid: string): SessionListing[] {
      return selectSessions.all(uid, now()).map((row) => ({
        id: row.id,
        key: row.token_hash,
        userAgent: row.user_agent,
        address: row.address,
        createdAt: row.created_at,
        lastSeenAt: row.last_seen_at,
      }));
    },

    /** The key of the account's session with this public id, or null. */
    sessionKeyOf(uid: string, id: string): string | null {
      return (selectSessionKey.get(uid, id) as string | undefined) ?? null;
    },

    /** Records that the session was seen now, from `address`. */
    touchSession(key: string, at: number, address: string): void {
      runWrite(touch, at, address, key);
    },

    /** Ends every session of the account but the one under `keepKey`; returns how many ended. */
    endOtherSessions(uid: string, keepKey: string): number {
      return runWrite(deleteOtherSessions, uid, keepKey).changes;
    },

    setPasswordHash(uid: string, passwordHash: string): void {
      runWrite(updatePassword, passwordHash, uid);
    },

    /** False when another account has the e-mail already. */
    setEmail(uid: string, email: string): boolean {
      return runWrite(updateEmail, email, uid, email).changes === 1;
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
