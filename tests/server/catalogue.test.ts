import { describe, expect, it } from 'vitest';

import { createTestApp } from './test-app.ts';

const KEY = 'test-catalogue-key';

async function catalogueApp() {
  return (await createTestApp({ catalogueApiKey: KEY })).app;
}

type Item = Record<string, unknown> & { id: number; genre_ids: number[]; media_type?: string };
interface PageBody {
  page: number;
  results: Item[];
  total_pages: number;
  total_results: number;
}

async function get(app: Awaited<ReturnType<typeof catalogueApp>>, path: string, query: Record<string, string> = {}) {
  const search = new URLSearchParams({ api_key: KEY, ...query });
  return app.inject({ method: 'GET', url: `/tmdb/3${path}?${search}` });
}

describe('catalogue API: keys and errors in TMDB shape', () => {
  it('refuses a missing or wrong api_key with 401 and TMDB status 7', async () => {
    const app = await catalogueApp();
    for (const url of ['/tmdb/3/trending/all/week', '/tmdb/3/trending/all/week?api_key=wrong', '/tmdb/3/nope']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        status_code: 7,
        status_message: 'Invalid API key: You must be granted a valid key.',
      });
    }
  });

  it('answers unknown paths and ids with 404 and TMDB status 34', async () => {
    const app = await catalogueApp();
    for (const path of [
      '/nope',
      '/movie/999999999/videos',
      '/tv/999999999',
      '/movie/abc/videos',
      '/trending/person/week',
    ]) {
      const response = await get(app, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject({ success: false, status_code: 34 });
    }
  });

  it('refuses bad pages with 400 and TMDB status 22, other bad parameters with 422 and status 5', async () => {
    const app = await catalogueApp();
    // "1e400" and "Infinity" once slipped through as Infinity and failed with a 500 (found by the fuzz test).
    for (const page of ['0', '501', 'abc', '1.5', '1e400', 'Infinity', '2e0', '0x10', '-0', '']) {
      const response = await get(app, '/movie/top_rated', { page });
      expect(response.statusCode, page).toBe(400);
      expect(response.json()).toMatchObject({ success: false, status_code: 22 });
    }
    const badQueries: Array<Record<string, string>> = [
      { with_genres: 'action' },
      { with_networks: '1;DROP' },
      { sort_by: 'random' },
      { language: '<x>' },
    ];
    for (const query of badQueries) {
      const response = await get(app, '/discover/movie', query);
      expect(response.statusCode, JSON.stringify(query)).toBe(422);
      expect(response.json()).toMatchObject({ success: false, status_code: 5 });
    }
  });
});

describe('catalogue API: the rows of docs/spec.md §7', () => {
  it('lists trending movies and series together, with media_type and TMDB fields', async () => {
    const app = await catalogueApp();
    const response = await get(app, '/trending/all/week', { language: 'en-US' });
    expect(response.statusCode).toBe(200);
    const body = response.json<PageBody>();
    expect(body.page).toBe(1);
    expect(body.results).toHaveLength(20);
    expect(body.total_results).toBeGreaterThanOrEqual(240);
    expect(body.total_pages).toBe(Math.ceil(body.total_results / 20));
    const types = new Set(body.results.map((item) => item.media_type));
    expect([...types].every((type) => type === 'movie' || type === 'tv')).toBe(true);
    for (const item of body.results) {
      expect(item.poster_path).toMatch(/^\/.+\.webp$/);
      expect(item.backdrop_path).toMatch(/^\/.+\.webp$/);
      expect(typeof item.overview).toBe('string');
      if (item.media_type === 'movie') expect(item).toHaveProperty('release_date');
      else expect(item).toHaveProperty('first_air_date');
    }
  });

  it('has at least 24 titles in every row, each matching its filter', async () => {
    const app = await catalogueApp();
    const originals = (await get(app, '/discover/tv', { with_networks: '213' })).json<PageBody>();
    expect(originals.total_results).toBeGreaterThanOrEqual(24);
    expect(originals.results.every((item) => 'name' in item && 'first_air_date' in item)).toBe(true);

    for (const genre of [28, 35, 27, 10749, 99]) {
      const row = (await get(app, '/discover/movie', { with_genres: String(genre) })).json<PageBody>();
      expect(row.total_results, `genre ${genre}`).toBeGreaterThanOrEqual(24);
      expect(row.results.every((item) => item.genre_ids.includes(genre))).toBe(true);
      expect(row.results.every((item) => 'title' in item && !('name' in item))).toBe(true);
    }
  });

  it('ranks top rated by vote average among titles with enough votes', async () => {
    const app = await catalogueApp();
    const body = (await get(app, '/movie/top_rated', { language: 'en-US' })).json<PageBody>();
    expect(body.total_results).toBeGreaterThanOrEqual(24);
    const averages = body.results.map((item) => item.vote_average as number);
    expect(averages).toEqual([...averages].sort((a, b) => b - a));
    expect(body.results.every((item) => (item.vote_count as number) >= 300)).toBe(true);
  });

  it('pages through a row without repeating titles', async () => {
    const app = await catalogueApp();
    const first = (await get(app, '/discover/movie', { with_genres: '28', page: '1' })).json<PageBody>();
    const second = (await get(app, '/discover/movie', { with_genres: '28', page: '2' })).json<PageBody>();
    expect(second.page).toBe(2);
    const firstIds = new Set(first.results.map((item) => item.id));
    expect(second.results.some((item) => firstIds.has(item.id))).toBe(false);
  });

  it('combines genres: comma means all of them, pipe means any of them', async () => {
    const app = await catalogueApp();
    const all = (await get(app, '/discover/movie', { with_genres: '28,12' })).json<PageBody>();
    expect(all.results.every((item) => item.genre_ids.includes(28) && item.genre_ids.includes(12))).toBe(true);
    const any = (await get(app, '/discover/movie', { with_genres: '27|99' })).json<PageBody>();
    expect(any.results.every((item) => item.genre_ids.includes(27) || item.genre_ids.includes(99))).toBe(true);
    expect(any.total_results).toBeGreaterThan(all.total_results);
  });
});

