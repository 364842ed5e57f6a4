import fp from 'fastify-plugin';

import { createIngest, type Ingest } from './ingest.ts';
import { type IngestConfig, readIngestConfig } from './ingest-config.ts';

declare module 'fastify' {
  interface FastifyInstance {
    ingest: Ingest;
  }
}

/**
 * `app.ingest`: the ingest engine over the app's database, its outputs under
 * `<dataDir>/library/`. Register it in one process only (in a cluster, the primary or one worker):
 * at start it takes over the jobs a previous process left cut short.
 */
export default fp<{ dataDir: string } & Partial<IngestConfig>>(
  async (app, { dataDir, ...overrides }) => {
    const config = { ...readIngestConfig(), ...overrides };
    const ingest = createIngest({
      db: app.db,
      dataDir,
      ...config,
      log: (message) => app.log.info(message),
    });
    app.decorate('ingest', ingest);
    app.addHook('onClose', async () => {
      await ingest.close();
    });
  },
  { name: 'ingest', dependencies: ['database'] },
);
