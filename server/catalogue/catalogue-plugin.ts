import fp from 'fastify-plugin';

import { type AnswerCache, createAnswerCache } from './api/answer-cache.ts';
import { CATALOGUE_SOURCES, readCatalogueFile } from './catalogue-data.ts';
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

/**
 * The catalogue: validates every shipped data file first (a bad entry stops the server before
 * anything is written), loads the titles into the database (a no-op when the same versions are
 * loaded already), and decorates `app.catalogue` with its queries, `app.catalogueFacts`, and
 * `app.catalogueAnswers`, the cache the catalogue API answers from.
 */
export default fp<CataloguePluginOptions>(
  async (app, options) => {
    const files = CATALOGUE_SOURCES.map(({ source, file }) => readCatalogueFile(source, file));
    const facts = readCatalogueFacts(files);
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
