import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Which page family a response belongs to, and so which headers it gets:
 *
 * - `app`: the default, for the SPA's index.html and files, the API, the catalogue, images and
 *   every error. The built client loads only its own module scripts and stylesheets, but Stitches
 *   and Radix's scroll lock inject <style> elements at run time, so styles (never scripts) may be
 *   inline. A client built with VITE_TMDB_API_KEY reads api.themoviedb.org, shows image.tmdb.org
 *   art and frames YouTube's player; the embedded mode frames /embed. Nobody frames the app.
 * - `checkout`: the hosted checkout pages: their own script, stylesheet and API only, never
 *   framed (a payment form in someone else's frame is a clickjacking target).
 * - `embed`: the trailer player at /embed and the clips it plays: framed by Marquee's own pages
 *   only (so no X-Frame-Options, which cannot say "same origin and nothing else" to every browser
 *   the way frame-ancestors does).
 * - `subresource`: what the app's pages load and call, never a page itself: the API (/api), the
 *   catalogue (/tmdb), its art (/images) and the built scripts (/assets). A page's policy, its
 *   permissions, framing and opener headers act on documents only (and workers, which Marquee
 *   starts from blob: URLs, under the page's policy); on these they were 1 kB more of every
 *   answer, sent uncompressed over HTTP/1.1: about 30 kB of a home page's first load. They keep
 *   nosniff, CORP, and a CSP that lets nothing run or frame them should one be opened directly.
 */
export type SecurityPolicy = 'app' | 'checkout' | 'embed' | 'subresource';

const csp = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/** Every policy names the same headers; `undefined` removes one. */
type Headers = Record<
  | 'content-security-policy'
  | 'x-frame-options'
  | 'x-content-type-options'
  | 'referrer-policy'
  | 'permissions-policy'
  | 'cross-origin-opener-policy'
  | 'cross-origin-resource-policy',
  string | undefined
>;

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

export const SECURITY_HEADERS: Readonly<Record<SecurityPolicy, Readonly<Headers>>> = {
  app: {
    'content-security-policy': csp({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: https://image.tmdb.org",
      // The player page plays HLS through Media Source Extensions (a blob: URL as the video's
      // source) with hls.js, which runs its demuxer in a worker it starts from a blob: URL, and
      // gives each subtitles track an empty data: WebVTT file before its cues arrive.
      'media-src': "'self' blob: data:",
      'worker-src': "'self' blob:",
      'connect-src': "'self' https://api.themoviedb.org",
      'frame-src': "'self' https://www.youtube-nocookie.com https://www.youtube.com",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': "'self'",
      'frame-ancestors': "'none'",
    }),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // The trailer frames (our /embed, or YouTube's) may autoplay, go full screen and picture in
    // picture; a frame gets a feature only if its parent page has it to delegate.
    'permissions-policy': permissions({
      autoplay: `self ${YOUTUBE}`,
      'encrypted-media': `self ${YOUTUBE}`,
      fullscreen: `self ${YOUTUBE}`,
      'picture-in-picture': `self ${YOUTUBE}`,
    }),
    // No other site's window keeps a handle on ours (window.opener), nor ours on theirs.
    'cross-origin-opener-policy': 'same-origin',
    // Our responses load only into our own pages: no other site embeds the API, art or files.
    'cross-origin-resource-policy': 'same-origin',
  },
  checkout: {
    'content-security-policy': csp({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'connect-src': "'self'",
      'img-src': "'self' data:",
      'form-action': "'self'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
    }),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    'permissions-policy': permissions({
      autoplay: '',
      'encrypted-media': '',
      fullscreen: '',
      'picture-in-picture': '',
    }),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
  },
  embed: {
    'content-security-policy': csp({
      'default-src': "'none'",
      'script-src': "'self'",
      'style-src': "'self'",
      'img-src': "'self' data:",
      'media-src': "'self'",
      'form-action': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'self'",
    }),
    'x-frame-options': undefined,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'same-origin',
    // The player: its clips autoplay, and it can go full screen or picture in picture. Plain
    // video, no DRM.
    'permissions-policy': permissions({
      autoplay: 'self',
      'encrypted-media': '',
      fullscreen: 'self',
      'picture-in-picture': 'self',
    }),
    'cross-origin-opener-policy': 'same-origin',
    // Framed by Marquee's own pages only (frame-ancestors 'self'), so same-origin is enough.
    'cross-origin-resource-policy': 'same-origin',
  },
  subresource: {
    'content-security-policy': csp({ 'default-src': "'none'", 'frame-ancestors': "'none'" }),
    'x-frame-options': undefined,
    'x-content-type-options': 'nosniff',
    // Requests a script makes follow its page's policy.
    'referrer-policy': undefined,
    'permissions-policy': undefined,
    'cross-origin-opener-policy': undefined,
    'cross-origin-resource-policy': 'same-origin',
  },
};

/** The addresses of subresources (the `subresource` policy): never a page of the app. */
const SUBRESOURCE = /^\/(?:api|tmdb|images|assets)(?:[/?]|$)/;

/** The policy a request's answer gets unless its route plugin names another (useSecurityPolicy). */
export const policyFor = (url: string): SecurityPolicy => (SUBRESOURCE.test(url) ? 'subresource' : 'app');

/** Each policy's headers as a list, made once: every response sets them. */
const HEADER_LISTS = Object.fromEntries(
  Object.entries(SECURITY_HEADERS).map(([policy, headers]) => [policy, Object.entries(headers)]),
) as Record<SecurityPolicy, Array<[string, string | undefined]>>;

/** Sets a policy's headers on a reply, replacing another policy's. */
export function applySecurityHeaders(reply: FastifyReply, policy: SecurityPolicy = 'app') {
  for (const [name, value] of HEADER_LISTS[policy]) {
    if (value === undefined) reply.removeHeader(name);
    else reply.header(name, value);
  }
}

/**
 * Gives every response of a route plugin's scope (its routes, and its own not-found and error
 * answers) another policy than `app`: an onRequest hook that runs after the app-wide one.
 * A plain function rather than a decorator, so that a route plugin also works on its own.
 */
export function useSecurityPolicy(scope: FastifyInstance, policy: SecurityPolicy) {
  scope.addHook('onRequest', (_request, reply, done) => {
    applySecurityHeaders(reply, policy);
    done();
  });
}

/**
 * Security headers on every response: the `app` policy (`subresource` for what pages load and
 * call) from the first hook of every request, replaced where a route plugin calls useSecurityPolicy. Set at onRequest, so that a reply sent
 * from any later hook, handler or error handler has them. Errors Fastify answers before routing
 * (a malformed URL) bypass hooks: app.ts's frameworkErrors calls applySecurityHeaders itself.
 */
export default fp(
  async (app) => {
    // A plain callback, not an async function: every request runs it, and a promise per hook costs.
    app.addHook('onRequest', (request, reply, done) => {
      applySecurityHeaders(reply, policyFor(request.url));
      done();
    });
  },
  { name: 'security-headers' },
);
