import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import {
  TmdbCombinedCredits,
  TmdbContentRatings,
  TmdbDatedMoviePage,
  TmdbMovieCredits,
  TmdbMovieDetails,
  TmdbMultiPage,
  TmdbPersonPage,
  TmdbReleaseDates,
  TmdbSeasonDetails,
  TmdbTvDetails,
} from '../../shared/catalogue/tmdb.schema.ts';

const KEY = 'test-catalogue-key';
type App = Awaited<ReturnType<typeof buildApp>>;
type Item = Record<string, unknown> & { id: number; genre_ids: number[] };
interface PageBody {
  page: number;
  results: Item[];
  total_pages: number;
  total_results: number;
}

let app: App;
let dataDir: string;
// One server for the file: these tests only read.
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'marquee-depth-'));
  app = await buildApp({
    dataDir,
    webRoot: join(dataDir, 'no-web-build'),
    catalogueApiKey: KEY,
    catalogueReadToken: 'test-read-token',
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function get(path: string, query: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: `/tmdb/3${path}?${new URLSearchParams({ api_key: KEY, ...query })}` });
}
const page = async (path: string, query: Record<string, string> = {}) => {
  const response = await get(path, query);
  expect(response.statusCode, `${path} ${JSON.stringify(query)}`).toBe(200);
  return response.json<PageBody>();
};
/** Every result of every page (the shipped catalogue is small enough). */
async function everything(path: string, query: Record<string, string> = {}) {
  const first = await page(path, query);
  const rest = await Promise.all(
    Array.from({ length: first.total_pages - 1 }, (_, i) => page(path, { ...query, page: String(i + 2) })),
  );
  return [first, ...rest].flatMap((body) => body.results);
}
const sorted = <T>(values: T[], compare: (a: T, b: T) => number) => [...values].sort(compare);

describe('discover: every filter really filters', () => {
  it('release and first-air dates, and years', async () => {
    const all = await everything('/discover/movie');
    const nineties = await everything('/discover/movie', {
      'primary_release_date.gte': '1990-01-01',
      'primary_release_date.lte': '1999-12-31',
    });
    expect(nineties.length).toBeGreaterThan(0);
    expect(nineties.length).toBeLessThan(all.length);
    expect(nineties.every((m) => String(m.release_date) >= '1990' && String(m.release_date) < '2000')).toBe(true);
    expect(nineties.length).toBe(
      all.filter((m) => String(m.release_date) >= '1990-01-01' && String(m.release_date) <= '1999-12-31').length,
    );
    const byReleaseDate = await everything('/discover/movie', { 'release_date.gte': '2015-01-01' });
    expect(byReleaseDate.every((m) => String(m.release_date) >= '2015-01-01')).toBe(true);
    for (const query of [{ year: '1999' }, { primary_release_year: '1999' }] as Array<Record<string, string>>) {
      const year = await everything('/discover/movie', query);
      expect(year.length).toBeGreaterThan(0);
      expect(year.every((m) => String(m.release_date).startsWith('1999'))).toBe(true);
    }
    const series = await everything('/discover/tv', { 'first_air_date.lte': '2000-01-01' });
    expect(series.length).toBeGreaterThan(0);
    expect(series.every((s) => String(s.first_air_date) <= '2000-01-01')).toBe(true);
    const of2016 = await everything('/discover/tv', { first_air_date_year: '2016' });
    expect(of2016.map((s) => s.name)).toContain('Stranger Things');
    expect(of2016.every((s) => String(s.first_air_date).startsWith('2016'))).toBe(true);
  });

  it('votes, original language and excluded genres', async () => {
    const good = await everything('/discover/movie', { 'vote_average.gte': '8.5', 'vote_count.lte': '20000' });
    expect(good.length).toBeGreaterThan(0);
    expect(good.every((m) => (m.vote_average as number) >= 8.5 && (m.vote_count as number) <= 20000)).toBe(true);
    const modest = await everything('/discover/tv', { 'vote_average.lte': '7.5', 'vote_count.gte': '1000' });
    expect(modest.every((s) => (s.vote_average as number) <= 7.5 && (s.vote_count as number) >= 1000)).toBe(true);
    const korean = await everything('/discover/movie', { with_original_language: 'ko' });
    expect(korean.length).toBeGreaterThan(0);
    expect(korean.every((m) => m.original_language === 'ko')).toBe(true);
    const noDrama = await everything('/discover/movie', { without_genres: '18|27' });
    expect(noDrama.length).toBeGreaterThan(0);
    expect(noDrama.some((m) => m.genre_ids.includes(18) || m.genre_ids.includes(27))).toBe(false);
    const actionNoSciFi = await everything('/discover/movie', { with_genres: '28', without_genres: '878' });
    expect(actionNoSciFi.every((m) => m.genre_ids.includes(28) && !m.genre_ids.includes(878))).toBe(true);
  });
});

