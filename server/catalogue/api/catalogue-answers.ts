import fastifyEtag from '@fastify/etag';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { createFillMemo, fillPage, type SourcePage } from '../../household/full-pages.ts';
import { isLimited, type Maturity, type Viewer } from '../../household/maturity-plugin.ts';
import { titleOfRoute, withoutRefused } from '../../household/title-filter.ts';
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
    /**
     * answerOnce for a paged list (list, search and discover pages): `source(n)` is the list's
     * page n. A limited profile's page is filled from the pages after it
     * (server/household/full-pages.ts) rather than sent short.
     */
    answerPages(page: number, source: (page: number) => SourcePage | null): void | Promise<void>;
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
  /**
   * Each request's profile and what it may see (server/household/maturity-plugin.ts). A limited
   * profile's answers leave out the titles above its level or blocked, are kept apart from other
   * levels' answers, and a title it may not see answers 404 as if it did not exist.
   */
  maturity?: Pick<Maturity, 'viewerOfRequest' | 'allows'>;
}

/** How long clients keep a catalogue answer: the shipped catalogue does not change while the server runs. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=3600';
/** How long clients keep an answer that may list library titles, before revalidating it by its ETag. */
export const LIBRARY_CACHE_CONTROL = 'public, max-age=60';
/** The library's own list (Recently Added): revalidated on every use, so a new title shows at once. */
export const LIBRARY_FEED_CACHE_CONTROL = 'public, no-cache';

/**
 * A signed-in request's answer depends on its profile, and profiles share a browser (and its HTTP
 * cache): it is revalidated by its ETag on every use, so switching to a kids profile never reuses
 * an answer kept for another one.
 */
export const PROFILE_CACHE_CONTROL = 'private, no-cache';

const cacheControlOf = (request: FastifyRequest, withLibrary: boolean, personal = false): string => {
  if (personal) return PROFILE_CACHE_CONTROL;
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
  async (app, { cache, isApiKey, libraryVersion, maturity }) => {
    await app.register(fastifyEtag);
    const withLibrary = libraryVersion !== undefined;
    /** Where each limited profile's pages of each list stopped in the list's source pages. */
    const fillMemo = createFillMemo();
    let seenVersion = libraryVersion?.();
    /** The request's profile when it limits what is seen, else null. */
    const limitedViewer = (request: FastifyRequest): Viewer | null => {
      const viewer = maturity?.viewerOfRequest(request) ?? null;
      return isLimited(viewer) ? viewer : null;
    };
    const personal = (request: FastifyRequest) => maturity !== undefined && request.account() !== null;
    const cacheControl = (request: FastifyRequest) => cacheControlOf(request, withLibrary, personal(request));

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
        fillMemo.clear();
      }
      const known = request.method === 'GET' ? cache.atAddress(request.url) : undefined;
      // Addresses are remembered for whole answers only: a limited profile's goes the long way.
      if (known && !limitedViewer(request)) return send(reply, known, cacheControl(request));
      done();
    });

    /** Each request's key, and its address when that can be remembered. */
    const keys = new WeakMap<FastifyRequest, { key: string; list: string; address?: string }>();
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
        const list = pairs.filter(([name]) => name !== 'page');
        keys.set(request, {
          key: `${request.routeOptions.url}?${new URLSearchParams(pairs)}`,
          list: `${request.routeOptions.url}?${new URLSearchParams(list)}`,
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

    function answerOnce(
      reply: FastifyReply,
      compute: () => unknown,
      paged?: { page: number; source: (page: number) => SourcePage | null },
    ): void | Promise<void> {
      const { request } = reply;
      const found = keys.get(request);
      if (!found) throw new Error(`${request.routeOptions.url} has no answer key`);
      const viewer = limitedViewer(request);
      let { key, address } = found;
      let filter = (body: unknown) => body;
      if (viewer) {
        const allows = (mediaType: 'movie' | 'tv', id: number) => maturity!.allows(viewer, mediaType, id);
        const named = titleOfRoute(request.routeOptions.url ?? '', request.params);
        if (named && !allows(named.mediaType, named.id)) return void sendTmdbError(reply, 'notFound');
        // One answer per level (and set of blocked titles): never another level's.
        const seen = `#${viewer.level}${viewer.blocked.size ? `#${[...viewer.blocked].sort().join(',')}` : ''}`;
        key = `${key}${seen}`;
        address = undefined;
        filter = (body) => withoutRefused(body, allows);
        if (paged) {
          const { page, source } = paged;
          compute = () => fillPage({ page, source, allows, memo: fillMemo, listKey: `${found.list}${seen}` });
          filter = (body) => body;
        }
      }
      const finish = (body: unknown) => {
        if (body === null) return void sendTmdbError(reply, 'notFound');
        const answer = cache.keep(key, filter(body));
        if (address) cache.rememberAddress(address, key);
        send(reply, answer, cacheControl(request));
      };
      const kept = cache.get(key);
      if (kept) {
        if (address) cache.rememberAddress(address, key);
        return send(reply, kept, cacheControl(request));
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
    app.decorateReply(
      'answerPages',
      function (this: FastifyReply, page: number, source: (page: number) => SourcePage | null) {
        return answerOnce(this, () => source(page), { page, source });
      },
    );
  },
  { name: 'catalogue-answers' },
);
