import { describe, expect, it } from 'vitest';

import {
  FIRST_SCREEN_ID,
  type FirstScreen,
  imageCandidates,
  requestKey,
  wholeSearchRequest,
} from '../../shared/catalogue/first-screen.ts';
import type { SearchPage } from '../../shared/catalogue/search.ts';
import { catalogueConfig } from '../../src/services/catalogue/catalogue-config.ts';
import { createTmdbCatalogue } from '../../src/services/catalogue/tmdb-catalogue.ts';
import { signedInWebApp } from './web-app.ts';

const INDEX_HTML =
  '<!doctype html><html><head><meta name="viewport" content="width=device-width"><title>Marquee test build</title></head><body><div id="root"></div></body></html>';

const signedInApp = () => signedInWebApp({ 'index.html': INDEX_HTML }, 'search-page@example.com');

const block = (body: string): FirstScreen | undefined => {
  const found = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}">([^<]*)</script>`).exec(body);
  return found ? (JSON.parse(found[1]!) as FirstScreen) : undefined;
};

describe("the search page's first screen", () => {
  it("carries its query's first page of results, which the app's catalogue takes as its answer, and preloads the first card's art", async () => {
    const { app, page } = await signedInApp();
    const response = await page('/search?q=%20nolan%20');
    expect(response.statusCode).toBe(200);
    const data = block(response.body);
    // The query as the search box takes it: trimmed.
    const request = wholeSearchRequest('nolan');
    expect(Object.keys(data!.answers)).toEqual([requestKey(request.path, request.query)]);

    // The same answer the catalogue gives the app's own request for it.
    const catalogue = createTmdbCatalogue({ ...catalogueConfig({} as ImportMetaEnv), firstScreen: data });
    const inlined = await catalogue.findTitles!('nolan');
    const asked = (
      await app.inject({ url: `/tmdb/3/search/whole?query=nolan&language=en-US&api_key=test-catalogue-key` })
    ).json<SearchPage>();
    expect(inlined).toEqual(asked);
    expect(asked.groups.some((group) => group.why.includes('Christopher Nolan'))).toBe(true);

    // The first card the results show: its art, with the card's own candidates and sizes.
    const first = asked.groups.flatMap((group) => group.titles).find((title) => title.backdrop_path)!;
    const art = imageCandidates('/images/t/p', first.backdrop_path!, 'backdrop');
    const preload = /<link rel="preload" as="image"[^>]*>/.exec(response.body)?.[0];
    expect(preload).toContain(`href="${art.src}"`);
    expect(preload).toContain(`imagesizes="${art.sizes}"`);
    // After the viewport's declaration, so the browser picks the phone's candidate.
    expect(response.body.indexOf(preload!)).toBeGreaterThan(response.body.indexOf('name="viewport"'));
  });

  it('has none for an empty query, one the catalogue refuses, or a visitor who is signed out', async () => {
    const { page } = await signedInApp();
    for (const url of ['/search', '/search?q=', '/search?q=%20%20', `/search?q=${'a'.repeat(600)}`]) {
      const response = await page(url);
      expect(response.statusCode, url).toBe(200);
      expect(block(response.body), url).toBeUndefined();
    }
    expect(block((await page('/search?q=nolan', false)).body)).toBeUndefined();
  });

  it('keeps a hostile query inside its data block', async () => {
    const { page } = await signedInApp();
    const query = '</script><img src=x onerror=alert(1)>"&\u2028';
    const response = await page(`/search?${new URLSearchParams({ q: query })}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<img src=x');
    const data = block(response.body)!;
    const request = wholeSearchRequest(query.trim());
    expect(Object.keys(data.answers)).toEqual([requestKey(request.path, request.query)]);
  });
});
