import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { loadMigrations, migrate, type Migration } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/plugins/database.ts';
import { createTestApp } from './test-app.ts';

const SESSION_COOKIE = 'marquee_session';
const MIGRATIONS_DIR = join(import.meta.dirname, '../../server/db/migrations');
const MIGRATION_FILES = readdirSync(MIGRATIONS_DIR).filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file));

interface User {
  uid: string;
  email: string;
  createdAt: string;
}

const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

function tempFolder() {
  const folder = mkdtempSync(join(tmpdir(), 'marquee-persist-'));
  folders.push(folder);
  return folder;
}

function credentials(email = 'ann@example.com', password = 'secret-password') {
  return { email, password };
}

async function signUp(app: FastifyInstance, email?: string) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: credentials(email) });
  expect(response.statusCode).toBe(201);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  expect(token).toBeTruthy();
  return { user: (response.json() as { user: User }).user, token: token! };
}

async function currentUser(app: FastifyInstance, token: string) {
  const response = await app.inject({
    method: 'GET',
    url: '/api/auth/session',
    cookies: { [SESSION_COOKIE]: token },
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { user: User | null }).user;
}

/** Everything that defines the schema, for before/after comparisons. */
function schemaOf(db: BetterSqlite3.Database) {
  return db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all();
}

describe('data survives a restart', () => {
  it('signs in after a restart with the same uid and createdAt, and keeps sessions issued before', async () => {
    const first = await createTestApp();
    const ann = await signUp(first.app);
    await first.app.close();

    const { app } = await createTestApp({ dataDir: first.dataDir });

    expect(await currentUser(app, ann.token)).toEqual(ann.user);

    const response = await app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: credentials() });
    expect(response.statusCode).toBe(200);
    const { user } = response.json() as { user: User };
    expect(user.uid).toBe(ann.user.uid);
    expect(user.createdAt).toBe(ann.user.createdAt);
    expect(user).toEqual(ann.user);
  });

  it('still refuses a taken e-mail after a restart', async () => {
    const first = await createTestApp();
    await signUp(first.app);
    await first.app.close();

    const { app } = await createTestApp({ dataDir: first.dataDir });
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: credentials(' ANN@example.com ', 'another-password'),
    });
    expect(response.statusCode).toBe(409);
    expect((response.json() as { error: { code: string } }).error.code).toBe('auth/email-already-in-use');
  });

  it('keeps a sign-out: a revoked token stays revoked after a restart', async () => {
    const first = await createTestApp();
    const ann = await signUp(first.app);
    const signOut = await first.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { [SESSION_COOKIE]: ann.token },
    });
    expect(signOut.statusCode).toBe(204);
    await first.app.close();

    const { app } = await createTestApp({ dataDir: first.dataDir });
    expect(await currentUser(app, ann.token)).toBeNull();
  });
});

