import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

import fastifyHelmet from '@fastify/helmet';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { strictTransportSecurity } from 'helmet';

/**
 * One header policy for every answer, set by helmet (@fastify/helmet) and configured per scope:
 *
 * - every answer, errors included, gets the `base` set: nosniff, a Content-Security-Policy that
 *   lets nothing run or frame it (`default-src 'none'; frame-ancestors 'none'`), a Referrer-Policy
 *   and CORP same-origin. That is all the API, the catalogue, the art, the built scripts and the
 *   media need: they are never documents.
 * - a page adds its page policy on top (a page's own CSP, X-Frame-Options, COOP and the
 *   Permissions-Policy, which helmet does not write): `app` for the SPA's pages, `checkout` for the
 *   hosted checkout's scope, `embed` for the trailer player's scope. The SPA's pages are answered
 *   by the not-found handler (applyPagePolicy); the checkout and the player register their policy
 *   for their whole scope (usePagePolicy), their own not-found answers included.
 * - HSTS when the request came over TLS: `request.protocol` is https only from a TLS socket or,
 *   behind a proxy that TRUST_PROXY names, from its X-Forwarded-Proto. Never over plain HTTP,
 *   where a forged X-Forwarded-Proto would otherwise pin a host to https.
 *
 * The page policies keep what the pages need: the SPA loads only its own module scripts and
 * stylesheets, but Stitches and Radix's scroll lock inject <style> elements at run time, so styles
 * (never scripts) may be inline. A client built with VITE_TMDB_API_KEY reads api.themoviedb.org,
 * shows image.tmdb.org art and frames YouTube's player; the embedded mode frames /embed. Nobody
 * frames the app or the checkout; only Marquee's own pages frame the player (frame-ancestors
 * 'self', and so no X-Frame-Options, which cannot say "same origin and nothing else").
 */
export type PagePolicy = 'app' | 'checkout' | 'embed';

/** helmet's options, as @fastify/helmet takes them. */
type HelmetOptions = NonNullable<Parameters<FastifyReply['helmet']>[0]>;

/** helmet's headers Marquee leaves off (HSTS is set per request, below). */
const OFF = {
  crossOriginEmbedderPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xPoweredBy: false,
  xXssProtection: false,
} as const satisfies HelmetOptions;

const csp = (directives: Record<string, string[]>) => ({ useDefaults: false, directives }) as const;

/** What every answer carries. */
export const BASE_POLICY = {
  ...OFF,
  contentSecurityPolicy: csp({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] }),
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  xContentTypeOptions: true,
  xFrameOptions: false,
} as const satisfies HelmetOptions;

/** HSTS's value for answers over TLS: a year, this host only (the operator's other hosts are theirs). */
export const HSTS = { maxAge: 365 * 24 * 60 * 60, includeSubDomains: false } as const;

// YouTube's player, which a client built with VITE_TMDB_API_KEY frames (TrailerPlayer's `allow`).
const YOUTUBE = '"https://www.youtube-nocookie.com" "https://www.youtube.com"';

/**
 * Powerful browser features Marquee never uses, denied to every page and every frame in it, so
 * that injected or framed code cannot ask the viewer for them either. `payment` too: the checkout
 * is a plain card form, not the Payment Request API.
 */
const NEVER_USED = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
];

const permissions = (allowed: Record<string, string>) =>
  [...NEVER_USED.map((feature) => `${feature}=()`), ...Object.entries(allowed).map(([f, to]) => `${f}=(${to})`)].join(
    ', ',
  );

interface PageHeaders {
  helmet: HelmetOptions;
  /** Permissions-Policy, which helmet does not write. */
  permissions: string;
}

/**
 * A page's helmet options: the base set with the page's own CSP and `options` (what else it sets
 * differently: X-Frame-Options, Referrer-Policy), and COOP same-origin on every page, so that no
 * other site's window keeps a handle on ours (window.opener), nor ours on theirs.
 */
const pageHelmet = <const Options extends HelmetOptions>(directives: Record<string, string[]>, options: Options) =>
  ({
    ...BASE_POLICY,
    contentSecurityPolicy: csp(directives),
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    ...options,
  }) as const;

/**
 * The checkout's and the player's pages are self-contained: their own scripts, styles and images
 * (and data: images), nothing else, and no <base> to move their relative addresses elsewhere.
 */
const SELF_CONTAINED = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'base-uri': ["'none'"],
};

