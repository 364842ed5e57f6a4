/** Runs `callback` once the browser is idle (at the latest after `timeout` ms), or soon where idle callbacks are missing (Safari). */
export function whenIdle(callback: () => void, timeout = 2000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout });
  else setTimeout(callback, 0);
}

/** Resolves when `work` does, or after `capMs`, whichever comes first. */
const withCap = (capMs: number, work: Promise<unknown>): Promise<void> =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, capMs);
    void work.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Entries of `type` as the browser reports them (buffered: those before this call too); false where it reports none. */
function observe(type: string, onEntries: (entries: PerformanceEntryList, stop: () => void) => void): boolean {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes(type)) {
    return false;
  }
  const observer = new PerformanceObserver((list) => onEntries(list.getEntries(), () => observer.disconnect()));
  observer.observe({ type, buffered: true });
  return true;
}

/**
 * Resolves once the browser has presented the page's first contentful paint. A paint is presented
 * a little after its frame is drawn, so waiting for the next frame alone is not enough: work
 * started in between would still come before the paint the viewer sees.
 */
const firstContentfulPaint = (): Promise<void> =>
  new Promise((resolve) => {
    const reported = observe('paint', (entries, stop) => {
      if (entries.some((entry) => entry.name === 'first-contentful-paint')) {
        stop();
        resolve();
      }
    });
    if (!reported) requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/**
 * How long a loaded image may take to be reported as the page's largest paint: one that is not
 * the largest never is.
 */
const LARGEST_PAINT_GRACE_MS = 200;

/** Resolves once `image` has painted (as the page's largest paint), failed, or loaded and been given a moment to. */
const imagePainted = (image: HTMLImageElement): Promise<void> =>
  new Promise((resolve) => {
    const loaded = () => setTimeout(resolve, LARGEST_PAINT_GRACE_MS);
    const reported = observe('largest-contentful-paint', (entries, stop) => {
      if (entries.some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === image)) {
        stop();
        resolve();
      }
    });
    if (!reported)
      return requestAnimationFrame(() => (image.complete ? loaded() : image.addEventListener('load', loaded)));
    if (image.complete) loaded();
    else image.addEventListener('load', loaded);
    image.addEventListener('error', () => resolve());
  });

/**
 * Resolves once the page's first screen, as the server painted it, is on screen: its first
 * contentful paint, and the paint of each image it asks for at high priority (home's hero art:
 * the page's largest paint); or after `capMs` (a hidden tab paints nothing, and a browser may not
 * report paints).
 */
export function afterFirstScreenPaint(capMs = 2000): Promise<void> {
  const art = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  return withCap(capMs, Promise.all([firstContentfulPaint(), ...art.map(imagePainted)]));
}
