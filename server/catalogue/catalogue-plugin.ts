import fp from 'fastify-plugin';

import { type AnswerCache, createAnswerCache } from './api/answer-cache.ts';
import { CATALOGUE_SOURCES, type CatalogueFile, readCatalogueFile } from './catalogue-data.ts';
import { type CatalogueFacts, readCatalogueFacts } from './catalogue-facts.ts';
import { type CatalogueRepository, createCatalogueRepository } from './catalogue-repository.ts';
import { loadCatalogue } from './load-catalogue.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: CatalogueRepository;
    /** Credits, certifications, seasons, genre and network names (catalogue-facts.ts). */
    catalogueFacts: CatalogueFacts;
    /** The catalogue API's answers, bounded by bytes (api/answer-cache.ts). */
    catalogueAnswers: AnswerCache;
  }
}

export interface CataloguePluginOptions {
  /** Bytes of catalogue API answers this process keeps (ANSWER_CACHE_BYTES by default). */
  answerCacheBytes?: number;
}

let shipped: { files: CatalogueFile[]; facts: CatalogueFacts } | undefined;

/**
 * The shipped catalogue files and their facts, read and checked once per process: they do not
 * change while it runs, and a process that builds many apps (a test file, one per test) would
 * otherwise read and validate them again for each.
 */
function shippedCatalogue(): { files: CatalogueFile[]; facts: CatalogueFacts } {
  if (!shipped) {
    const files = CATALOGUE_SOURCES.map(({ source, file }) => readCatalogueFile(source, file));
    shipped = { files, facts: readCatalogueFacts(files) };
  }
  return shipped;
}

/**
 * The catalogue: validates every shipped data file first (a bad entry stops the server before
 * anything is written), loads the titles into the database (a no-op when the same versions are
 * loaded already), and decorates `app.catalogue` with its queries, `app.catalogueFacts`, and
 * `app.catalogueAnswers`, the cache the catalogue API answers from.
 */
export default fp<CataloguePluginOptions>(
  async (app, options) => {
    const { files, facts } = shippedCatalogue();
    for (const file of files) {
      const result = await loadCatalogue(app.db, file);
      if (result.changed) app.log.info(`catalogue: loaded ${result.titles} titles from ${file.source}`);
    }
    app.decorate('catalogue', createCatalogueRepository(app.db));
    app.decorate('catalogueFacts', facts);
    app.decorate('catalogueAnswers', createAnswerCache({ maxBytes: options.answerCacheBytes }));
  },
  { name: 'catalogue', dependencies: ['database'] },
);
