import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstScreenPaint } from '../../src/when-idle';

type Entry = { name?: string; element?: Element };

/**
 * A stand-in for the browser's PerformanceObserver: `report(type, entries)` hands entries to the
 * observers of that type; those reported before an observer starts reach it too, as `buffered` does.
 */
function fakeObserver() {
  const observers: FakeObserver[] = [];
  const reported: Array<{ type: string; entries: Entry[] }> = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
    disconnected = false;
    type = '';
    constructor(readonly callback: (list: { getEntries: () => Entry[] }) => void) {
      observers.push(this);
    }
    observe({ type }: { type: string }) {
      this.type = type;
      for (const batch of reported) if (batch.type === type) this.deliver(batch.entries);
    }
    deliver(entries: Entry[]) {
      if (!this.disconnected) this.callback({ getEntries: () => entries });
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return {
    observers,
    report(type: string, entries: Entry[]) {
      reported.push({ type, entries });
      for (const observer of observers) if (observer.type === type) observer.deliver(entries);
    },
  };
}

/** The server's first screen: home's hero art, asked for at high priority. */
function heroArt(): HTMLImageElement {
  const image = document.createElement('img');
  image.setAttribute('fetchpriority', 'high');
  document.body.append(image);
  return image;
}

/** Whether `waiting` has settled, after the timers and microtasks due so far. */
async function settled(waiting: Promise<void>): Promise<boolean> {
  let done = false;
  void waiting.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

/** A page with its hero art whose first contentful paint is reported, and the entry waiting on it. */
function waitingOnArt() {
  vi.useFakeTimers();
  const paints = fakeObserver();
  const art = heroArt();
  paints.report('paint', [{ name: 'first-contentful-paint' }]);
  return { paints, art, waiting: afterFirstScreenPaint(2000) };
}

afterEach(() => {
  document.body.replaceChildren();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterFirstScreenPaint', () => {
  it('resolves once the first contentful paint is reported on a page without art, and stops observing', async () => {
    vi.useFakeTimers();
    const paints = fakeObserver();
    const waiting = afterFirstScreenPaint(2000);
    paints.report('paint', [{ name: 'first-paint' }]);
    expect(await settled(waiting)).toBe(false);
    paints.report('paint', [{ name: 'first-contentful-paint' }]);
    expect(await settled(waiting)).toBe(true);
    expect(paints.observers.every((observer) => observer.disconnected)).toBe(true);
  });

  it("waits for the hero art's paint, reported as the largest, after the first contentful paint", async () => {
    const { paints, art, waiting } = waitingOnArt();
    expect(await settled(waiting)).toBe(false);
    // The page's heading painted first, as the largest so far.
    paints.report('largest-contentful-paint', [{ element: document.createElement('h2') }]);
    expect(await settled(waiting)).toBe(false);
    paints.report('largest-contentful-paint', [{ element: art }]);
    expect(await settled(waiting)).toBe(true);
  });

  it('gives loaded art a moment to be reported, no more: art that is not the largest paint never is', async () => {
    const { art, waiting } = waitingOnArt();
    art.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(199);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait for art that failed to load', async () => {
    const { art, waiting } = waitingOnArt();
    expect(await settled(waiting)).toBe(false);
    art.dispatchEvent(new Event('error'));
    expect(await settled(waiting)).toBe(true);
  });

  it('waits no longer than its cap when nothing is painted (a hidden tab), and then stops observing', async () => {
    vi.useFakeTimers();
    const paints = fakeObserver();
    heroArt();
    const waiting = afterFirstScreenPaint(2000);
    await vi.advanceTimersByTimeAsync(1999);
    expect(await settled(waiting)).toBe(false);
    expect(paints.observers.some((observer) => observer.disconnected)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(waiting)).toBe(true);
    expect(paints.observers.every((observer) => observer.disconnected)).toBe(true);
  });

  it("lets go of the art's load and error events once the wait is over", async () => {
    vi.useFakeTimers();
    fakeObserver();
    const art = heroArt();
    Object.defineProperty(art, 'complete', { value: false });
    const waiting = afterFirstScreenPaint(2000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await settled(waiting)).toBe(true);
    // A listener still there would start its grace timer.
    art.dispatchEvent(new Event('load'));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for the next frame where paints are not reported', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let resolved = false;
    const waiting = afterFirstScreenPaint(60_000).then(() => (resolved = true));
    await new Promise((settle) => setTimeout(settle, 10));
    expect(resolved).toBe(false);
    frames.forEach((frame) => frame(0));
    await waiting;
    expect(resolved).toBe(true);
  });
});
