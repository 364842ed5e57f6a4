import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';

/**
 * Serves the built client, brotli- or gzip-compressed as the browser accepts (copies made at
 * build time). Hashed files under /assets are cached for a year; everything
 * else is revalidated. Any other GET that asks for HTML gets index.html, so the client's
 * router owns the paths. API paths never fall through to the app.
 */
const webRoutes: FastifyPluginAsync<{ webRoot: string }> = async (app, { webRoot }) => {
  const built = existsSync(join(webRoot, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      // The build writes .br and .gz copies of its text files (scripts/vite-precompress.ts).
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.startsWith(join(webRoot, 'assets') + sep) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage =
      request.method === 'GET' &&
      !/^\/api(\/|\?|$)/.test(request.url) &&
      (request.headers.accept ?? '').includes('text/html');
    if (wantsPage && built) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      error: {
        code: 'not-found',
        message: wantsPage
          ? 'The app is not built yet: run `npm start` (or `npm run build`).'
          : `No route for ${request.method} ${request.url.split('?')[0]}`,
      },
    });
  });
};

export default webRoutes;
