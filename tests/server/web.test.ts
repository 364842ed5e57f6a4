import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import { SESSION_COOKIE } from '../../server/accounts/session-plugin.ts';
import { fillHero, firstScreenVariants, jsonForScript } from '../../server/web/first-screen.ts';
import {
  displayName,
  FIRST_SCREEN_ID,
  type FirstScreen,
  HERO_SLOTS,
  heroText,
  imageCandidates,
  pickHero,
} from '../../shared/catalogue/first-screen.ts';
import { OVERVIEW_LIMITS, truncateOverview } from '../../shared/catalogue/overview-cut.ts';
import { APP_PRELOADS_ID } from '../../shared/web/resource-hints.ts';
import { renderShells } from '../../src/screens/prerender-shells.tsx';
import type { Title } from '../../src/services/catalogue/catalogue.port.ts';
import { catalogueConfig } from '../../src/services/catalogue/catalogue-config.ts';
import { createTmdbCatalogue } from '../../src/services/catalogue/tmdb-catalogue.ts';
import { createTestApp } from './test-app.ts';
import { APP_PRELOADS, signedInWebApp, withoutAppPreloads } from './web-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Marquee test build</title></head><body><div id="root"></div></body></html>';
const APP_JS = 'console.log("marquee test bundle");';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

const webRoots: string[] = [];
afterEach(() => {
  while (webRoots.length) rmSync(webRoots.pop()!, { recursive: true, force: true });
});

/** A throw-away client build: index.html, a hashed bundle under assets/, and extra root files. */
function makeWebRoot(extraRootFiles: Record<string, string> = {}) {
  const webRoot = mkdtempSync(join(tmpdir(), 'marquee-web-'));
  webRoots.push(webRoot);
  writeFileSync(join(webRoot, 'index.html'), INDEX_HTML);
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), APP_JS);
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const [name, content] of Object.entries(extraRootFiles)) writeFileSync(join(webRoot, name), content);
  return webRoot;
}

async function builtApp(extraRootFiles?: Record<string, string>) {
  const { app } = await createTestApp({ webRoot: makeWebRoot(extraRootFiles) });
  return app;
}

function expectIndexHtml(response: LightMyRequestResponse) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toBe(INDEX_HTML);
}

function expectNotFoundJson(response: LightMyRequestResponse, message: RegExp) {
  expect(response.statusCode).toBe(404);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe('not-found');
  expect(body.error.message).toMatch(message);
}