describe('catalogue API: titles and videos', () => {
  it("serves docs/spec.md §7's fixed movie 297762 with a trailer", async () => {
    const app = await catalogueApp();
    const details = (await get(app, '/movie/297762')).json<Item>();
    expect(details).toMatchObject({ id: 297762, title: 'Wonder Woman' });
    const videos = (await get(app, '/movie/297762/videos')).json<{
      id: number;
      results: Array<Record<string, unknown>>;
    }>();
    expect(videos.id).toBe(297762);
    expect(videos.results.some((video) => video.type === 'Trailer' && typeof video.key === 'string')).toBe(true);
  });

  it('lists a trailer for every title of a row', async () => {
    const app = await catalogueApp();
    const originals = (await get(app, '/discover/tv', { with_networks: '213' })).json<PageBody>();
    for (const item of originals.results) {
      const videos = (await get(app, `/tv/${item.id}/videos`)).json<{ results: Array<{ type: string }> }>();
      expect(videos.results.some((video) => video.type === 'Trailer')).toBe(true);
    }
  });
});

describe('catalogue API: the other TMDB lists', () => {
  it('serves popular and top-rated lists per media type, and series details', async () => {
    const app = await catalogueApp();
    for (const [path, field] of [
      ['/movie/popular', 'title'],
      ['/tv/popular', 'name'],
      ['/tv/top_rated', 'name'],
    ] as const) {
      const body = (await get(app, path)).json<PageBody>();
      expect(body.results.length, path).toBeGreaterThan(0);
      expect(
        body.results.every((item) => field in item && !('media_type' in item)),
        path,
      ).toBe(true);
    }
    const popular = (await get(app, '/movie/popular'))
      .json<PageBody>()
      .results.map((item) => item.popularity as number);
    expect(popular).toEqual([...popular].sort((a, b) => b - a));
    expect((await get(app, '/tv/66732')).json<Item>()).toMatchObject({
      id: 66732,
      name: 'Stranger Things',
      first_air_date: '2016-07-15',
    });
  });

  it('searches series alone with /search/tv', async () => {
    const app = await catalogueApp();
    const body = (await get(app, '/search/tv', { query: 'stranger' })).json<PageBody>();
    expect(body.results[0]).toMatchObject({ name: 'Stranger Things' });
    expect(body.results.every((item) => 'name' in item && !('title' in item))).toBe(true);
  });
});

describe('catalogue API: search', () => {
  it('finds by prefix, case- and accent-insensitively', async () => {
    const app = await catalogueApp();
    const names = async (path: string, query: string) =>
      (await get(app, path, { query })).json<PageBody>().results.map((item) => item.title ?? item.name);
    expect(await names('/search/movie', 'star')).toContain('Star Wars');
    expect(await names('/search/movie', 'STAR wa')).toContain('Star Wars');
    expect(await names('/search/movie', 'amelie')).toContain('Amélie');
    expect(await names('/search/movie', 'AMÉLIE')).toContain('Amélie');
    expect(await names('/search/multi', 'strang')).toContain('Stranger Things');
  });

  it('ranks an exact title first and keeps movies and series apart unless multi', async () => {
    const app = await catalogueApp();
    const movies = (await get(app, '/search/movie', { query: 'star wars' })).json<PageBody>();
    expect(movies.results[0]).toMatchObject({ title: 'Star Wars' });
    expect(movies.results.every((item) => 'title' in item)).toBe(true);
    const multi = (await get(app, '/search/multi', { query: 'the' })).json<PageBody>();
    expect(new Set(multi.results.map((item) => item.media_type))).toEqual(new Set(['movie', 'tv']));
  });

  it('treats an empty query or FTS syntax as plain text, never an error', async () => {
    const app = await catalogueApp();
    for (const query of ['', '   ', '"', 'AND OR NOT', '*', 'star"*)(', 'NEAR(a b)', 'x'.repeat(500)]) {
      const response = await get(app, '/search/multi', { query });
      expect(response.statusCode, query).toBe(200);
      expect(response.json<PageBody>().page).toBe(1);
    }
    expect((await get(app, '/search/multi', { query: '' })).json<PageBody>()).toEqual({
      page: 1,
      results: [],
      total_pages: 1,
      total_results: 0,
    });
  });
});

describe('catalogue API: cache validators', () => {
  it('sends an ETag and answers 304 when it matches', async () => {
    const app = await catalogueApp();
    const first = await get(app, '/discover/movie', { with_genres: '35' });
    expect(first.headers.etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toContain('max-age');
    const again = await app.inject({
      method: 'GET',
      url: `/tmdb/3/discover/movie?with_genres=35&api_key=${KEY}`,
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
