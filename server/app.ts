import { join } from 'node:path';

import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';

import { isLibraryId } from '../shared/library/library-ids.ts';
import { RENDERED_SIZE_NAMES } from '../shared/media/image-sizes.ts';
import { PROGRAMME_LOOKUP_PATH } from '../shared/media/library-programme.ts';
import { GRANTS_PATH, LIBRARY_MEDIA_PATH, PROGRAMMES_PATH } from '../shared/media/programmes.ts';
import { STUDIO_API } from '../shared/studio/studio-paths.ts';
import accountsRoutes, { type AccountsRoutesOptions } from './accounts/accounts-routes.ts';
import credentialsRoutes from './accounts/credentials-routes.ts';
import devicesRoutes from './accounts/devices-routes.ts';
import { type FirebaseAuthOptions, firebaseIdTokens } from './accounts/firebase-id-tokens.ts';
import operators from './accounts/operators-repository.ts';
import passwordResets from './accounts/password-resets-repository.ts';
import recoveryRoutes from './accounts/recovery-routes.ts';
import type { EndedSessionsRelay } from './accounts/session-cache.ts';
import session from './accounts/session-plugin.ts';
import activity from './activity/activity-repository.ts';
import activityRoutes from './activity/activity-routes.ts';
import catalogue from './catalogue/catalogue-plugin.ts';
import catalogueRoutes from './catalogue/catalogue-routes.ts';
import checkout from './checkout/checkout-plugin.ts';
import checkoutPageRoutes from './checkout/page-routes.ts';
import type { SessionRelay } from './checkout/session-events.ts';
import { DEFAULT_CATALOGUE_READ_TOKEN, DEFAULT_PUBLIC_URL } from './config.ts';
import billingRoutes from './documents/billing-routes.ts';
import blockedTitlesRoutes from './documents/blocked-titles-routes.ts';
import checkoutDocumentsRoutes from './documents/checkout-documents-routes.ts';
import paymentMethodRoutes from './documents/payment-method-routes.ts';
import profiles from './documents/profiles-repository.ts';
import profilesRoutes from './documents/profiles-routes.ts';
import ratings from './documents/ratings-repository.ts';
import ratingsRoutes from './documents/ratings-routes.ts';
import { catalogueTitles, libraryTitles, watchableTitles } from './documents/watchable-titles.ts';
import watching from './documents/watching-repository.ts';
import watchingRoutes from './documents/watching-routes.ts';
import maturity from './household/maturity-plugin.ts';
import { clientErrorHandler } from './http/client-errors.ts';
import { errorHandler } from './http/error-handler.ts';
import { noStoreOnRefusals } from './http/no-store.ts';
import rateLimits, { type RateLimitOverrides } from './http/rate-limits.ts';
import sameOrigin from './http/same-origin.ts';
import securityHeaders, { applyBaseHeaders, tlsJudge } from './http/security-headers.ts';
import { createSerializerCompiler } from './http/serializer-compiler.ts';
import { DEFAULT_TIMEOUTS, type Timeouts } from './http/timeouts.ts';
import { createValidatorCompiler } from './http/validator-compiler.ts';
import ingest from './ingest/ingest-plugin.ts';
import { libraryIngestOf } from './library/library-ingest.ts';
import library, { type LibraryOptions } from './library/library-plugin.ts';
import mail from './mail/mail-plugin.ts';
import { artPath, stillPath } from './media/images/art-path.ts';
import imageRoutes from './media/images/image-routes.ts';
import type { RenderQueueOptions } from './media/images/render-queue.ts';
import libraryProgrammeRoutes from './media/video/library-programme-routes.ts';
import { readProgrammeDurations } from './media/video/programme-durations.ts';
import { videosFor } from './media/video/trailers.ts';
import videoRoutes from './media/video/video-routes.ts';
import metrics from './metrics/metrics-repository.ts';
import metricsRoutes from './metrics/metrics-routes.ts';
import closedMediaRoutes from './playback/closed-media-routes.ts';
import grantMediaRoutes from './playback/grant-media-routes.ts';
import leases from './playback/leases-repository.ts';
import playbackRoutes from './playback/playback-routes.ts';
import {
  combinedFolders,
  demoProgrammeFolders,
  libraryProgrammeFolders,
  locateDemoProgramme,
  locateFirst,
  locateLibraryProgramme,
} from './playback/programme-folders.ts';
import database, { type DatabaseOptions } from './plugins/database.ts';
import becauseYouWatchedRoutes from './recommendations/because-you-watched-routes.ts';
import studioRoutes, { type StudioOptions } from './studio/studio-plugin.ts';
import studio from './studio/studio-repository.ts';
import webRoutes from './web/web-routes.ts';

