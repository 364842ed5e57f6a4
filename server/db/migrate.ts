import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Database } from 'better-sqlite3';

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

/**
 * Brings the schema up to date. The version lives in SQLite's own `user_version`, and each
 * migration runs in a transaction with its version bump, so a crash never leaves half a migration.
 */
export function migrate(db: Database, migrations = loadMigrations()): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new Error(
      `The database is at schema version ${current}, newer than this build knows (${latest}). ` +
        'Use a newer Marquee or another MARQUEE_DATA_DIR.',
    );
  }
  for (const migration of migrations.filter((m) => m.version > current)) {
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return latest;
}
