import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import { createTestApp } from './test-app.ts';

const REPORT = {
  name: 'LCP',
  value: 1234.5,
  rating: 'needs-improvement',
  navigationType: 'navigate',
  page: '/profiles',
  id: 'v5-1700000000000-1234567890123',
};

const START = Date.UTC(2026, 10, 22, 12, 0, 0);
const MINUTE = 60_000;

/** A clock the test moves by hand. */
function manualClock(start = START) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

const post = (app: FastifyInstance, payload: unknown, options: Partial<InjectOptions> = {}) =>
  app.inject({ method: 'POST', url: '/api/metrics', payload: payload as InjectOptions['payload'], ...options });

interface Row {
  name: string;
  value: number;
  rating: string;
  navigation_type: string;
  page: string;
  metric_id: string;
  received_at: number;
}

const rows = (app: FastifyInstance) => app.db.prepare('SELECT * FROM web_vitals ORDER BY rowid').all() as Row[];

describe('POST /api/metrics', () => {
  it('stores a valid report with the time it arrived and answers 204 with no body', async () => {
    const clock = manualClock();
    const { app } = await createTestApp({ now: clock.now });
    const response = await post(app, REPORT);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(rows(app)).toEqual([
      {
        name: 'LCP',
        value: 1234.5,
        rating: 'needs-improvement',
        navigation_type: 'navigate',
        page: '/profiles',
        metric_id: REPORT.id,
        received_at: START,
      },
    ]);
  });

  it('accepts each of the five metrics, signed out, as sendBeacon sends them (a JSON Blob)', async () => {
    const { app } = await createTestApp();
    for (const [name, value] of [
      ['LCP', 2100],
      ['INP', 64],
      ['CLS', 0.013],
      ['FCP', 900],
      ['TTFB', 0],
    ] as const) {
      const response = await post(app, JSON.stringify({ ...REPORT, name, value }), {
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, name).toBe(204);
    }
    expect(rows(app).map((row) => [row.name, row.value])).toEqual([
      ['LCP', 2100],
      ['INP', 64],
      ['CLS', 0.013],
      ['FCP', 900],
      ['TTFB', 0],
    ]);
  });

  const invalid: Array<[string, Record<string, unknown>]> = [
    ['an unknown metric name', { name: 'FID' }],
    ['a lower-case metric name', { name: 'lcp' }],
    ['a negative value', { value: -1 }],
    ['a value that is not a number', { value: 'fast' }],
    ['a value given as a string', { value: '1234' }],
    ['a null value', { value: null }],
    ['a timing over ten minutes', { value: 600_001 }],
    ['a layout shift over 100', { name: 'CLS', value: 101 }],
    ['an unknown rating', { rating: 'ok' }],
    ['an unknown navigation type', { navigationType: 'teleport' }],
    ['an empty page', { page: '' }],
    ['a page that is not a path', { page: 'https://example.com/' }],
    ['a page over 200 characters', { page: `/${'a'.repeat(200)}` }],
    ['an empty id', { id: '' }],
    ['an id with spaces', { id: 'v5 1 2' }],
    ['an id over 100 characters', { id: 'a'.repeat(101) }],
    ['a field it does not know', { entries: [{ startTime: 1 }] }],
  ];
  it.each(invalid)('refuses %s with 400 and stores nothing', async (_label, change) => {
    const { app } = await createTestApp();
    const response = await post(app, { ...REPORT, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: { code: 'invalid-argument' } });
    expect(rows(app)).toEqual([]);
  });

  it.each(Object.keys(REPORT))('refuses a report without its %s', async (field) => {
    const { app } = await createTestApp();
    const report: Record<string, unknown> = { ...REPORT };
    delete report[field];
    expect((await post(app, report)).statusCode).toBe(400);
    expect(rows(app)).toEqual([]);
  });

  it('refuses an infinite value (1e400 parses to Infinity)', async () => {
    const { app } = await createTestApp();
    const body = JSON.stringify(REPORT).replace('1234.5', '1e400');
    const response = await post(app, body, { headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    expect(rows(app)).toEqual([]);
  });

  it('accepts a page of exactly 200 characters', async () => {
    const { app } = await createTestApp();
    expect((await post(app, { ...REPORT, page: `/${'a'.repeat(199)}` })).statusCode).toBe(204);
  });

  it('refuses an oversized body with 413 before reading it', async () => {
    const { app } = await createTestApp();
    const response = await post(app, { ...REPORT, padding: 'x'.repeat(4096) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'payload-too-large' } });
    expect(rows(app)).toEqual([]);
  });

  it('refuses a body that is not JSON', async () => {
    const { app } = await createTestApp();
    expect((await post(app, 'name=LCP', { headers: { 'content-type': 'text/plain' } })).statusCode).toBe(415);
    expect((await post(app, '{"name":', { headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect(rows(app)).toEqual([]);
  });

  it('allows 120 reports a minute per client address, then answers 429 until the minute is over', async () => {
    const clock = manualClock();
    const { app } = await createTestApp({ now: clock.now });
    const from = (remoteAddress: string, payload: unknown = REPORT) => post(app, payload, { remoteAddress });

    for (let i = 0; i < 120; i++) expect((await from('192.0.2.1')).statusCode).toBe(204);
    const refused = await from('192.0.2.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: { code: 'too-many-requests' } });
    expect(refused.headers['retry-after']).toBe('60');
    // Malformed reports count too, and are refused the same way once the limit is reached.
    expect((await from('192.0.2.1', { name: 'nope' })).statusCode).toBe(429);
    // Another address has its own allowance.
    expect((await from('192.0.2.2')).statusCode).toBe(204);
    expect(rows(app)).toHaveLength(121);

    clock.advance(30_000);
    expect((await from('192.0.2.1')).headers['retry-after']).toBe('30');
    clock.advance(30_000);
    expect((await from('192.0.2.1')).statusCode).toBe(204);
  });

  it('keeps reports across a restart, and removes those older than 90 days at start', async () => {
    const clock = manualClock();
    const first = await createTestApp({ now: clock.now });
    expect((await post(first.app, REPORT)).statusCode).toBe(204);
    clock.advance(MINUTE);
    expect((await post(first.app, { ...REPORT, name: 'CLS', value: 0.2, rating: 'poor' })).statusCode).toBe(204);
    await first.app.close();

    const again = await createTestApp({ dataDir: first.dataDir, now: clock.now });
    expect(rows(again.app).map((row) => [row.name, row.received_at])).toEqual([
      ['LCP', START],
      ['CLS', START + MINUTE],
    ]);
    await again.app.close();

    clock.advance(90 * 24 * 60 * MINUTE);
    const later = await createTestApp({ dataDir: first.dataDir, now: clock.now });
    expect(rows(later.app).map((row) => row.name)).toEqual(['CLS']);
  });
});
