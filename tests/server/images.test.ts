import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify from 'fastify';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';

import type { CatalogueTitle, MediaType } from '../../server/catalogue/catalogue-title.ts';
import { renderArtSvg } from '../../server/media/images/art.ts';
import { artHash, artPath, parseArtPath } from '../../server/media/images/art-path.ts';
import imageRoutes from '../../server/media/images/image-routes.ts';
import { imageCandidates } from '../../shared/catalogue/first-screen.ts';
import { EMBEDDED_WIDE_WIDTHS, RENDERED_WIDTHS } from '../../shared/media/image-sizes.ts';

const BASE = '/images/t/p';
const IMMUTABLE = 'public, max-age=31536000, immutable';

const title = (overrides: Partial<CatalogueTitle> & Pick<CatalogueTitle, 'id' | 'name'>): CatalogueTitle => ({
  mediaType: 'movie',
  originalName: overrides.name,
  date: '1999-03-30',
  genreIds: [28, 878],
  originalLanguage: 'en',
  originCountry: [],
  networks: [],
  popularity: 10,
  voteAverage: 8,
  voteCount: 100,
  overview: 'A test title.',
  ...overrides,
});

const MATRIX = title({ id: 603, name: 'The Matrix' });
const STRANGER_THINGS = title({
  id: 66732,
  mediaType: 'tv',
  name: 'Stranger Things',
  date: '2016-07-15',
  genreIds: [10765, 18, 9648],
  networks: [213],
});
const PARASITE = title({
  id: 496243,
  name: '기생충',
  originalName: '기생충',
  date: '2019-05-30',
  genreIds: [35, 53, 18],
});

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A tiny server with only the image routes, over a mutable catalogue and a throw-away cache. */
async function imageApp(titles: CatalogueTitle[] = [MATRIX, STRANGER_THINGS, PARASITE]) {
  const catalogue = new Map(titles.map((t) => [`${t.mediaType}:${t.id}`, t]));
  const cacheDir = mkdtempSync(join(tmpdir(), 'marquee-images-'));
  const app = Fastify().withTypeProvider<TypeBoxTypeProvider>();
  await app.register(imageRoutes, {
    prefix: BASE,
    cacheDir,
    findTitle: (mediaType: MediaType, id: number) => catalogue.get(`${mediaType}:${id}`) ?? null,
  });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });
  return { app, cacheDir, catalogue };
}

const imageUrl = (size: string, kind: 'poster' | 'backdrop', t: CatalogueTitle) => `${BASE}/${size}${artPath(kind, t)}`;

async function dimensionsOf(body: Buffer) {
  const { format, width, height } = await sharp(body).metadata();
  return { format, width, height };
}

