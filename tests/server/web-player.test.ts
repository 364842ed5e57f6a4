import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';

import { fillPlayer } from '../../server/web/player-first-screen.ts';
import { FIRST_SCREEN_ID, type FirstScreen } from '../../shared/catalogue/first-screen.ts';
import { PLAYER_SLOTS, PLAYER_TEMPLATE_ID, REFUSAL_TEMPLATE_ID } from '../../shared/watching/player-first-screen.ts';
import { programmeLoader } from '../../src/screens/watching/player-logic.ts';
import { renderPlayerShell, renderRefusalShell } from '../../src/screens/watching/prerender-player.tsx';
import { catalogueConfig } from '../../src/services/catalogue/catalogue-config.ts';
import { createTmdbCatalogue } from '../../src/services/catalogue/tmdb-catalogue.ts';
import { checkoutClient, openSession, SESSION_COOKIE } from './checkout-helpers.ts';
import { APP_PRELOADS, signedInWebApp, withoutAppPreloads } from './web-app.ts';

// The player page's first screen (server/web/player-first-screen.ts): the build's player with slots,
// filled in with the programme's title, and the programme's details inlined for the client; for an
// account without a plan, the build's "Choose a plan" refusal instead.

const MANIFEST = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true },
  'src/screens/SignedInRoutes.tsx': { file: 'assets/SignedInRoutes-r1.js', isDynamicEntry: true },
  'src/screens/watching/PlayerScreen.tsx': { file: 'assets/PlayerScreen-w1.js', isDynamicEntry: true },
  'src/services/playback/hls-playback.ts': {
    file: 'assets/hls-playback-p1.js',
    isDynamicEntry: true,
    dynamicImports: ['node_modules/hls.js/dist/hls.mjs'],
  },
  'node_modules/hls.js/dist/hls.mjs': { file: 'assets/hls-h1.js', isDynamicEntry: true },
};
/** The app's preloads a page carries (added once its first screen is on screen). */
const appPreloads = (body: string) => APP_PRELOADS.exec(body)?.[1] ?? '';
const PLAYBACK_PRELOADS = [
  '<link rel="modulepreload" crossorigin href="/assets/hls-playback-p1.js">',
  '<link rel="modulepreload" crossorigin href="/assets/hls-h1.js">',
];

/**
 * A build whose index.html has the player's and the refusal's templates, as
 * scripts/vite-prerender-shells.ts writes them, and a signed-in account: a member (the Standard
 * plan paid with the test card) unless `member` is false.
 */
async function builtApp({ member = true } = {}) {
  const { app, page, customer } = await signedInWebApp(
    {
      'index.html':
        '<!doctype html><html><head><title>Marquee test build</title></head><body>' +
        `<template id="${PLAYER_TEMPLATE_ID}">${renderPlayerShell()}</template>` +
        `<template id="${REFUSAL_TEMPLATE_ID}">${renderRefusalShell()}</template><div id="root"></div></body></html>`,
      '.vite/manifest.json': JSON.stringify(MANIFEST),
    },
    'player-paint@example.com',
  );
  if (member) {
    const session = await openSession(app, customer);
    expect((await checkoutClient(app, customer).pay(session.sessionId)).statusCode).toBe(200);
  }
  /** The first film and series trending, as the catalogue answers them. */
  const trending = async () => {
    const answer = await app.inject({
      method: 'GET',
      url: '/tmdb/3/trending/all/week?language=en-US&api_key=test-catalogue-key',
    });
    const results = (answer.json() as { results: Array<{ id: number; media_type: string }> }).results;
    return {
      film: results.find((title) => title.media_type === 'movie')!.id,
      series: results.find((title) => title.media_type === 'tv')!.id,
    };
  };
  return { app, page, customer, trending };
}

const block = (body: string): FirstScreen | undefined => {
  const found = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}">([^<]*)</script>`).exec(body);
  return found ? (JSON.parse(found[1]!) as FirstScreen) : undefined;
};
const shellOf = (body: string) =>
  /<div id="prerendered-player"[\s\S]*?<\/main><span data-prerendered-end hidden><\/span><\/div>/.exec(body)?.[0];