/** Where the image host (TMDB's image layout) is mounted. */
const IMAGE_BASE_PATH = '/images/t/p';

export interface AppOptions {
  dataDir: string;
  webRoot: string;
  logger?: FastifyServerOptions['logger'];
  accounts?: AccountsRoutesOptions;
  /** The api_key the catalogue API accepts. */
  catalogueApiKey: string;
  /** The Bearer read access token the catalogue API accepts (DEFAULT_CATALOGUE_READ_TOKEN if unset). */
  catalogueReadToken?: string;
  /**
   * The checkout's clock (session expiry, subscription periods, card expiry) and password reset
   * links'; Date.now by default.
   */
  now?: () => number;
  /** Where the app is reached (`MARQUEE_PUBLIC_URL`): e-mailed links start with it. http://localhost:3000 by default. */
  publicUrl?: string;
  /** E-mail: SMTP when `smtpUrl` is set (`SMTP_URL`), else an outbox folder in the data folder; `from` is `MAIL_FROM`. */
  mail?: { smtpUrl?: string; from?: string };
  /** "Forgot password?" requests allowed per client address, and links sent per e-mail, in an hour. */
  resets?: { perClient: number; perEmail: number };
  /** Draws the hero of a signed-in home page (server/web/first-screen.ts); tests fix it. */
  random?: () => number;
  /**
   * Which proxies' X-Forwarded-For/-Proto/-Host to believe (TRUST_PROXY): request.ip (the
   * throttles' key), request.protocol (Secure cookies) and request.host follow them. Off by default.
   */
  trustProxy?: boolean | string[];
  /** Trust the Vite dev server's origins on a loopback Host (`npm run dev` only). */
  devOrigins?: boolean;
  /** Serve the build's `.map` files (MARQUEE_SERVE_SOURCE_MAPS); off by default. */
  serveSourceMaps?: boolean;
  /** How the database is opened (a cluster's workers leave checkpoints to the primary). */
  database?: DatabaseOptions;
  /** Checkout session changes to and from a cluster's other workers (server/cluster/session-relay.ts). */
  sessionRelay?: SessionRelay;
  /** Request, header, idle and keep-alive timeouts (DEFAULT_TIMEOUTS). */
  timeouts?: Partial<Timeouts>;
  /** The image host's bounds: bytes of rendered images kept on disk, and the render queue's limits. */
  images?: { cacheBytes?: number; renders?: Partial<RenderQueueOptions> };
  /** Ended sign-in sessions to and from a cluster's other workers (server/cluster/ended-sessions-relay.ts). */
  endedSessionsRelay?: EndedSessionsRelay;
  /** The operator's library folders (MARQUEE_LIBRARY) and how they are scanned; idle without folders. */
  library?: LibraryOptions;
  /** The studio's upload limits (free space to leave, largest file); the defaults otherwise. */
  studioUploads?: StudioOptions['uploads'];
  /**
   * Hosted mode's sessions: playback (/api/playback) also takes this Firebase project's ID tokens
   * (`Authorization: Bearer`), its plan from the Stripe extension's `stripeRole` claim. Unset: only
   * the embedded sessions.
   */
  firebase?: Omit<FirebaseAuthOptions, 'now'>;
  /** Other figures for some request-rate limits than RATE_LIMITS' (server/http/rate-limits.ts). */
  rateLimits?: RateLimitOverrides;
}

/** How many requests a kept-alive connection carries before the server closes it. */
export const REQUESTS_PER_CONNECTION = 1000;

/**
 * The whole embedded server: external plugins first, then Marquee's shared capabilities,
 * then the routes by concern. `main.ts` only builds this and listens.
 */
