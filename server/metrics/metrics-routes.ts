import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { inWriteTurn } from '../db/write-turn.ts';
import { ErrorBody, invalidArgument, sendProblem } from '../http/problems.ts';
import { RATE_LIMITS } from '../http/rate-limits.ts';
import { MAX_STORED_REPORTS, METRIC_NAMES, PRUNE_EVERY_MS, RATINGS, RETENTION_MS } from './metrics-repository.ts';

/** web-vitals' navigation types (Metric['navigationType']). */
const NAVIGATION_TYPES = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore'];

/** The longest timing believed: ten minutes. Anything longer is a broken clock, not a page load. */
export const MAX_TIMING_MS = 10 * 60 * 1000;
/** The largest layout shift score believed (a page shifting its whole viewport every frame for minutes). */
export const MAX_CLS = 100;
export const MAX_PAGE_LENGTH = 200;
/** Reports allowed per client address per minute (server/http/rate-limits.ts). */
export const REPORTS_PER_MINUTE = RATE_LIMITS.metricsPerAddress.max;
const METRICS_BODY_LIMIT = 2 * 1024;

// JSON has no NaN or Infinity (an overflowing literal like 1e400 parses to Infinity, which
// `maximum` refuses), so a number within these bounds is finite.
const Report = Type.Object(
  {
    name: Type.Enum([...METRIC_NAMES]),
    value: Type.Number({ minimum: 0, maximum: MAX_TIMING_MS }),
    rating: Type.Enum([...RATINGS]),
    navigationType: Type.Enum(NAVIGATION_TYPES),
    page: Type.String({ minLength: 1, maxLength: MAX_PAGE_LENGTH, pattern: '^/' }),
    id: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._-]+$' }),
  },
  { additionalProperties: false },
);

export interface MetricsRoutesOptions {
  /** The clock for received times and retention; Date.now by default. */
  now?: () => number;
  /** The most reports kept (MAX_STORED_REPORTS by default). */
  maxStored?: number;
  /** How often stored reports are pruned (PRUNE_EVERY_MS by default). */
  pruneEveryMs?: number;
}

/**
 * POST /api/metrics: the web vitals a browser measured on this site (docs/spec.md §9), one report per
 * request, as `navigator.sendBeacon` sends them. Open to signed-out visitors too; answers 204,
 * or 400 for a malformed report, 413 for an oversized body and 429 when a client address sends
 * more than its share per minute (RATE_LIMITS.metricsPerAddress). Reports older than 90 days, and
 * the oldest beyond MAX_STORED_REPORTS, are removed at start and every PRUNE_EVERY_MS.
 */
const metricsRoutes: FastifyPluginAsyncTypebox<MetricsRoutesOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const { metrics } = app;
  // In the write path, whose turn is its transaction.
  const prune = () =>
    inWriteTurn(app.db, () => metrics.prune(now() - RETENTION_MS, options.maxStored ?? MAX_STORED_REPORTS));
  await prune();
  const pruning = setInterval(() => {
    prune().catch((error: unknown) => app.log.warn({ err: error }, 'metrics: pruning failed'));
  }, options.pruneEveryMs ?? PRUNE_EVERY_MS);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));

  app.post(
    '/',
    {
      bodyLimit: METRICS_BODY_LIMIT,
      // Counted before the body is validated: malformed floods are refused as cheaply as valid ones.
      preValidation: async (request, reply) => {
        await app.takeRateLimit('metricsPerAddress', request, reply);
      },
      schema: {
        body: Report,
        response: { 204: Type.Null(), '4xx': ErrorBody },
      },
    },
    async (request, reply) => {
      const report = request.body;
      if (report.name === 'CLS' && report.value > MAX_CLS) {
        return sendProblem(reply, invalidArgument(`body/value must be <= ${MAX_CLS} for CLS`));
      }
      await inWriteTurn(app.db, () => metrics.record(report, now()));
      return reply.code(204).send(null);
    },
  );
};

export default metricsRoutes;
