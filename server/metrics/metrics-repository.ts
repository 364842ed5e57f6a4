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

/** How long reports are kept: older rows are removed at start and then on a schedule. */
export const RETENTION_MS = 90 * 24 * 60 * 60 * 1000;
/** The most reports kept (about 100 bytes each): beyond it the oldest go first. */
export const MAX_STORED_REPORTS = 500_000;
/** How often the stored reports are pruned while the server runs. */
export const PRUNE_EVERY_MS = 10 * 60 * 1000;

/** Stores web-vitals reports, each with the time it arrived. */
export function createMetricsRepository(db: Database) {
  const insert = db.prepare(
    `INSERT INTO web_vitals (name, value, rating, navigation_type, page, metric_id, received_at)
     VALUES (@name, @value, @rating, @navigationType, @page, @id, @receivedAt)`,
  );
  const pruneOld = db.prepare('DELETE FROM web_vitals WHERE received_at < ?');
  // Everything past the newest `cap` rows, found through the index on received_at.
  const pruneBeyond = db.prepare(
    `DELETE FROM web_vitals WHERE rowid IN (
       SELECT rowid FROM web_vitals ORDER BY received_at DESC, rowid DESC LIMIT -1 OFFSET ?)`,
  );
  return {
    record(report: WebVitalReport, receivedAt: number): void {
      runWrite(insert, { ...report, receivedAt });
    },
    /** Removes reports received before `before`, then the oldest beyond `cap`; returns how many. */
    prune(before: number, cap: number = MAX_STORED_REPORTS): number {
      return runWrite(pruneOld, before).changes + runWrite(pruneBeyond, cap).changes;
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
