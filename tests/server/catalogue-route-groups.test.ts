import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { tmdbQueryParameters } from '../../server/catalogue/api/tmdb-parameters.ts';

const KEY = 'test-catalogue-key';
let app: Awaited<ReturnType<typeof buildApp>>;
let dataDir: string;
// One server for the file: these tests only read.
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-groups-'));
  app = await buildApp({ dataDir, webRoot: join(dataDir, 'no-web-build'), catalogueApiKey: KEY });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const get = async (address: string) => {
  const response = await app.inject({
    method: 'GET',
    url: `/tmdb/3${address}${address.includes('?') ? '&' : '?'}api_key=${KEY}`,
  });
  expect(response.statusCode, address).toBe(200);
  return response.json<Record<string, unknown>>();
};

describe('catalogue API: every route group answers', () => {
  it('reference: configuration, authentication, genres', async () => {
    expect(await get('/configuration')).toHaveProperty('images.base_url');
    expect(await get('/authentication')).toMatchObject({ success: true, status_code: 1 });
    expect((await get('/genre/tv/list')).genres).toContainEqual(expect.objectContaining({ name: 'Drama' }));
  });

  it('lists: trending, popular, top rated and the dated lists', async () => {
    for (const path of ['/trending/tv/day', '/movie/popular', '/tv/top_rated', '/movie/upcoming', '/tv/airing_today']) {
      expect((await get(path)).results, path).not.toHaveLength(0);
    }
    expect(await get('/movie/now_playing')).toHaveProperty('dates.minimum');
  });

  it('discover: films and series, filtered and sorted', async () => {
    const series = await get('/discover/tv?with_networks=213&sort_by=name.asc');
    expect(series.results).not.toHaveLength(0);
    expect((await get('/discover/movie?with_genres=35&vote_average.gte=5')).results).not.toHaveLength(0);
  });

  it('titles: details with appended calls, sub-resources, seasons', async () => {
    const details = await get('/movie/297762?append_to_response=videos,credits');
    expect(details).toMatchObject({ id: 297762 });
    expect(details).toHaveProperty('videos.results');
    expect(details).toHaveProperty('credits.cast');
    for (const sub of ['videos', 'credits', 'images', 'similar', 'recommendations', 'release_dates']) {
      expect(await get(`/movie/297762/${sub}`), sub).toBeTruthy();
    }
    expect(await get('/tv/66732/content_ratings')).toHaveProperty('results');
    expect(await get('/tv/66732/season/1')).toHaveProperty('episodes');
  });

  it('search: titles, people, their credits, and the whole first page', async () => {
    expect((await get('/search/movie?query=wonder')).results).not.toHaveLength(0);
    expect((await get('/search/multi?query=stranger')).results).not.toHaveLength(0);
    const people = (await get('/search/person?query=a')).results as Array<{ id: number }>;
    expect(people).not.toHaveLength(0);
    expect(await get(`/person/${people[0].id}/combined_credits`)).toHaveProperty('cast');
    expect(await get('/search/whole?query=stranger')).toHaveProperty('groups');
  });
});

describe("TMDB's query parameters, from its OpenAPI document", () => {
  it('are read per path, sorted, with page on every paged answer', () => {
    expect(tmdbQueryParameters('/3/movie/{movie_id}/credits')).toEqual(['language']);
    expect(tmdbQueryParameters('/3/trending/all/{time_window}')).toEqual(['language', 'page']);
    expect(tmdbQueryParameters('/3/discover/tv')).toContain('with_networks');
    expect(tmdbQueryParameters('/3/discover/movie')).not.toContain('with_networks');
    const search = tmdbQueryParameters('/3/search/movie');
    expect(search).toEqual([...search].sort());
  });

  it('refuse a path the document does not have', () => {
    expect(() => tmdbQueryParameters('/3/movie/{movie_id}/nope')).toThrow(/no GET/);
  });
});