describe('image routes', () => {
  it('serves a poster as real WebP at the asked width, 2:3, with immutable caching', async () => {
    const { app } = await imageApp();
    const response = await app.inject(imageUrl('w342', 'poster', MATRIX));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.etag).toMatch(/^W\/".+"$/);
    expect(await dimensionsOf(response.rawPayload)).toEqual({ format: 'webp', width: 342, height: 513 });
  });

  it('serves a backdrop at 16:9 and a poster at 2:3 at each width the app asks for', async () => {
    const { app } = await imageApp();
    const cases: Array<[string, 'poster' | 'backdrop', number, number]> = [
      ['w300', 'backdrop', 300, 169],
      ['w780', 'backdrop', 780, 439],
      ['w1280', 'backdrop', 1280, 720],
      ['w185', 'poster', 185, 278],
      ['w500', 'poster', 500, 750],
    ];
    for (const [size, kind, width, height] of cases) {
      const response = await app.inject(imageUrl(size, kind, STRANGER_THINGS));
      expect(response.statusCode, `${size} ${kind}`).toBe(200);
      expect(await dimensionsOf(response.rawPayload), `${size} ${kind}`).toEqual({ format: 'webp', width, height });
    }
  });

  it('serves backdrops wider than the original up to 2560 px, drawn from the vector, and cached', async () => {
    const { app } = await imageApp();
    const cases: Array<[string, 'poster' | 'backdrop', number, number]> = [
      ['w1920', 'backdrop', 1920, 1080],
      ['w2560', 'backdrop', 2560, 1440],
    ];
    for (const [size, kind, width, height] of cases) {
      const response = await app.inject(imageUrl(size, kind, STRANGER_THINGS));
      expect(response.statusCode, `${size} ${kind}`).toBe(200);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(await dimensionsOf(response.rawPayload), `${size} ${kind}`).toEqual({ format: 'webp', width, height });
    }
    // The second request reads the rendered file back: the same bytes.
    const first = await app.inject(imageUrl('w2560', 'backdrop', STRANGER_THINGS));
    const again = await app.inject(imageUrl('w2560', 'backdrop', STRANGER_THINGS));
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('answers a matching If-None-Match with 304 and an empty body', async () => {
    const { app } = await imageApp();
    const url = imageUrl('w500', 'poster', MATRIX);
    const first = await app.inject(url);
    const etag = first.headers.etag as string;

    for (const ifNoneMatch of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const again = await app.inject({ url, headers: { 'if-none-match': ifNoneMatch } });
      expect(again.statusCode, ifNoneMatch).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['cache-control']).toBe(IMMUTABLE);
    }
    const changed = await app.inject({ url, headers: { 'if-none-match': 'W/"something-else"' } });
    expect(changed.statusCode).toBe(200);
    // Another size is another picture, with another tag.
    const other = await app.inject(imageUrl('w342', 'poster', MATRIX));
    expect(other.headers.etag).not.toBe(etag);
  });

  it('renders once: the cached file is served and never rewritten', async () => {
    const { app, cacheDir } = await imageApp();
    const url = imageUrl('w185', 'poster', MATRIX);
    const cached = join(cacheDir, 'w185', artPath('poster', MATRIX).slice(1));
    expect(existsSync(cached)).toBe(false);

    const first = await app.inject(url);
    expect(first.statusCode).toBe(200);
    expect(readFileSync(cached).equals(first.rawPayload)).toBe(true);

    // Backdate the file: a re-render would replace it with a fresh one.
    const past = new Date('2001-01-01T00:00:00Z');
    utimesSync(cached, past, past);
    const second = await app.inject(url);
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(statSync(cached).mtimeMs).toBe(past.getTime());
  });

  it('serves concurrent requests for one image from one file, leaving no temp files', async () => {
    const { app, cacheDir } = await imageApp();
    const url = imageUrl('w300', 'backdrop', STRANGER_THINGS);
    const responses = await Promise.all(Array.from({ length: 5 }, () => app.inject(url)));
    for (const response of responses) {
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(responses[0].rawPayload)).toBe(true);
    }
    expect(readdirSync(join(cacheDir, 'w300'))).toEqual([artPath('backdrop', STRANGER_THINGS).slice(1)]);
  });

  it('answers HEAD with the headers only', async () => {
    const { app } = await imageApp();
    const response = await app.inject({ method: 'HEAD', url: imageUrl('w185', 'poster', MATRIX) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.body).toBe('');
  });

  describe('404s', () => {
    async function expectNotFound(url: string, message: RegExp) {
      const { app } = await imageApp();
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toEqual({ error: { code: 'not-found', message: expect.stringMatching(message) } });
    }

    it('for an unknown size', async () => {
      for (const size of ['w999', 'w0', 'W342', 'w3840', 'w2561', 'constructor', 'original.webp']) {
        await expectNotFound(imageUrl(size, 'poster', MATRIX), /Unknown image size.*use one of w185, w342, w500\./);
      }
    });

    it('for a size the app never asks for, per kind of picture, and draws nothing', async () => {
      const { app, cacheDir } = await imageApp();
      // TMDB's sizes the app does not use, "original", and one kind's size asked of another.
      const refused: Array<[string, 'poster' | 'backdrop']> = [
        ['w92', 'poster'],
        ['w154', 'poster'],
        ['original', 'poster'],
        ['w780', 'poster'],
        ['w1920', 'poster'],
        ['w185', 'backdrop'],
        ['w342', 'backdrop'],
        ['original', 'backdrop'],
      ];
      for (const [size, kind] of refused) {
        const response = await app.inject(imageUrl(size, kind, STRANGER_THINGS));
        expect(response.statusCode, `${size} ${kind}`).toBe(404);
        expect(response.json().error.message).toMatch(new RegExp(`Unknown image size "${size}" for a ${kind}`));
      }
      expect(readdirSync(cacheDir)).toEqual([]);
      // Every width the client's srcSets name is served.
      for (const [kind, widths] of [
        ['poster', RENDERED_WIDTHS.poster],
        ['backdrop', RENDERED_WIDTHS.backdrop],
      ] as const) {
        for (const width of widths) {
          const candidates = imageCandidates(
            BASE,
            artPath(kind, STRANGER_THINGS),
            kind === 'poster' ? 'poster' : 'hero',
            EMBEDDED_WIDE_WIDTHS,
          );
          if (!candidates.srcSet.includes(`/w${width}/`)) continue;
          expect((await app.inject(imageUrl(`w${width}`, kind, STRANGER_THINGS))).statusCode, `w${width} ${kind}`).toBe(
            200,
          );
        }
      }
    });

    it('for a malformed file name, including path tricks', async () => {
      const path = artPath('poster', MATRIX).slice(1);
      const names = [
        path.replace('.webp', '.png'),
        path.replace('.webp', '..webp'),
        `${path}.webp`,
        path.toUpperCase(),
        path.replace('movie-', 'person-'),
        path.replace('poster', 'logo'),
        path.replace('603', '0603'),
        encodeURIComponent(`../${path}`),
        encodeURIComponent('../../../../etc/passwd'),
        'movie-603-poster.webp',
      ];
      for (const name of names) await expectNotFound(`${BASE}/w342/${name}`, /No image is named/);
      // A bare ".." is resolved by the URL parser before routing: it never reaches the route.
      const { app } = await imageApp();
      expect((await app.inject(`${BASE}/w342/..`)).statusCode).toBe(404);
    });

    it('for an unknown title', async () => {
      const missing = { ...MATRIX, id: 999999 };
      await expectNotFound(imageUrl('w342', 'poster', missing), /No movie has the id 999999/);
      const missingSeries = { ...MATRIX, id: 603, mediaType: 'tv' as const };
      await expectNotFound(imageUrl('w342', 'poster', missingSeries), /No series has the id 603/);
    });

    it('for a hash that is not the current one', async () => {
      const stale = artPath('poster', MATRIX).replace(/-[0-9a-f]{8}\.webp$/, '-00000000.webp');
      await expectNotFound(`${BASE}/w342${stale}`, /out of date/);
      // A poster's hash does not open the backdrop.
      const swapped = artPath('poster', MATRIX).replace('poster', 'backdrop');
      await expectNotFound(`${BASE}/w780${swapped}`, /out of date/);
    });

    it("once the title's facts change, the old URL is gone and the new one works", async () => {
      const { app, catalogue } = await imageApp();
      const oldUrl = imageUrl('w185', 'poster', MATRIX);
      expect((await app.inject(oldUrl)).statusCode).toBe(200);
      const renamed = { ...MATRIX, name: 'The Matrix Reloaded' };
      catalogue.set('movie:603', renamed);
      expect((await app.inject(oldUrl)).statusCode).toBe(404);
      expect((await app.inject(imageUrl('w185', 'poster', renamed))).statusCode).toBe(200);
    });
  });
});

