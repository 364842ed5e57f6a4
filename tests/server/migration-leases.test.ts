import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';

import { loadMigrations, migrate } from '../../server/db/migrate.ts';

const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

const LEASE = `INSERT INTO playback_leases (token_hash, id, uid, device, title, folder, max_height, started_at, seen_at)
  VALUES (?, ?, ?, 'Chrome on Linux', 'Heat', 'programmes/drama', 1080, 1, 1)`;

describe('migration 026: leases for hosted (Firebase) users too', () => {
  it('keeps the leases, takes a uid no embedded account has, and still ends an account’s leases with it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-leases-'));
    folders.push(dataDir);
    const db = new BetterSqlite3(join(dataDir, 'marquee.db'));
    try {
      db.pragma('foreign_keys = ON');
      migrate(db, loadMigrations().slice(0, 25));
      db.prepare(
        "INSERT INTO accounts (uid, email, password_hash, created_at) VALUES ('uid-ann', 'ann@example.com', 'x', 0)",
      ).run();
      db.prepare(LEASE).run('a'.repeat(43), 'lease-ann', 'uid-ann');
      // Before: a Firebase uid is refused by the foreign key.
      expect(() => db.prepare(LEASE).run('b'.repeat(43), 'lease-fb', 'firebaseUid0000000000000001')).toThrow(
        /FOREIGN KEY/,
      );

      migrate(db, loadMigrations().slice(0, 26));
      expect(db.prepare('SELECT id, uid FROM playback_leases').all()).toEqual([{ id: 'lease-ann', uid: 'uid-ann' }]);
      db.prepare(LEASE).run('b'.repeat(43), 'lease-fb', 'firebaseUid0000000000000001');
      expect(() => db.prepare(LEASE).run('c'.repeat(43), 'lease-none', '')).toThrow(/CHECK/);
      expect(
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'playback_leases_by_uid'").get(),
      ).toBeTruthy();

      db.prepare("DELETE FROM accounts WHERE uid = 'uid-ann'").run();
      expect(db.prepare('SELECT id FROM playback_leases').pluck().all()).toEqual(['lease-fb']);
    } finally {
      db.close();
    }
  });
});
