import { resolve } from 'node:path';

import { DEFAULT_SIGN_UPS_PER_CLIENT } from './accounts/auth-limits.ts';

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
  /** Sign-up attempts allowed per client address within an hour. */
  signUpsPerHour: number;
}

/** The embedded catalogue's default key; the client build uses the same default. */
export const DEFAULT_CATALOGUE_API_KEY = 'marquee-local-key';
/** The embedded catalogue's default read access token (TMDB's other way to authenticate). */
export const DEFAULT_CATALOGUE_READ_TOKEN = 'marquee-local-read-token';

function parseLimit(name: string, raw: string | undefined, fallback: number): number {
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

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.MARQUEE_DATA_DIR || 'data'),
    webRoot: resolve(env.MARQUEE_WEB_ROOT || 'dist'),
    logLevel: env.LOG_LEVEL || 'warn',
    catalogueApiKey: env.MARQUEE_CATALOGUE_API_KEY || DEFAULT_CATALOGUE_API_KEY,
    catalogueReadToken: env.MARQUEE_CATALOGUE_READ_TOKEN || DEFAULT_CATALOGUE_READ_TOKEN,
    signUpsPerHour: parseLimit('MARQUEE_SIGN_UPS_PER_HOUR', env.MARQUEE_SIGN_UPS_PER_HOUR, DEFAULT_SIGN_UPS_PER_CLIENT),
  };
}
