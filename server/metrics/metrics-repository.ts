import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';

import { runWrite } from '../db/write-turn.ts';

export const METRIC_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type MetricName = (typeof METRIC_NAMES)[number];
export const RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type Rating = (typeof RATINGS)[number];

/** One web-vitals report as the client sends it. */
export interface WebVitalReport {
  name: MetricName;
  value: number;
  rating: Rating;
  navigationType: string;
  page: string;
  id: string;
}

/** How long reports are kept: older rows are removed when the server starts. */
export const RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/** Stores web-vitals reports, each with the time it arrived. */
export function createMetricsRepository(db: Database) {
  const insert = db.prepare(
    `INSERT INTO web_vitals (name, value, rating, navigation_type, page, metric_id, received_at)
     VALUES (@name, @value, @rating, @navigationType, @page, @id, @receivedAt)`,
  );
  const prune = db.prepare('DELETE FROM web_vitals WHERE received_at < ?');
  return {
    record(report: WebVitalReport, receivedAt: number): void {
      runWrite(insert, { ...report, receivedAt });
    },
    /** Removes reports received before `before`; returns how many. */
    prune(before: number): number {
      return runWrite(prune, before).changes;
    },
  };
}

export type MetricsRepository = ReturnType<typeof createMetricsRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    metrics: MetricsRepository;
  }
}

/** Decorates `app.metrics` (the web-vitals reports). */
export default fp(
  async (app) => {
    app.decorate('metrics', createMetricsRepository(app.db));
  },
  { name: 'metrics', dependencies: ['database'] },
);
