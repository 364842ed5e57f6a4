import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Metric } from 'web-vitals';

import { createLocalMetrics, type WebVitalsLibrary } from '../../../src/services/metrics/local-metrics.ts';

type Callback = (metric: Metric) => void;

/** A stand-in for the web-vitals library that hands each registered callback back to the test. */
function fakeVitals() {
  const callbacks = new Map<Metric['name'], Callback>();
  const library: WebVitalsLibrary = {
    onLCP: (callback) => void callbacks.set('LCP', callback),
    onINP: (callback) => void callbacks.set('INP', callback),
    onCLS: (callback) => void callbacks.set('CLS', callback),
    onFCP: (callback) => void callbacks.set('FCP', callback),
    onTTFB: (callback) => void callbacks.set('TTFB', callback),
  };
  const loadVitals = vi.fn(async () => library);
  const report = (name: Metric['name'], value: number, rating: Metric['rating'] = 'good') =>
    callbacks.get(name)!({
      name,
      value,
      rating,
      delta: value,
      id: `v5-${name}-1`,
      entries: [],
      navigationType: 'navigate',
    });
  return { callbacks, loadVitals, report };
}

/** Lets the library's promise settle. */
const loaded = () => new Promise((resolve) => setTimeout(resolve, 0));

const sendBeacon = vi.fn<(url: string, data?: BodyInit | null) => boolean>();
const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));

beforeEach(() => {
  window.history.replaceState(null, '', '/profiles?tab=1#top');
  sendBeacon.mockReset().mockReturnValue(true);
  fetchMock.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true, writable: true });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('local metrics', () => {
  it('loads the web-vitals library only when started, and only once', async () => {
    const vitals = fakeVitals();
    const metrics = createLocalMetrics({ loadVitals: vitals.loadVitals });
    expect(vitals.loadVitals).not.toHaveBeenCalled();

    metrics.start();
    metrics.start();
    await loaded();
    expect(vitals.loadVitals).toHaveBeenCalledTimes(1);
    expect([...vitals.callbacks.keys()].sort()).toEqual(['CLS', 'FCP', 'INP', 'LCP', 'TTFB']);
  });

  it('sends each metric as a JSON beacon to /api/metrics, with the path the visit began on', async () => {
    const vitals = fakeVitals();
    createLocalMetrics({ loadVitals: vitals.loadVitals }).start();
    await loaded();
    // The app navigated since: the report still names the page that was loaded.
    window.history.pushState(null, '', '/account');

    vitals.report('LCP', 1830.4, 'good');
    vitals.report('CLS', 0.31, 'poor');

    expect(sendBeacon).toHaveBeenCalledTimes(2);
    const [url, blob] = sendBeacon.mock.calls[0]!;
    expect(url).toBe('/api/metrics');
    expect(blob).toBeInstanceOf(Blob);
    expect((blob as Blob).type).toBe('application/json');
    expect(JSON.parse(await (blob as Blob).text())).toEqual({
      name: 'LCP',
      value: 1830.4,
      rating: 'good',
      navigationType: 'navigate',
      page: '/profiles',
      id: 'v5-LCP-1',
    });
    expect(JSON.parse(await (sendBeacon.mock.calls[1]![1] as Blob).text())).toMatchObject({
      name: 'CLS',
      value: 0.31,
      rating: 'poor',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('falls back to a keepalive fetch when the beacon is refused', async () => {
    sendBeacon.mockReturnValue(false);
    const vitals = fakeVitals();
    createLocalMetrics({ loadVitals: vitals.loadVitals, endpoint: '/metrics-here' }).start();
    await loaded();

    vitals.report('TTFB', 42);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/metrics-here');
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' } });
    expect(JSON.parse(String(init!.body))).toMatchObject({ name: 'TTFB', value: 42, page: '/profiles' });
  });

  it('falls back to fetch where there is no sendBeacon, or it throws', async () => {
    const vitals = fakeVitals();
    createLocalMetrics({ loadVitals: vitals.loadVitals }).start();
    await loaded();

    Reflect.deleteProperty(navigator, 'sendBeacon');
    vitals.report('FCP', 900);
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: () => {
        throw new TypeError('beacons are off');
      },
    });
    vitals.report('INP', 56);

    expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init!.body)).name)).toEqual(['FCP', 'INP']);
  });

  it('never throws into the page: not when the library fails to load, nor when sending fails', async () => {
    const failing = createLocalMetrics({ loadVitals: () => Promise.reject(new Error('chunk failed')) });
    expect(() => failing.start()).not.toThrow();
    await loaded();

    sendBeacon.mockReturnValue(false);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const vitals = fakeVitals();
    createLocalMetrics({ loadVitals: vitals.loadVitals }).start();
    await loaded();
    expect(() => vitals.report('LCP', 1000)).not.toThrow();
    await loaded();
  });
});
