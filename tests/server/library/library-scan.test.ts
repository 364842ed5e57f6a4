import { execFileSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';

import { parseLibraryFolders, readConfig } from '../../../server/config.ts';
import { inWriteTurn } from '../../../server/db/write-turn.ts';
import type { LibraryOptions } from '../../../server/library/library-plugin.ts';
import {
  TmdbMovieDetails,
  TmdbMovieItem,
  TmdbSeasonDetails,
  TmdbTvDetails,
  TmdbTvItem,
} from '../../../shared/catalogue/tmdb.schema.ts';
import { isLibraryId, LIBRARY_ID_BASE } from '../../../shared/library/library-ids.ts';
import { LibraryOverview } from '../../../shared/library/library-overview.schema.ts';
import { createTestApp } from '../test-app.ts';
import { fakeIngest, libraryFolder, writeTree, writeTwoLanguageVideo } from './library-support.ts';

const HEAT_NFO = `<?xml version="1.0" encoding="UTF-8"?>
<movie><title>Heat</title><year>1995</year><plot>A crew of thieves and the detective on their trail.</plot>
<runtime>170</runtime><mpaa>Rated R</mpaa><genre>Crime</genre><genre>Drama</genre>
<actor><name>Al Pacino</name><role>Vincent Hanna</role></actor><director>Michael Mann</director></movie>`;

const OWN_SERIES_NFO = `<tvshow><title>The Lighthouse Keepers</title><year>2021</year>
<plot>Two keepers on a rock.</plot><genre>Drama</genre><mpaa>TV-14</mpaa></tvshow>`;

async function libraryApp(folders: string[], options: Partial<LibraryOptions> = {}, dataDir?: string) {
  const fake = fakeIngest();
  const { app, dataDir: data } = await createTestApp({
    dataDir,
    library: { folders, ingest: fake.ingest, writeFinishMs: 100, ...options },
  });
  await app.library.ready();
  return { app, fake, dataDir: data };
}

const byTitle = (app: Awaited<ReturnType<typeof libraryApp>>['app'], kind: 'movie' | 'series', title: string) =>
  app.library.items(kind).find((item) => item.title === title)!;

describe('the library scan', () => {
  it('reads films and series kept for Jellyfin and Kodi, with NFO facts, art and subtitles', async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Films/Heat (1995)/Heat (1995).mkv': null,
      'Films/Heat (1995)/movie.nfo': HEAT_NFO,
      'Films/Heat (1995)/poster.jpg': 'jpeg',
      'Films/Heat (1995)/fanart.jpg': 'jpeg',
      'Films/Heat (1995)/Heat (1995).en.srt': '1\n00:00:01,000 --> 00:00:02,000\nHello\n',
      'Films/Heat (1995)/Heat (1995).fr.forced.vtt': 'WEBVTT\n',
      'Films/Heat (1995)/Heat (1995)-trailer.mkv': null,
      'Films/Home.Movie.2003.720p.mp4': null,
      'Series/The Lighthouse Keepers (2021)/tvshow.nfo': OWN_SERIES_NFO,
      'Series/The Lighthouse Keepers (2021)/poster.jpg': 'jpeg',
      'Series/The Lighthouse Keepers (2021)/Season 01/The Lighthouse Keepers S01E01 Arrival.mkv': null,
      'Series/The Lighthouse Keepers (2021)/Season 01/The Lighthouse Keepers S01E01 Arrival-thumb.jpg': 'jpeg',
      'Series/The Lighthouse Keepers (2021)/Season 01/The Lighthouse Keepers S01E02.mkv': null,
      'Series/The Lighthouse Keepers (2021)/Season 01/The Lighthouse Keepers S01E02.nfo':
        '<episodedetails><title>The Storm</title><plot>Waves.</plot><runtime>44</runtime></episodedetails>',
      'Series/The Lighthouse Keepers (2021)/Season 01/The Lighthouse Keepers S01E03E04.mkv': null,
      'Series/The Lighthouse Keepers (2021)/Season 00/The Lighthouse Keepers S00E01 Making Of.mkv': null,
      'notes.txt': 'not a video',
    });
    const { app, fake } = await libraryApp([root]);

    const heat = byTitle(app, 'movie', 'Heat');
    expect(heat).toMatchObject({
      year: 1995,
      factsSource: 'nfo',
      nfoError: null,
      posterPath: join(root, 'Films/Heat (1995)/poster.jpg'),
      backdropPath: join(root, 'Films/Heat (1995)/fanart.jpg'),
    });
    expect(heat.facts).toMatchObject({ runtime: 170, certification: 'R', genres: ['Crime', 'Drama'] });
    expect(byTitle(app, 'movie', 'Home Movie')).toMatchObject({ year: 2003, factsSource: 'name', posterPath: null });
    // The trailer is an extra, not a film.
    expect(
      app.library
        .items('movie')
        .map((item) => item.title)
        .sort(),
    ).toEqual(['Heat', 'Home Movie']);

    const series = byTitle(app, 'series', 'The Lighthouse Keepers');
    expect(series).toMatchObject({ year: 2021, factsSource: 'nfo' });
    const seasons = app.library.repository.children(series.key);
    expect(seasons.map((s) => [s.seasonNumber, s.title])).toEqual([
      [0, 'Specials'],
      [1, 'Season 1'],
    ]);
    const episodes = app.library.repository.children(seasons[1]!.key);
    expect(episodes.map((e) => [e.episodeNumber, e.episodeEnd, e.title])).toEqual([
      [1, 1, 'Arrival'],
      [2, 2, 'The Storm'],
      [3, 4, 'Episode 3'],
      [4, null, 'Episode 4'],
    ]);
    expect(episodes[0]!.thumbPath).toMatch(/S01E01 Arrival-thumb\.jpg$/);
    expect(episodes[1]!.facts).toMatchObject({ plot: 'Waves.', runtime: 44 });

    // Every film and episode file went to ingest once, with its subtitles and their languages.
    expect(fake.enqueued).toHaveLength(6);
    const heatJob = fake.enqueued.find((r) => r.sourcePath.endsWith('Heat (1995).mkv'))!;
    expect(heatJob.externalSubtitles).toEqual([
      { path: join(root, 'Films/Heat (1995)/Heat (1995).en.srt'), language: 'en' },
      { path: join(root, 'Films/Heat (1995)/Heat (1995).fr.forced.vtt'), language: 'fr' },
    ]);
    const heatFile = app.library.repository.filesOf(heat.key)[0]!;
    expect(app.library.repository.subtitles(heatFile.key)).toMatchObject([
      { language: 'en', forced: false, format: 'srt' },
      { language: 'fr', forced: true, format: 'vtt' },
    ]);
    expect(heatFile).toMatchObject({
      state: 'present',
      ingestJob: expect.stringMatching(/^job-/),
      ingestState: 'queued',
    });

    expect(app.library.folders()).toEqual([
      { path: root, state: 'watching', scannedAt: expect.any(Number), videos: 6, error: null },
    ]);
  });

  it('keeps going past a malformed NFO: the item keeps its name, and the NFO its reason', async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Films/Broken (2010)/Broken (2010).mkv': null,
      'Films/Broken (2010)/movie.nfo': '<movie><title>Broken<title></movie>',
      'Films/Fine (2011)/Fine (2011).mkv': null,
    });
    const { app, fake } = await libraryApp([root]);
    const broken = byTitle(app, 'movie', 'Broken');
    expect(broken).toMatchObject({ year: 2010, factsSource: 'name' });
    expect(broken.nfoError).toMatch(/not well-formed XML/);
    expect(byTitle(app, 'movie', 'Fine')).toBeDefined();
    expect(fake.enqueued).toHaveLength(2);
  });

  it('marks a file ingest refuses as failed with the reason, goes on, and offers it again on the next scan', async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Big Film (2020).mkv': null, 'Films/Small Film (2021).mkv': null });
    let refusing = true;
    const fake = fakeIngest();
    const ingest = {
      ...fake.ingest,
      enqueue: (request: Parameters<typeof fake.ingest.enqueue>[0]) => {
        if (refusing && request.sourcePath.includes('Big Film')) throw new Error('not enough free space');
        return fake.ingest.enqueue(request);
      },
    };
    const { app } = await libraryApp([root], { ingest });
    const big = app.library.repository.file(join(root, 'Films/Big Film (2020).mkv'));
    expect(big).toMatchObject({ state: 'failed', failure: 'ingest refused the file: not enough free space' });
    expect(fake.enqueued.map((r) => r.sourcePath)).toEqual([join(root, 'Films/Small Film (2021).mkv')]);

    refusing = false;
    await app.library.scanner!.rescan(root);
    expect(app.library.repository.file(join(root, 'Films/Big Film (2020).mkv'))).toMatchObject({
      state: 'present',
      failure: null,
      ingestState: 'queued',
    });
    expect(fake.enqueued).toHaveLength(2);
  });

  it('leaves a file with two audio languages whole to ingest', async () => {
    const root = libraryFolder();
    const path = join(root, 'Films', 'Two Voices (2020)', 'Two Voices (2020).mkv');
    writeTwoLanguageVideo(path);
    const languages = execFileSync('ffprobe', [
      '-v',
      'error',
      '-select_streams',
      'a',
      '-show_entries',
      'stream_tags=language',
      '-of',
      'csv=p=0',
      path,
    ])
      .toString()
      .trim()
      .split('\n');
    expect(languages).toEqual(['eng', 'ger']);

    const { app, fake } = await libraryApp([root]);
    expect(fake.enqueued).toEqual([
      { key: expect.stringMatching(/^library-\d+$/), sourcePath: path, externalSubtitles: [] },
    ]);
    expect(app.library.items('movie')).toHaveLength(1);
  });

  it('matches catalogue titles by title and year, and by the TMDB id in an NFO', async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Films/The Matrix (1999)/The Matrix (1999).mkv': null,
      // The name is not the catalogue's, but the NFO's id is.
      'Films/Fury Road Cut/Fury Road Cut.mkv': null,
      'Films/Fury Road Cut/movie.nfo':
        '<movie><title>Fury Road Cut</title><uniqueid type="tmdb">76341</uniqueid></movie>',
      // Punctuation and case aside, the catalogue's "Mad Max: Fury Road" is not 2014.
      'Films/Mad Max Fury Road (2014).mkv': null,
      'Series/Dark (2017)/Season 01/Dark S01E01.mkv': null,
      'Series/Dark (2017)/Season 01/Dark S01E02.mkv': null,
    });
    const { app } = await libraryApp([root]);
    const matchOf = (kind: 'movie' | 'series', title: string) =>
      app.library.repository.match(byTitle(app, kind, title).key);

    expect(matchOf('movie', 'The Matrix')).toMatchObject({
      mediaType: 'movie',
      catalogueId: 603,
      method: 'title-year',
    });
    expect(matchOf('movie', 'Fury Road Cut')).toMatchObject({ catalogueId: 76341, method: 'nfo-id' });
    expect(matchOf('movie', 'Mad Max Fury Road')).toMatchObject({ catalogueId: null, method: 'new' });
    expect(matchOf('series', 'Dark')).toMatchObject({ mediaType: 'tv', catalogueId: 70523, method: 'title-year' });

    // Matched titles are the catalogue's, with a programme; only the new one is a library title.
    expect(app.library.libraryTitles().map((t) => t.title.name)).toEqual(['Mad Max Fury Road']);
    const programmes = app.library.libraryProgrammes();
    expect(programmes.filter((p) => p.mediaType === 'tv').map((p) => [p.id, p.season, p.episode])).toEqual([
      [70523, 1, 1],
      [70523, 1, 2],
    ]);
    expect(programmes.find((p) => p.name === 'The Matrix')).toMatchObject({ mediaType: 'movie', id: 603 });
  });

  it('gives new titles ids of their own range, which no catalogue title has', async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Films/Garden Diaries (2019)/Garden Diaries (2019).mkv': null,
      'Films/Kitchen Tales (2022).mkv': null,
      'Series/Local News (2024)/Season 01/Local News S01E01.mkv': null,
    });
    const { app } = await libraryApp([root]);
    const titles = app.library.libraryTitles();
    expect(titles).toHaveLength(3);
    const ids = titles.map((t) => t.id);
    expect(new Set(ids).size).toBe(3);
    for (const title of titles) {
      expect(isLibraryId(title.id)).toBe(true);
      expect(title.id).toBeGreaterThan(LIBRARY_ID_BASE);
      expect(app.catalogue.findTitle(title.mediaType, title.id)).toBeNull();
    }
    const catalogueMax = app.db.prepare('SELECT max(id) FROM catalogue_titles').pluck().get() as number;
    expect(Math.min(...ids)).toBeGreaterThan(catalogueMax);
  });

  it('serves library titles in the shapes of the TMDB schema', async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Films/Heat Wave (2001)/Heat Wave (2001).mkv': null,
      'Films/Heat Wave (2001)/movie.nfo': HEAT_NFO.replaceAll('Heat', 'Heat Wave').replace('1995', '2001'),
      'Films/Heat Wave (2001)/poster.jpg': 'jpeg',
      'Series/The Lighthouse Keepers (2021)/tvshow.nfo': OWN_SERIES_NFO,
      'Series/The Lighthouse Keepers (2021)/Season 01/The Lighthouse Keepers S01E01 Arrival.mkv': null,
      'Series/The Lighthouse Keepers (2021)/Season 01/The Lighthouse Keepers S01E02E03.mkv': null,
    });
    const { app } = await libraryApp([root]);
    const titles = app.library.libraryTitles();
    const movie = titles.find((t) => t.mediaType === 'movie')!;
    const tv = titles.find((t) => t.mediaType === 'tv')!;
    const check = <T>(schema: ReturnType<typeof Compile>, value: T) => {
      const errors = [...schema.Errors(value)].map((e) => `${e.instancePath} ${e.message}`);
      expect(errors).toEqual([]);
    };
    check(Compile(TmdbMovieItem), movie.item);
    check(Compile(TmdbMovieDetails), movie.details);
    check(Compile(TmdbTvItem), tv.item);
    check(Compile(TmdbTvDetails), tv.details);
    if (tv.mediaType !== 'tv') throw new Error('expected a series');
    for (const season of tv.seasons) check(Compile(TmdbSeasonDetails), season);

    expect(movie.details).toMatchObject({
      title: 'Heat Wave',
      release_date: '2001-01-01',
      runtime: 170,
      genres: [
        { id: 80, name: 'Crime' },
        { id: 18, name: 'Drama' },
      ],
      poster_path: expect.stringMatching(/^\/library-\d+-poster-[0-9a-f]{8}\.jpg$/),
      release_dates: { results: [{ iso_3166_1: 'US', release_dates: [{ certification: 'R' }] }] },
      credits: {
        cast: [{ name: 'Al Pacino', character: 'Vincent Hanna' }],
        crew: [{ name: 'Michael Mann', job: 'Director' }],
      },
    });
    expect(tv.details).toMatchObject({ name: 'The Lighthouse Keepers', number_of_seasons: 1, number_of_episodes: 3 });
    expect(tv.seasons[0]!.episodes.map((e) => [e.episode_number, e.name])).toEqual([
      [1, 'Arrival'],
      [2, 'Episode 2'],
      [3, 'Episode 3'],
    ]);
    expect(new Set(tv.seasons[0]!.episodes.map((e) => e.id)).size).toBe(3);
  });

  it("keeps an operator's match and facts over a rescan, and checks the catalogue id", async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/The Matrix (1999)/The Matrix (1999).mkv': null });
    const { app } = await libraryApp([root]);
    const matrix = byTitle(app, 'movie', 'The Matrix');

    await expect(app.library.correctMatch(matrix.key, 999_999_999)).rejects.toThrow(
      /the catalogue has no film 999999999/,
    );
    await expect(app.library.correctMatch(matrix.key, null)).resolves.toMatchObject({
      catalogueId: null,
      method: 'operator',
    });
    await app.library.correctFacts(matrix.key, { title: 'The Matrix (Home Cut)', certification: '15' });

    await app.library.scanner!.rescan(root);
    expect(app.library.repository.match(matrix.key)).toMatchObject({ catalogueId: null, method: 'operator' });
    const [title] = app.library.libraryTitles();
    expect(title).toMatchObject({ id: LIBRARY_ID_BASE + matrix.key, title: { name: 'The Matrix (Home Cut)' } });

    await app.library.correctFacts(matrix.key, { title: null });
    expect(app.library.repository.item(matrix.key)!.title).toBe('The Matrix');
    await expect(app.library.correctMatch(matrix.key, 603)).resolves.toMatchObject({
      catalogueId: 603,
      method: 'operator',
    });
    expect(app.library.libraryTitles()).toEqual([]);
  });

  it('finds on restart what changed while the server was down: removed, renamed, added', async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Films/Garden Diaries (2019)/Garden Diaries (2019).mkv': null,
      'Films/Kitchen Tales (2022)/Kitchen Tales (2022).mkv': null,
    });
    const first = await libraryApp([root]);
    const garden = byTitle(first.app, 'movie', 'Garden Diaries');
    const kitchenFile = first.app.library.repository.filesOf(byTitle(first.app, 'movie', 'Kitchen Tales').key)[0]!;
    await first.app.close();

    rmSync(join(root, 'Films/Garden Diaries (2019)'), { recursive: true });
    renameSync(
      join(root, 'Films/Kitchen Tales (2022)/Kitchen Tales (2022).mkv'),
      join(root, 'Films/Kitchen Tales (2022)/Kitchen Tales (2022) - 1080p.mkv'),
    );
    writeTree(root, { 'Films/Attic Finds (2023).mkv': null });

    const second = await libraryApp([root], {}, first.dataDir);
    const repository = second.app.library.repository;
    expect(repository.item(garden.key)!.removedAt).not.toBeNull();
    expect(second.fake.removed).toEqual([`library-${repository.filesOf(garden.key, 'any')[0]!.key}`]);
    // The renamed file kept its key (its programme), so nothing was queued again for it.
    const moved = repository.fileByKey(kitchenFile.key)!;
    expect(moved).toMatchObject({
      state: 'present',
      path: expect.stringMatching(/Kitchen Tales \(2022\) - 1080p\.mkv$/),
    });
    expect(second.fake.enqueued.map((r) => r.sourcePath)).toEqual([join(root, 'Films/Attic Finds (2023).mkv')]);
    expect(
      second.app.library
        .items('movie')
        .map((i) => i.title)
        .sort(),
    ).toEqual(['Attic Finds', 'Kitchen Tales']);
  });

  it('records progress events from ingest on the file', async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Kitchen Tales (2022).mkv': null });
    const { app, fake } = await libraryApp([root]);
    const key = fake.enqueued[0]!.key;
    fake.progress({ key, state: 'transcoding', percent: 42 });
    fake.progress({ key: 'not-ours', state: 'ready' });
    // Progress is stored in the next write turn: an empty turn after it settles once it is committed.
    await inWriteTurn(app.db, () => {});
    expect(app.library.repository.files()[0]).toMatchObject({ ingestState: 'transcoding', ingestPercent: 42 });
  });

  it('marks a missing folder so, and scans the others', async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Kitchen Tales (2022).mkv': null });
    const missing = join(root, 'no-such-folder');
    const { app } = await libraryApp([missing, root]);
    expect(app.library.folders()).toEqual([
      { path: root, state: 'watching', scannedAt: expect.any(Number), videos: 1, error: null },
      { path: missing, state: 'missing', scannedAt: null, videos: 0, error: 'cannot read the folder (ENOENT)' },
    ]);
  });
});

