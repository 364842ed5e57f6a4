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

const PERIOD = [1_738_324_800, 1_740_744_000] as const; // 31 January → 28 February 2025, 12:00 UTC

describe('migration 014: one charge per period', () => {
  it('voids the copies concurrent renewals made before it (keeping the first), notes them, and refuses new ones', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-billing-'));
    folders.push(dataDir);
    const db = new BetterSqlite3(join(dataDir, 'marquee.db'));
    try {
      migrate(db, loadMigrations().slice(0, 13));
      db.prepare(
        "INSERT INTO accounts (uid, email, password_hash, created_at) VALUES ('uid-ann', 'ann@example.com', 'x', 0)",
      ).run();
      db.exec(`
        INSERT INTO products (id, name, description, active, role) VALUES ('prod_standard', 'Standard', '', 1, 'standard');
        INSERT INTO prices (id, product_id, active, currency, unit_amount, type, interval, interval_count)
          VALUES ('price_standard', 'prod_standard', 1, 'gbp', 699, 'recurring', 'month', 1);`);
      const insert = db.prepare(`
        INSERT INTO invoices (id, uid, subscription_id, billing_reason, created, amount_paid, currency, price_id,
          product_id, period_start, period_end)
        VALUES (?, 'uid-ann', 'sub_1', ?, ?, 699, 'gbp', 'price_standard', 'prod_standard', ?, ?)`);
      insert.run('in_create', 'subscription_create', PERIOD[0], PERIOD[0], PERIOD[1]);
      // The same renewal three times over, and an upgrade in the same second (a charge of its own).
      insert.run('in_cycle_1', 'subscription_cycle', PERIOD[1], PERIOD[1], PERIOD[1] + 100);
      insert.run('in_cycle_2', 'subscription_cycle', PERIOD[1], PERIOD[1], PERIOD[1] + 100);
      insert.run('in_cycle_3', 'subscription_cycle', PERIOD[1], PERIOD[1], PERIOD[1] + 100);
      insert.run('in_upgrade', 'subscription_update', PERIOD[1], PERIOD[1], PERIOD[1] + 100);

      const notes: string[] = [];
      migrate(db, loadMigrations().slice(0, 14), (note) => notes.push(note));

      const standing = db.prepare('SELECT id FROM invoices WHERE voided_at IS NULL ORDER BY rowid').pluck().all();
      expect(standing).toEqual(['in_create', 'in_cycle_1', 'in_upgrade']);
      const voided = db.prepare('SELECT id FROM invoices WHERE voided_at IS NOT NULL ORDER BY rowid').pluck().all();
      expect(voided).toEqual(['in_cycle_2', 'in_cycle_3']);
      expect(notes).toEqual([
        'Migration 014_billing_idempotent.sql: Account uid-ann: 2 duplicate renewal charge(s) voided (one charge per period stands).',
      ]);

      // The database itself refuses another charge for a charged period.
      expect(() => insert.run('in_cycle_4', 'subscription_cycle', PERIOD[1], PERIOD[1], PERIOD[1] + 100)).toThrow(
        /UNIQUE constraint failed/,
      );
      // …while another upgrade in the period is a charge of its own.
      expect(insert.run('in_upgrade_2', 'subscription_update', PERIOD[1], PERIOD[1], PERIOD[1] + 100).changes).toBe(1);
    } finally {
      db.close();
    }
  });
});