export async function buildApp(options: AppOptions) {
  const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
  const cameOverTls = tlsJudge(options.trustProxy ?? false);
  const app = Fastify({
    logger: options.logger ?? false,
    // Bodies are small JSON documents; anything bigger is refused with 413 before parsing.
    bodyLimit: 64 * 1024,
    // A kept-alive connection is closed after this many requests (nginx's keepalive_requests
    // default), so that a cluster's primary hands its client's next one to whichever worker is
    // next: connections opened in a burst are shared unevenly, and stay so while kept alive.
    maxRequestsPerSocket: REQUESTS_PER_CONNECTION,
    trustProxy: options.trustProxy ?? false,
    // A slow client (a body sent a byte a second, headers never finished) is answered 408 and cut
    // off, instead of holding a connection for as long as it likes.
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the request and header timeouts on this interval (30 s by default, which could
    // nearly double them).
    http: { headersTimeout: Math.min(timeouts.headersMs, timeouts.requestMs), connectionsCheckingInterval: 1000 },
    clientErrorHandler,
    // A closing server (a worker replaced in a rolling restart) still answers what reaches it on
    // a connection it already has, with `Connection: close`, rather than 503: no request is lost.
    return503OnClosing: false,
    // Errors Fastify raises before routing (a malformed URL, say) get the same shape and headers
    // as the rest (no hook runs for them).
    frameworkErrors: (error, request, reply) => {
      applyBaseHeaders(request, reply, cameOverTls);
      return errorHandler(error, request, reply);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setErrorHandler(errorHandler);
  // The one validator policy (validator-compiler.ts): bodies keep their types and fields, text parts are coerced.
  app.setValidatorCompiler(createValidatorCompiler());
  app.setSerializerCompiler(createSerializerCompiler());
  // The API speaks JSON only: a text/plain body is refused with 415, not parsed as a string.
  app.removeContentTypeParser('text/plain');

  // First, so that every answer has the headers and no cross-site write reaches a route.
  await app.register(securityHeaders);
  // A refusal to an unknown or unauthorised caller (401, 403) is never stored by a cache.
  app.addHook('onSend', noStoreOnRefusals);
  await app.register(sameOrigin, { devOrigins: options.devOrigins ?? false });
  await app.register(fastifyCookie);
  await app.register(database, { dataDir: options.dataDir, ...options.database });
  await app.register(session, { relay: options.endedSessionsRelay });
  await app.register(operators);
  await app.register(rateLimits, { now: options.now, limits: options.rateLimits });
  await app.register(catalogue);
  await app.register(checkout, { now: options.now, relay: options.sessionRelay });
  await app.register(profiles);
  await app.register(watching);
  await app.register(ratings);
  await app.register(activity, { now: options.now });
  await app.register(metrics);
  await app.register(leases, { now: options.now });
  // The process that scans the library (a single process; a cluster's primary does it on its own)
  // runs ingest too, unless the caller brings its own engine (tests).
  const libraryOptions = { outputsDir: join(options.dataDir, 'library'), ...(options.library ?? { folders: [] }) };
  const scansLibrary = libraryOptions.folders.length > 0 && libraryOptions.scan !== false;
  if (scansLibrary && !libraryOptions.ingest) {
    await app.register(ingest, { dataDir: options.dataDir });
    await app.register(library, { ...libraryOptions, ingest: libraryIngestOf(app.ingest), ingestMissing: true });
  } else {
    await app.register(library, libraryOptions);
  }
  await app.register(maturity);
  await app.register(studio);
  await app.register(mail, { dataDir: options.dataDir, ...options.mail });
  await app.register(passwordResets, { now: options.now });

  const findTitle = app.catalogue.findTitle;
  await app.register(accountsRoutes, { prefix: '/api/auth', ...options.accounts });
  await app.register(credentialsRoutes, { prefix: '/api/auth', throttle: options.accounts?.throttle });
  await app.register(recoveryRoutes, {
    prefix: '/api/auth',
    publicUrl: options.publicUrl ?? DEFAULT_PUBLIC_URL,
    resets: options.resets,
  });
  await app.register(devicesRoutes, { prefix: '/api/auth' });
  await app.register(profilesRoutes, { prefix: '/api/documents' });
  await app.register(blockedTitlesRoutes, { prefix: '/api/documents' });
  // The one check of a title id; the operator's own library adds its source here.
  const findWatchable = watchableTitles([
    libraryTitles(app.library.catalogue.durationSeconds),
    catalogueTitles(findTitle, readProgrammeDurations()),
  ]);
  await app.register(watchingRoutes, {
    prefix: '/api/documents',
    findWatchable,
    seenBy: app.maturity.profileSees,
    onPlayed: app.activity.recordPlay,
    hiddenTitles: app.activity.hiddenTitles,
  });
  await app.register(ratingsRoutes, { prefix: '/api/documents', findWatchable, seenBy: app.maturity.profileSees });
  await app.register(becauseYouWatchedRoutes, { prefix: '/api/documents', artPath });
  await app.register(activityRoutes, { prefix: '/api', artPath });
  await app.register(checkoutDocumentsRoutes, { prefix: '/api/documents' });
  const hasEpisode = (id: number, season: number, episode: number) =>
    (app.catalogueFacts.factsFor('tv', id).series?.seasons[season - 1]?.episodeCount ?? 0) >= episode;
  const programmeFolders = combinedFolders(
    libraryProgrammeFolders(join(options.dataDir, 'library'), app.library.catalogue.markers),
    demoProgrammeFolders(),
  );
  await app.register(playbackRoutes, {
    prefix: '/api/playback',
    // A title the library plays (a matched catalogue title, or its own) plays that; any other
    // catalogue title its mood's demo programme.
    locate: locateFirst(
      locateLibraryProgramme(app.library.catalogue, (mediaType, id) =>
        isLibraryId(id)
          ? (app.library.catalogue.find(mediaType, id)?.title.name ?? null)
          : (findTitle(mediaType, id)?.name ?? null),
      ),
      locateDemoProgramme(findTitle, hasEpisode),
    ),
    grantsPath: GRANTS_PATH,
    playableAt: programmeFolders.playableAt,
    sees: app.maturity.requestSees,
    ...(options.firebase && { firebaseTokens: firebaseIdTokens({ ...options.firebase, now: options.now }) }),
  });
  if (options.firebase?.emulator) {
    app.log.warn(
      'FIREBASE_AUTH_EMULATOR_HOST is set: playback takes unsigned Firebase ID tokens (the Auth emulator only)',
    );
  }
  await app.register(billingRoutes, { prefix: '/api/documents' });
  await app.register(paymentMethodRoutes, { prefix: '/api/documents' });
  await app.register(catalogueRoutes, {
    prefix: '/tmdb/3',
    apiKey: options.catalogueApiKey,
    readToken: options.catalogueReadToken ?? DEFAULT_CATALOGUE_READ_TOKEN,
    artPath,
    stillPath,
    imageBasePath: IMAGE_BASE_PATH,
    imageSizes: RENDERED_SIZE_NAMES,
    videosFor,
    // Library titles and their answers' cache, when MARQUEE_LIBRARY names folders.
    library: libraryOptions.folders.length ? app.library.catalogue : undefined,
  });
  await app.register(imageRoutes, {
    prefix: IMAGE_BASE_PATH,
    cacheDir: join(options.dataDir, 'image-cache'),
    cacheBytes: options.images?.cacheBytes,
    renders: options.images?.renders,
    // A library title without local art gets art drawn like a catalogue title's.
    findTitle: (mediaType, id) =>
      isLibraryId(id) ? (app.library.catalogue.find(mediaType, id)?.title ?? null) : findTitle(mediaType, id),
    libraryArt: (itemKey, kind, request) => {
      const item = app.library.repository.item(itemKey);
      const source =
        (kind === 'poster' ? item?.posterPath : kind === 'backdrop' ? item?.backdropPath : item?.thumbPath) ?? null;
      if (!source) return null;
      // Shown to viewers once the title they see is this item's (published, playable, not matched
      // to a catalogue title); until then it is the studio's, an operator's alone.
      if (app.library.catalogue.listsItem(itemKey)) return { source, audience: 'viewers' };
      return app.isOperatorRequest(request) ? { source, audience: 'operators' } : null;
    },
    hasEpisode,
  });
  await app.register(videoRoutes, {
    findTitle,
    sees: app.maturity.requestSees,
  });
  // A programme plays only under a grant: its folders' old addresses are closed to everyone.
  await app.register(closedMediaRoutes, { prefix: PROGRAMMES_PATH });
  await app.register(closedMediaRoutes, { prefix: LIBRARY_MEDIA_PATH });
  await app.register(grantMediaRoutes, { prefix: GRANTS_PATH, folders: programmeFolders });
  await app.register(libraryProgrammeRoutes, {
    prefix: PROGRAMME_LOOKUP_PATH,
    find: app.library.catalogue.programme,
  });
  await app.register(checkoutPageRoutes, { prefix: '/checkout' });
  await app.register(metricsRoutes, { prefix: '/api/metrics', now: options.now });
  await app.register(studioRoutes, { prefix: STUDIO_API, dataDir: options.dataDir, uploads: options.studioUploads });
  await app.register(webRoutes, {
    webRoot: options.webRoot,
    serveSourceMaps: options.serveSourceMaps ?? false,
    catalogueApiKey: options.catalogueApiKey,
    random: options.random,
  });

  return app;
}
