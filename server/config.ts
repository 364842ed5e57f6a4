import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

import { DEFAULT_TIMEOUTS, type Timeouts } from './http/timeouts.ts';
import { DEFAULT_IMAGE_CACHE_BYTES, DEFAULT_RENDERS_PER_CLIENT } from './media/images/image-limits.ts';

/** Everything the embedded server reads from the environment, parsed once at start. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** Folder holding the built client (index.html and assets). */
  webRoot: string;
  logLevel: string;
  /** The api_key the embedded catalogue API accepts (TMDB-style; the client sends it). */
  catalogueApiKey: string;
  /** The read access token the embedded catalogue API accepts as `Authorization: Bearer <token>`. */
  catalogueReadToken: string;
  /**
   * Sign-up attempts allowed per client address within an hour; unset, the accounts routes'
   * default (server/accounts/auth-limits.ts). Config imports no feature: it is the server's bottom floor.
   */
  signUpsPerHour?: number;
  /** Which proxies' X-Forwarded-* headers to believe (Fastify's `trustProxy`; `TRUST_PROXY`). */
  trustProxy: boolean | string[];
  /** Trust the Vite dev server's origins on loopback (`MARQUEE_DEV_ORIGINS=1`, `npm run dev` only). */
  devOrigins: boolean;
  /** Serve the build's source maps (`MARQUEE_SERVE_SOURCE_MAPS=1`); off by default. */
  serveSourceMaps: boolean;
  /** Server processes (`MARQUEE_WORKERS`): one per core by default; 1 runs a single process, no cluster. */
  workers: number;
  /** The operator's film and series folders (`MARQUEE_LIBRARY`, separated like PATH); none by default. */
  library: string[];
  /** Bytes of rendered images kept on disk, across all workers (`MARQUEE_IMAGE_CACHE_MB`, 512 MB by default). */
  imageCacheBytes: number;
  /** Uncached image renders one client may have waiting or running (`MARQUEE_RENDERS_PER_CLIENT`, 16). */
  rendersPerClient: number;
  /** Profile, Continue Watching and My List changes a minute per session and per client address (`MARQUEE_WRITES_PER_SESSION`, `MARQUEE_WRITES_PER_ADDRESS`); unset keeps server/http/rate-limits.ts' figures. */
  writesPerMinute: { session?: number; address?: number };
  /** Where people reach the app (`MARQUEE_PUBLIC_URL`): links in e-mails start with it. */
  publicUrl: string;
  /** `SMTP_URL`: e-mail goes over SMTP; unset, to the data folder's outbox. */
  smtpUrl?: string;
  /** `MAIL_FROM`: the From of the app's e-mails. */
  mailFrom?: string;
  /**
   * `MARQUEE_FIREBASE_PROJECT_ID`: the media host also takes this Firebase project's ID tokens
   * (hosted mode's sessions) for playback; `emulator` when `FIREBASE_AUTH_EMULATOR_HOST` is set,
   * as firebase-admin reads it: the Auth emulator's unsigned tokens are accepted then, and only then.
   */
  firebase?: { projectId: string; emulator: boolean };
  /** `MARQUEE_REQUEST_TIMEOUT_MS` (30 s), `MARQUEE_HEADERS_TIMEOUT_MS` (10 s), `MARQUEE_IDLE_TIMEOUT_MS` (60 s), `MARQUEE_KEEP_ALIVE_TIMEOUT_MS` (72 s). */
  timeouts: Timeouts;
}

/** Where the app is reached when `MARQUEE_PUBLIC_URL` is unset and no port is known (tests). */
export const DEFAULT_PUBLIC_URL = 'http://localhost:3000';

/**
 * MARQUEE_PUBLIC_URL, or the address the server listens on. Never the request's Host: a reset
 * link built from a forged Host would send its code to someone else's site.
 */
