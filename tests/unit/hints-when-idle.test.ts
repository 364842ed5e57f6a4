import { afterEach, describe, expect, it, vi } from 'vitest';

import { addHintsWhenIdle } from '../../src/hints-when-idle';

/** A page carrying a template of `count` prefetch links under `id`, as the server writes it. */
function templateOf(id: string, count: number): void {
  const links = Array.from({ length: count }, (_, i) => `<link rel="prefetch" href="/assets/chunk-${i}.js">`).join('');
  document.body.insertAdjacentHTML('beforeend', `<template id="${id}">${links}</template>`);
}

const hintsInHead = () => document.head.querySelectorAll('link[rel="prefetch"]').length;

/** requestIdleCallback held by the test: `idle(ms)` runs the next callback with `ms` of idle time, spent at 1 ms a hint. */
function heldIdleCallbacks() {
  const waiting: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => waiting.push(callback));
  return {
    get waiting() {
      return waiting.length;
    },
    idle(ms: number) {
      const callback = waiting.shift()!;
      const startedWith = hintsInHead();
      callback({ didTimeout: false, timeRemaining: () => Math.max(0, ms - (hintsInHead() - startedWith)) });
    },
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const link of document.head.querySelectorAll('link[rel="prefetch"]')) link.remove();
});

describe('addHintsWhenIdle', () => {
  it('adds the hints a slice per idle period, as many as its time allows, until all are in the head', () => {
    templateOf('screens-prefetch', 12);
    const idle = heldIdleCallbacks();
    addHintsWhenIdle('screens-prefetch');
    expect(document.getElementById('screens-prefetch')).toBeNull();
    expect(hintsInHead()).toBe(0);

    idle.idle(5);
    // Added while more than 1 ms was left: 5, 4, 3 and 2 ms.
    expect(hintsInHead()).toBe(4);
    idle.idle(0);
    // A period with no time left still adds one, so the hints always arrive.
    expect(hintsInHead()).toBe(5);
    idle.idle(50);
    expect(hintsInHead()).toBe(12);
    expect(idle.waiting).toBe(0);
  });

  it('adds one per turn where the browser has no idle callbacks', () => {
    vi.useFakeTimers();
    expect('requestIdleCallback' in window).toBe(false); // jsdom has none, as Safari
    templateOf('screens-prefetch', 20);
    addHintsWhenIdle('screens-prefetch');
    vi.advanceTimersToNextTimer();
    expect(hintsInHead()).toBe(1);
    vi.advanceTimersToNextTimer();
    expect(hintsInHead()).toBe(2);
    vi.runAllTimers();
    expect(hintsInHead()).toBe(20);
  });

  it('does nothing for a page without the template', () => {
    const idle = heldIdleCallbacks();
    addHintsWhenIdle('screens-prefetch');
    expect(idle.waiting).toBe(0);
    expect(hintsInHead()).toBe(0);
  });
});
