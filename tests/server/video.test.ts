import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

import Fastify from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';

import type { CatalogueTitle, MediaType } from '../../server/catalogue/catalogue-title.ts';
import { errorHandler } from '../../server/http/error-handler.ts';
import { clipFor, CLIPS, videosFor } from '../../server/media/video/trailers.ts';
import videoRoutes, { CLIPS_DIR } from '../../server/media/video/video-routes.ts';
import { parseTrailerKey, trailerKey } from '../../shared/media/trailers.ts';

const MAX_TOTAL_BYTES = 15 * 1024 * 1024;
const IMMUTABLE = 'public, max-age=31536000, immutable';

function title(overrides: Partial<CatalogueTitle> & Pick<CatalogueTitle, 'id' | 'mediaType' | 'name'>): CatalogueTitle {
  return {
    originalName: overrides.name,
    date: null,
    genreIds: [],
    originalLanguage: 'en',
    originCountry: ['US'],
    networks: [],
    popularity: 10,
    voteAverage: 7,
    voteCount: 100,
    overview: 'A fixture.',
    ...overrides,
  };
}

const WONDER_WOMAN = title({
  id: 297762,
  mediaType: 'movie',
  name: 'Wonder Woman',
  date: '2017-05-30',
  genreIds: [28, 12, 14],
});
const THRONES = title({
  id: 1399,
  mediaType: 'tv',
  name: 'Game of Thrones',
  date: '2011-04-17',
  genreIds: [10765, 18, 10759],
});
const HOSTILE = title({ id: 4242, mediaType: 'movie', name: '<img src=x onerror=alert(1)> & "Co"', genreIds: [] });
const TITLES = [WONDER_WOMAN, THRONES, HOSTILE];

const findTitle = (mediaType: MediaType, id: number) =>
  TITLES.find((t) => t.mediaType === mediaType && t.id === id) ?? null;

/** A bare Fastify app with the server's error handler and the video plugin, closed after the test. */
async function videoApp() {
  const app = Fastify();
  app.setErrorHandler(errorHandler);
  await app.register(videoRoutes, { findTitle });
  await app.ready();
  onTestFinished(() => app.close());
  return app;
}

const clipPath = (file: string) => join(CLIPS_DIR, file);

/** The top-level MP4 boxes, in file order: [type, offset]. */
function topLevelBoxes(file: Buffer): Array<[string, number]> {
  const boxes: Array<[string, number]> = [];
  for (let offset = 0; offset + 8 <= file.length;) {
    let size = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    if (size === 1) size = Number(file.readBigUInt64BE(offset + 8));
    if (size === 0) size = file.length - offset;
    boxes.push([type, offset]);
    if (size < 8) break;
    offset += size;
  }
  return boxes;
}