describe('discover: the 26 documented sort orders', () => {
  const byNumber = (field: string, direction: 1 | -1) => (items: Item[]) =>
    sorted(items, (a, b) => direction * ((a[field] as number) - (b[field] as number)));
  // Names compare case-insensitively, code point by code point (SQLite's NOCASE).
  const folded = (value: unknown) => String(value).replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  const byText = (field: string, direction: 1 | -1) => (items: Item[]) =>
    sorted(items, (a, b) => {
      const [x, y] = [folded(a[field]), folded(b[field])];
      return direction * (x < y ? -1 : x > y ? 1 : 0);
    });
  const ORDERS: Record<'movie' | 'tv', Record<string, (items: Item[]) => Item[]>> = {
    movie: {
      'popularity.desc': byNumber('popularity', -1),
      'popularity.asc': byNumber('popularity', 1),
      // Revenue is 0 for every title: the order is popularity's.
      'revenue.desc': byNumber('popularity', -1),
      'revenue.asc': byNumber('popularity', -1),
      'primary_release_date.desc': byText('release_date', -1),
      'primary_release_date.asc': byText('release_date', 1),
      'title.asc': byText('title', 1),
      'title.desc': byText('title', -1),
      'original_title.asc': byText('original_title', 1),
      'original_title.desc': byText('original_title', -1),
      'vote_average.desc': byNumber('vote_average', -1),
      'vote_average.asc': byNumber('vote_average', 1),
      'vote_count.desc': byNumber('vote_count', -1),
      'vote_count.asc': byNumber('vote_count', 1),
    },
    tv: {
      'popularity.desc': byNumber('popularity', -1),
      'popularity.asc': byNumber('popularity', 1),
      'first_air_date.desc': byText('first_air_date', -1),
      'first_air_date.asc': byText('first_air_date', 1),
      'name.asc': byText('name', 1),
      'name.desc': byText('name', -1),
      'original_name.asc': byText('original_name', 1),
      'original_name.desc': byText('original_name', -1),
      'vote_average.desc': byNumber('vote_average', -1),
      'vote_average.asc': byNumber('vote_average', 1),
      'vote_count.desc': byNumber('vote_count', -1),
      'vote_count.asc': byNumber('vote_count', 1),
    },
  };
  const cases = (['movie', 'tv'] as const).flatMap((mediaType) =>
    Object.keys(ORDERS[mediaType]).map((sortBy) => [mediaType, sortBy] as const),
  );

  it('are 26', () => expect(cases).toHaveLength(26));

  it.each(cases)('%s sorted by %s', async (mediaType, sortBy) => {
    const items = await everything(`/discover/${mediaType}`, { sort_by: sortBy });
    const key = (item: Item) => {
      const field = sortBy.replace(/\.(asc|desc)$/, '').replace('primary_release_date', 'release_date');
      return field === 'revenue' ? item.popularity : item[field];
    };
    // Ties may come in any stable order: compare the sorted field, not the ids.
    expect(items.map(key)).toEqual(ORDERS[mediaType][sortBy](items).map(key));
  });

  it('refuses an undocumented order with 422 and status 5', async () => {
    const response = await get('/discover/tv', { sort_by: 'title.asc' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, status_code: 5 });
  });
});

