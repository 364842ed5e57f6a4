import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { sendProblem } from './problems.ts';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The Vite dev server's origins (`npm run dev`). Its proxy rewrites Host to the API's own
 * address (the string shorthand in vite.config.ts means changeOrigin: true), so a request from
 * the dev page says Origin http://127.0.0.1:5173 and Host 127.0.0.1:3001. Trusted only in
 * development (`MARQUEE_DEV_ORIGINS=1`, which scripts/dev.mjs sets; never in `npm start`: any
 * page a visitor opens on that port could otherwise write as them) and only when the Host is a
 * loopback address too, that is on a server only this machine reaches.
 */
const DEV_ORIGINS = new Set(['http://127.0.0.1:5173', 'http://localhost:5173']);
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?$/i;

/** The http:// and https:// origins a Host header names, or none when it is not a host. */
function originsOf(host: string | undefined): string[] {
  if (!host || /[\s/\\?#@]/.test(host)) return [];
  try {
    return [new URL(`http://${host}`).origin, new URL(`https://${host}`).origin];
  } catch {
    return [];
  }
}

/** `Origin` as an http(s) origin, normalised ("HTTP://Example.COM:80" → "http://example.com"). */
function parseOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether a state-changing request may come from where it says, after Go's
 * http.CrossOriginProtection (the same checks in the same order):
 *
 * 1. `Sec-Fetch-Site: same-origin` (or `none`, a user's own navigation): the browser itself says
 *    the page that sent it is this site, whatever the Host (behind a proxy that rewrites it).
 * 2. Neither Sec-Fetch-Site nor Origin: not a browser (curl, the server's own tests); cross-site
 *    forgery needs a browser, which always sends one of them with these methods.
 * 3. An Origin that is this request's own Host over http or https (browsers without
 *    Sec-Fetch-Site), or, in development, the dev server's on a loopback Host.
 *
 * Anything else — another site, `Origin: null`, a browser's `Sec-Fetch-Site: cross-site` or
 * `same-site` — is refused.
 */
export function isSameOrigin(headers: FastifyRequest['headers'], options: SameOriginOptions = {}): boolean {
  const fetchSite = headers['sec-fetch-site'];
  if (fetchSite === 'same-origin' || fetchSite === 'none') return true;
  const origin = headers.origin;
  if (origin === undefined) return fetchSite === undefined;
  const parsed = parseOrigin(origin);
  if (parsed === null) return false;
  const host = options.host ?? headers.host;
  if (originsOf(host).includes(parsed)) return true;
  return options.devOrigins === true && DEV_ORIGINS.has(parsed) && LOOPBACK_HOST.test(host ?? '');
}

export interface SameOriginOptions {
  /** Trust the Vite dev server's origins on a loopback Host (development only). */
  devOrigins?: boolean;
  /**
   * The host the request was made to, when not its Host header: Fastify's `request.host`, which
   * is X-Forwarded-Host when it comes from a trusted proxy (TRUST_PROXY).
   */
  host?: string;
}

/**
 * Refuses POST, PUT, PATCH and DELETE from another site (cross-site request forgery) with 403
 * before anything else runs: before the body is read, the route's guards and its handler. The
 * session cookie is SameSite=Lax, which already keeps it off other sites' POSTs; this also
 * covers other sites on the same "site" (another port of the same host) and old browsers.
 */
export default fp<{ devOrigins?: boolean }>(
  async (app, { devOrigins = false }) => {
    // A plain callback, not an async function: every request runs it, and a promise per hook costs.
    app.addHook('onRequest', (request, reply, done) => {
      if (!STATE_CHANGING.has(request.method) || isSameOrigin(request.headers, { devOrigins, host: request.host }))
        return done();
      sendProblem(reply.header('cache-control', 'no-store'), {
        status: 403,
        code: 'permission-denied',
        message: 'This request came from another site. Marquee only accepts changes made from its own pages.',
      });
    });
  },
  { name: 'same-origin' },
);
