/** The image host's bounds by default; server/config.ts reads the environment's. */

/** Rendered images kept on disk when no cap is given: 512 MB. */
export const DEFAULT_IMAGE_CACHE_BYTES = 512 * 1024 * 1024;
/** Uncached renders one client may have queued or running: a browser over HTTP/1.1 has at most 6. */
export const DEFAULT_RENDERS_PER_CLIENT = 16;
/** Uncached renders waiting across all clients before the host answers 503. */
export const DEFAULT_RENDERS_QUEUED = 256;