describe('web serving with a client build', () => {
  it('serves index.html at / with cache-control: no-cache', async () => {
    const app = await builtApp();
    expectIndexHtml(await app.inject({ method: 'GET', url: '/', headers: { accept: BROWSER_ACCEPT } }));
  });

  it('revalidates index.html when asked for by name', async () => {
    const app = await builtApp();
    expectIndexHtml(await app.inject({ method: 'GET', url: '/index.html' }));
  });

  it('caches hashed files under /assets for a year, immutably', async () => {
    const app = await builtApp();
    const response = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { accept: '*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.body).toBe(APP_JS);
  });

  it("sends the build's brotli or gzip copy of a file to a browser that accepts it, and the plain file otherwise", async () => {
    const { brotliCompressSync, gzipSync } = await import('node:zlib');
    const webRoot = makeWebRoot();
    writeFileSync(join(webRoot, 'assets', 'app-abc123.js.br'), brotliCompressSync(APP_JS));
    writeFileSync(join(webRoot, 'assets', 'app-abc123.js.gz'), gzipSync(APP_JS));
    const { app } = await createTestApp({ webRoot });

    const brotli = await app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotli.rawPayload.equals(brotliCompressSync(APP_JS))).toBe(true);

    const gzip = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_JS);
  });

  it('revalidates other files at the root', async () => {
    const app = await builtApp();
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('does not cache a root file whose name merely starts with "assets" as immutable', async () => {
    const app = await builtApp({ 'assets-manifest.json': '{}' });
    const response = await app.inject({ method: 'GET', url: '/assets-manifest.json' });
    expect(response.statusCode).toBe(200);
    // Not under /assets/, not hashed: it must be revalidated like every other root file.
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['accept: text/html', 'text/html'],
    ['a browser’s accept header', BROWSER_ACCEPT],
  ])('answers a deep link asked for with %s with index.html (SPA fallback)', async (_label, accept) => {
    const app = await builtApp();
    expectIndexHtml(await app.inject({ method: 'GET', url: '/some/deep/link', headers: { accept } }));
  });

  it('keeps the query string of a deep link out of the way', async () => {
    const app = await builtApp();
    expectIndexHtml(
      await app.inject({ method: 'GET', url: '/browse/tv?genre=drama&page=2', headers: { accept: 'text/html' } }),
    );
  });

  it('answers a deep link that does not ask for HTML with 404 JSON', async () => {
    const app = await builtApp();
    expectNotFoundJson(
      await app.inject({ method: 'GET', url: '/some/deep/link', headers: { accept: 'application/json' } }),
      /No route for GET \/some\/deep\/link/,
    );
  });

  it('answers a missing asset with 404 JSON, not index.html', async () => {
    const app = await builtApp();
    expectNotFoundJson(
      await app.inject({ method: 'GET', url: '/assets/app-missing.js', headers: { accept: '*/*' } }),
      /No route for GET \/assets\/app-missing\.js/,
    );
  });

  it('never falls back to index.html for an API path, even when HTML is asked for', async () => {
    const app = await builtApp();
    expectNotFoundJson(
      await app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } }),
      /No route for GET \/api\/unknown/,
    );
  });

  it('does not fall back to index.html for a POST', async () => {
    const app = await builtApp();
    expectNotFoundJson(
      await app.inject({ method: 'POST', url: '/some/deep/link', headers: { accept: 'text/html' } }),
      /No route for POST \/some\/deep\/link/,
    );
  });

  it('still answers the API', async () => {
    const app = await builtApp();
    const response = await app.inject({ method: 'GET', url: '/api/auth/session', headers: { accept: BROWSER_ACCEPT } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });
});

