import fastifyRateLimit, { type FastifyRateLimitStore, normalizeIP } from '@fastify/rate-limit';
import type { Database } from 'better-sqlite3';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';

import { sessionKey } from '../accounts/accounts-repository.ts';
import { SESSION_COOKIE } from '../accounts/session-plugin.ts';
import { inWriteTurn, runWrite } from '../db/write-turn.ts';
import { sendProblem } from './problems.ts';

/**
 * Every request-rate limit of the server, defined once (docs/security.md, "Headers and write
 * limits"). A limit counts a key's requests in a fixed window; past `max`, a request is refused
 * with 429 and Retry-After until the window ends.
 */
export const RATE_LIMITS = {
  /**
   * Changes one signed-in session may make to its profiles, Continue Watching and My List: a
   * player saves its position every few seconds at most, a person edits a profile now and then.
   */
  writesPerSession: { max: 120, timeWindow: 60_000, by: 'session' },
  /** The same changes from one client address (a /64 for IPv6), every session behind it together: a household. */
  writesPerAddress: { max: 600, timeWindow: 60_000, by: 'address' },
  /** Web-vitals reports per client address; a page load sends five at most. */
  metricsPerAddress: { max: 120, timeWindow: 60_000, by: 'address' },
} as const;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** Other figures for some limits (a test that makes hundreds of changes at once, say). */
export type RateLimitOverrides = Partial<Record<RateLimitName, { max: number; timeWindow: number }>>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts a request against one of RATE_LIMITS, keyed by its address or its session; answers
     * 429 and returns false when the key has used the limit up.
     */
    takeRateLimit: (name: RateLimitName, request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;
  }
}

/** Sweeps expired windows once every this many hits. */
const SWEEP_EVERY = 1000;

/**
 * @fastify/rate-limit's store over the database's `rate_windows` table, so that every worker of a
 * cluster counts against the same windows (docs/decisions.md, "Shared state across workers"): one
 * statement (an upsert with RETURNING) counts the hit and reads its window, atomically across
 * processes. A key costs one row at any rate; expired windows are swept now and then.
 */
export function sqliteRateLimitStore(db: Database, now: () => number = Date.now) {
  const count = db.prepare<
    [{ scope: string; key: string; now: number; windowMs: number }],
    { hits: number; start: number }
  >(`
    INSERT INTO rate_windows (scope, key, start, hits) VALUES (@scope, @key, @now, 1)
    ON CONFLICT (scope, key) DO UPDATE SET
      hits = CASE WHEN @now - start >= @windowMs THEN 1 ELSE hits + 1 END,
      start = CASE WHEN @now - start >= @windowMs THEN @now ELSE start END
    RETURNING hits, start`);
  const read = db.prepare<[string, string], { hits: number; start: number }>(
    'SELECT hits, start FROM rate_windows WHERE scope = ? AND key = ?',
  );
  const sweep = db.prepare('DELETE FROM rate_windows WHERE scope = ? AND start <= ?');
  const SCOPE = 'rate-limit';
  let hits = 0;
  // The longest window in use: a sweep never ends a window that is still open.
  let longest = 0;

  class SqliteStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      const at = now();
      longest = Math.max(longest, windowMs);
      const sweepNow = ++hits % SWEEP_EVERY === 0;
      // The upsert writes: it runs in the one write path, joining the turn's commit.
      inWriteTurn(db, () => {
        if (sweepNow) runWrite(sweep, SCOPE, at - longest);
        return count.get({ scope: SCOPE, key, now: at, windowMs })!;
      }).then(
        (row) => callback(null, { current: row.hits, ttl: row.start + windowMs - at }),
        (error: unknown) => callback(error as Error),
      );
    }

    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      windowMs: number,
    ) {
      const row = read.get(SCOPE, key);
      const ttl = row ? row.start + windowMs - now() : 0;
      callback(null, ttl > 0 ? { current: row!.hits, ttl } : { current: 0, ttl: 0 });
    }

    child() {
      return new SqliteStore();
    }
  }
  return SqliteStore;
}

/** What a limit counts by: a client's address (IPv6 by its /64, one household's range), or a live session. */
const KEYS = {
  address: (request: FastifyRequest) => normalizeIP(request.ip),
  session: (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    return token && request.account() ? sessionKey(token) : undefined;
  },
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * An onRequest hook for a plugin whose writes are limited per client address and per session
 * (RATE_LIMITS.writesPerAddress, writesPerSession). Reads are not counted. The address is counted
 * first, so that a flood from one address is refused before its sessions are looked up.
 */
export function limitWrites(app: FastifyInstance): onRequestHookHandler {
  return async (request, reply) => {
    if (!WRITES.has(request.method)) return;
    if (await app.takeRateLimit('writesPerAddress', request, reply)) {
      await app.takeRateLimit('writesPerSession', request, reply);
    }
  };
}

/**
 * @fastify/rate-limit with its store in the database, and `app.takeRateLimit`, which counts one
 * request against one of RATE_LIMITS and answers a refusal in the app's one error shape.
 */
export default fp<{ now?: () => number; limits?: RateLimitOverrides }>(
  async (app, options) => {
    await app.register(fastifyRateLimit, { global: false, store: sqliteRateLimitStore(app.db, options.now) });
    const limiters = Object.fromEntries(
      Object.entries(RATE_LIMITS).map(([name, { by, ...limit }]) => [
        name,
        app.createRateLimit({
          ...limit,
          ...options.limits?.[name as RateLimitName],
          keyGenerator: (request) => `${name}:${KEYS[by](request)}`,
        }),
      ]),
    ) as Record<RateLimitName, ReturnType<FastifyInstance['createRateLimit']>>;

    app.decorate('takeRateLimit', async (name: RateLimitName, request: FastifyRequest, reply: FastifyReply) => {
      // A request without a session (refused by its route's guard) has nothing to count by.
      if (KEYS[RATE_LIMITS[name].by](request) === undefined) return true;
      const result = await limiters[name](request);
      if (result.isAllowed || !result.isExceeded) return true;
      const seconds = Math.max(1, result.ttlInSeconds);
      await sendProblem(reply.header('retry-after', String(seconds)), {
        status: 429,
        code: 'too-many-requests',
        message: `Too many requests. Please try again in ${seconds} seconds.`,
      });
      return false;
    });
  },
  { name: 'rate-limits', dependencies: ['database', 'session'] },
);
