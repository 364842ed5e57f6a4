import fastifyEtag from '@fastify/etag';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import type { Answer, AnswerCache } from './answer-cache.ts';
import { sendTmdbError } from './tmdb-errors.ts';
import { tmdbQueryParameters } from './tmdb-parameters.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The TMDB operation a catalogue route answers (its OpenAPI path, "/3/movie/{movie_id}"). */
    tmdb?: string;
    /** The query parameters that make a route's answer (set by catalogue-answers.ts). */
    answerParameters?: readonly string[];
    /**
     * How a route's answer depends on the operator's library, which decides how long clients may
     * keep it when there is one: `none` (never lists library titles), `feed` (the library's own
     * list, revalidated on every use); unset, it may list library titles.
     */
    library?: 'none' | 'feed';
  }
  interface FastifyReply {
    /**
     * Sends the route's answer from the catalogue's answer cache, or computes and keeps it first,
     * with its ETag (a 304 when it matches). `compute` answers null when the resource does not
     * exist: 404, not kept.
     */
    answerOnce(compute: () => unknown): void | Promise<void>;
  }
}

export interface CatalogueAnswersOptions {
  cache: AnswerCache;
  /** Whether an address's api_key is the catalogue's key (catalogue-auth.ts). */
  isApiKey: (given: unknown) => boolean;
  /**
   * The operator's library, whose titles the answers include: when its version changes every
   * kept answer is forgotten (and the answers that change get new ETags), and clients keep an
   * answer that may list library titles for a minute rather than an hour, so a title added or
   * removed shows promptly (at once in the library's own list).
   */
  libraryVersion?: () => string;
}

/** How long clients keep a catalogue answer: the shipped catalogue does not change while the server runs. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=3600';
/** How long clients keep an answer that may list library titles, before revalidating it by its ETag. */
export const LIBRARY_CACHE_CONTROL = 'public, max-age=60';
/** The library's own list (Recently Added): revalidated on every use, so a new title shows at once. */
export const LIBRARY_FEED_CACHE_CONTROL = 'public, no-cache';

const cacheControlOf = (request: FastifyRequest, withLibrary: boolean): string => {
  const library = request.routeOptions.config.library;
  if (!withLibrary || library === 'none') return CATALOGUE_CACHE_CONTROL;
  return library === 'feed' ? LIBRARY_FEED_CACHE_CONTROL : LIBRARY_CACHE_CONTROL;
};

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | null)?.then === 'function';

function send(reply: FastifyReply, answer: Answer, cacheControl: string): void {
  // @fastify/etag turns this into a 304 when If-None-Match matches; an ETag already set is not hashed again.
  reply
    .header('etag', answer.etag)
    .header('cache-control', cacheControl)
    .header('content-type', 'application/json; charset=utf-8')
    .send(answer.body);
}

/**
 * The catalogue API's cached answers, for the routes of the scope it is registered in. The
 * catalogue does not change while the server runs, so an answer is computed once per key:
 *
 * - The key is the route, its validated path parameters, and only the query parameters that make
 *   its answer: those its schema declares and TMDB's OpenAPI document defines for its operation
 *   (`config.tmdb`; all its schema declares for Marquee's own routes), in name order, defaults
 *   applied. The handler sees only those, so any other parameter is ignored, as TMDB ignores it,
 *   and never makes a new entry.
 * - An exact address answered before, whose own api_key is valid and which names no other
 *   parameter, is answered from its key's answer as a static file would be, before the key check,
 *   validation and handler run again (register this plugin before catalogue-auth.ts for that).
 * - ETags come with the answer and @fastify/etag compares them.
 */
export default fp<CatalogueAnswersOptions>(
  async (app, { cache, isApiKey, libraryVersion }) => {
    await app.register(fastifyEtag);
    const withLibrary = libraryVersion !== undefined;
    let seenVersion = libraryVersion?.();

    app.addHook('onRoute', (route) => {
      const querystring = route.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
      const declared = Object.keys(querystring?.properties ?? {}).filter((name) => name !== 'api_key');
      const tmdb = route.config?.tmdb;
      const defined = tmdb ? new Set(tmdbQueryParameters(tmdb)) : undefined;
      route.config = {
        ...route.config,
        answerParameters: declared.filter((name) => !defined || defined.has(name)).sort(),
      };
    });

    app.addHook('onRequest', (request, reply, done) => {
      const version = libraryVersion?.();
      if (version !== seenVersion) {
        seenVersion = version;
        cache.clear();
      }
      const known = request.method === 'GET' ? cache.atAddress(request.url) : undefined;
      if (known) return send(reply, known, cacheControlOf(request, withLibrary));
      done();
    });

    /** Each request's key, and its address when that can be remembered. */
    const keys = new WeakMap<FastifyRequest, { key: string; address?: string }>();
    app.addHook('preHandler', (request, _reply, done) => {
      const names = request.routeOptions.config.answerParameters;
      if (names) {
        const query = request.query as Record<string, unknown>;
        const kept: Record<string, unknown> = {};
        const pairs: string[][] = Object.entries(request.params as Record<string, unknown>).map(([name, value]) => [
          `:${name}`,
          String(value),
        ]);
        for (const name of names) {
          if (query[name] === undefined) continue;
          kept[name] = query[name];
          pairs.push([name, String(query[name])]);
        }
        keys.set(request, {
          key: `${request.routeOptions.url}?${new URLSearchParams(pairs)}`,
          address: remembered(request, names, query.api_key) ? request.url : undefined,
        });
        request.query = kept;
      }
      done();
    });

    /** Only an address whose api_key proves it, naming nothing else than what makes its answer. */
    function remembered(request: FastifyRequest, names: readonly string[], key: unknown): boolean {
      if (request.method !== 'GET' || !isApiKey(key)) return false;
      const at = request.url.indexOf('?');
      const given = new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1));
      for (const name of given.keys()) if (name !== 'api_key' && !names.includes(name)) return false;
      return true;
    }

    function answerOnce(reply: FastifyReply, compute: () => unknown): void | Promise<void> {
      const found = keys.get(reply.request);
      if (!found) throw new Error(`${reply.request.routeOptions.url} has no answer key`);
      const { key, address } = found;
      const finish = (body: unknown) => {
        if (body === null) return void sendTmdbError(reply, 'notFound');
        const answer = cache.keep(key, body);
        if (address) cache.rememberAddress(address, key);
        send(reply, answer, cacheControlOf(reply.request, withLibrary));
      };
      const kept = cache.get(key);
      if (kept) {
        if (address) cache.rememberAddress(address, key);
        return send(reply, kept, cacheControlOf(reply.request, withLibrary));
      }
      const body = compute();
      // Resolved with the reply, which is thenable: the promise settles once it is sent, as
      // Fastify's async handlers that `return reply` do.
      if (isPromise(body))
        return body.then((resolved) => (finish(resolved), reply)) as Promise<unknown> as Promise<void>;
      finish(body);
    }
    app.decorateReply('answerOnce', function (this: FastifyReply, compute: () => unknown) {
      return answerOnce(this, compute);
    });
  },
  { name: 'catalogue-answers' },
);