export function parsePublicUrl(raw: string | undefined, host: string, port: number): string {
  if (raw === undefined || raw.trim() === '') {
    const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
    return `http://${shown}:${port}`;
  }
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error(`MARQUEE_PUBLIC_URL must be an http or https address, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`MARQUEE_PUBLIC_URL must be an http or https address, got "${raw}"`);
  }
  return url.origin;
}

/** The embedded catalogue's default key; the client build uses the same default. */
export const DEFAULT_CATALOGUE_API_KEY = 'marquee-local-key';
/** The embedded catalogue's default read access token (TMDB's other way to authenticate). */
export const DEFAULT_CATALOGUE_READ_TOKEN = 'marquee-local-read-token';

function parseLimit(name: string, raw: string | undefined): number | undefined;
function parseLimit(name: string, raw: string | undefined, fallback: number): number;
function parseLimit(name: string, raw: string | undefined, fallback?: number): number | undefined {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1, got "${raw}"`);
  }
  return value;
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${raw}"`);
  }
  return port;
}

// proxy-addr's names for address ranges, which Fastify accepts beside addresses and CIDRs.
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  // A CIDR prefix length (10.0.0.0/8), or an IPv4 netmask (10.0.0.0/255.0.0.0).
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/**
 * TRUST_PROXY: `true` (every proxy), `false` or unset (none: the default), or a comma list of
 * the proxies' addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`). A hop count is refused:
 * Fastify 5 disabled it, as it cannot tell a proxy from a client that forges the headers.
 */