describe('the clip files', () => {
  it.each(CLIPS)('%s is a real MP4 with its index first (faststart) and a JPEG poster', (clip) => {
    const mp4 = readFileSync(clipPath(`${clip}.mp4`));
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
    const types = topLevelBoxes(mp4).map(([type]) => type);
    expect(types).toContain('moov');
    expect(types).toContain('mdat');
    expect(types.indexOf('moov')).toBeLessThan(types.indexOf('mdat'));

    const jpg = readFileSync(clipPath(`${clip}.jpg`));
    expect([...jpg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });

  it('stay under the size limit together', () => {
    const total = CLIPS.reduce(
      (sum, clip) => sum + statSync(clipPath(`${clip}.mp4`)).size + statSync(clipPath(`${clip}.jpg`)).size,
      0,
    );
    expect(total).toBeGreaterThan(CLIPS.length * 100 * 1024);
    expect(total).toBeLessThan(MAX_TOTAL_BYTES);
  });
});

describe('GET /media/videos/:file', () => {
  const file = readFileSync(clipPath('action.mp4'));
  const size = file.length;
  const url = '/media/videos/action.mp4';

  it('sends the whole file without a Range, with cache validators and a year of caching', async () => {
    const app = await videoApp();
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(size));
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers.etag).toBeTruthy();
    expect(response.rawPayload.equals(file)).toBe(true);
    expect(response.headers['x-frame-options']).toBeUndefined();
  });

  it('answers a conditional GET with the same ETag with 304', async () => {
    const app = await videoApp();
    const { headers } = await app.inject({ url });
    const response = await app.inject({ url, headers: { 'if-none-match': String(headers.etag) } });
    expect(response.statusCode).toBe(304);
    expect(response.rawPayload.length).toBe(0);
  });

  it('sends the poster as image/jpeg', async () => {
    const app = await videoApp();
    const response = await app.inject({ url: '/media/videos/action.jpg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.rawPayload.equals(readFileSync(clipPath('action.jpg')))).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=-500', size - 500, size - 1],
    ['bytes=1000-', 1000, size - 1],
    ['bytes=100-199', 100, 199],
    ['bytes=0-', 0, size - 1],
    [`bytes=${size - 10}-${size + 5000}`, size - 10, size - 1], // the last position is clamped
    [`bytes=-${size + 100}`, 0, size - 1], // a suffix longer than the file means all of it
    ['BYTES=0-9', 0, 9], // range unit names are case-insensitive
  ])('answers %s with 206 and exactly those bytes', async (range, first, last) => {
    const app = await videoApp();
    const response = await app.inject({ url, headers: { range } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${first}-${last}/${size}`);
    expect(response.headers['content-length']).toBe(String(last - first + 1));
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.rawPayload.equals(file.subarray(first, last + 1))).toBe(true);
  });

  it.each([`bytes=${size + 10}-`, `bytes=${size}-${size + 10}`, 'bytes=-0'])(
    'answers the unsatisfiable %s with 416 and the file length',
    async (range) => {
      const app = await videoApp();
      const response = await app.inject({ url, headers: { range } });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe(`bytes */${size}`);
      expect(response.json()).toMatchObject({ error: { code: 'range-not-satisfiable' } });
    },
  );

  // RFC 9110 §14.2 lets a server ignore a Range it cannot or will not serve: these get the whole file.
  it.each(['bytes=abc', 'bytes=9-0', 'bytes=0-9junk', 'bytes=0-1,5-6', 'items=0-9', 'bytes=', '0-9'])(
    'ignores the malformed or multi-part Range %s and sends the whole file',
    async (range) => {
      const app = await videoApp();
      const response = await app.inject({ url, headers: { range } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-range']).toBeUndefined();
      expect(response.rawPayload.length).toBe(size);
    },
  );

  it('answers an unknown file with a JSON 404', async () => {
    const app = await videoApp();
    const response = await app.inject({ url: '/media/videos/nothing.mp4' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: { code: 'not-found', message: 'No video file at /media/videos/nothing.mp4' },
    });
  });

  it.each([
    '/media/videos/..%2f..%2f..%2f..%2fpackage.json',
    '/media/videos/..%2F..%2Fvideo-routes.ts',
    '/media/videos/%2e%2e%2fvideo-routes.ts',
    '/media/videos/..%5cvideo-routes.ts',
    '/media/videos/%2e%2e/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/media/videos/../trailers.ts',
  ])('never serves a file outside the folder: %s', async (path) => {
    const app = await videoApp();
    const response = await app.inject({ url: path });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toMatch(/"name": "marquee"|import |export /);
  });
});

/** The opening tags of an HTML page (escaped text holds no `<`, so it never looks like a tag). */
const tagsOf = (html: string) => html.match(/<[a-z][^>]*>/gi) ?? [];
const videoTag = (html: string) => tagsOf(html).find((tag) => tag.startsWith('<video')) ?? '';
/** A tag with its quoted attribute values emptied: what is left is names and structure. */
const bareTag = (tag: string) => tag.replace(/"[^"]*"/g, '""');
const attributesOf = (tag: string) =>
  new Set(
    bareTag(tag)
      .match(/[a-z-]+(?==|\s|>)/gi)
      ?.slice(1),
  );

describe('GET /embed/:key', () => {
  it('plays the title’s clip, muted, inline and automatically when asked to', async () => {
    const app = await videoApp();
    const response = await app.inject({ url: `/embed/${trailerKey(WONDER_WOMAN)}?autoplay=1&mute=1` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['x-frame-options']).toBeUndefined();
    const html = response.body;
    expect(html).toContain('Wonder Woman');
    expect(html).toContain('2017');
    const video = videoTag(html);
    expect(video).toContain(`src="/media/videos/${clipFor(WONDER_WOMAN)}.mp4"`);
    expect(video).toContain(`poster="/media/videos/${clipFor(WONDER_WOMAN)}.jpg"`);
    const attributes = attributesOf(video);
    for (const name of ['autoplay', 'muted', 'playsinline', 'controls']) expect(attributes).toContain(name);
  });

  it('holds no inline script, style or event handler (ready for a strict CSP)', async () => {
    const app = await videoApp();
    for (const url of [`/embed/${trailerKey(THRONES)}`, `/embed/${trailerKey(HOSTILE)}?autoplay=1`, '/embed/unknown']) {
      const html = (await app.inject({ url })).body;
      const tags = tagsOf(html);
      expect(tags.filter((tag) => tag.startsWith('<script')).length).toBeGreaterThan(0);
      for (const tag of tags) {
        if (tag.startsWith('<script')) expect(tag).toMatch(/\ssrc="\/embed\/assets\/[^"]+"/);
        expect(bareTag(tag)).not.toMatch(/\sstyle\s*=/i);
        expect(bareTag(tag)).not.toMatch(/\son[a-z]+\s*=/i);
      }
      expect(html).not.toMatch(/<style/i);
    }
  });

  it('defaults to sound, no autoplay, controls, the title bar and the badge', async () => {
    const app = await videoApp();
    const html = (await app.inject({ url: `/embed/${trailerKey(THRONES)}` })).body;
    const attributes = attributesOf(videoTag(html));
    expect(attributes).toContain('controls');
    expect(attributes).not.toContain('autoplay');
    expect(attributes).not.toContain('muted');
    expect(html).toContain('class="player-info"');
    expect(html).toContain('class="player-badge"');
    expect(html).toContain('data-rel="1"');
    expect(html).toContain('data-api="0"');
  });

  it('turns the IFrame API on with enablejsapi=1 (the hero drives sound and hears the end), naming its main', async () => {
    const app = await videoApp();
    const html = (await app.inject({ url: `/embed/${trailerKey(THRONES)}?autoplay=1&controls=0&enablejsapi=1` })).body;
    expect(html).toContain('data-api="1"');
    expect(html).toMatch(/<main class="player" aria-label="Game of Thrones – Official Trailer"/);
  });

  it('follows controls=0, showinfo=0, modestbranding=1 and rel=0', async () => {
    const app = await videoApp();
    const url = `/embed/${trailerKey(THRONES)}?controls=0&showinfo=0&modestbranding=1&rel=0&playsinline=1`;
    const html = (await app.inject({ url })).body;
    expect(attributesOf(videoTag(html))).not.toContain('controls');
    expect(attributesOf(videoTag(html))).toContain('playsinline');
    expect(html).not.toContain('class="player-info"');
    expect(html).not.toContain('class="player-badge"');
    expect(html).toContain('data-rel="0"');
    expect(html).toContain('>Replay</button>');
    // The title card still names what is playing (showinfo=0 hides the title bar only).
    expect(html).toContain('class="player-card-name">Game of Thrones<');
  });

  it('autoplays muted even when mute is not asked for (browsers only autoplay muted video)', async () => {
    const app = await videoApp();
    const html = (await app.inject({ url: `/embed/${trailerKey(THRONES)}?autoplay=1&playsinline=0` })).body;
    const attributes = attributesOf(videoTag(html));
    expect(attributes).toContain('muted');
    expect(attributes).toContain('playsinline');
  });

  it.each([
    'autoplay=yes&controls=banana&mute=2',
    'autoplay[]=1&rel=&showinfo',
    'foo=bar&autoplay=1&autoplay=0',
    '%E0%A4%A=1',
  ])('treats unknown options and invalid values as defaults: %s', async (query) => {
    const app = await videoApp();
    const response = await app.inject({ url: `/embed/${trailerKey(THRONES)}?${query}` });
    expect(response.statusCode).toBe(200);
    expect(attributesOf(videoTag(response.body))).toContain('controls');
  });

  it('escapes the title', async () => {
    const app = await videoApp();
    const html = (await app.inject({ url: `/embed/${trailerKey(HOSTILE)}` })).body;
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<img');
    expect(tagsOf(html).some((tag) => attributesOf(tag).has('onerror'))).toBe(false);
    expect(html).toContain('<title>&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Co&quot; – Official Trailer</title>');
  });

  it.each([
    'm1',
    'm297762x',
    'M297762',
    'm0297762',
    'x1',
    't297762',
    'm297762-trailer',
    `m${'9'.repeat(40)}`,
    'm1/extra',
    '',
  ])('shows "This video is unavailable." for the key %j', async (key) => {
    const app = await videoApp();
    const response = await app.inject({ url: `/embed/${key}` });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('This video is unavailable.');
    expect(response.body).not.toContain('<video');
  });

  it('serves its stylesheet and script from the hashed URLs it links, cached for good', async () => {
    const app = await videoApp();
    const html = (await app.inject({ url: `/embed/${trailerKey(WONDER_WOMAN)}` })).body;
    const css = /href="(\/embed\/assets\/embed\.css\?v=[0-9a-f]+)"/.exec(html)?.[1];
    const js = /src="(\/embed\/assets\/embed\.js\?v=[0-9a-f]+)"/.exec(html)?.[1];
    for (const [url, type] of [
      [css, 'text/css'],
      [js, 'text/javascript'],
    ] as const) {
      expect(url).toBeDefined();
      const response = await app.inject({ url: url! });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(`${type}; charset=utf-8`);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      const again = await app.inject({ url: url!, headers: { 'if-none-match': String(response.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    const unversioned = await app.inject({ url: '/embed/assets/embed.css' });
    expect(unversioned.headers['cache-control']).toBe('no-cache');
    expect((await app.inject({ url: '/embed/assets/other.js' })).statusCode).toBe(404);
  });
});

describe('trailers', () => {
  it.each(TITLES)('lists a Trailer for $name whose key plays that title', async (t) => {
    const videos = videosFor(t);
    const trailer = videos.find((v) => v.type === 'Trailer');
    expect(trailer).toMatchObject({ iso_639_1: 'en', iso_3166_1: 'US', site: 'Marquee', size: 720, official: true });
    expect(trailer!.id).toMatch(/^[0-9a-f]{24}$/);
    expect(new Date(trailer!.published_at).toISOString()).toBe(trailer!.published_at);
    expect(parseTrailerKey(trailer!.key)).toEqual({ mediaType: t.mediaType, id: t.id, type: 'Trailer' });
    expect(statSync(clipPath(`${clipFor(t)}.mp4`)).isFile()).toBe(true);
    expect(videosFor(t)).toEqual(videos);

    const app = await videoApp();
    const response = await app.inject({ url: `/embed/${trailer!.key}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`/media/videos/${clipFor(t)}.mp4`);
  });

  it('lists a teaser first for some titles, so clients must pick the first Trailer', () => {
    const [first, second] = videosFor(WONDER_WOMAN);
    expect(first.type).toBe('Teaser');
    expect(second.type).toBe('Trailer');
    expect(first.id).not.toBe(second.id);
    expect(parseTrailerKey(first.key)).toEqual({ mediaType: 'movie', id: WONDER_WOMAN.id, type: 'Teaser' });
    expect(Date.parse(first.published_at)).toBeLessThan(Date.parse(second.published_at));
    expect(videosFor(THRONES).map((v) => v.type)).toEqual(['Trailer']);
  });

  it('publishes trailers before the title comes out', () => {
    const trailer = videosFor(WONDER_WOMAN).find((v) => v.type === 'Trailer')!;
    expect(Date.parse(trailer.published_at)).toBeLessThan(Date.parse('2017-05-30T00:00:00Z'));
  });

  it('round-trips keys and refuses anything else', () => {
    expect(trailerKey(WONDER_WOMAN)).toBe('m297762');
    expect(trailerKey(THRONES)).toBe('t1399');
    expect(parseTrailerKey('t1399')).toEqual({ mediaType: 'tv', id: 1399, type: 'Trailer' });
    for (const bad of [
      '',
      'm',
      'm0',
      'm01',
      'x12',
      'M12',
      'm12 ',
      ' m12',
      'm-1',
      'm1.5',
      'm12345678901',
      't12-trailer',
      '../m1',
      'm1\n',
    ]) {
      expect(parseTrailerKey(bad)).toBeNull();
    }
  });

  it('chooses a clip from the genres, deterministically, with the id breaking ties', () => {
    expect(clipFor(title({ id: 1, mediaType: 'movie', name: 'A', genreIds: [27, 53, 35] }))).toBe('horror');
    expect(clipFor(title({ id: 1, mediaType: 'tv', name: 'B', genreIds: [10762, 16] }))).toBe('family');
    expect(clipFor(title({ id: 1, mediaType: 'movie', name: 'C', genreIds: [18, 80] }))).toBe('drama');
    expect(clipFor(title({ id: 1, mediaType: 'movie', name: 'D', genreIds: [] }))).toBe('drama');

    const tied = new Set<string>();
    for (let id = 1; id <= 20; id++) {
      const t = title({ id, mediaType: 'movie', name: 'E', genreIds: [28, 35] });
      expect(clipFor(t)).toBe(clipFor({ ...t }));
      tied.add(clipFor(t));
    }
    expect([...tied].sort()).toEqual(['action', 'comedy']);
  });

  it('spreads a varied catalogue over every clip', () => {
    const genreSets = [
      [28],
      [35],
      [27],
      [10749],
      [99],
      [18],
      [878],
      [16],
      [12, 14],
      [10759, 10765],
      [53, 80],
      [10751, 35],
      [9648],
    ];
    const counts = new Map<string, number>();
    genreSets.forEach((genreIds, i) => {
      for (let id = 1; id <= 10; id++) {
        const clip = clipFor(title({ id: id * 97 + i, mediaType: i % 2 ? 'tv' : 'movie', name: 'F', genreIds }));
        counts.set(clip, (counts.get(clip) ?? 0) + 1);
      }
    });
    expect([...counts.keys()].sort()).toEqual([...CLIPS].sort());
  });
});
