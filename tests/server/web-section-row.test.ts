import { describe, expect, it } from 'vitest';

import { type CatalogueAnswer, sectionFirstScreen } from '../../server/web/first-screen.ts';
import { fillSectionRow } from '../../server/web/section-first-screen.ts';
import { displayName, FIRST_SCREEN_ID, type FirstScreen } from '../../shared/catalogue/first-screen.ts';
import {
  PAINTED_CARDS,
  PAINTED_SECTIONS,
  SECTION_ROW_SLOTS,
  sectionRowText,
  sectionTemplateId,
} from '../../shared/catalogue/section-first-row.ts';
import { interleave } from '../../shared/catalogue/title-lists.ts';
import { FIRST_SCREEN_CARDS } from '../../src/components/browse/TitleCard.tsx';
import { renderShells } from '../../src/screens/prerender-shells.tsx';
import type { Title } from '../../src/services/catalogue/catalogue.port.ts';
import { catalogueConfig } from '../../src/services/catalogue/catalogue-config.ts';
import { createTmdbCatalogue } from '../../src/services/catalogue/tmdb-catalogue.ts';
import { signedInWebApp, withoutAppPreloads } from './web-app.ts';

/** The templates the build writes into index.html (scripts/vite-prerender-shells.ts), from the app's own components. */
const shells = renderShells();
const templates = PAINTED_SECTIONS.map(
  (path) => `<template id="${sectionTemplateId(path)}">${shells.sectionRows[path]}</template>`,
).join('');
const INDEX_HTML = `<!doctype html><html><head><title>Marquee test build</title></head><body>${templates}<div id="root"></div></body></html>`;

async function signedInApp() {
  const { app, page: ask } = await signedInWebApp({ 'index.html': INDEX_HTML }, 'rows@example.com');
  const page = async (url: string, signedIn = true) => (await ask(url, signedIn)).body;
  return { app, page };
}

