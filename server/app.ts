import { join } from 'node:path';

import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';

import { PROGRAMMES_PATH } from '../shared/media/programmes.ts';
import accountsRoutes, { type AccountsRoutesOptions } from './accounts/accounts-routes.ts';
import session from './accounts/session-plugin.ts';
import catalogue from './catalogue/catalogue-plugin.ts';
import catalogueRoutes from './catalogue/catalogue-routes.ts';
import checkout from './checkout/checkout-plugin.ts';
import checkoutDocumentsRoutes from './checkout/documents-routes.ts';
import checkoutPageRoutes from './checkout/page-routes.ts';
import profilesRoutes from './documents/profiles-routes.ts';
import { errorHandler } from './http/error-handler.ts';
import sameOrigin from './http/same-origin.ts';
import securityHeaders, { applySecurityHeaders } from './http/security-headers.ts';
import { artPath } from './media/images/art-path.ts';
import imageRoutes from './media/images/image-routes.ts';
import programmeRoutes from './media/video/programme-routes.ts';
import { videosFor } from './media/video/trailers.ts';
import videoRoutes from './media/video/video-routes.ts';
import metricsRoutes from './metrics/metrics-routes.ts';
import database from './plugins/database.ts';
import webRoutes from './web/web-routes.ts';

export interface AppOptions {
  dataDir: string;
  webRoot: string;
  logger?: FastifyServerOptions['logger'];
  accounts?: AccountsRoutesOptions;
  /** The api_key the catalogue API accepts. */
  catalogueApiKey: string;
  /** The checkout's clock (session expiry, subscription periods, card expiry); Date.now by default. */
  now?: () => number;
}

/**
 * The whole embedded server: external plugins first, then Marquee's shared capabilities,
 * then the routes by concern. `main.ts` only builds this and listens.
 */
export async function buildApp(options: AppOptions) {
  const app = Fastify({
    logger: options.logger ?? false,
    // Bodies are small JSON documents; anything bigger is refused with 413 before parsing.
    bodyLimit: 64 * 1024,
    // Errors Fastify raises before routing (a malformed URL, say) get the same shape and headers
    // as the rest (no hook runs for them).
    frameworkErrors: (error, request, reply) => {
      applySecurityHeaders(reply);
      return errorHandler(error, request, reply);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setErrorHandler(errorHandler);
  // The API speaks JSON only: a text/plain body is refused with 415, not parsed as a string.
  app.removeContentTypeParser('text/plain');

  // First, so that every answer has the headers and no cross-site write reaches a route.
  await app.register(securityHeaders);
  await app.register(sameOrigin);
  await app.register(fastifyCookie);
  await app.register(database, { dataDir: options.dataDir });
  await app.register(session);
  await app.register(catalogue);
  await app.register(checkout, { now: options.now });

  const findTitle = app.catalogue.findTitle;
  await app.register(accountsRoutes, { prefix: '/api/auth', ...options.accounts });
  await app.register(profilesRoutes, { prefix: '/api/documents' });
  await app.register(checkoutDocumentsRoutes, { prefix: '/api/documents' });
  await app.register(catalogueRoutes, { prefix: '/tmdb/3', apiKey: options.catalogueApiKey, artPath, videosFor });
  await app.register(imageRoutes, { prefix: '/images/t/p', cacheDir: join(options.dataDir, 'image-cache'), findTitle });
  await app.register(videoRoutes, { findTitle });
  await app.register(programmeRoutes, { prefix: PROGRAMMES_PATH });
  await app.register(checkoutPageRoutes, { prefix: '/checkout' });
  await app.register(metricsRoutes, { prefix: '/api/metrics', now: options.now });
  await app.register(webRoutes, { webRoot: options.webRoot });

  return app;
}
