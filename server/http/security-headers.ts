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
 */
export type SecurityPolicy = 'app' | 'checkout' | 'embed';

const csp = (directives: Record<string, string>) =>
  Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');

/** Every policy names the same headers; `undefined` removes one. */
type Headers = Record<
  'content-security-policy' | 'x-frame-options' | 'x-content-type-options' | 'referrer-policy',
  string | undefined
>;

export const SECURITY_HEADERS: Readonly<Record<SecurityPolicy, Readonly<Headers>>> = {
  app: {
    'content-security-policy': csp({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: https://image.tmdb.org",
      // The player page plays HLS through Media Source Extensions (a blob: URL as the video's
      // source) with hls.js, which runs its demuxer in a worker it starts from a blob: URL.
      'media-src': "'self' blob:",
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
  },
};

/** Sets a policy's headers on a reply, replacing another policy's. */
export function applySecurityHeaders(reply: FastifyReply, policy: SecurityPolicy = 'app') {
  for (const [name, value] of Object.entries(SECURITY_HEADERS[policy])) {
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
  scope.addHook('onRequest', async (_request, reply) => applySecurityHeaders(reply, policy));
}

/**
 * Security headers on every response: the `app` policy from the first hook of every request,
 * replaced where a route plugin calls useSecurityPolicy. Set at onRequest, so that a reply sent
 * from any later hook, handler or error handler has them. Errors Fastify answers before routing
 * (a malformed URL) bypass hooks: app.ts's frameworkErrors calls applySecurityHeaders itself.
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (_request, reply) => applySecurityHeaders(reply));
  },
  { name: 'security-headers' },
);
