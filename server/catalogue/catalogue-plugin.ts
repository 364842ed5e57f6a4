import fp from 'fastify-plugin';

import { CATALOGUE_SOURCES, readCatalogueFile } from './catalogue-data.ts';
import { type CatalogueRepository, createCatalogueRepository } from './catalogue-repository.ts';
import { loadCatalogue } from './load-catalogue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueRepository;
  }
}

/**
 * The catalogue: loads the shipped data files into the database at start (a no-op when the
 * same versions are loaded already) and decorates `app.catalogue` with its queries.
 */
export default fp(
  async (app) => {
    for (const { source, file } of CATALOGUE_SOURCES) {
      const result = loadCatalogue(app.db, readCatalogueFile(source, file));
      if (result.changed) app.log.info(`catalogue: loaded ${result.titles} titles from ${source}`);
    }
    app.decorate('catalogue', createCatalogueRepository(app.db));
  },
  { name: 'catalogue', dependencies: ['database'] },
);