describe('art paths', () => {
  it('are TMDB-style file paths that round-trip through parseArtPath', () => {
    for (const t of [MATRIX, STRANGER_THINGS]) {
      for (const kind of ['poster', 'backdrop'] as const) {
        const path = artPath(kind, t);
        expect(path).toMatch(new RegExp(`^/${t.mediaType}-${t.id}-${kind}-[0-9a-f]{8}\\.webp$`));
        const parsed = { mediaType: t.mediaType, id: t.id, kind, hash: artHash(kind, t) };
        expect(parseArtPath(path)).toEqual(parsed);
        expect(parseArtPath(path.slice(1))).toEqual(parsed);
      }
    }
  });

  it('reject anything malformed', () => {
    const good = 'movie-603-poster-1a2b3c4d.webp';
    expect(parseArtPath(good)).not.toBeNull();
    const bad = [
      '',
      '../' + good,
      `/../${good}`,
      `${good}/..`,
      `//${good}`,
      'movie-603-poster-1a2b3c4d..webp',
      'movie-603-poster-1a2b3c4d.webp.webp',
      'movie-603-poster-1a2b3c4d.jpg',
      'movie-603-poster-1a2b3c4d',
      'movie-603-poster-1A2B3C4D.webp',
      'movie-603-poster-1a2b3c4.webp',
      'movie-603-poster-1a2b3c4d5.webp',
      'person-603-poster-1a2b3c4d.webp',
      'movie-603-logo-1a2b3c4d.webp',
      'movie-0-poster-1a2b3c4d.webp',
      'movie-0603-poster-1a2b3c4d.webp',
      'movie--603-poster-1a2b3c4d.webp',
      'movie-6.3-poster-1a2b3c4d.webp',
      `${good}\n`,
      ` ${good}`,
      'movie-1234567890123456-poster-1a2b3c4d.webp',
      'movie-603-poster-1a2b3c4d.webp?x',
    ];
    for (const file of bad) expect(parseArtPath(file), JSON.stringify(file)).toBeNull();
  });

  it('change when a fact the art shows changes, and only then', () => {
    const base = artHash('poster', MATRIX);
    const changed: Array<Partial<CatalogueTitle>> = [
      { name: 'The Matrix Revisited' },
      { date: '2003-05-15' },
      { genreIds: [28] },
      { originalName: 'Matrix' },
    ];
    for (const change of changed)
      expect(artHash('poster', { ...MATRIX, ...change }), JSON.stringify(change)).not.toBe(base);
    // Facts the art does not show leave the URL (and browsers' caches) alone.
    expect(artHash('poster', { ...MATRIX, overview: 'Rewritten.', popularity: 99, voteCount: 5 })).toBe(base);
    expect(artHash('poster', { ...MATRIX, date: '1999-12-31' })).toBe(base);
    expect(artHash('backdrop', MATRIX)).not.toBe(base);
  });
});