describe('details, seasons and the other sub-resources', () => {
  it('serve the shared shapes (shared/catalogue/tmdb.schema.ts) that the client reads', async () => {
    const checks: Array<[string, { Check(value: unknown): boolean }]> = [
      ['/movie/603', Compile(TmdbMovieDetails)],
      ['/tv/66732', Compile(TmdbTvDetails)],
      ['/tv/65494', Compile(TmdbTvDetails)],
      ['/tv/66732/season/4', Compile(TmdbSeasonDetails)],
      ['/movie/603/credits', Compile(TmdbMovieCredits)],
      ['/movie/603/release_dates', Compile(TmdbReleaseDates)],
      ['/tv/66732/content_ratings', Compile(TmdbContentRatings)],
      ['/movie/now_playing', Compile(TmdbDatedMoviePage)],
      ['/search/person?query=tom', Compile(TmdbPersonPage)],
      ['/search/multi?query=tom', Compile(TmdbMultiPage)],
    ];
    for (const [path, schema] of checks) {
      const [route, search] = path.split('?');
      const response = await get(route, Object.fromEntries(new URLSearchParams(search)));
      expect(response.statusCode, path).toBe(200);
      expect(schema.Check(response.json()), path).toBe(true);
    }
  });

  it('gives a series its seasons and episodes, labelled plainly, with runtimes and generated stills', async () => {
    const show = (await get('/tv/66732')).json<Record<string, unknown>>();
    expect(show).toMatchObject({
      number_of_seasons: 5,
      number_of_episodes: 42,
      episode_run_time: [51],
      status: 'Ended',
      in_production: false,
      networks: [{ id: 213, name: 'Netflix', logo_path: null, origin_country: '' }],
      genres: [
        { id: 10765, name: 'Sci-Fi & Fantasy' },
        { id: 18, name: 'Drama' },
        { id: 9648, name: 'Mystery' },
      ],
    });
    const season = (await get('/tv/66732/season/4')).json<{ episodes: Array<Record<string, unknown>> }>();
    expect(season.episodes).toHaveLength(9);
    expect(season.episodes[2]).toMatchObject({
      episode_number: 3,
      season_number: 4,
      name: 'Episode 3',
      overview: '',
      runtime: 51,
      air_date: null,
      show_id: 66732,
    });
    const still = season.episodes[2].still_path as string;
    const image = await app.inject({ url: `/images/t/p/w300${still}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // The same episode always gets the same still, and each episode its own.
    const again = (await get('/tv/66732/season/4')).json<{ episodes: Array<{ still_path: string }> }>();
    expect(again.episodes[2].still_path).toBe(still);
    expect(new Set(season.episodes.map((e) => e.still_path)).size).toBe(9);
    // Every episode of a season, at the series' episode length.
    const breaking = (await get('/tv/1396/season/5')).json<{ episodes: Array<{ runtime: unknown }> }>();
    expect(breaking.episodes).toHaveLength(16);
    expect(breaking.episodes.every((e) => e.runtime === 47)).toBe(true);
    expect((await get('/tv/1396')).json()).toMatchObject({ episode_run_time: [47] });
  });

  it('answers 404 (status 34) for a season that does not exist, and for a still of no episode', async () => {
    for (const path of ['/tv/66732/season/6', '/tv/66732/season/0', '/tv/65494/season/7', '/tv/999999/season/1']) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject({ success: false, status_code: 34 });
    }
    const still = (await get('/tv/66732/season/1')).json<{ episodes: Array<{ still_path: string }> }>().episodes[0]
      .still_path;
    const missing = still.replace('-s1e1-', '-s1e9-');
    expect((await app.inject({ url: `/images/t/p/w300${missing}` })).statusCode).toBe(404);
  });

  it("lists a series' seasons with their episode counts", async () => {
    const crown = (await get('/tv/65494')).json<{ seasons: Array<{ season_number: number; episode_count: number }> }>();
    expect(crown).toMatchObject({ number_of_seasons: 6, number_of_episodes: 60 });
    expect(crown.seasons.map((season) => season.season_number)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('lists similar titles and recommendations by shared genres, never the title itself, the same each time', async () => {
    for (const kind of ['similar', 'recommendations']) {
      const body = await page(`/movie/603/${kind}`);
      expect(body.results).toHaveLength(20);
      expect(body.results.some((m) => m.id === 603)).toBe(false);
      const shared = body.results.map((m) => m.genre_ids.filter((g) => [28, 878].includes(g)).length);
      expect(shared.every((count) => count > 0)).toBe(true);
      expect(shared).toEqual([...shared].sort((a, b) => b - a));
      expect((await page(`/movie/603/${kind}`)).results.map((m) => m.id)).toEqual(body.results.map((m) => m.id));
      const second = await page(`/movie/603/${kind}`, { page: '2' });
      expect(second.results.some((m) => body.results.some((first) => first.id === m.id))).toBe(false);
    }
  });

  it('appends each sub-resource asked for in append_to_response, and ignores unknown names', async () => {
    const movie = (
      await get('/movie/603', { append_to_response: 'videos,credits,similar,recommendations,release_dates,nope' })
    ).json<Record<string, unknown>>();
    expect(movie).toMatchObject({
      id: 603,
      videos: { results: expect.arrayContaining([expect.objectContaining({ type: 'Trailer' })]) },
      credits: { cast: expect.arrayContaining([expect.objectContaining({ name: 'Keanu Reeves' })]) },
      similar: { page: 1 },
      recommendations: { page: 1 },
      release_dates: { results: expect.arrayContaining([expect.objectContaining({ iso_3166_1: 'US' })]) },
    });
    expect(movie).not.toHaveProperty('nope');
    expect((await get('/movie/603')).json()).not.toHaveProperty('credits');
    const show = (await get('/tv/66732', { append_to_response: 'content_ratings,credits' })).json<
      Record<string, unknown>
    >();
    expect(show).toMatchObject({
      content_ratings: { results: [expect.objectContaining({ iso_3166_1: 'US', rating: 'TV-14' }), expect.anything()] },
      credits: { cast: expect.arrayContaining([expect.objectContaining({ name: 'Winona Ryder' })]) },
    });
    expect(show).not.toHaveProperty('release_dates');
  });

  it('refuses more than 20 appended calls with 400 and status 27', async () => {
    const response = await get('/movie/603', { append_to_response: Array(21).fill('videos').join(',') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, status_code: 27 });
  });

  it('certifies films for the US and GB where known, and leaves out a country that is not', async () => {
    const matrix = (await get('/movie/603/release_dates')).json<{ results: Array<Record<string, unknown>> }>();
    expect(matrix.results.map((r) => r.iso_3166_1)).toEqual(['US', 'GB']);
    expect(matrix.results[0]).toMatchObject({ release_dates: [{ certification: 'R', type: 3 }] });
    // 562 (Die Hard) has no GB certification in the data.
    const dieHard = (await get('/movie/562/release_dates')).json<{ results: Array<Record<string, unknown>> }>();
    expect(dieHard.results.map((r) => r.iso_3166_1)).toEqual(['US']);
  });
});

describe('search: people, years', () => {
  it('finds people with what they are known for, and puts them in search/multi after the titles', async () => {
    const people = await page('/search/person', { query: 'hanks' });
    expect(people.results[0]).toMatchObject({ name: 'Tom Hanks', known_for_department: 'Acting', profile_path: null });
    expect((people.results[0].known_for as unknown[]).length).toBeGreaterThan(0);
    const multi = await page('/search/multi', { query: 'tom hanks' });
    expect(multi.results.map((r) => r.media_type)).toContain('person');
    const mixed = await page('/search/multi', { query: 'wonder' });
    const types = mixed.results.map((r) => r.media_type);
    expect(types.lastIndexOf('movie')).toBeLessThan(
      types.indexOf('person') === -1 ? Infinity : types.indexOf('person'),
    );
  });

  it("lists a person's films and series, as cast and as crew, in person/{id}/combined_credits", async () => {
    const nolan = (await page('/search/person', { query: 'christopher nolan' })).results[0];
    expect(nolan).toMatchObject({ name: 'Christopher Nolan' });
    const credits = (await get(`/person/${nolan.id}/combined_credits`)).json<TmdbCombinedCredits>();
    expect(Compile(TmdbCombinedCredits).Check(credits)).toBe(true);
    expect(credits.id).toBe(nolan.id);
    const directed = credits.crew.filter((credit) => credit.job === 'Director').map((credit) => credit.id);
    expect(directed).toContain(27205); // Inception
    const hanks = (await page('/search/person', { query: 'tom hanks' })).results[0];
    const acted = (await get(`/person/${hanks.id}/combined_credits`)).json<TmdbCombinedCredits>();
    expect(acted.cast.find((credit) => credit.id === 13)).toMatchObject({
      character: 'Forrest Gump',
      media_type: 'movie',
    });
    expect((await get('/person/1/combined_credits')).statusCode).toBe(404);
    expect((await get('/person/abc/combined_credits')).statusCode).toBe(404);
  });

  it('honours year, primary_release_year and first_air_date_year', async () => {
    const all = await page('/search/movie', { query: 'star' });
    const of1977 = await page('/search/movie', { query: 'star', primary_release_year: '1977' });
    expect(of1977.results.length).toBeGreaterThan(0);
    expect(of1977.total_results).toBeLessThan(all.total_results);
    expect(of1977.results.every((m) => String(m.release_date).startsWith('1977'))).toBe(true);
    expect((await page('/search/movie', { query: 'star', year: '1977' })).total_results).toBe(of1977.total_results);
    expect((await page('/search/tv', { query: 'stranger', first_air_date_year: '2015' })).total_results).toBe(0);
    expect((await page('/search/tv', { query: 'stranger', first_air_date_year: '2016' })).results[0]).toMatchObject({
      name: 'Stranger Things',
    });
  });
});

describe('the dated lists, genres, configuration and authentication', () => {
  it('splits the newest releases into upcoming and now playing, neither empty', async () => {
    const now = (await get('/movie/now_playing')).json<PageBody & { dates: { minimum: string; maximum: string } }>();
    const upcoming = (await get('/movie/upcoming')).json<PageBody & { dates: { minimum: string; maximum: string } }>();
    expect(now.results.length).toBeGreaterThan(0);
    expect(upcoming.results.length).toBeGreaterThan(0);
    expect(now.dates.maximum < upcoming.dates.minimum).toBe(true);
    for (const [body, field] of [
      [now, 'release_date'],
      [upcoming, 'release_date'],
    ] as const) {
      expect(
        body.results.every((m) => String(m[field]) >= body.dates.minimum && String(m[field]) <= body.dates.maximum),
      ).toBe(true);
    }
    const today = (await page('/tv/airing_today')).results;
    const onAir = await everything('/tv/on_the_air');
    expect(today.length).toBeGreaterThan(0);
    expect(today.every((s) => onAir.some((o) => o.id === s.id))).toBe(true);
  });

  it("serves TMDB's genre lists and the image configuration of this server", async () => {
    const movie = (await get('/genre/movie/list')).json<{ genres: Array<{ id: number; name: string }> }>();
    expect(movie.genres).toHaveLength(19);
    expect(movie.genres).toContainEqual({ id: 10770, name: 'TV Movie' });
    const tv = (await get('/genre/tv/list')).json<{ genres: Array<{ id: number; name: string }> }>();
    expect(tv.genres).toContainEqual({ id: 10759, name: 'Action & Adventure' });
    const configuration = (await get('/configuration')).json<{ images: Record<string, unknown> }>();
    expect(configuration.images.secure_base_url).toBe('http://localhost:80/images/t/p/');
    // Only the sizes the app asks for are drawn (shared/media/image-sizes.ts).
    expect(configuration.images.still_sizes).toEqual(['w185', 'w300']);
    // Wider than TMDB's own list: the hero and detail art go up to 2560 px.
    expect(configuration.images.backdrop_sizes).toEqual(['w300', 'w780', 'w1280', 'w1920', 'w2560']);
    // Each kind at its own sizes: a poster is never drawn at w780, and no logo or cast photo at all.
    expect(configuration.images.poster_sizes).toEqual(['w185', 'w342', 'w500']);
    expect(configuration.images.profile_sizes).toEqual([]);
    expect(configuration.images.logo_sizes).toEqual([]);
  });

  it('authenticates with api_key or a Bearer read token, refusing a wrong one with 401 and status 7', async () => {
    const authentication = (headers: Record<string, string>, query = '') =>
      app.inject({ url: `/tmdb/3/authentication${query}`, headers });
    expect((await authentication({}, `?api_key=${KEY}`)).json()).toEqual({
      success: true,
      status_code: 1,
      status_message: 'Success.',
    });
    expect((await authentication({ authorization: 'Bearer test-read-token' })).statusCode).toBe(200);
    expect((await authentication({ authorization: 'bearer   test-read-token' })).statusCode).toBe(200);
    const refused: Array<Record<string, string>> = [
      { authorization: 'Bearer nope' },
      { authorization: 'test-read-token' },
      {},
    ];
    for (const headers of refused) {
      const response = await authentication(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, status_code: 7 });
    }
  });

  it('refuses a malformed date with 400 and status 23', async () => {
    const malformed: Array<Record<string, string>> = [
      { 'primary_release_date.gte': '2020' },
      { 'release_date.lte': 'soon' },
    ];
    for (const query of malformed) {
      const response = await get('/discover/movie', query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, status_code: 23 });
    }
  });
});
