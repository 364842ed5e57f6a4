/** The five web vitals the client reports (docs/spec.md §9). */
export type WebVitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';

/** One measurement as it is reported: what POST /api/metrics stores. */
export interface WebVitalReport {
  name: WebVitalName;
  /** Milliseconds, except CLS (a unitless layout-shift score). */
  value: number;
  rating: 'good' | 'needs-improvement' | 'poor';
  /** How the page was reached: navigate, reload, back-forward, back-forward-cache, prerender, restore. */
  navigationType: string;
  /** The path the visit began on (no query or fragment). */
  page: string;
  /** Unique per metric per page load, so a report sent twice can be told apart. */
  id: string;
}

/** Real-user metrics: measures this page load's web vitals and reports each one. */
export interface MetricsService {
  /**
   * Starts measuring and reporting; call it once the app has rendered. Calling it again does
   * nothing. Never throws: metrics must not break the app.
   */
  start(): void;
}
