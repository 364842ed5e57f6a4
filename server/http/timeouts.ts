/** How long a connection may take over each part of a request (milliseconds). */
export interface Timeouts {
  /** The whole request, headers and body, from its first byte (Node's `requestTimeout`): 408, then closed. */
  requestMs: number;
  /** The request's headers, from its first byte (Node's `headersTimeout`); at most `requestMs`. */
  headersMs: number;
  /** A connection with nothing sent or received, mid-request or mid-answer (Fastify's `connectionTimeout`): closed. */
  idleMs: number;
  /** A kept-alive connection waiting for its next request (Fastify's `keepAliveTimeout`): closed. */
  keepAliveMs: number;
}

/**
 * The defaults, for bodies of at most 64 KB: 30 s to send a whole request is 2 KB/s, slower than
 * any real client; 10 s for headers (a few hundred bytes). An idle connection is cut after 60 s:
 * the SSE streams write every 15 s, a paused video's connection is reopened by the player.
 * Kept-alive connections wait 72 s, Fastify's default, above the 60 s idle timeout of common
 * proxies and load balancers, so that a proxy never reuses a connection just closed under it.
 */
export const DEFAULT_TIMEOUTS: Timeouts = { requestMs: 30_000, headersMs: 10_000, idleMs: 60_000, keepAliveMs: 72_000 };