describe('migrations', () => {
  it('gives the expired-session sweep run at every sign-in an index, not a scan of every session', async () => {
    const { app } = await createTestApp();
    const plan = app.db
      .prepare('EXPLAIN QUERY PLAN DELETE FROM sessions WHERE expires_at <= ?')
      .all(Date.now()) as Array<{ detail: string }>;
    expect(plan.map((step) => step.detail).join('; ')).toMatch(/USING (COVERING )?INDEX sessions_by_expiry/);
  });

  it('brings a new database to the latest schema version, in WAL mode with foreign keys on', async () => {
    const { app } = await createTestApp();
    expect(MIGRATION_FILES.length).toBeGreaterThan(0);
    expect(app.db.pragma('user_version', { simple: true })).toBe(MIGRATION_FILES.length);
    expect(app.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(app.db.pragma('foreign_keys', { simple: true })).toBe(1);

    const tables = app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    // Every migration's tables are there (the catalogue's FTS5 index adds its own shadow tables).
    expect(tables).toEqual(
      expect.arrayContaining(['accounts', 'sessions', 'catalogue_titles', 'catalogue_sources', 'catalogue_search']),
    );
  });

  it('loads every migration file in order, numbered 1..n', () => {
    const migrations = loadMigrations();
    expect(migrations.map((m) => m.name)).toEqual([...MIGRATION_FILES].sort());
    expect(migrations.map((m) => m.version)).toEqual(MIGRATION_FILES.map((_file, index) => index + 1));
  });

  it('changes nothing when run again on an up-to-date database', async () => {
    const { app } = await createTestApp();
    const ann = await signUp(app);
    const version = app.db.pragma('user_version', { simple: true });
    const schema = schemaOf(app.db);
    const accounts = app.db.prepare('SELECT * FROM accounts').all();
    const sessions = app.db.prepare('SELECT * FROM sessions').all();

    expect(migrate(app.db)).toBe(MIGRATION_FILES.length);
    expect(migrate(app.db)).toBe(MIGRATION_FILES.length);

    expect(app.db.pragma('user_version', { simple: true })).toBe(version);
    expect(schemaOf(app.db)).toEqual(schema);
    expect(app.db.prepare('SELECT * FROM accounts').all()).toEqual(accounts);
    expect(app.db.prepare('SELECT * FROM sessions').all()).toEqual(sessions);
    expect(await currentUser(app, ann.token)).toEqual(ann.user);
  });

  it('reopening a migrated data folder changes nothing either', async () => {
    const first = await createTestApp();
    await signUp(first.app);
    const schema = schemaOf(first.app.db);
    await first.app.close();

    const { app } = await createTestApp({ dataDir: first.dataDir });
    expect(app.db.pragma('user_version', { simple: true })).toBe(MIGRATION_FILES.length);
    expect(schemaOf(app.db)).toEqual(schema);
  });

  it('enforces foreign keys: no session for an unknown account, and sessions go with their account', async () => {
    const { app } = await createTestApp();
    const ann = await signUp(app);

    expect(() =>
      app.db
        .prepare('INSERT INTO sessions (token_hash, uid, created_at, expires_at) VALUES (?, ?, ?, ?)')
        .run('some-hash', 'no-such-uid', 0, 1),
    ).toThrow(/FOREIGN KEY/);

    app.db.prepare('DELETE FROM accounts WHERE uid = ?').run(ann.user.uid);
    expect(app.db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(0);
    expect(await currentUser(app, ann.token)).toBeNull();
  });

  it('refuses a database from a newer build with a clear error, and leaves it alone', async () => {
    const dataDir = tempFolder();
    const latest = MIGRATION_FILES.length;
    const file = join(dataDir, 'marquee.db');
    const newer = new BetterSqlite3(file);
    newer.pragma(`user_version = ${latest + 1}`);
    newer.exec('CREATE TABLE from_the_future (x INTEGER)');
    newer.close();

    const message = new RegExp(
      `schema version ${latest + 1}, newer than this build knows \\(${latest}\\).*MARQUEE_DATA_DIR`,
    );
    expect(() => openDatabase(dataDir)).toThrow(message);
    await expect(createTestApp({ dataDir })).rejects.toThrow(message);

    const check = new BetterSqlite3(file, { readonly: true });
    try {
      expect(check.pragma('user_version', { simple: true })).toBe(latest + 1);
      const tables = check.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
      expect(tables).toEqual(['from_the_future']);
    } finally {
      check.close();
    }
  });
});

describe('migrate() on its own', () => {
  const first: Migration = { version: 1, name: '001_first.sql', sql: 'CREATE TABLE first (x INTEGER);' };
  const second: Migration = { version: 2, name: '002_second.sql', sql: 'CREATE TABLE second (y INTEGER);' };

  function tableNames(db: BetterSqlite3.Database) {
    return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
  }

  it('runs only the migrations newer than the database', () => {
    const db = new BetterSqlite3(':memory:');
    try {
      expect(migrate(db, [first])).toBe(1);
      // Re-running 001 would fail with "table first already exists".
      expect(migrate(db, [first, second])).toBe(2);
      expect(db.pragma('user_version', { simple: true })).toBe(2);
      expect(tableNames(db)).toEqual(['first', 'second']);
    } finally {
      db.close();
    }
  });

  it('never leaves half a migration: a failing one is rolled back with its version bump', () => {
    const db = new BetterSqlite3(':memory:');
    try {
      const broken: Migration = {
        version: 2,
        name: '002_broken.sql',
        sql: 'CREATE TABLE half_done (y INTEGER); THIS IS NOT SQL;',
      };
      expect(() => migrate(db, [first, broken])).toThrow();
      expect(db.pragma('user_version', { simple: true })).toBe(1);
      expect(tableNames(db)).toEqual(['first']);
    } finally {
      db.close();
    }
  });

  it('loads NNN_name.sql files only, and refuses a gap in the numbering', () => {
    const dir = tempFolder();
    writeFileSync(join(dir, '001_first.sql'), first.sql);
    writeFileSync(join(dir, 'README.md'), 'not a migration');
    expect(loadMigrations(dir)).toEqual([{ version: 1, name: '001_first.sql', sql: first.sql }]);

    writeFileSync(join(dir, '003_third.sql'), 'CREATE TABLE third (z INTEGER);');
    expect(() => loadMigrations(dir)).toThrow(/003_third\.sql is out of sequence: expected version 2/);
  });
});
