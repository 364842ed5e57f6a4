import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

import BetterSqlite3, { type Database } from 'better-sqlite3';
import fp from 'fastify-plugin';

import { migrate, type MigrationLog } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export interface DatabaseOptions {
  /**
   * False in a cluster's workers: a commit never runs a checkpoint (which stalls it for tens of
   * milliseconds); the primary checkpoints on a timer instead (server/cluster/checkpoints.ts).
   */
  autoCheckpoint?: boolean;
  /** Where a migration's notes go (what it left alone, and why); stderr when not given. */
  log?: MigrationLog;
}

/** The WAL file's size after a checkpoint has let it start again: a little over the checkpointer's threshold. */
const WAL_SIZE_LIMIT_BYTES = 8 * 1024 * 1024;

export function openDatabase(dataDir: string, options: DatabaseOptions = {}): Database {
  mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(join(dataDir, 'marquee.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('foreign_keys = ON');
    // WAL with synchronous=NORMAL is durable across process crashes (not power loss) and much faster.
    db.pragma('synchronous = NORMAL');
    // Workers of a cluster share the file: a writer waits its turn (transactions are short).
    db.pragma('busy_timeout = 5000');
    if (options.autoCheckpoint === false) db.pragma('wal_autocheckpoint = 0');
    // A WAL written from its start again is cut back to this size (server/cluster/checkpoints.ts).
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    migrate(db, undefined, options.log);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Opens the SQLite file in the data folder, migrates it, and closes it when the server closes. */
export default fp<{ dataDir: string } & DatabaseOptions>(
  async (app, { dataDir, ...options }) => {
    const db = openDatabase(dataDir, { log: (message) => app.log.warn(message), ...options });
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      db.close();
    });
  },
  { name: 'database' },
);