const block = (body: string): FirstScreen => {
  const found = new RegExp(`<script type="application/json" id="${FIRST_SCREEN_ID}">([^<]*)</script>`).exec(body);
  return JSON.parse(found![1]!) as FirstScreen;
};
const paintedRow = (body: string) => /<div id="prerendered-row"[\s\S]*?<\/main><\/div>/.exec(body)?.[0];
const cards = (row: string) => [...row.matchAll(/<img ([^>]*)\/>/g)].map(([, attributes]) => attributes!);
const attribute = (img: string, name: string) => new RegExp(` ?${name}="([^"]*)"`).exec(img)?.[1];
const html = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe("a section page's first row, painted with the page", () => {
  it("signed in at TV Shows, Films and New & Popular: the app's heading and first row, its titles and art as the client shows them", async () => {
    const { page } = await signedInApp();
    for (const [url, heading] of [
      ['/tv', 'TV Shows'],
      ['/films', 'Films'],
      ['/new', 'New &amp; Popular'],
    ] as const) {
      const body = await page(url);
      const row = paintedRow(body)!;
      expect(row, url).toBeDefined();
      expect(body.indexOf(row)).toBeLessThan(body.indexOf('<div id="root">'));
      expect(withoutAppPreloads(body), url).not.toContain('<template');
      expect(body, url).not.toContain('marquee-row-slot');
      // Seen, not usable: the app's page beneath takes over.
      expect(row).toMatch(/^<div id="prerendered-row" inert=""/);
      expect(row).toContain(`>${heading}</h1>`);

      // The row the client's own catalogue makes of the inlined answers: its heading, its titles with art.
      const data = block(body);
      const catalogue = createTmdbCatalogue({ ...catalogueConfig({} as ImportMetaEnv), firstScreen: data });
      let rowHeading: string;
      let titles: Title[];
      if (url === '/new') {
        rowHeading = 'New on Marquee';
        titles = interleave(await Promise.all([catalogue.list('nowPlayingMovies'), catalogue.list('onTheAirTv')]));
      } else {
        const mediaType = url === '/tv' ? 'tv' : 'movie';
        const [genre] = await catalogue.genres(mediaType);
        rowHeading = genre!.name;
        titles = await catalogue.discover(mediaType, { genreId: genre!.id });
      }
      expect(row).toContain(`>${html(rowHeading)}</h2>`);
      const shown = titles.filter((title) => title.backdrop_path).slice(0, PAINTED_CARDS);
      const painted = cards(row);
      expect(painted.length, url).toBe(Math.min(PAINTED_CARDS, shown.length));
      expect(painted.length, url).toBeGreaterThan(0);
      painted.forEach((img, index) => {
        const title = shown[index]!;
        const art = catalogue.imageSources(title.backdrop_path!, 'backdrop');
        expect(attribute(img, 'alt')).toBe(html(displayName(title)));
        expect(attribute(img, 'src')).toBe(art.src);
        expect(attribute(img, 'srcSet')).toBe(art.srcSet);
        expect(attribute(img, 'sizes')).toBe(art.sizes);
        // The cards a first screen shows load with the page; the first is the preloaded one, ahead of all.
        expect(attribute(img, 'loading'), `${url} card ${index}`).toBe(index < FIRST_SCREEN_CARDS ? undefined : 'lazy');
        expect(attribute(img, 'fetchPriority')).toBe(index === 0 ? 'high' : undefined);
      });
      expect(body).toContain(
        `<link rel="preload" as="image" fetchpriority="high" href="${attribute(painted[0]!, 'src')}"`,
      );
    }
  });

  it('a genre grid, other screens and signed-out visits get no painted row, and no template', async () => {
    const { page } = await signedInApp();
    for (const [url, signedIn] of [
      ['/tv?genre=18', true],
      ['/films?genre=', true],
      ['/', true],
      ['/profiles', true],
      ['/nowhere', true],
      ['/tv', false],
      ['/new', false],
      ['/sign-in', false],
    ] as const) {
      const body = await page(url, signedIn);
      expect(paintedRow(body), url).toBeUndefined();
      expect(body, url).not.toContain('signed-in-section');
      expect(body, url).not.toContain('marquee-row-slot');
    }
  });

  it('writes hostile names as escaped attribute and text, paints only the cards it has, and a template of another shape gets none', () => {
    const template = shells.sectionRows['/tv'];
    const hostile = sectionRowText('</h2><script>alert(1)</script>', [
      { name: '</script><script>alert(1)</script>', backdrop_path: '/a.webp' },
      { name: 'No art', backdrop_path: null },
      { title: '"><img src=x onerror=alert(1)>', backdrop_path: '/b"c&d.webp' },
      { name: 'It\'s "quoted" & <b>bold</b>', backdrop_path: '/e.webp' },
    ]);
    const filled = fillSectionRow(template, hostile);
    expect(filled).not.toContain('<script>');
    expect(filled).not.toContain('<img src=x');
    expect(filled).not.toContain('marquee-row-slot');
    expect(filled).toContain('>&lt;/h2&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h2>');
    const painted = cards(filled);
    // The title without art is left out, as the app's row leaves it out.
    expect(painted.map((img) => attribute(img, 'alt'))).toEqual([
      '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;',
      "It's &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;",
    ]);
    expect(attribute(painted[1]!, 'src')).toBe('/images/t/p/w780/b&quot;c&amp;d.webp');
    // New & Popular's heading is the build's; a row naming one for it, or a changed template, paints nothing.
    expect(fillSectionRow(shells.sectionRows['/new'], hostile)).toBe('');
    expect(fillSectionRow(template.replace(SECTION_ROW_SLOTS.srcSet, ''), hostile)).toBe('');
    expect(fillSectionRow('<div>other</div>', hostile)).toBe('');
  });

  it('makes the row from whatever the catalogue answers: hostile names escaped in the preload, no cards without art', async () => {
    const answers: Record<string, unknown> = {
      '/genre/tv/list': { genres: [{ id: 7, name: 'Crime & "<Noir>"' }] },
      '/discover/tv': { results: [{ id: 1, name: 'x', backdrop_path: '/q"<.webp' }] },
      '/movie/now_playing': { results: [{ id: 1, title: 'No art' }] },
      '/tv/on_the_air': {},
    };
    const answer: CatalogueAnswer = async ({ path }) => answers[path];
    const tv = (await sectionFirstScreen('/tv', answer))!;
    expect(tv.row).toEqual({
      heading: 'Crime & "<Noir>"',
      cards: [{ title: 'x', src: '/images/t/p/w780/q"<.webp', srcSet: expect.any(String) }],
    });
    expect(tv.early).toContain('href="/images/t/p/w780/q&quot;&lt;.webp"');
    // New & Popular with nothing to show: no row, no preload, the answers all the same.
    const news = (await sectionFirstScreen('/new', answer))!;
    expect(news.row).toBeUndefined();
    expect(news.early).toBe('');
    expect(Object.keys(block(news.head).answers)).toHaveLength(2);
    expect(await sectionFirstScreen('/my-list', answer)).toBeUndefined();
  });
});
