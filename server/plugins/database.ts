import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import BetterSqlite3, { type Database } from 'better-sqlite3';
import fp from 'fastify-plugin';

import { migrate } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export function openDatabase(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(join(dataDir, 'marquee.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // WAL with synchronous=NORMAL is durable across process crashes (not power loss) and much faster.
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Opens the SQLite file in the data folder, migrates it, and closes it when the server closes. */
export default fp<{ dataDir: string }>(
  async (app, { dataDir }) => {
    const db = openDatabase(dataDir);
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'database' },
);