describe('art', () => {
  it('is deterministic: the same title gives byte-identical SVG', () => {
    for (const kind of ['poster', 'backdrop'] as const) {
      expect(renderArtSvg(kind, structuredClone(MATRIX))).toBe(renderArtSvg(kind, MATRIX));
    }
  });

  it('differs between titles, even with the same genres', () => {
    const twin = { ...MATRIX, id: 604, name: 'The Matrix' };
    expect(renderArtSvg('poster', twin)).not.toBe(renderArtSvg('poster', MATRIX));
    expect(renderArtSvg('poster', STRANGER_THINGS)).not.toBe(renderArtSvg('poster', MATRIX));
    expect(renderArtSvg('backdrop', STRANGER_THINGS)).not.toBe(renderArtSvg('poster', STRANGER_THINGS));
  });

  it('escapes XML in the title, and the result still renders', async () => {
    const hostile = title({ id: 1, name: `<script>alert("x")</script> & 'Co' ]]>\u0001\n` });
    for (const kind of ['poster', 'backdrop'] as const) {
      const svg = renderArtSvg(kind, hostile);
      expect(svg).not.toMatch(/<script/i);
      expect(svg).not.toContain(']]>');
      expect(svg).toContain('&lt;SCRIPT&gt;ALERT(&quot;X&quot;)&lt;/SCRIPT&gt;');
      expect(svg).toContain('&amp;');
    }
    const { app } = await imageApp([hostile]);
    const response = await app.inject(imageUrl('w185', 'poster', hostile));
    expect(response.statusCode).toBe(200);
    expect((await dimensionsOf(response.rawPayload)).format).toBe('webp');
  });

  it('sets scripts DejaVu lacks in another way: the original name, or no title at all', async () => {
    const japanese = title({ id: 129, name: '千と千尋の神隠し', originalName: 'Spirited Away', genreIds: [16] });
    expect(renderArtSvg('poster', japanese)).toContain('SPIRITED');
    expect(renderArtSvg('poster', japanese)).not.toContain('千');
    const russian = title({ id: 1398, name: 'Сталкер', genreIds: [878] });
    expect(renderArtSvg('poster', russian)).toContain('СТАЛКЕР');
    // 기생충 on both names: no boxes of missing glyphs; the art still renders, with its year.
    expect(renderArtSvg('poster', PARASITE)).not.toContain('기');
    expect(renderArtSvg('poster', PARASITE)).toContain('2019');
    const { app } = await imageApp();
    expect((await app.inject(imageUrl('w342', 'poster', PARASITE))).statusCode).toBe(200);
  });

  it('fits short and long titles: every word is set, short ones larger', () => {
    const titleSize = (svg: string) => Math.max(...[...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1])));
    const up = title({ id: 14160, name: 'Up', genreIds: [16, 35] });
    const long = title({
      id: 935,
      name: 'Dr. Strangelove or: How I Learned to Stop Worrying and Love the Bomb',
      genreIds: [35, 10752],
    });
    for (const kind of ['poster', 'backdrop'] as const) {
      const svg = renderArtSvg(kind, long);
      for (const word of long.name.toUpperCase().split(' ')) expect(svg, word).toContain(word);
      expect(titleSize(renderArtSvg(kind, up))).toBeGreaterThan(titleSize(svg));
    }
  });
});
