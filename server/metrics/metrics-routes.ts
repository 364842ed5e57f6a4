import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { inWriteTurn } from '../db/write-turn.ts';
import { ErrorBody, invalidArgument, sendProblem } from '../http/problems.ts';
import { METRIC_NAMES, RATINGS, RETENTION_MS } from './metrics-repository.ts';
import { RateLimit } from './rate-limit.ts';

/** web-vitals' navigation types (Metric['navigationType']). */
const NAVIGATION_TYPES = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore'];

/** The longest timing believed: ten minutes. Anything longer is a broken clock, not a page load. */
export const MAX_TIMING_MS = 10 * 60 * 1000;
/** The largest layout shift score believed (a page shifting its whole viewport every frame for minutes). */
export const MAX_CLS = 100;
export const MAX_PAGE_LENGTH = 200;
/** Reports allowed per client address per minute; a page load sends five at most. */
export const REPORTS_PER_MINUTE = 120;
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
  /** The clock for received times and the rate limit's windows; Date.now by default. */
  now?: () => number;
  /** Reports allowed per client address per minute (REPORTS_PER_MINUTE by default). */
  perMinute?: number;
}

/**
 * POST /api/metrics: the web vitals a browser measured on this site (docs/spec.md §9), one report per
 * request, as `navigator.sendBeacon` sends them. Open to signed-out visitors too; answers 204,
 * or 400 for a malformed report, 413 for an oversized body and 429 when a client address sends
 * more than its share per minute. Reports older than 90 days are removed at start.
 */
const metricsRoutes: FastifyPluginAsyncTypebox<MetricsRoutesOptions> = async (app, options) => {
  const now = options.now ?? Date.now;
  const { metrics } = app;
  const perClient = new RateLimit(app.db, {
    scope: 'metrics-client',
    limit: options.perMinute ?? REPORTS_PER_MINUTE,
    windowMs: 60_000,
    now,
  });
  await inWriteTurn(app.db, () => metrics.prune(now() - RETENTION_MS));

  app.post(
    '/',
    {
      bodyLimit: METRICS_BODY_LIMIT,
      // Counted before the body is validated: malformed floods are refused as cheaply as valid ones.
      preValidation: async (request, reply) => {
        if (await perClient.take(request.ip)) return;
        await sendProblem(reply.header('retry-after', String(Math.ceil(perClient.retryAfter(request.ip) / 1000))), {
          status: 429,
          code: 'too-many-requests',
          message: 'Too many metrics reports. Please try again later.',
        });
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