describe("the operator's overview", () => {
  it('shows folders, titles with their match and files, and videos it could not place', async () => {
    const root = libraryFolder();
    writeTree(root, {
      'Films/The Matrix (1999)/The Matrix (1999).mkv': null,
      'Films/The Matrix (1999)/The Matrix (1999).en.sdh.srt': '1\n',
      'Films/Broken (2010)/Broken (2010).mkv': null,
      'Films/Broken (2010)/movie.nfo': '<movie><title>',
      'Series/Harbour Lights (2020)/Season 01/Harbour Lights S01E01E02.mkv': null,
      'S01E09.mkv': null,
    });
    const { app, fake } = await libraryApp([root]);
    const matrixKey = fake.enqueued.find((r) => r.sourcePath.includes('Matrix'))!.key;
    fake.progress({ key: matrixKey, state: 'transcoding', percent: 12.5 });
    await inWriteTurn(app.db, () => {});

    const overview = app.library.overview();
    expect([...Compile(LibraryOverview).Errors(overview)]).toEqual([]);
    expect(overview.folders).toEqual([
      { path: root, state: 'watching', scannedAt: expect.stringMatching(/^\d{4}-/), videos: 3, error: null },
    ]);
    expect(overview.titles.map((t) => [t.title, t.mediaType, t.match.method, t.match.catalogueId])).toEqual([
      ['Broken', 'movie', 'new', null],
      ['Harbour Lights', 'tv', 'new', null],
      ['The Matrix', 'movie', 'title-year', 603],
    ]);
    const [broken, harbour, matrix] = overview.titles;
    expect(broken!.nfoError).toMatch(/not well-formed/);
    expect(harbour!.files).toMatchObject([{ season: 1, episode: 1, episodeEnd: 2, state: 'present' }]);
    expect(matrix).toMatchObject({
      id: 603,
      files: [
        {
          state: 'present',
          ingestState: 'transcoding',
          ingestPercent: 12.5,
          subtitles: [{ language: 'en', forced: false, sdh: true }],
        },
      ],
    });
    expect(overview.unplaced).toEqual([
      expect.objectContaining({
        path: join(root, 'S01E09.mkv'),
        state: 'failed',
        failure: expect.stringMatching(/no series name/),
      }),
    ]);
  });
});

describe('MARQUEE_LIBRARY', () => {
  it('names folders separated like PATH, made absolute, without repeats', () => {
    expect(parseLibraryFolders('/films:/series::/films', ':')).toEqual(['/films', '/series']);
    expect(parseLibraryFolders('C:\\films;D:\\series', ';')).toHaveLength(2);
    expect(readConfig({}).library).toEqual([]);
  });

  it('leaves the library idle when unset: nothing scanned, nothing watched', async () => {
    const { app } = await createTestApp();
    expect(app.library.scanner).toBeNull();
    expect(app.library.folders()).toEqual([]);
    expect(app.library.libraryTitles()).toEqual([]);
  });
});