describe("a signed-in visitor's page names what their first screen needs", () => {
  // A build's manifest as Vite writes it: the entry and the app it imports (both preloaded by
  // index.html itself), the lazy signed-in routes and screens, and a chunk they share.
  const MANIFEST = {
    'index.html': { file: 'assets/index-e1.js', isEntry: true, dynamicImports: ['src/main.tsx'] },
    'src/main.tsx': { file: 'assets/main-m1.js', isDynamicEntry: true, imports: ['_shared-s1.js'] },
    '_shared-s1.js': { file: 'assets/shared-s1.js' },
    '_use-profiles-u1.js': { file: 'assets/use-profiles-u1.js', imports: ['_shared-s1.js'] },
    'src/screens/SignedInRoutes.tsx': {
      file: 'assets/SignedInRoutes-r1.js',
      isDynamicEntry: true,
      imports: ['_shared-s1.js'],
    },
    'src/screens/SignedInTopBar.tsx': {
      file: 'assets/SignedInTopBar-t1.js',
      isDynamicEntry: true,
      imports: ['_shared-s1.js'],
    },
    'src/screens/HomeScreen.tsx': { file: 'assets/HomeScreen-h1.js', isDynamicEntry: true, imports: ['_shared-s1.js'] },
    'src/screens/watching/PlayerScreen.tsx': {
      file: 'assets/PlayerScreen-w1.js',
      isDynamicEntry: true,
      imports: ['_shared-s1.js'],
    },
    'src/screens/SignedOutRoutes.tsx': {
      file: 'assets/SignedOutRoutes-o1.js',
      isDynamicEntry: true,
      imports: ['_shared-s1.js'],
    },
    'src/screens/profiles/ProfilesScreen.tsx': {
      file: 'assets/ProfilesScreen-p1.js',
      isDynamicEntry: true,
      imports: ['_use-profiles-u1.js'],
    },
    'src/screens/account/AccountScreen.tsx': {
      file: 'assets/AccountScreen-a1.js',
      isDynamicEntry: true,
      imports: ['_shared-s1.js'],
    },
    '_entitlements-n1.js': { file: 'assets/entitlements-n1.js' },
    'src/services/account-store/local-membership.ts': {
      file: 'assets/local-membership-l1.js',
      isDynamicEntry: true,
      imports: ['_entitlements-n1.js'],
    },
  };

  async function appWithManifest(random: () => number = () => 0) {
    const webRoot = makeWebRoot();
    mkdirSync(join(webRoot, '.vite'));
    writeFileSync(join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    const { app } = await createTestApp({ webRoot, random });
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'hints@example.com', password: 'secret-password' },
    });
    const token = signUp.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
    const page = (url: string, signedIn: boolean, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url,
        headers: { accept: BROWSER_ACCEPT, ...headers },
        cookies: signedIn ? { [SESSION_COOKIE]: token } : undefined,
      });
    return { app, page };
  }

  /** The page's hints: those it acts on at once, then those of the app's preloads (added after the first screen) as "later …". */
  const hints = (body: string) => {
    const links = (html: string) =>
      [...html.matchAll(/<link rel="(modulepreload|preload)"(?! as="image")[^>]*href="([^"]+)"/g)].map(
        (m) => `${m[1]} ${m[2]}`,
      );
    const later = APP_PRELOADS.exec(body)?.[1] ?? '';
    return [...links(withoutAppPreloads(body)), ...links(later).map((hint) => `later ${hint}`)];
  };

  it("home: the session answer, the signed-in routes', the top bar's and the home screen's chunks; nothing the entry preloads already", async () => {
    const { page } = await appWithManifest();
    const response = await page('/', true);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toBe('accept-encoding, cookie');
    expect(hints(response.body)).toEqual([
      'preload /api/auth/session',
      'later modulepreload /assets/SignedInRoutes-r1.js',
      'later modulepreload /assets/SignedInTopBar-t1.js',
      'later modulepreload /assets/HomeScreen-h1.js',
    ]);
    expect(response.body).toContain('<meta name="marquee-session" content="signed-in">');
  });

  it("preloads the account's profiles with every signed-in page, as a header (the page is shared)", async () => {
    const { page } = await appWithManifest();
    const session = await page('/api/auth/session', true);
    const { user } = session.json() as { user: { uid: string } };
    for (const url of ['/', '/profiles', '/nowhere']) {
      const link = (await page(url, true)).headers.link;
      expect(link, url).toBe(`</api/documents/customers/${user.uid}/profiles>; rel=preload; as=fetch; crossorigin`);
    }
    // The account and plan pages also show the plans, the subscription and the billing history.
    for (const url of ['/account', '/change-plan']) {
      const link = (await page(url, true)).headers.link;
      expect(link, url).toBe(
        [
          `/api/documents/customers/${user.uid}/profiles`,
          '/api/documents/products',
          `/api/documents/customers/${user.uid}/subscriptions`,
          `/api/documents/customers/${user.uid}/invoices`,
        ]
          .map((address) => `<${address}>; rel=preload; as=fetch; crossorigin`)
          .join(', '),
      );
    }
    expect((await page('/', false)).headers.link).toBeUndefined();
    // The address it names is the one the client reads, and it answers this visitor.
    const profiles = await page(`/api/documents/customers/${user.uid}/profiles`, true);
    expect(profiles.statusCode).toBe(200);
  });

  it("another screen gets its own chunk and what it imports; an unknown address only the routes'", async () => {
    const { page } = await appWithManifest();
    expect(hints((await page('/profiles?from=menu', true)).body)).toEqual([
      'preload /api/auth/session',
      'later modulepreload /assets/SignedInRoutes-r1.js',
      'later modulepreload /assets/SignedInTopBar-t1.js',
      'later modulepreload /assets/ProfilesScreen-p1.js',
      'later modulepreload /assets/use-profiles-u1.js',
    ]);
    expect(hints((await page('/nowhere', true)).body)).toEqual([
      'preload /api/auth/session',
      'later modulepreload /assets/SignedInRoutes-r1.js',
      'later modulepreload /assets/SignedInTopBar-t1.js',
    ]);
  });

  it("the account page gets the membership's adapters with its screen, which every other page imports only when used", async () => {
    const { page } = await appWithManifest();
    expect(hints((await page('/account', true)).body)).toEqual([
      'preload /api/auth/session',
      'later modulepreload /assets/SignedInRoutes-r1.js',
      'later modulepreload /assets/SignedInTopBar-t1.js',
      'later modulepreload /assets/AccountScreen-a1.js',
      'later modulepreload /assets/local-membership-l1.js',
      'later modulepreload /assets/entitlements-n1.js',
    ]);
    expect(hints((await page('/', true)).body)).not.toContain('later modulepreload /assets/local-membership-l1.js');
  });

  it("the player page, which shows no top bar, gets the player's chunk, not the top bar's", async () => {
    const { page } = await appWithManifest();
    for (const url of ['/watch/movie/27205', '/watch/tv/1399/1/2']) {
      expect(hints((await page(url, true)).body), url).toEqual([
        'preload /api/auth/session',
        'later modulepreload /assets/SignedInRoutes-r1.js',
        'later modulepreload /assets/PlayerScreen-w1.js',
      ]);
    }
  });

  it("a signed-out visitor (or a session that is no longer valid) gets the page as built, with the signed-out routes' chunk", async () => {
    const { page } = await appWithManifest();
    const preloaded = INDEX_HTML.replace(
      '</head>',
      `<template id="${APP_PRELOADS_ID}"><link rel="modulepreload" crossorigin href="/assets/SignedOutRoutes-o1.js"></template></head>`,
    );
    for (const response of [
      await page('/', false),
      await page('/sign-in', false),
      await page('/', false, { cookie: `${SESSION_COOKIE}=not-a-live-token` }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(preloaded);
    }
    // Signed in, the signed-out routes are not wanted.
    expect(hints((await page('/', true)).body)).not.toContain('later modulepreload /assets/SignedOutRoutes-o1.js');
  });

  it("shows a signed-in visitor the build's signed-in shell, not its landing page; a signed-out visitor the landing page only", async () => {
    const landing =
      '<!--landing-shell--><div id="prerendered-shell" inert><main>Unlimited films</main></div><!--/landing-shell-->';
    const signedInShell = '<div id="prerendered-shell" inert><header>MARQUEE</header></div>';
    const built = INDEX_HTML.replace(
      '<div id="root">',
      `${landing}<template id="signed-in-shell">${signedInShell}</template><div id="root">`,
    );
    const { app } = await createTestApp({ webRoot: makeWebRoot({ 'index.html': built }) });
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'shell@example.com', password: 'secret-password' },
    });
    const token = signUp.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;

    const signedIn = (await app.inject({ method: 'GET', url: '/', cookies: { [SESSION_COOKIE]: token } })).body;
    expect(signedIn).not.toContain('Unlimited films');
    expect(signedIn).not.toContain('<template');
    expect(signedIn).toContain(`${signedInShell}<div id="root"></div>`);
    // The player page is the whole viewport: no top bar, not even its placeholder.
    const player = (
      await app.inject({
        method: 'GET',
        url: '/watch/movie/11',
        headers: { accept: BROWSER_ACCEPT },
        cookies: { [SESSION_COOKIE]: token },
      })
    ).body;
    expect(player).not.toContain('Unlimited films');
    expect(player).not.toContain('MARQUEE');
    expect(player).toContain('<body><div id="root"></div>');

    const signedOut = (await app.inject({ method: 'GET', url: '/' })).body;
    expect(signedOut).toContain(`${landing}<div id="root"></div>`);
    expect(signedOut).not.toContain('MARQUEE');
  });

  it('sends a signed-out visit to / the landing document when the build has one; the app everywhere else', async () => {
    const landing =
      '<!--landing-shell--><div id="prerendered-shell" inert><main>Unlimited films</main></div><!--/landing-shell-->';
    const built = INDEX_HTML.replace('<div id="root">', `${landing}<div id="root">`);
    const landingDocument = '<!doctype html><html><body><main>The landing document</main></body></html>';
    const { page } = await signedInWebApp(
      { 'index.html': built, 'landing.html': landingDocument },
      'landing-document@example.com',
    );
    const get = (url: string, signedIn = false) => page(url, signedIn);

    for (const url of ['/', '/?from=ad']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers.vary).toBe('accept-encoding, cookie');
      expect(response.body).toBe(landingDocument);
    }
    // Signed in: the app, as before.
    expect((await get('/', true)).body).toContain('<div id="root"></div>');
    // Elsewhere signed out: the app's page with its landing page shown until the app renders...
    expect((await get('/account')).body).toContain(`${landing}<div id="root"></div>`);
    // ...but not where the landing document's links go: the app opens a form there.
    for (const url of ['/sign-in', '/sign-up?email=ann%40example.com']) {
      const body = (await get(url)).body;
      expect(body).toContain('<div id="root"></div>');
      expect(body).not.toContain('Unlimited films');
    }
  });

  it('is sent brotli- or gzip-compressed to a browser that accepts it', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { page } = await appWithManifest();
    const plain = (await page('/', true)).body;
    const br = await page('/', true, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await page('/', true, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
  });

  it('answers / with the page whatever the Accept header (curl, a health check)', async () => {
    const { app } = await createTestApp({ webRoot: makeWebRoot() });
    expectIndexHtml(await app.inject({ method: 'GET', url: '/', headers: { accept: '*/*' } }));
  });

  describe("home's page carries its first screen", () => {
    const block = (body: string): FirstScreen | undefined => {
      const found = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}">([^<]*)</script>`).exec(body);
      return found ? (JSON.parse(found[1]!) as FirstScreen) : undefined;
    };
    const imagePreload = (body: string) => {
      const found =
        /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)" imagesrcset="([^"]+)" imagesizes="([^"]+)">/.exec(
          body,
        );
      return found && { src: found[1]!, srcSet: found[2]!, sizes: found[3]! };
    };

    it("inlines the trending page the hero and Trending Now ask for, and preloads the drawn hero's art as the banner will ask for it", async () => {
      const { app, page } = await appWithManifest(() => 0.4);
      const trending = await app.inject({
        method: 'GET',
        url: '/tmdb/3/trending/all/week?language=en-US&api_key=test-catalogue-key',
      });
      const body = (await page('/', true)).body;
      const data = block(body)!;
      expect(data.baseUrl).toBe('/tmdb/3');
      expect(data.answers).toEqual({ '/trending/all/week?language=en-US': trending.json() });

      // The client picks with the server's draw, and its banner asks for exactly the preloaded candidates.
      const hero = pickHero((trending.json() as { results: Title[] }).results, data.heroDraw!)!;
      const catalogue = createTmdbCatalogue({ ...catalogueConfig({} as ImportMetaEnv), firstScreen: data });
      expect(catalogue.heroRandom!()).toBe(data.heroDraw);
      expect(imagePreload(body)).toEqual(catalogue.imageSources(hero.backdrop_path!, 'hero'));
      // The preload comes before the scripts' hints are done with, in the head.
      expect(body.indexOf('as="image"')).toBeLessThan(body.indexOf('</head>'));
    });

    it('draws the hero afresh for each page, and a title address (home under its detail view) gets it too', async () => {
      const draws = [0, 0.99];
      const { page } = await appWithManifest(() => draws.shift() ?? 0.5);
      const first = block((await page('/', true)).body)!;
      const second = block((await page('/title/movie/550', true)).body)!;
      expect(first.heroDraw).toBeLessThan(second.heroDraw!);
      expect(second.answers).toEqual(first.answers);
    });

    it("asks for the art after the viewport's declaration (or the browser picks for a 980 px page), before the scripts", async () => {
      const built = INDEX_HTML.replace(
        '<title>',
        '<meta charset="UTF-8" /><meta name="viewport" content="width=device-width" /><title>',
      ).replace('</head>', '<script type="module" src="/assets/app-abc123.js"></script></head>');
      const { app } = await createTestApp({ webRoot: makeWebRoot({ 'index.html': built }) });
      const signUp = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up',
        payload: { email: 'early@example.com', password: 'secret-password' },
      });
      const token = signUp.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
      const body = (await app.inject({ method: 'GET', url: '/', cookies: { [SESSION_COOKIE]: token } })).body;
      const art = body.indexOf('as="image"');
      expect(art).toBeGreaterThan(body.indexOf('name="viewport"'));
      expect(art).toBeLessThan(body.indexOf('<script type="module"'));
      expect(body.indexOf(FIRST_SCREEN_ID)).toBeLessThan(body.indexOf('</head>'));
    });

    // A search address has its own (web-search.test.ts).
    it('other screens, unknown addresses and signed-out visitors get none', async () => {
      const { page } = await appWithManifest();
      for (const url of ['/profiles', '/nowhere', '/search']) {
        const body = (await page(url, true)).body;
        expect(block(body), url).toBeUndefined();
        expect(imagePreload(body), url).toBeNull();
      }
      expect(block((await page('/', false)).body)).toBeUndefined();
    });

    describe("paints the drawn hero with the page, as the app's banner (the build's template, filled in)", () => {
      // The template the build writes (scripts/vite-prerender-shells.ts), rendered from the app's own banner.
      const heroTemplate = () => `<template id="signed-in-hero">${renderShells().signedInHero}</template>`;
      const heroShell = (body: string) => /<div id="prerendered-hero"[\s\S]*?<\/section><\/div>/.exec(body)?.[0];

      it("signed in, at home and a title's address: the drawn title's name, overview cuts and art, nothing left of the slots", async () => {
        const webRoot = makeWebRoot({
          'index.html': INDEX_HTML.replace('<div id="root">', `${heroTemplate()}<div id="root">`),
        });
        mkdirSync(join(webRoot, '.vite'));
        writeFileSync(join(webRoot, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
        const { app } = await createTestApp({ webRoot, random: () => 0.4 });
        const signUp = await app.inject({
          method: 'POST',
          url: '/api/auth/sign-up',
          payload: { email: 'hero-shell@example.com', password: 'secret-password' },
        });
        const token = signUp.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
        const get = (url: string, signedIn: boolean) =>
          app.inject({
            method: 'GET',
            url,
            headers: { accept: BROWSER_ACCEPT },
            cookies: signedIn ? { [SESSION_COOKIE]: token } : undefined,
          });

        for (const url of ['/', '/title/movie/550']) {
          const body = (await get(url, true)).body;
          const data = block(body)!;
          const hero = pickHero(
            (data.answers['/trending/all/week?language=en-US'] as { results: Title[] }).results,
            data.heroDraw!,
          )!;
          const shell = heroShell(body)!;
          expect(shell, url).toBeDefined();
          expect(body.indexOf(shell)).toBeLessThan(body.indexOf('<div id="root">'));
          // The shell's and hero's templates are used up; only the app's preloads are left for later.
          expect(withoutAppPreloads(body)).not.toContain('<template');
          expect(body).not.toContain('marquee-hero-slot');
          // The art the head preloads, with fetchpriority, as the app's banner asks for it.
          const art = imagePreload(body)!;
          expect(shell).toContain(`src="${art.src}" srcSet="${art.srcSet}" sizes="${art.sizes}"`);
          expect(shell).toContain('fetchPriority="high"');
          const text = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
          expect(shell).toContain(`>${text(displayName(hero))}</h1>`);
          for (const cut of [OVERVIEW_LIMITS.narrow, OVERVIEW_LIMITS.wide]) {
            expect(shell).toContain(`>${text(truncateOverview(hero.overview!, cut))}</span>`);
          }
          expect(shell).toContain(`>${text(hero.overview!)}</span>`);
          // Seen, not usable: the app's banner beneath takes over.
          expect(shell).toMatch(/^<div id="prerendered-hero" inert=""/);
        }

        // Signed out, and other screens: none, and no template either.
        for (const [url, signedIn] of [
          ['/account', false],
          ['/sign-in', false],
          ['/profiles', true],
          ['/nowhere', true],
        ] as const) {
          const body = (await get(url, signedIn)).body;
          expect(heroShell(body), url).toBeUndefined();
          expect(body, url).not.toContain('signed-in-hero');
        }
      });

      it("writes the title's words as text and its art as attributes; a title without an overview, or a template of another shape, gets none", () => {
        const template = renderShells().signedInHero;
        const hostile = heroText({
          name: '</h1><script>alert(1)</script>',
          overview: 'Tom & Jerry <b>',
          backdrop_path: '/a"b&c.webp',
        })!;
        const filled = fillHero(template, hostile);
        expect(filled).not.toContain('<script>');
        expect(filled).toContain('&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
        expect(filled).toContain('>Tom &amp; Jerry &lt;b&gt;</span>');
        expect(filled).toContain('src="/images/t/p/w2560/a&quot;b&amp;c.webp"');
        expect(heroText({ name: 'No overview', overview: '', backdrop_path: '/a.webp' })).toBeUndefined();
        expect(fillHero(template.replace(HERO_SLOTS.wide, ''), hostile)).toBe('');
      });
    });

    it("a section page carries its first row's answers and preloads its first card's art; the client takes them", async () => {
      const { app, page } = await appWithManifest();
      for (const [url, mediaType] of [
        ['/films', 'movie'],
        ['/tv', 'tv'],
      ] as const) {
        const body = (await page(url, true)).body;
        const data = block(body)!;
        expect(data.heroDraw, url).toBeUndefined();
        const genres = await app.inject({
          method: 'GET',
          url: `/tmdb/3/genre/${mediaType}/list?language=en-US&api_key=test-catalogue-key`,
        });
        const first = (genres.json() as { genres: Array<{ id: number }> }).genres[0]!.id;
        const discover = `/discover/${mediaType}?sort_by=popularity.desc&with_genres=${first}&page=1&language=en-US`;
        expect(Object.keys(data.answers), url).toEqual([`/genre/${mediaType}/list?language=en-US`, discover]);
        // The client's catalogue answers the page's first requests from the block, without the network.
        const catalogue = createTmdbCatalogue({ ...catalogueConfig({} as ImportMetaEnv), firstScreen: data });
        expect(await catalogue.genres(mediaType)).toEqual((genres.json() as { genres: unknown[] }).genres);
        const titles = await catalogue.discover(mediaType, { genreId: first });
        expect(titles).toEqual((data.answers[discover] as { results: Title[] }).results);
        const card = titles.find((title) => title.backdrop_path)!;
        expect(imagePreload(body), url).toEqual(catalogue.imageSources(card.backdrop_path!, 'backdrop'));
      }
      const news = block((await page('/new', true)).body)!;
      expect(Object.keys(news.answers)).toEqual(['/movie/now_playing?language=en-US', '/tv/on_the_air?language=en-US']);
      // A genre's grid (?genre=) and a signed-out visit get none.
      expect(block((await page('/films?genre=28', true)).body)).toBeUndefined();
      expect(block((await page('/tv', false)).body)).toBeUndefined();
    });

    it('writes titles that could end the script element or open a comment as escapes JSON reads back', () => {
      const hostile = {
        results: [
          {
            id: 1,
            name: '</script><script>alert(1)</script>',
            overview: '<!-- a & b > c \u2028\u2029',
            backdrop_path: '/a.webp',
          },
        ],
      };
      const text = jsonForScript(hostile);
      expect(text).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(text)).toEqual(hostile);

      const [variant] = firstScreenVariants(hostile)!;
      const script = variant!.head;
      // One element, closed once, with no comment opened inside it.
      expect(script.match(/<\/script/gi)).toHaveLength(1);
      expect(script).not.toContain('<!--');
      expect(block(script)!.answers['/trending/all/week?language=en-US']).toEqual(hostile);
    });

    it('preloads art whose path needs escaping as an attribute, and offers nothing when no title has art', () => {
      const [variant] = firstScreenVariants({ results: [{ backdrop_path: '/a"b&c.webp' }] })!;
      expect(variant!.early).toContain('href="/images/t/p/w2560/a&quot;b&amp;c.webp"');
      expect(firstScreenVariants({ results: [{ backdrop_path: null }] })).toBeUndefined();
      expect(firstScreenVariants({})).toBeUndefined();
      expect(imageCandidates('/i', '/x.webp', 'hero', [1920]).srcSet).toBe(
        '/i/w780/x.webp 780w, /i/w1280/x.webp 1280w, /i/w1920/x.webp 1920w',
      );
    });
  });
});

describe('web serving without a client build', () => {
  it.each(['/', '/some/deep/link'])('answers GET %s for HTML with 404 and says to run npm start', async (url) => {
    // createTestApp's default webRoot is a folder that does not exist.
    const { app } = await createTestApp();
    expectNotFoundJson(await app.inject({ method: 'GET', url, headers: { accept: BROWSER_ACCEPT } }), /npm start/);
  });

  it('treats a webRoot without index.html as not built', async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'marquee-web-'));
    webRoots.push(webRoot);
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'assets', 'app-abc123.js'), APP_JS);
    const { app } = await createTestApp({ webRoot });
    expectNotFoundJson(await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } }), /npm start/);
  });

  it('answers API paths with the usual 404, not the build hint', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } });
    expectNotFoundJson(response, /^No route for GET \/api\/unknown$/);
  });
});
