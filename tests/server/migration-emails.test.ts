import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

import { hashPassword } from '../../server/accounts/passwords.ts';
import { loadMigrations, migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/plugins/database.ts';
import { createTestApp } from './test-app.ts';

const PASSWORD = 'secret-password';
// "renée" and "zoë" spelled composed (NFC) and decomposed (NFD).
const RENEE_NFC = 'ren\u00e9e@example.com';
const RENEE_NFD = 'rene\u0301e@example.com';
const ZOE_NFC = 'zo\u00eb@example.com';
const ZOE_NFD = 'zoe\u0308@example.com';
// Two loose spellings of one address: the combining marks in either order (NFC puts them in one).
const DOT_A = 'd\u0323\u0307an@example.com';
const DOT_B = 'd\u0307\u0323an@example.com';
const DOT_NFC = 'd\u0323\u0307an@example.com'.normalize('NFC');

const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

interface Row {
  uid: string;
  email: string;
  password_hash: string;
  created_at: number;
}

/** A data folder at schema version 12 (before e-mails were composed), holding these accounts. */
async function folderBeforeComposing(accounts: Array<[uid: string, email: string]>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-emails-'));
  folders.push(dataDir);
  const db = new BetterSqlite3(join(dataDir, 'marquee.db'));
  try {
    migrate(db, loadMigrations().slice(0, 12));
    const hash = await hashPassword(PASSWORD);
    const insert = db.prepare('INSERT INTO accounts (uid, email, password_hash, created_at) VALUES (?, ?, ?, ?)');
    accounts.forEach(([uid, email], index) => insert.run(uid, email, hash, 1_700_000_000_000 + index));
  } finally {
    db.close();
  }
  return dataDir;
}

function accountsIn(db: BetterSqlite3.Database) {
  return db.prepare('SELECT * FROM accounts ORDER BY created_at').all() as Row[];
}

describe('migration 013: e-mails stored before NFC', () => {
  it('composes a decomposed e-mail, which then signs in however it is typed', async () => {
    const dataDir = await folderBeforeComposing([
      ['uid-renee', RENEE_NFD],
      ['uid-plain', 'plain@example.com'],
    ]);
    const log: string[] = [];
    const db = openDatabase(dataDir, { log: (message) => log.push(message) });
    try {
      expect(accountsIn(db).map((row) => [row.uid, row.email])).toEqual([
        ['uid-renee', RENEE_NFC],
        ['uid-plain', 'plain@example.com'],
      ]);
      expect(log).toEqual([]);
    } finally {
      db.close();
    }

    const { app } = await createTestApp({ dataDir });
    for (const email of [RENEE_NFC, RENEE_NFD]) {
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email, password: PASSWORD },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toMatchObject({ user: { uid: 'uid-renee', email: RENEE_NFC } });
    }
  });

  it('leaves an account alone, and logs why, when its composed e-mail is already another account’s', async () => {
    const dataDir = await folderBeforeComposing([
      ['uid-zoe', ZOE_NFC],
      ['uid-zoe-twin', ZOE_NFD],
      ['uid-dot-old', DOT_B],
      ['uid-dot-new', DOT_A],
    ]);
    const raw = new BetterSqlite3(join(dataDir, 'marquee.db'), { readonly: true });
    const hashes = accountsIn(raw).map((row) => row.password_hash);
    raw.close();

    const log: string[] = [];
    const db = openDatabase(dataDir, { log: (message) => log.push(message) });
    try {
      const rows = accountsIn(db);
      // Nothing is lost: every account, with its password, is still there.
      expect(rows.map((row) => row.password_hash)).toEqual(hashes);
      expect(rows.map((row) => [row.uid, row.email])).toEqual([
        ['uid-zoe', ZOE_NFC],
        // Its composed form is uid-zoe's: left as stored.
        ['uid-zoe-twin', ZOE_NFD],
        // Two loose spellings and no composed account: the older takes the address.
        ['uid-dot-old', DOT_NFC],
        ['uid-dot-new', DOT_A],
      ]);
      expect(log).toEqual([
        expect.stringMatching(
          /^Migration 013_emails_composed\.sql: Account uid-zoe-twin keeps its e-mail as stored.*account uid-zoe's/,
        ),
        expect.stringMatching(/Account uid-dot-new keeps its e-mail as stored.*account uid-dot-old's/),
      ]);
      // No e-mail is written to the log, only uids.
      expect(log.join('\n')).not.toMatch(/@/);
      // The notes stay in the database for whoever resolves them.
      expect(db.prepare('SELECT version, note FROM migration_notes ORDER BY id').all()).toEqual([
        { version: 13, note: expect.stringContaining('uid-zoe-twin') },
        { version: 13, note: expect.stringContaining('uid-dot-new') },
      ]);
    } finally {
      db.close();
    }

    // Reopening runs nothing again and logs nothing more.
    const again: string[] = [];
    openDatabase(dataDir, { log: (message) => again.push(message) }).close();
    expect(again).toEqual([]);
  });
});
