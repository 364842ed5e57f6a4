import { timingSafeEqual } from 'node:crypto';

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { sendTmdbError } from './tmdb-errors.ts';

export interface CatalogueKeys {
  apiKey: string;
  /** The read access token accepted as `Authorization: Bearer <token>`. */
  readToken: string;
}

/** Constant-time comparison, so a guessed key cannot be found by timing. */
function same(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a value (an address's api_key) is the catalogue's API key. */
export const isApiKey = (keys: CatalogueKeys, given: unknown) => same(given, keys.apiKey);

/** Whether a request carries the API key or the read access token, as TMDB accepts either. */
export function isLetIn(keys: CatalogueKeys, request: FastifyRequest): boolean {
  const { api_key: key } = request.query as { api_key?: unknown };
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  return isApiKey(keys, key) || same(bearer, keys.readToken);
}

/**
 * The catalogue API's key check, on every request of the scope it is registered in, before
 * anything else is looked at, as TMDB does: a bad key gets 401 whatever else is wrong.
 */
export default fp<CatalogueKeys>(
  async (app, keys) => {
    app.addHook('onRequest', (request, reply, done) => {
      if (!isLetIn(keys, request)) return sendTmdbError(reply, 'invalidKey');
      done();
    });
  },
  { name: 'catalogue-auth' },
);
