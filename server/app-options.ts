import { availableParallelism } from 'node:os';

import type { AppOptions } from './app.ts';
import type { ServerConfig } from './config.ts';

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
    // A cluster's workers share the cores and the cache folder: each takes its share of both,
    // so the machine draws at most one image per core and keeps at most the configured bytes.
    images: {
      cacheBytes: Math.floor(config.imageCacheBytes / (worker ? config.workers : 1)),
      renders: {
        concurrency: Math.max(1, Math.floor(availableParallelism() / (worker ? config.workers : 1))),
        perClient: config.rendersPerClient,
      },
    },
    // A cluster's primary scans and watches the library once for all its workers (cluster/primary.ts).
    library: { folders: config.library, scan: !worker && config.workers <= 1 },
  };
}

/** The line tests and benchmarks wait for. */
export function announce(config: ServerConfig, port: number, detail = ''): void {
  const shownHost = config.host === '0.0.0.0' ? 'localhost' : config.host;
  console.log(
    `\nMarquee is running at http://${shownHost}:${port}\n  data folder: ${config.dataDir}${detail}\n  stop with Ctrl-C\n`,
  );
}
