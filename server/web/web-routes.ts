import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';

import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

import { sendProblem } from '../http/problems.ts';
import { createIndexPages } from './index-page.ts';

/**
 * Serves the built client, brotli- or gzip-compressed as the browser accepts (copies made at
 * build time). Hashed files under /assets are cached for a year; everything else is revalidated.
 * Source maps are not served unless configured. Any other GET that asks for HTML gets index.html,
 * so the client's router owns the paths; a signed-in visitor's copy preloads what their first
 * screen needs, and a signed-out visit to "/" gets the landing document instead, the landing page
 * without the app (index-page.ts). API paths never fall through to the app.
 */
const webRoutes: FastifyPluginAsync<{ webRoot: string; serveSourceMaps?: boolean }> = async (
  app,
  { webRoot, serveSourceMaps = false },
) => {
  const built = existsSync(join(webRoot, 'index.html'));
  const pages = built ? createIndexPages(webRoot) : undefined;
  const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // "/" is the app's page like any other address: served below, with its hints.
      index: false,
      // The build writes .br and .gz copies of its text files (scripts/vite-precompress.ts).
      preCompressed: true,
      // The build writes source maps beside its scripts (vite.config.ts), for whoever runs it;
      // they are served only when asked for (MARQUEE_SERVE_SOURCE_MAPS=1): they are the source.
      allowedPath: (path) => serveSourceMaps || !path.endsWith('.map'),
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.startsWith(join(webRoot, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/^\/api(\/|\?|$)/.test(request.url) &&
      (path === '/' || (request.headers.accept ?? '').includes('text/html'));
    if (wantsPage && pages) {
      const page = request.account() ? pages.signedIn(path) : pages.signedOut(path);
      const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
      if (encoding) reply.header('content-encoding', encoding);
      return (
        reply
          .header('cache-control', 'no-cache')
          // The page differs by session, so no shared cache may hand one visitor's to another.
          .header('vary', 'accept-encoding, cookie')
          .type('text/html; charset=utf-8')
          .send(encoding ? page[encoding] : page.identity)
      );
    }
    return sendProblem(reply, {
      status: 404,
      code: 'not-found',
      message: wantsPage
        ? 'The app is not built yet: run `npm start` (or `npm run build`).'
        : `No route for ${request.method} ${path}`,
    });
  });
};

export default webRoutes;
