import type { Database } from 'better-sqlite3';
import type { ChokidarOptions } from 'chokidar';
import fp from 'fastify-plugin';

import type { LibraryOverview } from '../../shared/library/library-overview.schema.ts';
import { createCatalogueRepository } from '../catalogue/catalogue-repository.ts';
import { artPath } from '../media/images/art-path.ts';
import { type LibraryIngest, noIngest } from './ingest-port.ts';
import { createLibraryCatalogue, type LibraryCatalogue } from './library-catalogue.ts';
import { createLibraryControl, type LibraryControl } from './library-control.ts';
import { ingestMissing } from './library-ingest.ts';
import { libraryOverview } from './library-overview.ts';
import {
  createLibraryRepository,
  type Facts,
  type LibraryFolder,
  type LibraryItem,
  type LibraryMatch,
  type LibraryRepository,
} from './library-repository.ts';
import { createLibraryScanner, type LibraryScanner } from './library-scanner.ts';
import type { GenreList } from './library-title-shapes.ts';
import { createLibraryTitles, type LibraryTitlesOptions } from './library-titles.ts';
import type { CatalogueLookup } from './matching.ts';

export interface LibraryOptions {
  /** The folders MARQUEE_LIBRARY names; none leaves the library idle. */
  folders: string[];
  /** Scan and watch here (false in a cluster's workers: the primary does it once for all). */
  scan?: boolean;
  /** The ingest engine (server/ingest); without it files are found and named but not transcoded. */
  ingest?: LibraryIngest;
  /**
   * Once the first scan is done, hand ingest every present file it has no job for (a library
   * scanned before an engine ran here). For the real engine; fakes in tests count what they get.
   */
  ingestMissing?: boolean;
  /** Where ingest publishes programmes (`<dataDir>/library`); the viewer's app plays only what is there. */
  outputsDir?: string;
  /** The studio's commands, when another process runs them (a cluster's worker relays to its primary). */
  control?: LibraryControl;
  writeFinishMs?: number;
  renameWindowMs?: number;
  watchOptions?: ChokidarOptions;
}

export interface Library {
  repository: LibraryRepository;
  /** Starts the first scan and the watch (once); resolves when the scan is done. */
  start(): Promise<void>;
  /** Resolves when the first scan of every folder is done (at once when nothing is scanned). */
  ready(): Promise<void>;
  /** The library as the viewer's app sees it: playable titles, programmes, a version for caches. */
  catalogue: LibraryCatalogue;
  /** The scanner, when this process scans. */
  scanner: LibraryScanner | null;
  folders(): LibraryFolder[];
  items(kind?: LibraryItem['kind']): LibraryItem[];
  /** The operator's view: folders, titles with their match and files, videos that could not be placed. */
  overview(): LibraryOverview;
  libraryTitles: ReturnType<typeof createLibraryTitles>['libraryTitles'];
  libraryProgrammes: ReturnType<typeof createLibraryTitles>['libraryProgrammes'];
  /** An operator's match: a catalogue title (checked to exist) or null for a title of its own. */
  correctMatch(itemKey: number, catalogueId: number | null): Promise<LibraryMatch>;
  /** An operator's corrected facts; `null` clears a correction. */
  correctFacts(itemKey: number, corrections: { [K in keyof Facts]?: Facts[K] | null }): Promise<LibraryItem>;
}

declare module 'fastify' {
  interface FastifyInstance {
    library: Library;
  }
}

interface LibraryDependencies {
  db: Database;
  catalogue: CatalogueLookup;
  genres: GenreList;
  artPath?: LibraryTitlesOptions['artPath'];
  log?: { info(message: string): void; warn(message: string): void };
}

/** The library over a database: its read API, and its scanner when it has folders to scan. */
export function createLibrary(options: LibraryOptions, deps: LibraryDependencies): Library {
  const repository = createLibraryRepository(deps.db);
  const titles = createLibraryTitles(repository, { genres: deps.genres, artPath: deps.artPath });
  const scanning = options.folders.length > 0 && options.scan !== false;
  const scanner = scanning
    ? createLibraryScanner({
        folders: options.folders,
        repository,
        catalogue: deps.catalogue,
        ingest: options.ingest ?? noIngest,
        log: deps.log,
        writeFinishMs: options.writeFinishMs,
        renameWindowMs: options.renameWindowMs,
        watchOptions: options.watchOptions,
      })
    : null;
  let started: Promise<void> | null = null;
  return {
    repository,
    scanner,
    catalogue: createLibraryCatalogue(deps.db, titles, options.outputsDir ?? ''),
    ready: () => started ?? Promise.resolve(),
    folders: () => repository.folders(),
    items: (kind) => repository.items(kind),
    overview: () => libraryOverview(repository),
    libraryTitles: titles.libraryTitles,
    libraryProgrammes: titles.libraryProgrammes,
    async correctMatch(itemKey, catalogueId) {
      const item = repository.item(itemKey);
      if (!item) throw new Error(`no library item ${itemKey}`);
      const mediaType = item.kind === 'series' ? 'tv' : 'movie';
      if (catalogueId !== null && !deps.catalogue.findTitle(mediaType, catalogueId)) {
        throw new Error(`the catalogue has no ${mediaType === 'tv' ? 'series' : 'film'} ${catalogueId}`);
      }
      return repository.correctMatch(itemKey, catalogueId);
    },
    correctFacts: (itemKey, corrections) => repository.correctFacts(itemKey, corrections),
    start() {
      started ??= (async () => {
        if (!scanner) return;
        await scanner.start();
        if (options.ingestMissing && options.ingest) {
          await ingestMissing(repository, options.ingest, scanner, (m) => deps.log?.warn(m));
        }
      })();
      return started;
    },
  };
}

/**
 * The operator's own films and series (docs/library.md): with MARQUEE_LIBRARY set, scans its
 * folders once the server is ready and watches them until it closes; without it, does nothing.
 * `app.library` is the read API (and the operator's corrections) for the studio and the catalogue;
 * `app.libraryControl` the studio's commands (run here, or relayed to the process that scans).
 */
export default fp<LibraryOptions>(
  async (app, options) => {
    const library = createLibrary(options, {
      db: app.db,
      catalogue: createCatalogueRepository(app.db),
      genres: app.catalogueFacts.genres,
      artPath,
      log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    });
    app.decorate('library', library);
    app.decorate('libraryControl', options.control ?? createLibraryControl(library.scanner, options.folders));
    if (!library.scanner) return;
    app.addHook('onReady', async () => {
      // Not awaited: a large library must not hold the server back from listening.
      library.start().catch((error: unknown) => app.log.error(error, 'library: the first scan failed'));
    });
    app.addHook('onClose', async () => {
      await library.scanner?.stop();
    });
  },
  { name: 'library', dependencies: ['database', 'catalogue'] },
);