export function parseTrustProxy(raw: string | undefined): boolean | string[] {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) {
    throw new Error(
      `TRUST_PROXY=${text}: a hop count cannot tell a proxy from a client forging X-Forwarded-For; ` +
        "give the proxy's address or range instead, e.g. TRUST_PROXY=127.0.0.1 or 10.0.0.0/8",
    );
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY must be true, false, or a comma list of IP addresses or CIDR ranges, got "${bad}" in "${text}"`,
    );
  }
  return entries;
}

function parseSwitch(name: string, raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  throw new Error(`${name} must be 1 (on) or 0 (off), got "${raw}"`);
}

/** MARQUEE_LIBRARY: folders separated by the platform's path delimiter (":" here, ";" on Windows), made absolute. */
export function parseLibraryFolders(raw: string | undefined, separator = delimiter): string[] {
  const folders = (raw ?? '')
    .split(separator)
    .map((folder) => folder.trim())
    .filter(Boolean)
    .map((folder) => resolve(folder));
  return [...new Set(folders)];
}

/** Where the studio's finished uploads land (server/studio/upload-routes.ts): a library folder like the others. */
export const uploadsFolder = (dataDir: string): string => join(dataDir, 'uploads');

/**
 * The folders the library scans and watches: MARQUEE_LIBRARY's, and the studio's uploads folder,
 * so that an operator without shell access to the folders can add films too.
 */
export const libraryFolders = (config: Pick<ServerConfig, 'library' | 'dataDir'>): string[] => [
  ...new Set([...config.library, uploadsFolder(config.dataDir)]),
];

function parseTimeouts(env: NodeJS.ProcessEnv): Timeouts {
  const timeouts: Timeouts = {
    requestMs: parseLimit('MARQUEE_REQUEST_TIMEOUT_MS', env.MARQUEE_REQUEST_TIMEOUT_MS, DEFAULT_TIMEOUTS.requestMs),
    headersMs: parseLimit('MARQUEE_HEADERS_TIMEOUT_MS', env.MARQUEE_HEADERS_TIMEOUT_MS, DEFAULT_TIMEOUTS.headersMs),
    idleMs: parseLimit('MARQUEE_IDLE_TIMEOUT_MS', env.MARQUEE_IDLE_TIMEOUT_MS, DEFAULT_TIMEOUTS.idleMs),
    keepAliveMs: parseLimit(
      'MARQUEE_KEEP_ALIVE_TIMEOUT_MS',
      env.MARQUEE_KEEP_ALIVE_TIMEOUT_MS,
      DEFAULT_TIMEOUTS.keepAliveMs,
    ),
  };
  if (timeouts.headersMs > timeouts.requestMs) {
    throw new Error(
      `MARQUEE_HEADERS_TIMEOUT_MS (${timeouts.headersMs}) must not exceed MARQUEE_REQUEST_TIMEOUT_MS (${timeouts.requestMs})`,
    );
  }
  return timeouts;
}

/** A Firebase project id, as Google allows them: 6 to 30 lowercase letters, digits and hyphens. */
const PROJECT_ID = /^[a-z][a-z0-9-]{4,28}[a-z0-9]$/;

/** MARQUEE_FIREBASE_PROJECT_ID (unset: the media host takes only its own sessions) and FIREBASE_AUTH_EMULATOR_HOST. */
export function parseFirebase(env: NodeJS.ProcessEnv): ServerConfig['firebase'] {
  const projectId = env.MARQUEE_FIREBASE_PROJECT_ID?.trim();
  if (!projectId) return undefined;
  if (!PROJECT_ID.test(projectId)) {
    throw new Error(
      `MARQUEE_FIREBASE_PROJECT_ID must be a Firebase project id (6 to 30 lowercase letters, digits and hyphens), got "${projectId}"`,
    );
  }
  return { projectId, emulator: Boolean(env.FIREBASE_AUTH_EMULATOR_HOST?.trim()) };
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = parsePort(env.PORT);
  const host = env.HOST || '127.0.0.1';
  return {
    port,
    host,
    publicUrl: parsePublicUrl(env.MARQUEE_PUBLIC_URL, host, port),
    ...(env.SMTP_URL && { smtpUrl: env.SMTP_URL }),
    ...(env.MAIL_FROM && { mailFrom: env.MAIL_FROM }),
    firebase: parseFirebase(env),
    dataDir: resolve(env.MARQUEE_DATA_DIR || 'data'),
    webRoot: resolve(env.MARQUEE_WEB_ROOT || 'dist'),
    logLevel: env.LOG_LEVEL || 'warn',
    catalogueApiKey: env.MARQUEE_CATALOGUE_API_KEY || DEFAULT_CATALOGUE_API_KEY,
    catalogueReadToken: env.MARQUEE_CATALOGUE_READ_TOKEN || DEFAULT_CATALOGUE_READ_TOKEN,
    signUpsPerHour: parseLimit('MARQUEE_SIGN_UPS_PER_HOUR', env.MARQUEE_SIGN_UPS_PER_HOUR),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    devOrigins: parseSwitch('MARQUEE_DEV_ORIGINS', env.MARQUEE_DEV_ORIGINS),
    serveSourceMaps: parseSwitch('MARQUEE_SERVE_SOURCE_MAPS', env.MARQUEE_SERVE_SOURCE_MAPS),
    workers: parseLimit('MARQUEE_WORKERS', env.MARQUEE_WORKERS, availableParallelism()),
    library: parseLibraryFolders(env.MARQUEE_LIBRARY),
    imageCacheBytes:
      parseLimit('MARQUEE_IMAGE_CACHE_MB', env.MARQUEE_IMAGE_CACHE_MB, DEFAULT_IMAGE_CACHE_BYTES / 2 ** 20) * 2 ** 20,
    writesPerMinute: {
      session: parseLimit('MARQUEE_WRITES_PER_SESSION', env.MARQUEE_WRITES_PER_SESSION),
      address: parseLimit('MARQUEE_WRITES_PER_ADDRESS', env.MARQUEE_WRITES_PER_ADDRESS),
    },
    rendersPerClient: parseLimit(
      'MARQUEE_RENDERS_PER_CLIENT',
      env.MARQUEE_RENDERS_PER_CLIENT,
      DEFAULT_RENDERS_PER_CLIENT,
    ),
    timeouts: parseTimeouts(env),
  };
}
