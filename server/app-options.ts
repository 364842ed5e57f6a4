import { availableParallelism } from 'node:os';
import { join } from 'node:path';

import BetterSqlite3 from 'better-sqlite3';

import { operatorNotice } from './accounts/operators-repository.ts';
import type { AppOptions } from './app.ts';
import { libraryFolders, type ServerConfig } from './config.ts';

/** The app's options from the configuration (a cluster's worker adds its relays in serve.ts). */
export function appOptions(config: ServerConfig, worker = false): AppOptions {
  return {
    dataDir: config.dataDir,
    webRoot: config.webRoot,
    catalogueApiKey: config.catalogueApiKey,
    catalogueReadToken: config.catalogueReadToken,
    accounts: { signUpsPerClient: config.signUpsPerHour },
    trustProxy: config.trustProxy,
    publicUrl: config.publicUrl,
    mail: { smtpUrl: config.smtpUrl, from: config.mailFrom },
    ...(config.firebase && { firebase: config.firebase }),
    devOrigins: config.devOrigins,
    serveSourceMaps: config.serveSourceMaps,
    logger: { level: config.logLevel },
    timeouts: config.timeouts,
    rateLimits: {
      ...(config.writesPerMinute.session && {
        writesPerSession: { max: config.writesPerMinute.session, timeWindow: 60_000 },
      }),
      ...(config.writesPerMinute.address && {
        writesPerAddress: { max: config.writesPerMinute.address, timeWindow: 60_000 },
      }),
    },
    // A cluster's workers share the cores, the cache folder and each client's render allowance:
    // each takes its share, so the machine draws at most one image per core, keeps at most the
    // configured bytes, and lets one client hold about its allowance across all the workers.
    images: {
      cacheBytes: Math.floor(config.imageCacheBytes / (worker ? config.workers : 1)),
      renders: {
        concurrency: Math.max(1, Math.floor(availableParallelism() / (worker ? config.workers : 1))),
        perClient: Math.max(1, Math.ceil(config.rendersPerClient / (worker ? config.workers : 1))),
      },
    },
    // A cluster's primary scans and watches the library once for all its workers (cluster/primary.ts).
    library: { folders: libraryFolders(config), scan: !worker && config.workers <= 1 },
  };
}

/** Who runs the studio (as Jellyfin names its first user the administrator), from the data folder. */
function operatorLine(dataDir: string): string {
  try {
    const db = new BetterSqlite3(join(dataDir, 'marquee.db'), { readonly: true, fileMustExist: true });
    try {
      return `\n  ${operatorNotice(db)}`;
    } finally {
      db.close();
    }
  } catch {
    return '';
  }
}

/** The line tests and benchmarks wait for. */
export function announce(config: ServerConfig, port: number, detail = ''): void {
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(
    `\nMarquee is running at http://${shownHost}:${port}\n  data folder: ${config.dataDir}${detail}${operatorLine(config.dataDir)}\n  stop with Ctrl-C\n`,
  );
}
