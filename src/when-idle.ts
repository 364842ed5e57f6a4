/** Runs `callback` once the browser is idle (at the latest after `timeout` ms), or soon where idle callbacks are missing (Safari). */
export function whenIdle(callback: () => void, timeout = 2000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout });
  else setTimeout(callback, 0);
}

/**
 * Resolves once the browser has presented the page's first contentful paint, or after `capMs`
 * (a hidden tab paints nothing, and a browser may not report paints). A paint is presented a
 * little after its frame is drawn, so waiting for the next frame alone is not enough: work
 * started in between would still come before the paint the viewer sees.
 */
export function afterFirstContentfulPaint(capMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    const reported =
      typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, capMs);
    const observer = reported
      ? new PerformanceObserver((list) => {
          if (list.getEntriesByName('first-contentful-paint').length > 0) done();
        })
      : undefined;
    if (observer) observer.observe({ type: 'paint', buffered: true });
    else requestAnimationFrame(() => setTimeout(done, 0));
  });
}
