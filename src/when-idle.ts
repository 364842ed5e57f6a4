/** Runs `callback` once the browser is idle (at the latest after `timeout` ms), or soon where idle callbacks are missing (Safari). */
export function whenIdle(callback: (deadline?: IdleDeadline) => void, timeout = 2000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(callback, { timeout });
  else setTimeout(callback, 0);
}

/** Entries of `type` as the browser reports them (buffered: those before this call too); undefined where it reports none. */
function observe(type: string, onEntries: (entries: PerformanceEntryList) => void): PerformanceObserver | undefined {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes(type)) {
    return undefined;
  }
  const observer = new PerformanceObserver((list) => onEntries(list.getEntries()));
  observer.observe({ type, buffered: true });
  return observer;
}

/** A wait that can be called off: `done` resolves once it is over; `stop` lets go of what it watches. */
interface Wait {
  done: Promise<void>;
  stop: () => void;
}

/**
 * The page's first contentful paint, as presented. A paint is presented a little after its frame
 * is drawn, so waiting for the next frame alone is not enough: work started in between would
 * still come before the paint the viewer sees.
 */
function firstContentfulPaint(): Wait {
  let observer: PerformanceObserver | undefined;
  const done = new Promise<void>((resolve) => {
    observer = observe('paint', (entries) => {
      if (entries.some((entry) => entry.name === 'first-contentful-paint')) resolve();
    });
    if (!observer) requestAnimationFrame(() => setTimeout(resolve, 0));
  });
  return { done, stop: () => observer?.disconnect() };
}

/**
 * How long a loaded image may take to be reported as the page's largest paint: one that is not
 * the largest never is.
 */
const LARGEST_PAINT_GRACE_MS = 200;

/** `image` painted (reported as the page's largest paint), failed, or loaded and given a moment to be reported. */
function imagePainted(image: HTMLImageElement): Wait {
  let observer: PerformanceObserver | undefined;
  let grace: ReturnType<typeof setTimeout> | undefined;
  const listening = new AbortController();
  const { signal } = listening;
  const done = new Promise<void>((resolve) => {
    const loaded = () => (grace = setTimeout(resolve, LARGEST_PAINT_GRACE_MS));
    observer = observe('largest-contentful-paint', (entries) => {
      if (entries.some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element === image)) {
        resolve();
      }
    });
    image.addEventListener('error', () => resolve(), { signal });
    // A browser that reports no paints: the image's load and the frame after it.
    const whenLoaded = observer ? loaded : () => requestAnimationFrame(loaded);
    if (image.complete) whenLoaded();
    else image.addEventListener('load', whenLoaded, { signal });
  });
  return {
    done,
    stop: () => {
      observer?.disconnect();
      clearTimeout(grace);
      listening.abort();
    },
  };
}

/**
 * Resolves once the page's first screen, as the server painted it, is on screen: its first
 * contentful paint, and the paint of each image it asks for at high priority (home's hero art:
 * the page's largest paint); or after `capMs` (a hidden tab paints nothing, and a browser may not
 * report paints).
 */
export function afterFirstScreenPaint(capMs = 2000): Promise<void> {
  const art = [...document.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
  const waits = [firstContentfulPaint(), ...art.map(imagePainted)];
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(cap);
      for (const wait of waits) wait.stop();
      resolve();
    };
    const cap = setTimeout(finish, capMs);
    void Promise.all(waits.map((wait) => wait.done)).then(finish);
  });
}
