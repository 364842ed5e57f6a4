import type { Metric } from 'web-vitals';

import type { MetricsService, WebVitalReport } from './metrics.port';

type MetricCallback = (metric: Metric) => void;

/** The part of the web-vitals library the adapter uses. */
export interface WebVitalsLibrary {
  onLCP(callback: MetricCallback): void;
  onINP(callback: MetricCallback): void;
  onCLS(callback: MetricCallback): void;
  onFCP(callback: MetricCallback): void;
  onTTFB(callback: MetricCallback): void;
}

export interface LocalMetricsOptions {
  /** Where reports go; the embedded server's POST /api/metrics by default. */
  endpoint?: string;
  /**
   * Loads the web-vitals library. By default a dynamic import, so it is a chunk of its own that
   * is fetched only when `start()` runs, after the first render, and never weighs on first paint.
   */
  loadVitals?: () => Promise<WebVitalsLibrary>;
}

const MAX_PAGE_LENGTH = 200;

/**
 * Sends one report: a beacon with a JSON body (it survives the page being closed, which is when
 * LCP, CLS and INP are final), or, where beacons are missing or refused, a `keepalive` fetch.
 * Failures are dropped: a lost measurement is better than an error in the page.
 */
function send(endpoint: string, report: WebVitalReport) {
  const body = JSON.stringify(report);
  try {
    if (
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(endpoint, new Blob([body], { type: 'application/json' }))
    ) {
      return;
    }
  } catch {
    // A beacon can throw (a bad URL, a blocked scheme): try fetch instead.
  }
  try {
    void fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      keepalive: true,
      credentials: 'same-origin',
    }).catch(() => undefined);
  } catch {
    // No fetch either: give up on this report.
  }
}

/** Real-user metrics reported to the embedded server, measured by Google's web-vitals library. */
export function createLocalMetrics({
  endpoint = '/api/metrics',
  loadVitals = () => import('web-vitals'),
}: LocalMetricsOptions = {}): MetricsService {
  let started = false;
  return {
    start() {
      if (started) return;
      started = true;
      // The page the visit began on: later metrics (CLS, INP) still describe this page load.
      const page = window.location.pathname.slice(0, MAX_PAGE_LENGTH) || '/';
      const report = (metric: Metric) =>
        send(endpoint, {
          name: metric.name,
          value: metric.value,
          rating: metric.rating,
          navigationType: metric.navigationType,
          page,
          id: metric.id,
        });
      loadVitals().then(
        (vitals) => {
          vitals.onLCP(report);
          vitals.onINP(report);
          vitals.onCLS(report);
          vitals.onFCP(report);
          vitals.onTTFB(report);
        },
        () => {
          // The chunk failed to load (offline, a new deployment): no metrics for this visit.
        },
      );
    },
  };
}
