import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { checkoutApp, checkoutClient, openSession, PLANS, SESSION_COOKIE } from './checkout-helpers.ts';
import { createTestApp } from './test-app.ts';

const API_KEY = 'test-catalogue-key';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const folders: string[] = [];
afterEach(() => {
  while (folders.length) rmSync(folders.pop()!, { recursive: true, force: true });
});

/** A throw-away client build, shaped as Vite emits one. */
function makeWebRoot() {
  const webRoot = mkdtempSync(join(tmpdir(), 'marquee-web-'));
  folders.push(webRoot);
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>',
  );
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'assets', 'index-abc123.js'),
    'console.log("bundle");\n//# sourceMappingURL=index-abc123.js.map',
  );
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../src/secret-source.ts"]}');
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return webRoot;
}

/** "a b; c d e" → { a: ['b'], c: ['d', 'e'] } */
function directives(csp: string): Record<string, string[]> {
  return Object.fromEntries(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

type Policy = 'base' | 'app' | 'checkout' | 'embed';

/** What every answer carries, page or not, error or not. */
const BASE = {
  'content-security-policy': "default-src 'none';frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/** The headers of one policy, checked against what the policy promises. */
function expectPolicy(response: LightMyRequestResponse, policy: Policy, label = '') {
  const where = `${label} ${response.statusCode} ${response.headers['content-type'] ?? ''}`;
  const csp = directives(String(response.headers['content-security-policy']));
  const scripts = csp['script-src'] ?? csp['default-src'];
  // What pages load and call runs nothing of its own, should one be opened as a page.
  expect(scripts, where).toEqual(policy === 'base' ? ["'none'"] : ["'self'"]);
  expect(csp['object-src'] ?? csp['default-src'], where).toSatisfy((values: string[]) =>
    values.every((value) => value === "'none'" || value === "'self'"),
  );
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(response.headers['cross-origin-resource-policy'], where).toBe('same-origin');
  // Only over TLS (proxies.test.ts and headers-and-limits.test.ts).
  expect(response.headers['strict-transport-security'], where).toBeUndefined();
  if (policy === 'base') {
    for (const [name, value] of Object.entries(BASE)) expect(response.headers[name], `${name} on ${where}`).toBe(value);
    // A page's own headers, which act on documents only, are left off.
    for (const name of ['x-frame-options', 'permissions-policy', 'cross-origin-opener-policy']) {
      expect(response.headers[name], `${name} on ${where}`).toBeUndefined();
    }
    return;
  }
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']).toContain(
    response.headers['referrer-policy'],
  );
  expect(response.headers['cross-origin-opener-policy'], where).toBe('same-origin');
  expect(response.headers['permissions-policy'], where).toBeTruthy();
  if (policy === 'embed') {
    expect(csp['frame-ancestors'], where).toEqual(["'self'"]);
    expect(response.headers['x-frame-options'], where).toBeUndefined();
  } else {
    expect(csp['frame-ancestors'], where).toEqual(["'none'"]);
    expect(response.headers['x-frame-options'], where).toBe('DENY');
  }
  if (policy !== 'app') expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline');
}

/** One answer of each page policy, as the server sends it. */
async function pageHeaders(): Promise<Record<'app' | 'checkout' | 'embed', LightMyRequestResponse['headers']>> {
  const { app } = await createTestApp({ webRoot: makeWebRoot() });
  const get = async (url: string) => (await app.inject({ url, headers: { accept: BROWSER_ACCEPT } })).headers;
  return { app: await get('/'), checkout: await get('/checkout/a/b/c'), embed: await get('/embed/nope') };
}

const cspOf = (headers: LightMyRequestResponse['headers']) => directives(String(headers['content-security-policy']));

describe('the policies', () => {
  it('let the SPA run its own module scripts only, inline styles (Stitches) but never inline scripts', async () => {
    const app = cspOf((await pageHeaders()).app);
    expect(app['script-src']).toEqual(["'self'"]);
    expect(app['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(app['img-src']).toEqual(["'self'", 'data:', 'https://image.tmdb.org']);
    expect(app['media-src']).toEqual(["'self'", 'blob:', 'data:']);
    expect(app['worker-src']).toEqual(["'self'", 'blob:']);
    expect(app['connect-src']).toEqual(["'self'", 'https://api.themoviedb.org']);
    expect(app['frame-src']).toEqual(["'self'", 'https://www.youtube-nocookie.com', 'https://www.youtube.com']);
    expect(app['frame-ancestors']).toEqual(["'none'"]);
  });

  it('keep the checkout page and the player to their own files, with no inline code at all', async () => {
    const pages = await pageHeaders();
    for (const policy of ['checkout', 'embed'] as const) {
      const csp = cspOf(pages[policy]);
      expect(csp['default-src']).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual(["'self'"]);
      expect(csp['style-src']).toEqual(["'self'"]);
    }
    expect(cspOf(pages.embed)['media-src']).toEqual(["'self'"]);
  });
});

/** "a=(), b=(self \"https://x\")" → { a: [], b: ['self', '"https://x"'] } */
function permissions(header: unknown): Record<string, string[]> {
  return Object.fromEntries(
    String(header)
      .split(/,\s*/)
      .map((entry) => {
        const match = /^([a-z-]+)=\(([^)]*)\)$/.exec(entry);
        expect(match, entry).not.toBeNull();
        return [match![1]!, match![2]!.split(/\s+/).filter(Boolean)];
      }),
  );
}

describe('permissions and cross-origin isolation', () => {
  const NEVER = ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial', 'hid', 'midi', 'display-capture'];
  const YOUTUBE = ['"https://www.youtube-nocookie.com"', '"https://www.youtube.com"'];

  it('deny every page the features Marquee never uses, the checkout included', async () => {
    const pages = await pageHeaders();
    for (const policy of ['app', 'checkout', 'embed'] as const) {
      const features = permissions(pages[policy]['permissions-policy']);
      for (const feature of NEVER) expect(features[feature], `${policy} ${feature}`).toEqual([]);
    }
  });

  it('let the player, and the app for the frames it holds, autoplay, go full screen and picture in picture', async () => {
    const pages = await pageHeaders();
    const app = permissions(pages.app['permissions-policy']);
    for (const feature of ['autoplay', 'fullscreen', 'picture-in-picture', 'encrypted-media']) {
      expect(app[feature], feature).toEqual(['self', ...YOUTUBE]);
    }
    const embed = permissions(pages.embed['permissions-policy']);
    expect(embed).toMatchObject({ autoplay: ['self'], fullscreen: ['self'], 'picture-in-picture': ['self'] });
    expect(embed['encrypted-media']).toEqual([]);
    const checkout = permissions(pages.checkout['permissions-policy']);
    expect(checkout).toMatchObject({ autoplay: [], fullscreen: [], 'picture-in-picture': [] });
  });

  it('keep other sites’ windows away (COOP) and our responses out of other sites’ pages (CORP)', async () => {
    const pages = await pageHeaders();
    for (const policy of ['app', 'checkout', 'embed'] as const) {
      expect(pages[policy]['cross-origin-opener-policy']).toBe('same-origin');
      expect(pages[policy]['cross-origin-resource-policy']).toBe('same-origin');
    }
  });
});

describe('source maps', () => {
  it('are not served by default: a request for one is a 404 without its content', async () => {
    const { app } = await createTestApp({ webRoot: makeWebRoot() });
    for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
      const map = await app.inject({ url: '/assets/index-abc123.js.map', headers });
      expect(map.statusCode).toBe(404);
      expect(map.body).not.toContain('secret-source');
      expectPolicy(map, 'base', 'map');
    }
    expect((await app.inject({ url: '/assets/index-abc123.js' })).statusCode).toBe(200);
  });

  it('are served with MARQUEE_SERVE_SOURCE_MAPS=1', async () => {
    const { app } = await createTestApp({ webRoot: makeWebRoot(), serveSourceMaps: true });
    const map = await app.inject({ url: '/assets/index-abc123.js.map' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('secret-source');
  });
});

describe('security headers on every response', () => {
  it('the API: JSON answers, client errors of every kind, and a malformed URL', async () => {
    const { app } = await createTestApp();
    const requests: InjectOptions[] = [
      { url: '/api/auth/session' },
      { url: '/api/documents/products' },
      { method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'application/json' }, payload: '{' },
      { method: 'POST', url: '/api/auth/sign-in', headers: { 'content-type': 'text/plain' }, payload: 'x' },
      { method: 'POST', url: '/api/auth/sign-in', payload: { email: 'nope', password: 'x' } },
      {
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { 'content-type': 'application/json' },
        payload: 'x'.repeat(70_000),
      },
      { url: `/api/documents/customers/${'A'.repeat(28)}/profiles` },
      { url: '/api/unknown' },
      { url: '/api/%E0%A4%A' },
      { method: 'POST', url: '/api/auth/sign-up', headers: { origin: 'https://evil.example' }, payload: {} },
      { url: '/tmdb/3/movie/popular' },
      { url: `/tmdb/3/movie/popular?api_key=${API_KEY}` },
      { url: `/tmdb/3/movie/0?api_key=${API_KEY}` },
      { method: 'HEAD', url: '/api/auth/session' },
    ];
    for (const request of requests)
      expectPolicy(await app.inject(request), 'base', `${request.method ?? 'GET'} ${request.url}`);
  });

  it('a 500 says nothing of the cause and still has the headers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'marquee-test-'));
    folders.push(dataDir);
    const app = await buildApp({ dataDir, webRoot: join(dataDir, 'none'), catalogueApiKey: API_KEY });
    app.get('/api/broken', async () => {
      throw new Error('secret detail');
    });
    try {
      const response = await app.inject({ url: '/api/broken' });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toContain('secret');
      expectPolicy(response, 'base');
    } finally {
      await app.close();
    }
  });

  it('the SPA: index.html at / and at a deep link, its files, a revalidation, a missing file', async () => {
    const { app } = await createTestApp({ webRoot: makeWebRoot() });
    const index = await app.inject({ url: '/', headers: { accept: BROWSER_ACCEPT } });
    expect(index.statusCode).toBe(200);
    expectPolicy(index, 'app', 'index');
    const deepLink = await app.inject({ url: '/change-plan?x=1', headers: { accept: BROWSER_ACCEPT } });
    expect(deepLink.headers['content-type']).toMatch(/^text\/html/);
    expectPolicy(deepLink, 'app', 'deep link');
    const bundle = await app.inject({ url: '/assets/index-abc123.js' });
    expect(bundle.statusCode).toBe(200);
    expectPolicy(bundle, 'base', 'bundle');
    const revalidated = await app.inject({
      url: '/favicon.svg',
      headers: { 'if-none-match': String((await app.inject({ url: '/favicon.svg' })).headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    // Files are not pages: an SVG opened at its own address runs nothing either.
    expectPolicy(revalidated, 'base', '304');
    expectPolicy(await app.inject({ url: '/favicon.svg' }), 'base', 'svg');
    expectPolicy(await app.inject({ url: '/assets/missing.js' }), 'base', 'missing');
    // A page at such an address (the app's "not found") is a page, with a page's headers.
    const pageUnderAssets = await app.inject({ url: '/assets/nope', headers: { accept: BROWSER_ACCEPT } });
    expect(pageUnderAssets.headers['content-type']).toMatch(/^text\/html/);
    expectPolicy(pageUnderAssets, 'app', 'page under /assets');
    expectPolicy(await app.inject({ url: '/../../etc/passwd' }), 'base', 'traversal');
    expectPolicy(await app.inject({ url: '/index.html' }), 'app', 'the page at its own address');
  });

  it('generated images and their 404s', async () => {
    const { app } = await createTestApp();
    const movie = (await app.inject({ url: `/tmdb/3/movie/297762?api_key=${API_KEY}` })).json<{
      poster_path: string;
    }>();
    const image = await app.inject({ url: `/images/t/p/w185${movie.poster_path}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expectPolicy(image, 'base', 'image');
    expectPolicy(await app.inject({ url: `/images/t/p/w93${movie.poster_path}` }), 'base', 'bad size');
    expectPolicy(await app.inject({ url: '/images/t/p/w92/nope.webp' }), 'base', 'bad name');
  });

  it('the player at /embed (framed by our own pages only), its files and the clips it plays', async () => {
    const { app } = await createTestApp();
    const videos = (await app.inject({ url: `/tmdb/3/movie/297762/videos?api_key=${API_KEY}` })).json<{
      results: Array<{ key: string }>;
    }>();
    const page = await app.inject({ url: `/embed/${videos.results[0]!.key}?autoplay=1` });
    expect(page.statusCode).toBe(200);
    expectPolicy(page, 'embed', 'player');
    const html = page.body;
    const assets = [...html.matchAll(/(?:href|src)="(\/embed\/assets\/[^"]+)"/g)].map((match) =>
      match[1]!.replace(/&amp;/g, '&'),
    );
    expect(assets).toHaveLength(2);
    for (const asset of assets) expectPolicy(await app.inject({ url: asset }), 'embed', asset);
    expectPolicy(await app.inject({ url: '/embed/nope' }), 'embed', 'unavailable');
    expectPolicy(await app.inject({ url: '/embed/a/b/c' }), 'embed', 'not found');
    expectPolicy(await app.inject({ url: '/embed/assets/nope.js' }), 'embed', 'missing asset');
    const clip = await app.inject({ url: '/media/videos/action.mp4', headers: { range: 'bytes=0-99' } });
    expect(clip.statusCode).toBe(206);
    expectPolicy(clip, 'embed', 'clip');
    expectPolicy(
      await app.inject({ url: '/media/videos/action.mp4', headers: { range: 'bytes=99999999-' } }),
      'embed',
      '416',
    );
    expectPolicy(await app.inject({ url: '/media/videos/action.jpg' }), 'embed', 'poster');
    expectPolicy(await app.inject({ url: '/media/videos/nope.mp4' }), 'embed', 'missing clip');
  });

  it('the hosted checkout: its page, notices, files, the pay endpoint and its errors', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann, PLANS.basic.price);
    const page = await as.page(session.sessionId);
    expect(page.statusCode).toBe(200);
    expectPolicy(page, 'checkout', 'page');
    const assets = [...page.body.matchAll(/(?:href|src)="(\/checkout\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    // Its stylesheet, its script and the shared card checks the script imports.
    expect(assets).toHaveLength(3);
    for (const asset of assets) expectPolicy(await app.inject({ url: asset }), 'checkout', asset);
    expectPolicy(await checkoutClient(app, null).page(session.sessionId), 'checkout', 'signed out');
    expectPolicy(await as.page('cs_test_nope'), 'checkout', 'unknown');
    expectPolicy(
      await app.inject({ url: '/checkout/a/b/c', headers: { accept: BROWSER_ACCEPT } }),
      'checkout',
      '404 page',
    );
    expectPolicy(
      await as.pay(session.sessionId, { number: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123', name: 'A' }),
      'checkout',
      'declined',
    );
    expectPolicy(await as.pay(session.sessionId, '{'), 'checkout', 'bad JSON');
    const paid = await as.pay(session.sessionId);
    expect(paid.statusCode).toBe(200);
    expectPolicy(paid, 'checkout', 'paid');
    expectPolicy(await as.page(session.sessionId), 'checkout', 'complete');
  });

  it('the checkout documents, including the event stream', async () => {
    const { app, ann, as } = await checkoutApp();
    const session = await openSession(app, ann, PLANS.basic.price);
    await as.pay(session.sessionId);
    const stream = await app.inject({
      url: `/api/documents/customers/${ann.uid}/checkout_sessions/${session.id}/events`,
      cookies: { [SESSION_COOKIE]: ann.token },
    });
    expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
    expectPolicy(stream, 'base', 'events');
    expectPolicy(await as.subscriptions(), 'base', 'subscriptions');
    expectPolicy(await as.create({ price: 1 }), 'base', 'bad request');
  });
});