export const PAGE_POLICIES: Readonly<Record<PagePolicy, PageHeaders>> = {
  app: {
    helmet: pageHelmet(
      {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https://image.tmdb.org'],
        // The player page plays HLS through Media Source Extensions (a blob: URL as the video's
        // source) with hls.js, which runs its demuxer in a worker it starts from a blob: URL, and
        // gives each subtitles track an empty data: WebVTT file before its cues arrive.
        'media-src': ["'self'", 'blob:', 'data:'],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", 'https://api.themoviedb.org'],
        'frame-src': ["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
      { xFrameOptions: { action: 'deny' } },
    ),
    // The trailer frames (our /embed, or YouTube's) may autoplay, go full screen and picture in
    // picture; a frame gets a feature only if its parent page has it to delegate.
    permissions: permissions({
      autoplay: `self ${YOUTUBE}`,
      'encrypted-media': `self ${YOUTUBE}`,
      fullscreen: `self ${YOUTUBE}`,
      'picture-in-picture': `self ${YOUTUBE}`,
    }),
  },
  checkout: {
    helmet: pageHelmet(
      { ...SELF_CONTAINED, 'connect-src': ["'self'"], 'form-action': ["'self'"], 'frame-ancestors': ["'none'"] },
      { xFrameOptions: { action: 'deny' }, referrerPolicy: { policy: 'same-origin' } },
    ),
    permissions: permissions({ autoplay: '', 'encrypted-media': '', fullscreen: '', 'picture-in-picture': '' }),
  },
  embed: {
    helmet: pageHelmet(
      { ...SELF_CONTAINED, 'media-src': ["'self'"], 'form-action': ["'none'"], 'frame-ancestors': ["'self'"] },
      { referrerPolicy: { policy: 'same-origin' } },
    ),
    // The player: its clips autoplay, and it can go full screen or picture in picture. Plain
    // video, no DRM.
    permissions: permissions({
      autoplay: 'self',
      'encrypted-media': '',
      fullscreen: 'self',
      'picture-in-picture': 'self',
    }),
  },
};

const noop = () => {};
const hsts = strictTransportSecurity(HSTS);
// For the answers no hook runs for: made once, as @fastify/helmet's hooks would make them.
const base = helmet(BASE_POLICY);

/** HSTS on an answer to a request that came over TLS (directly, or from a trusted proxy). */
function applyHsts(request: FastifyRequest, reply: FastifyReply) {
  if (request.protocol === 'https') hsts(request.raw, reply.raw, noop);
}

/**
 * Whether a request came over TLS, judged as Fastify's proxy-trusting requests judge it: a TLS
 * socket, or a proxy that `trustProxy` names saying so in X-Forwarded-Proto. For the answers Fastify
 * makes before routing, whose request object trusts no proxy.
 */
export function tlsJudge(trustProxy: boolean | string[]): (raw: IncomingMessage) => boolean {
  const trusted = trustProxy === true ? () => true : trustProxy === false ? () => false : proxyAddr.compile(trustProxy);
  return (raw) => {
    const socket = raw.socket as TLSSocket | undefined;
    const forwarded = raw.headers['x-forwarded-proto'];
    if (typeof forwarded === 'string' && socket?.remoteAddress && trusted(socket.remoteAddress, 0)) {
      return forwarded.slice(forwarded.lastIndexOf(',') + 1).trim() === 'https';
    }
    return socket?.encrypted === true;
  };
}

/**
 * The base set (and HSTS over TLS) on an answer Fastify makes before any hook runs: a malformed
 * URL's 400 (app.ts's frameworkErrors).
 */
export function applyBaseHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  cameOverTls: (raw: IncomingMessage) => boolean,
) {
  base(request.raw, reply.raw, noop);
  if (cameOverTls(request.raw)) hsts(request.raw, reply.raw, noop);
}

/** Makes this answer a page of `policy` (the SPA's pages, served by the not-found handler). */
export function applyPagePolicy(reply: FastifyReply, policy: PagePolicy = 'app') {
  const page = PAGE_POLICIES[policy];
  void reply.helmet(page.helmet);
  reply.header('permissions-policy', page.permissions);
}

/**
 * Makes every answer of a route plugin's scope (its routes, and its own not-found and error
 * answers) a page of `policy`: helmet registered in that scope, after the app-wide base.
 */
export async function usePagePolicy(scope: FastifyInstance, policy: PagePolicy) {
  const page = PAGE_POLICIES[policy];
  await scope.register(fastifyHelmet, page.helmet);
  scope.addHook('onRequest', (_request, reply, done) => {
    reply.header('permissions-policy', page.permissions);
    done();
  });
}

/**
 * The base set on every answer from the first hook of every request, and HSTS over TLS. Errors
 * Fastify answers before routing (a malformed URL) bypass hooks: app.ts's frameworkErrors calls
 * applyBaseHeaders itself.
 */
export default fp(
  async (app) => {
    await app.register(fastifyHelmet, BASE_POLICY);
    // A plain callback, not an async function: every request runs it.
    app.addHook('onRequest', (request, reply, done) => {
      applyHsts(request, reply);
      done();
    });
  },
  { name: 'security-headers' },
);
