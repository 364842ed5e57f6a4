import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Database } from 'better-sqlite3';

import { normaliseEmail } from '../../shared/auth/credentials.ts';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Migrations are `NNN_name.sql` files; NNN is the schema version they bring the database to. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file, index) => {
      const version = Number(file.slice(0, 3));
      if (version !== index + 1) {
        throw new Error(`Migration ${file} is out of sequence: expected version ${index + 1}`);
      }
      return { version, name: file, sql: readFileSync(join(dir, file), 'utf8') };
    });
}

/** Where a migration's notes go (what it left alone, and why): the server's log, or stderr. */
export type MigrationLog = (message: string) => void;

const warn: MigrationLog = (message) => console.warn(message);

/**
 * Brings the schema up to date. The version lives in SQLite's own `user_version`, and each
 * migration runs in a transaction with its version bump, so a crash never leaves half a migration.
 * A migration may call `normalise_email(text)` (the one rule sign-up and sign-in use) and leave
 * notes in `migration_notes` (from 013 on), which are logged once, when it runs.
 */
export function migrate(db: Database, migrations = loadMigrations(), log: MigrationLog = warn): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The database is at schema version ${current}, newer than this build knows (${latest}). ` +
        'Use a newer Marquee or another MARQUEE_DATA_DIR.',
    );
  }
  db.function('normalise_email', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? normaliseEmail(text) : text,
  );
  for (const migration of migrations.filter((m) => m.version > current)) {
    const notes = db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
      return notesOf(db, migration.version);
    })();
    for (const note of notes) log(`Migration ${migration.name}: ${note}`);
  }
  return latest;
}

function notesOf(db: Database, version: number): string[] {
  const table = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'migration_notes'").get();
  if (!table) return [];
  return db.prepare('SELECT note FROM migration_notes WHERE version = ? ORDER BY id').pluck().all(version) as string[];
}
