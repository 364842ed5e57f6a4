import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ListName, Title } from '../../../src/services/catalogue/catalogue.port.ts';
import { createTmdbCatalogue } from '../../../src/services/catalogue/tmdb-catalogue.ts';

// The section pages' calls (genres, discover, named lists), TMDB-shaped so TMDB itself answers them too.
const API_KEY = 'test-key-5f1c9a';
const BASE = '/tmdb/3';

const catalogue = () =>
  createTmdbCatalogue({ baseUrl: BASE, apiKey: API_KEY, imageBase: '/images/t/p', embedUrl: (key) => key });

const title = (id: number): Title => ({
  id,
  title: `Title ${id}`,
  overview: '',
  backdrop_path: `/${id}-b.jpg`,
  poster_path: null,
});

/** A stubbed fetch answering `body` to every request; returns the addresses asked for. */
function stubFetch(body: unknown) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(new URL(input instanceof Request ? input.url : String(input), window.location.href));
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return urls;
}

afterEach(() => vi.unstubAllGlobals());

describe('tmdb catalogue: section pages', () => {
  it.each(['movie', 'tv'] as const)('genres(%s) requests /genre/%s/list and returns genres[]', async (mediaType) => {
    const genres = [
      { id: 18, name: 'Drama' },
      { id: 35, name: 'Comedy' },
    ];
    const urls = stubFetch({ genres });

    await expect(catalogue().genres(mediaType)).resolves.toEqual(genres);

    expect(urls).toHaveLength(1);
    expect(urls[0].pathname).toBe(`${BASE}/genre/${mediaType}/list`);
    expect(urls[0].searchParams.get('api_key')).toBe(API_KEY);
  });

  it('genres gives an empty list when the body has none', async () => {
    stubFetch({});
    await expect(catalogue().genres('tv')).resolves.toEqual([]);
  });

  it('discover asks for one genre, most popular first, at the page given', async () => {
    const results = [title(1), title(2)];
    const urls = stubFetch({ results });

    await expect(catalogue().discover('tv', { genreId: 18, page: 2 })).resolves.toEqual(results);

    expect(urls[0].pathname).toBe(`${BASE}/discover/tv`);
    expect(Object.fromEntries(urls[0].searchParams)).toEqual({
      api_key: API_KEY,
      sort_by: 'popularity.desc',
      with_genres: '18',
      page: '2',
      language: 'en-US',
    });
  });

  it('discover without a genre asks for every genre, page 1', async () => {
    const urls = stubFetch({ results: [] });

    await catalogue().discover('movie', {});

    expect(urls[0].pathname).toBe(`${BASE}/discover/movie`);
    expect(urls[0].searchParams.has('with_genres')).toBe(false);
    expect(urls[0].searchParams.get('page')).toBe('1');
  });

  it.each<[ListName, string]>([
    ['nowPlayingMovies', '/movie/now_playing'],
    ['onTheAirTv', '/tv/on_the_air'],
    ['upcomingMovies', '/movie/upcoming'],
    ['trendingTvToday', '/trending/tv/day'],
    ['trendingMoviesToday', '/trending/movie/day'],
  ])('list(%s) requests %s and returns results[]', async (name, path) => {
    const results = [title(7)];
    const urls = stubFetch({ results });

    await expect(catalogue().list(name)).resolves.toEqual(results);

    expect(urls).toHaveLength(1);
    expect(urls[0].pathname).toBe(`${BASE}${path}`);
  });

  it('the same list asked for twice at once goes out once', async () => {
    const urls = stubFetch({ results: [title(1)] });
    const live = catalogue();

    await Promise.all([live.list('upcomingMovies'), live.list('upcomingMovies')]);

    expect(urls).toHaveLength(1);
  });
});