const REFUSAL_HEADING = /<h1 id="playback-refusal-heading"[^>]*>Choose a plan to start watching<\/h1>/;
const text = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe("the player page's first screen", () => {
  it("paints a film's player with its title, and carries its details as the client asks for them", async () => {
    const { page, trending } = await builtApp();
    const { film } = await trending();
    const response = await page(`/watch/movie/${film}?t=83`);
    expect(response.statusCode).toBe(200);
    const body = response.body;
    const data = block(body)!;
    const key = `/movie/${film}?append_to_response=credits%2Csimilar%2Crelease_dates`;
    expect(Object.keys(data.answers)).toEqual([key]);

    // The client's player takes the inlined answer without the network, and shows the painted title.
    const catalogue = createTmdbCatalogue({ ...catalogueConfig({} as ImportMetaEnv), firstScreen: data });
    const loading = createActor(programmeLoader(catalogue), { input: { mediaType: 'movie', id: film, episode: null } });
    loading.start();
    const programme = await toPromise(loading);
    expect(programme.title.length).toBeGreaterThan(0);

    const shell = shellOf(body)!;
    expect(shell).toMatch(/^<div id="prerendered-player" inert=""/);
    expect(body.indexOf(shell)).toBeLessThan(body.indexOf('<div id="root">'));
    expect(shell).toContain(`<h1 class="${/<h1 class="([^"]+)"/.exec(shell)![1]}">${text(programme.title)}<span`);
    expect(shell).toContain(`aria-label="${text(programme.title)}"`);
    // A film has no episode line: its element is empty.
    expect(shell).toMatch(/<span class="[^"]+"><\/span><\/h1>/);
    expect(withoutAppPreloads(body)).not.toContain('<template');
    expect(body).not.toContain('marquee-player-slot');
    // It will play: the playback code (the HLS adapter, hls.js) comes among the app's preloads.
    for (const link of PLAYBACK_PRELOADS) expect(appPreloads(body)).toContain(link);
  });

  it("paints an episode's title and episode line (the first episode when the address names none)", async () => {
    const { app, page, trending } = await builtApp();
    const { series } = await trending();
    const details = await app.inject({ method: 'GET', url: `/tmdb/3/tv/${series}?api_key=test-catalogue-key` });
    const name = (details.json() as { name: string }).name;
    for (const [url, line] of [
      [`/watch/tv/${series}/1/2`, 'S1:E2 Episode 2'],
      [`/watch/tv/${series}`, 'S1:E1 Episode 1'],
    ] as const) {
      const body = (await page(url)).body;
      const shell = shellOf(body)!;
      expect(shell, url).toMatch(
        new RegExp(`>${text(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}<span class="[^"]+">${line}</span></h1>`),
      );
      expect(Object.keys(block(body)!.answers), url).toEqual([
        `/tv/${series}?append_to_response=credits%2Csimilar%2Ccontent_ratings`,
      ]);
    }
  });

  it('paints nothing, and never fails, for an address that is no programme, an unknown one, or a visitor signed out', async () => {
    const { page, trending } = await builtApp();
    const { film } = await trending();
    for (const url of [
      '/watch/movie/999999999',
      '/watch/movie/abc',
      '/watch/person/5',
      `/watch/movie/${film}/1/2`,
      '/watch/tv/0',
      '/watch/',
    ]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(shellOf(response.body), url).toBeUndefined();
      expect(block(response.body), url).toBeUndefined();
      expect(withoutAppPreloads(response.body), url).not.toContain('<template');
    }
    // An address that is not even a URL (Fastify's own clear 400).
    expect((await page('/watch/movie/%E0')).statusCode).toBe(400);
    const signedOut = (await page(`/watch/movie/${film}`, false)).body;
    expect(shellOf(signedOut)).toBeUndefined();
    expect(signedOut).not.toContain(PLAYER_TEMPLATE_ID);
    // Other pages never carry the player's template.
    for (const url of ['/', '/profiles', '/nowhere']) {
      expect(withoutAppPreloads((await page(url)).body), url).not.toContain('<template');
    }
  });

  it('paints the "Choose a plan" refusal instead of the player for an account without a plan, and the player once it has one', async () => {
    const { app, page, customer, trending } = await builtApp({ member: false });
    const { film, series } = await trending();
    for (const url of [`/watch/movie/${film}`, `/watch/tv/${series}/1/2`]) {
      const body = (await page(url)).body;
      const shell = shellOf(body)!;
      // In the player's place (the same element, which the app replaces the same way), before the app's root.
      expect(shell, url).toMatch(/^<div id="prerendered-player" inert=""/);
      expect(body.indexOf(shell), url).toBeLessThan(body.indexOf('<div id="root">'));
      expect(shell, url).toMatch(REFUSAL_HEADING);
      expect(shell, url).toContain('href="/change-plan"');
      expect(shell, url).not.toContain('<video');
      // Its own CSS, the player's is not there; nor is the programme's data (the page names none).
      expect(shell, url).toContain('<style>');
      expect(block(body), url).toBeUndefined();
      expect(withoutAppPreloads(body), url).not.toContain('<template');
      // Nothing will play: no playback code.
      expect(appPreloads(body), url).not.toContain('hls');
    }
    // An address that is no programme gets no paint, as for a member: the app says so itself.
    expect(shellOf((await page('/watch/movie/999999999')).body)).toBeUndefined();
    // The grant answers the same: the refusal the server painted is the one the page will show.
    const grant = await app.inject({
      method: 'POST',
      url: '/api/playback/grants',
      cookies: { [SESSION_COOKIE]: customer.token },
      payload: { media_type: 'movie', id: film },
    });
    expect(grant.json()).toMatchObject({ error: { code: 'no-membership' } });

    const session = await openSession(app, customer);
    expect((await checkoutClient(app, customer).pay(session.sessionId)).statusCode).toBe(200);
    const body = (await page(`/watch/movie/${film}`)).body;
    expect(body).not.toMatch(REFUSAL_HEADING);
    expect(shellOf(body)).toContain('<video');
    expect(block(body)).toBeDefined();
    for (const link of PLAYBACK_PRELOADS) expect(appPreloads(body)).toContain(link);
  });

  it('writes the title as text and as an attribute; a template without its slots gets none', () => {
    const template = renderPlayerShell();
    const filled = fillPlayer(template, { title: '</h1><script>alert(1)</script> "Tom & Jerry"', episodeLine: '' });
    expect(filled).not.toContain('<script>');
    expect(filled).toContain('&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Tom &amp; Jerry&quot;<span');
    expect(filled).toContain(
      'aria-label="&lt;/h1&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Tom &amp; Jerry&quot;"',
    );
    expect(fillPlayer(template.replace(PLAYER_SLOTS.episodeLine, ''), { title: 'A', episodeLine: '' })).toBe('');
  });
});
