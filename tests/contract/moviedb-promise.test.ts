import { MovieDb } from 'moviedb-promise';
import { describe, expect, it } from 'vitest';

import { DEFAULT_CATALOGUE_READ_TOKEN } from '../../server/config.ts';
import { CATALOGUE_KEY, useEmbeddedServer } from './support/embedded-server.ts';

const server = useEmbeddedServer();

/** moviedb-promise, a third-party TMDB client from npm, pointed at the embedded API. */
const client = (key = CATALOGUE_KEY) => new MovieDb(key, `${server.origin}/tmdb/3/`, 1000);

describe('a third-party TMDB client (moviedb-promise) against the embedded catalogue', () => {
  it('reads the configuration, the genre lists and the trending, popular and top-rated rows', async () => {
    const db = client();
    expect((await db.configuration()).images.base_url).toBe(`${server.origin}/images/t/p/`);
    expect((await db.genreMovieList()).genres).toContainEqual({ id: 28, name: 'Action' });
    expect((await db.genreTvList()).genres).toContainEqual({ id: 10765, name: 'Sci-Fi & Fantasy' });
    expect((await db.trending({ media_type: 'all', time_window: 'week' })).results?.length).toBe(20);
    expect((await db.moviePopular()).results?.length).toBe(20);
    expect((await db.movieTopRated()).results?.length).toBe(20);
    expect((await db.tvPopular()).results?.length).toBe(20);
    expect((await db.tvTopRated()).results?.length).toBeGreaterThan(0);
  });

  it('reads the dated lists, none of them empty', async () => {
    const db = client();
    const nowPlaying = await db.movieNowPlaying();
    const upcoming = await db.upcomingMovies({});
    expect(nowPlaying.results?.length).toBeGreaterThan(0);
    expect(upcoming.results?.length).toBeGreaterThan(0);
    // Nothing is both now playing and upcoming.
    expect(nowPlaying.dates!.maximum! < upcoming.dates!.minimum!).toBe(true);
    expect((await db.tvOnTheAir()).results?.length).toBeGreaterThan(0);
    expect((await db.tvAiringToday()).results?.length).toBeGreaterThan(0);
  });

  it('discovers with filters and sort orders', async () => {
    const db = client();
    const found = await db.discoverMovie({
      with_genres: '28',
      'primary_release_date.gte': '2000-01-01',
      sort_by: 'primary_release_date.asc',
    });
    const dates = found.results!.map((movie) => movie.release_date!);
    expect(dates.length).toBeGreaterThan(0);
    expect(dates.every((date) => date >= '2000-01-01')).toBe(true);
    expect(dates).toEqual([...dates].sort());
    const series = await db.discoverTv({ with_networks: '213', sort_by: 'name.asc' });
    expect(series.results!.length).toBeGreaterThan(0);
  });

  it('reads a film in depth: details with appended parts, credits, images, videos, certifications, similar', async () => {
    const db = client();
    const movie = await db.movieInfo({ id: 603, append_to_response: 'credits,videos,release_dates' });
    expect(movie).toMatchObject({ id: 603, title: 'The Matrix', runtime: 136 });
    expect(movie.genres).toContainEqual({ id: 878, name: 'Science Fiction' });
    const appended = movie as typeof movie & { credits: { cast: Array<{ name: string }> } };
    expect(appended.credits.cast[0].name).toBe('Keanu Reeves');
    const credits = await db.movieCredits(603);
    expect(credits.crew?.find((member) => member.job === 'Director')?.name).toBe('Lana Wachowski');
    expect((await db.movieImages(603)).posters?.length).toBe(1);
    expect((await db.movieVideos(603)).results?.some((video) => video.type === 'Trailer')).toBe(true);
    const releases = await db.movieReleaseDates(603);
    expect(releases.results?.find((r) => r.iso_3166_1 === 'US')?.release_dates?.[0]?.certification).toBe('R');
    expect((await db.movieSimilar(603)).results?.length).toBe(20);
    expect((await db.movieRecommendations(603)).results?.length).toBe(20);
  });

  it('reads a series in depth: details, a season with its episodes, credits, ratings, similar', async () => {
    const db = client();
    const show = await db.tvInfo({ id: 66732, append_to_response: 'content_ratings,similar' });
    expect(show).toMatchObject({ id: 66732, number_of_seasons: 5, number_of_episodes: 42, episode_run_time: [51] });
    expect(show.networks?.[0]).toMatchObject({ id: 213, name: 'Netflix' });
    const season = await db.seasonInfo({ id: 66732, season_number: 2 });
    expect(season.episodes?.map((episode) => episode.name)).toEqual(
      Array.from({ length: 9 }, (_, index) => `Episode ${index + 1}`),
    );
    expect(season.episodes?.[0].still_path).toMatch(/^\/tv-66732-s2e1-still-[0-9a-f]{8}\.webp$/);
    expect((await db.tvCredits(66732)).id).toBe(66732);
    expect((await db.tvContentRatings(66732)).id).toBe(66732);
    expect((await db.tvImages(66732)).backdrops?.length).toBe(1);
    expect((await db.tvVideos(66732)).results?.length).toBeGreaterThan(0);
    expect((await db.tvSimilar(66732)).results?.length).toBe(20);
    expect((await db.tvRecommendations(66732)).results?.length).toBe(20);
  });

  it('searches titles by year, people, and both at once', async () => {
    const db = client();
    const movies = await db.searchMovie({ query: 'star', primary_release_year: 1977 });
    expect(movies.results!.length).toBeGreaterThan(0);
    expect(movies.results!.every((movie) => movie.release_date!.startsWith('1977'))).toBe(true);
    expect((await db.searchTv({ query: 'stranger', first_air_date_year: 2016 })).results?.[0]?.name).toBe(
      'Stranger Things',
    );
    const people = await db.searchPerson({ query: 'keanu' });
    expect(people.results?.[0]).toMatchObject({ name: 'Keanu Reeves', known_for_department: 'Acting' });
    const multi = await db.searchMulti({ query: 'keanu reeves' });
    expect(multi.results?.some((result) => result.media_type === 'person')).toBe(true);
  });

  it('is refused with a wrong key, as TMDB refuses it', async () => {
    await expect(client('wrong-key').moviePopular()).rejects.toMatchObject({
      response: { status: 401, data: { status_code: 7, success: false } },
    });
  });
});

describe('authenticating as the document says', () => {
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.origin}/tmdb/3${path}`, { headers });

  it('accepts the read access token as a Bearer token, and validates it at /authentication', async () => {
    const bearer = { authorization: `Bearer ${DEFAULT_CATALOGUE_READ_TOKEN}` };
    const response = await get('/authentication', bearer);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, status_code: 1, status_message: 'Success.' });
    expect((await get('/movie/603', bearer)).status).toBe(200);
    expect((await get(`/authentication?api_key=${CATALOGUE_KEY}`)).status).toBe(200);
  });

  it('refuses a wrong token, the key given as a token, and no credentials with 401 and status 7', async () => {
    const attempts: Array<Record<string, string>> = [
      { authorization: 'Bearer wrong' },
      { authorization: `Bearer ${CATALOGUE_KEY}` },
      {},
    ];
    for (const headers of attempts) {
      const response = await get('/authentication', headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        success: false,
        status_code: 7,
        status_message: 'Invalid API key: You must be granted a valid key.',
      });
    }
  });
});
