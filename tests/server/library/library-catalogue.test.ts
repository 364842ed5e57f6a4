/**
 * The viewer's side of the library: a library title is a title like any other in the
 * TMDB-compatible API (Recently Added, details with real runtime, credits and certification,
 * seasons with real episode names, search), its art is drawn by the image host, the player finds
 * its programme, Continue Watching takes its id, and the API's cached answers follow the library.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { isLibraryId } from '../../../shared/library/library-ids.ts';
import { RECENTLY_ADDED_PATH } from '../../../shared/library/recently-added.ts';
import { programmeLookupUrl } from '../../../shared/media/library-programme.ts';
import { checkoutClient, openSession, PLANS, SESSION_COOKIE, signUp } from '../checkout-helpers.ts';
import { createTestApp } from '../test-app.ts';
import { fakeIngest, libraryFolder, writeTree, writeTwoLanguageVideo } from './library-support.ts';

const KEY = 'api_key=test-catalogue-key';

const FILM_NFO = `<movie><title>Harbour Lights</title><year>2021</year><plot>A keeper's last winter.</plot>
<runtime>97</runtime><mpaa>PG-13</mpaa><genre>Drama</genre>
<actor><name>Ada Stone</name><role>The keeper</role></actor><director>Ray Holm</director></movie>`;

const SERIES_NFO = `<tvshow><title>Tide Tables</title><year>2022</year><plot>A coast, a year.</plot><genre>Drama</genre></tvshow>`;
const EPISODE_NFO = `<episodedetails><title>Spring Tide</title><season>1</season><episode>1</episode>
<plot>The water comes in.</plot></episodedetails>`;

async function until(test: () => Promise<boolean> | boolean, what: string, ms = 45_000) {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('library titles in the viewer’s app', () => {
  it('serves a published film and series like catalogue titles, and plays their programmes', async () => {
    const root = libraryFolder();
    writeTwoLanguageVideo(join(root, 'Films', 'Harbour Lights (2021)', 'Harbour Lights (2021).mkv'));
    writeTwoLanguageVideo(join(root, 'Series', 'Tide Tables (2022)', 'Season 01', 'Tide Tables S01E01.mkv'));
    writeTree(root, {
      'Films/Harbour Lights (2021)/Harbour Lights (2021).nfo': FILM_NFO,
      'Series/Tide Tables (2022)/tvshow.nfo': SERIES_NFO,
      'Series/Tide Tables (2022)/Season 01/Tide Tables S01E01.nfo': EPISODE_NFO,
    });
    const { app } = await createTestApp({ library: { folders: [root], writeFinishMs: 100 } });
    await app.library.ready();
    await app.ingest.idle();
    const get = (url: string) => app.inject({ url });

    let recent: Array<{ id: number; media_type: string; title?: string; name?: string; poster_path: string }> = [];
    await until(async () => {
      recent = (await get(`/tmdb/3${RECENTLY_ADDED_PATH}?${KEY}`)).json().results;
      return recent.length === 2;
    }, 'both titles in Recently Added');
    const film = recent.find((t) => t.media_type === 'movie')!;
    const series = recent.find((t) => t.media_type === 'tv')!;
    expect(film.title).toBe('Harbour Lights');
    expect(series.name).toBe('Tide Tables');
    expect(isLibraryId(film.id) && isLibraryId(series.id)).toBe(true);

    const details = (
      await get(`/tmdb/3/movie/${film.id}?${KEY}&append_to_response=credits,release_dates,videos`)
    ).json();
    expect(details).toMatchObject({
      id: film.id,
      title: 'Harbour Lights',
      runtime: 97,
      overview: "A keeper's last winter.",
      genres: [{ name: 'Drama' }],
      credits: {
        cast: [{ name: 'Ada Stone', character: 'The keeper' }],
        crew: [{ name: 'Ray Holm', job: 'Director' }],
      },
      release_dates: { results: [{ iso_3166_1: 'US', release_dates: [{ certification: 'PG-13' }] }] },
      videos: { results: [] },
    });
    const season = (await get(`/tmdb/3/tv/${series.id}/season/1?${KEY}`)).json();
    expect(season.episodes).toMatchObject([
      { episode_number: 1, name: 'Spring Tide', overview: 'The water comes in.' },
    ]);
    expect((await get(`/tmdb/3/tv/${series.id}?${KEY}`)).json()).toMatchObject({ number_of_episodes: 1 });

    const drama = (await get(`/tmdb/3/discover/movie?${KEY}&with_genres=18`)).json();
    expect(drama.results[0]).toMatchObject({ id: film.id, title: 'Harbour Lights' });
    const comedy = (await get(`/tmdb/3/discover/movie?${KEY}&with_genres=35`)).json();
    expect(comedy.results.some((t: { id: number }) => t.id === film.id)).toBe(false);
    const search = (await get(`/tmdb/3/search/multi?${KEY}&query=harbour`)).json();
    expect(search.results[0]).toMatchObject({ id: film.id, media_type: 'movie' });

    const poster = await get(`/images/t/p/w342${film.poster_path}`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/webp');

    const programme = await get(programmeLookupUrl({ mediaType: 'movie', id: film.id, episode: null }));
    expect(programme.statusCode).toBe(200);
    expect(programme.json()).toMatchObject({
      src: expect.stringMatching(/^\/media\/library\/library-\d+\/master\.m3u8$/),
      complete: true,
    });
    // It plays only under a grant (tests/server/playback/): its own address is closed.
    expect((await get(programme.json().src)).statusCode).toBe(403);
    const episode = await get(
      programmeLookupUrl({ mediaType: 'tv', id: series.id, episode: { season: 1, episode: 1 } }),
    );
    expect(episode.statusCode).toBe(200);
    expect(episode.json()).toMatchObject({ name: 'Spring Tide', complete: true });
    expect(
      (await get(programmeLookupUrl({ mediaType: 'tv', id: series.id, episode: { season: 1, episode: 2 } })))
        .statusCode,
    ).toBe(404);
    // A catalogue title the library does not have plays its mood programme.
    expect((await get(programmeLookupUrl({ mediaType: 'movie', id: 603, episode: null }))).json()).toMatchObject({
      error: { code: 'not-found' },
    });
  }, 90_000);

  it('lists a title only once it can be played, and no cached answer hides the change', async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Quiet Field (2019)/Quiet Field (2019).mkv': null });
    const fake = fakeIngest();
    const { app } = await createTestApp({ library: { folders: [root], ingest: fake.ingest, writeFinishMs: 100 } });
    await app.library.ready();
    const url = `/tmdb/3${RECENTLY_ADDED_PATH}?${KEY}`;
    const before = await app.inject({ url });
    expect(before.json().results).toEqual([]);
    expect(before.headers['cache-control']).toBe('public, no-cache');
    const film = app.library.items('movie')[0]!;
    const id = 2_000_000_000 + film.key;
    expect((await app.inject({ url: `/tmdb/3/movie/${id}?${KEY}` })).statusCode).toBe(404);
    expect((await app.inject({ url: programmeLookupUrl({ mediaType: 'movie', id, episode: null }) })).statusCode).toBe(
      409,
    );

    fake.progress({ key: fake.enqueued[0]!.key, state: 'ready', percent: 100 });
    await until(async () => (await app.inject({ url })).json().results.length === 1, 'the title listed', 5000);
    const after = await app.inject({ url, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect((await app.inject({ url: `/tmdb/3/movie/${id}?${KEY}` })).json()).toMatchObject({ title: 'Quiet Field' });
  }, 30_000);

  it('keeps answers cacheable with a library: a minute for what may list its titles, new ETags when they do', async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Quiet Field (2019)/Quiet Field (2019).mkv': null });
    const fake = fakeIngest();
    const { app } = await createTestApp({ library: { folders: [root], ingest: fake.ingest, writeFinishMs: 100 } });
    await app.library.ready();
    const search = `/tmdb/3/search/movie?query=quiet%20field&${KEY}`;
    const details = `/tmdb/3/movie/603?${KEY}`;
    const before = await app.inject({ url: search });
    expect(before.json().results.map((t: { title: string }) => t.title)).not.toContain('Quiet Field');
    expect(before.headers['cache-control']).toBe('public, max-age=60');
    const unaffected = await app.inject({ url: details });
    expect(unaffected.headers['cache-control']).toBe('public, max-age=60');
    // What never lists library titles keeps the catalogue's hour.
    expect((await app.inject({ url: `/tmdb/3/genre/movie/list?${KEY}` })).headers['cache-control']).toBe(
      'public, max-age=3600',
    );
    // The library's own list is revalidated on every use.
    expect((await app.inject({ url: `/tmdb/3${RECENTLY_ADDED_PATH}?${KEY}` })).headers['cache-control']).toBe(
      'public, no-cache',
    );

    fake.progress({ key: fake.enqueued[0]!.key, state: 'ready', percent: 100 });
    await until(
      async () =>
        (await app.inject({ url: search })).json().results.some((t: { title: string }) => t.title === 'Quiet Field'),
      'the title found',
      5000,
    );
    // A client revalidating its copy gets the new answer, under a new validator...
    const after = await app.inject({ url: search, headers: { 'if-none-match': before.headers.etag as string } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.headers['cache-control']).toBe('public, max-age=60');
    // ...and an answer the change did not touch is still its copy's.
    const same = await app.inject({ url: details, headers: { 'if-none-match': unaffected.headers.etag as string } });
    expect(same.statusCode).toBe(304);
  }, 30_000);

  it('plays a matched catalogue title’s library programme instead of its mood’s, for its real length', async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Heat (1995)/Heat (1995).mkv': null });
    const fake = fakeIngest();
    const { app, dataDir } = await createTestApp({
      library: { folders: [root], ingest: fake.ingest, writeFinishMs: 100 },
    });
    await app.library.ready();
    const match = app.library.repository.match(app.library.items('movie')[0]!.key)!;
    expect(match.catalogueId).not.toBeNull();
    const lookup = programmeLookupUrl({ mediaType: 'movie', id: match.catalogueId!, episode: null });
    expect((await app.inject({ url: lookup })).statusCode).toBe(409);

    // What ingest publishes: the programme's folder with its master, and its job's result.
    const key = fake.enqueued[0]!.key;
    mkdirSync(join(dataDir, 'library', key), { recursive: true });
    writeFileSync(join(dataDir, 'library', key, 'master.m3u8'), '#EXTM3U\n');
    app.db
      .prepare(
        `INSERT INTO ingest_jobs (key, source_path, output_dir, state, percent, result, created_at, updated_at)
         VALUES (?, ?, ?, 'ready', 100, ?, 0, 0)`,
      )
      .run(key, join(root, 'x.mkv'), join(dataDir, 'library', key), JSON.stringify({ duration: 6123.5 }));
    fake.progress({ key, state: 'ready', percent: 100 });
    await until(async () => (await app.inject({ url: lookup })).statusCode === 200, 'the programme', 5000);
    expect((await app.inject({ url: lookup })).json()).toMatchObject({ src: `/media/library/${key}/master.m3u8` });
    // The matched title is the catalogue's, not a library title of its own.
    expect((await app.inject({ url: `/tmdb/3${RECENTLY_ADDED_PATH}?${KEY}` })).json().results).toEqual([]);
    // Continue Watching takes a position past the mood programme's two minutes.
    expect(app.library.catalogue.durationSeconds('movie', match.catalogueId!)).toBe(6123.5);
  }, 30_000);

  it('names a matched series’ episodes the library has by the library, in the season the detail view reads', async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Series/Dark (2017)/Season 01/Dark S01E02 Lies.mkv': null,
      'Series/Dark (2017)/Season 03/Dark S03E08 The Paradise.mkv': null,
      'Series/Dark (2017)/Season 01/Dark S01E03 Past and Present.mkv': null,
      'Series/Dark (2017)/Season 01/Dark S01E03 Past and Present.nfo':
        '<episodedetails><title>Past and Present</title><season>1</season><episode>3</episode><plot>Jonas finds a cave.</plot><runtime>51</runtime></episodedetails>',
    });
    const fake = fakeIngest();
    const { app } = await createTestApp({ library: { folders: [root], ingest: fake.ingest, writeFinishMs: 100 } });
    await app.library.ready();
    const match = app.library.repository.match(app.library.items('series')[0]!.key)!;
    expect(match).toMatchObject({ mediaType: 'tv', catalogueId: 70523 });
    const season = (await app.inject({ url: `/tmdb/3/tv/70523/season/1?${KEY}` })).json() as {
      episodes: { episode_number: number; name: string; overview: string; runtime: number | null }[];
    };
    const episode = (n: number) => season.episodes.find((e) => e.episode_number === n)!;
    expect(episode(1).name).toBe('Episode 1');
    expect(episode(2)).toMatchObject({ name: 'Lies' });
    expect(episode(3)).toMatchObject({ name: 'Past and Present', overview: 'Jonas finds a cave.', runtime: 51 });
    // Another season of the series, which the library does not have, is the catalogue's.
    const other = (await app.inject({ url: `/tmdb/3/tv/70523/season/2?${KEY}` })).json();
    expect(other.episodes[0].name).toBe('Episode 1');
    // The details' last episode too.
    const details = (await app.inject({ url: `/tmdb/3/tv/70523?${KEY}` })).json();
    expect(details.last_episode_to_air).toMatchObject({ season_number: 3, episode_number: 8, name: 'The Paradise' });
  }, 30_000);

  it('answers a season of a matched series that only the library has, in TMDB’s shapes, and plays its episodes', async () => {
    const root = libraryFolder();
    // The catalogue knows three seasons of Dark; the library has a fourth.
    writeTwoLanguageVideo(join(root, 'Series', 'Dark (2017)', 'Season 04', 'Dark S04E01 Origins.mkv'));
    writeTree(root, {
      'Series/Dark (2017)/Season 04/Dark S04E01 Origins.nfo':
        '<episodedetails><title>Origins</title><season>4</season><episode>1</episode><plot>Where it began.</plot><runtime>55</runtime></episodedetails>',
    });
    const { app } = await createTestApp({ library: { folders: [root], writeFinishMs: 100 } });
    const get = (url: string) => app.inject({ url });
    const before = (await get(`/tmdb/3/tv/70523?${KEY}`)).json() as {
      seasons: { season_number: number }[];
      number_of_seasons: number;
      number_of_episodes: number;
    };
    expect(before.seasons.map((s) => s.season_number)).not.toContain(4);
    await app.library.ready();
    await app.ingest.idle();
    expect(app.library.repository.match(app.library.items('series')[0]!.key)).toMatchObject({ catalogueId: 70523 });

    let details = before;
    await until(async () => {
      details = (await get(`/tmdb/3/tv/70523?${KEY}`)).json();
      return details.seasons.some((s) => s.season_number === 4);
    }, 'the library’s season in the series’ details');
    expect(details.seasons.map((s) => s.season_number)).toEqual([...before.seasons.map((s) => s.season_number), 4]);
    expect(details.seasons.at(-1)).toMatchObject({ season_number: 4, episode_count: 1, name: 'Season 4' });
    expect(details).toMatchObject({
      number_of_seasons: before.number_of_seasons + 1,
      number_of_episodes: before.number_of_episodes + 1,
      last_episode_to_air: { season_number: 4, episode_number: 1, name: 'Origins', show_id: 70523 },
    });

    const season = await get(`/tmdb/3/tv/70523/season/4?${KEY}`);
    expect(season.statusCode).toBe(200);
    expect(season.json()).toMatchObject({
      season_number: 4,
      episodes: [
        {
          season_number: 4,
          episode_number: 1,
          name: 'Origins',
          overview: 'Where it began.',
          runtime: 55,
          show_id: 70523,
        },
      ],
    });
    // A season neither has is still TMDB's 404; the catalogue's own seasons are as they were.
    expect((await get(`/tmdb/3/tv/70523/season/5?${KEY}`)).statusCode).toBe(404);
    expect((await get(`/tmdb/3/tv/70523/season/2?${KEY}`)).json().episodes[0].name).toBe('Episode 1');

    // Its episode plays: the player's lookup names it, and a member's grant serves its programme.
    const lookup = await get(programmeLookupUrl({ mediaType: 'tv', id: 70523, episode: { season: 4, episode: 1 } }));
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({ name: 'Origins', complete: true });
    const ann = await signUp(app, 'ann@example.com');
    const session = await openSession(app, ann, PLANS.standard.price);
    expect((await checkoutClient(app, ann).pay(session.sessionId)).statusCode).toBe(200);
    const grant = await app.inject({
      method: 'POST',
      url: '/api/playback/grants',
      cookies: { [SESSION_COOKIE]: ann.token },
      payload: { media_type: 'tv', id: 70523, season: 4, episode: 1 },
    });
    expect(grant.statusCode).toBe(201);
    const master = await get((grant.json() as { master: string }).master);
    expect(master.statusCode).toBe(200);
    expect(master.body).toMatch(/^#EXTM3U/);
  }, 60_000);

  it('serves a title’s own poster through the image host at the allowed sizes', async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Salt Road (2018)/Salt Road (2018).mkv': null });
    await sharp({ create: { width: 600, height: 900, channels: 3, background: '#335577' } })
      .jpeg()
      .toFile(join(root, 'Films', 'Salt Road (2018)', 'poster.jpg'));
    const fake = fakeIngest();
    const { app } = await createTestApp({ library: { folders: [root], ingest: fake.ingest, writeFinishMs: 100 } });
    await app.library.ready();
    fake.progress({ key: fake.enqueued[0]!.key, state: 'ready', percent: 100 });
    let poster = '';
    await until(
      async () => {
        const [title] = (await app.inject({ url: `/tmdb/3${RECENTLY_ADDED_PATH}?${KEY}` })).json().results;
        poster = title?.poster_path ?? '';
        return poster !== '';
      },
      'the title listed',
      5000,
    );
    expect(poster).toMatch(/^\/library-\d+-poster-[0-9a-f]{8}\.jpg$/);

    const image = await app.inject({ url: `/images/t/p/w342${poster}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect((await sharp(image.rawPayload).metadata()).width).toBe(342);
    const again = await app.inject({
      url: `/images/t/p/w342${poster}`,
      headers: { 'if-none-match': image.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await app.inject({ url: `/images/t/p/w9999${poster}` })).statusCode).toBe(404);
    expect(
      (await app.inject({ url: `/images/t/p/w342${poster.replace(/-[0-9a-f]{8}\./, '-00000000.')}` })).statusCode,
    ).toBe(404);
  }, 30_000);

  it('keeps the catalogue answers as before without a library', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({ url: `/tmdb/3${RECENTLY_ADDED_PATH}?${KEY}` });
    expect(response.json()).toMatchObject({ results: [], total_results: 0 });
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });
});
