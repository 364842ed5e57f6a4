import type { IncomingHttpHeaders } from 'node:http';

/** `http://host[:port]` or `https://…`, or null when `text` is not an http(s) origin. */
function httpOrigin(text: string): string | null {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The origin of the site a request comes from: its Origin header when that names an http(s)
 * origin (browsers send it with every fetch POST; behind the Vite dev proxy it is Vite's origin,
 * not this server's), otherwise http:// and the Host header. Null when neither says.
 */
export function siteOrigin(headers: IncomingHttpHeaders): string | null {
  const origin = headers.origin;
  if (origin && origin !== 'null') {
    const parsed = httpOrigin(origin);
    if (parsed) return parsed;
  }
  const host = headers.host;
  if (!host || /[\s/\\?#@]/.test(host)) return null;
  return httpOrigin(`http://${host}`);
}

/**
 * Why a success_url or cancel_url cannot be used, or null when it is an absolute http(s) URL
 * on the site's own origin (a checkout never sends a customer to another site).
 */
export function returnUrlProblem(field: 'success_url' | 'cancel_url', value: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `Not a valid URL: the ${field} must be an absolute http:// or https:// address on this site, such as ${origin}/.`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `Not a valid URL: the ${field} must be an absolute http:// or https:// address on this site, such as ${origin}/.`;
  }
  if (url.username || url.password) return `The ${field} must not contain a user name or password.`;
  if (url.origin !== origin) {
    return `The ${field} must be a page on this site (${origin}), not on ${url.origin}.`;
  }
  return null;
}
