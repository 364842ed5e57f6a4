import { afterEach, describe, expect, it, vi } from 'vitest';

import { afterFirstContentfulPaint } from '../../src/when-idle';

/** A stand-in for the browser's PerformanceObserver that reports the paints `paints` names, as `buffered` does. */
function fakeObserver(paints: string[]) {
  const observers: Array<{ disconnected: boolean }> = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    disconnected = false;
    constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
      observers.push(this);
    }
    observe() {
      queueMicrotask(() =>
        this.callback({
          getEntriesByName: (name) => paints.filter((paint) => paint === name).map((name) => ({ name })),
        }),
      );
    }
    disconnect() {
      this.disconnected = true;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return observers;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('afterFirstContentfulPaint', () => {
  it('resolves once the first contentful paint is reported, and stops observing', async () => {
    vi.useFakeTimers();
    const observers = fakeObserver(['first-paint', 'first-contentful-paint']);
    let resolved = false;
    const waiting = afterFirstContentfulPaint(1000).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
    await waiting;
    expect(observers.every((observer) => observer.disconnected)).toBe(true);
  });

  it('waits no longer than its cap when no contentful paint comes (a hidden tab)', async () => {
    vi.useFakeTimers();
    fakeObserver(['first-paint']);
    let resolved = false;
    void afterFirstContentfulPaint(1000).then(() => (resolved = true));
    await vi.advanceTimersByTimeAsync(999);
    expect(resolved).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resolved).toBe(true);
  });

  it('waits for the next frame where paints are not reported', async () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    let resolved = false;
    const waiting = afterFirstContentfulPaint(60_000).then(() => (resolved = true));
    await new Promise((settle) => setTimeout(settle, 10));
    expect(resolved).toBe(false);
    frames.forEach((frame) => frame(0));
    await waiting;
    expect(resolved).toBe(true);
  });
});
