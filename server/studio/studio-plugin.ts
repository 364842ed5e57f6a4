import { join } from 'node:path';

import type { FastifyPluginAsync } from 'fastify';

import { uploadsFolder } from '../config.ts';
import studioLibraryRoutes from './library-routes.ts';
import operatorsRoutes from './operators-routes.ts';
import uploadRoutes, { type UploadRoutesOptions } from './upload-routes.ts';

export interface StudioOptions {
  dataDir: string;
  uploads?: Pick<UploadRoutesOptions, 'reserveBytes' | 'maxBytes'>;
}

/**
 * The studio's API, under /api/studio. One guard for all of it, before anything else runs (body,
 * schema, tus): anyone but a signed-in operator gets the 404 of an address that does not exist.
 */
const studio: FastifyPluginAsync<StudioOptions> = async (app, { dataDir, uploads }) => {
  app.addHook('onRequest', app.requireOperator);
  await app.register(studioLibraryRoutes, { outputsDir: join(dataDir, 'library') });
  await app.register(operatorsRoutes);
  await app.register(uploadRoutes, {
    uploadsDir: uploadsFolder(dataDir),
    incomingDir: join(dataDir, 'uploads-incoming'),
    ...uploads,
  });
};

export default studio;
