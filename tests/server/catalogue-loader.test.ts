import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { CATALOGUE_SOURCES, readCatalogueFile } from '../../server/catalogue/catalogue-data.ts';
import { createCatalogueRepository } from '../../server/catalogue/catalogue-repository.ts';
import { loadCatalogue } from '../../server/catalogue/load-catalogue.ts';
import { openDatabase } from '../../server/plugins/database.ts';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function scratch() {
  const folder = mkdtempSync(join(tmpdir(), 'marquee-catalogue-'));
  folders.push(folder);
  return folder;
}

const movie = (id: number, title: string, genres = [28]) => ({
  id,
  media_type: 'movie',
  title,
  original_title: title,
  release_date: '2001-02-03',
  genre_ids: genres,
  original_language: 'en',
  popularity: 10 + id,
  vote_average: 7,
  vote_count: 1000,
  overview: `An overview of ${title}.`,
});

function writeData(folder: string, version: number, titles: object[]) {
  const file = join(folder, `movies-v${version}-${titles.length}.json`);
  writeFileSync(file, JSON.stringify({ version, titles }));
  return readCatalogueFile('movies', file);
}

describe('catalogue loader', () => {
  it('loads the shipped files: at least 240 distinct titles, read and validated', async () => {
    const titles = CATALOGUE_SOURCES.flatMap(({ source, file }) => readCatalogueFile(source, file).titles);
    expect(titles.length).toBeGreaterThanOrEqual(240);
    expect(new Set(titles.map((t) => `${t.mediaType}:${t.id}`)).size).toBe(titles.length);
  });

  it('changes nothing when the same file is loaded again', async () => {
    const folder = scratch();
    const db = openDatabase(folder);
    const file = writeData(folder, 1, [movie(1, 'Alpha'), movie(2, 'Beta')]);
    expect((await loadCatalogue(db, file)).changed).toBe(true);
    const before = db.prepare('SELECT * FROM catalogue_titles ORDER BY key').all();
    expect((await loadCatalogue(db, file)).changed).toBe(false);
    expect(db.prepare('SELECT * FROM catalogue_titles ORDER BY key').all()).toEqual(before);
    db.close();
  });

  it('updates a new version in place: renames, new and removed titles, memberships and the search index', async () => {
    const folder = scratch();
    const db = openDatabase(folder);
    await loadCatalogue(db, writeData(folder, 1, [movie(1, 'Alpha'), movie(2, 'Beta'), movie(3, 'Gamma')]));
    const keyOfAlpha = (db.prepare('SELECT key FROM catalogue_titles WHERE id = 1').get() as { key: number }).key;

    await loadCatalogue(
      db,
      writeData(folder, 2, [movie(1, 'Alpha Returns', [35]), movie(2, 'Beta'), movie(4, 'Delta')]),
    );
    const repository = createCatalogueRepository(db);
    expect(repository.findTitle('movie', 1)).toMatchObject({ name: 'Alpha Returns', genreIds: [35] });
    expect((db.prepare('SELECT key FROM catalogue_titles WHERE id = 1').get() as { key: number }).key).toBe(keyOfAlpha);
    expect(repository.findTitle('movie', 3)).toBeNull();
    expect(repository.findTitle('movie', 4)).toMatchObject({ name: 'Delta' });
    expect(repository.search('returns', 'movie', 1).titles.map((t) => t.id)).toEqual([1]);
    expect(repository.search('gamma', 'all', 1).total).toBe(0);
    expect(
      repository.list({ mediaType: 'movie', genreIds: [35], sort: 'popularity', page: 1 }).titles.map((t) => t.id),
    ).toEqual([1]);
    expect(db.prepare('SELECT version FROM catalogue_sources WHERE source = ?').get('movies')).toEqual({ version: 2 });
    db.close();
  });

  it('orders a broad search by the popularity of the version loaded last, and finds nothing of a removed title', async () => {
    const folder = scratch();
    const db = openDatabase(folder);
    const titles = Array.from({ length: 1100 }, (_, index) => movie(index + 1, `Harbour ${index + 1}`));
    await loadCatalogue(db, writeData(folder, 1, titles));
    const repository = createCatalogueRepository(db);
    expect(repository.search('harbour', 'movie', 1).titles[0]).toMatchObject({ id: 1100 });
    // Version 2: the least popular title becomes the most popular, the most popular is gone.
    const changed = titles.slice(0, -1).map((title) => (title.id === 1 ? { ...title, popularity: 5000 } : title));
    await loadCatalogue(db, writeData(folder, 2, changed));
    const first = repository.search('harbour', 'movie', 1);
    expect(first.total).toBe(1099);
    expect(first.titles.map((title) => title.id).slice(0, 3)).toEqual([1, 1099, 1098]);
    expect(repository.search('harbour 1100', 'all', 1).total).toBe(0);
    db.close();
  });

  it('refuses an invalid data file with a clear message and leaves the database as it was', async () => {
    const folder = scratch();
    const db = openDatabase(folder);
    await loadCatalogue(db, writeData(folder, 1, [movie(1, 'Alpha')]));
    const file = join(folder, 'broken.json');
    writeFileSync(file, JSON.stringify({ version: 2, titles: [{ ...movie(1, 'Alpha'), release_date: 'soon' }] }));
    expect(() => readCatalogueFile('movies', file)).toThrow(/invalid[\s\S]*release_date/);
    expect(createCatalogueRepository(db).findTitle('movie', 1)).toMatchObject({ name: 'Alpha', date: '2001-02-03' });
    db.close();
  });

  it('orders a broad search (over 1,000 matches) by popularity, an exact title still first', async () => {
    const folder = scratch();
    const db = openDatabase(folder);
    // movie() gives popularity 10 + id: higher ids are more popular.
    const titles = Array.from({ length: 1200 }, (_, index) => movie(index + 1, `Harbour ${index + 1}`));
    titles.push({ ...movie(5000, 'Harbour'), popularity: 1 });
    await loadCatalogue(db, writeData(folder, 1, titles));
    const repository = createCatalogueRepository(db);
    const first = repository.search('harbour', 'all', 1);
    expect(first.total).toBe(1201);
    expect(first.titles[0]).toMatchObject({ name: 'Harbour' });
    const popularity = first.titles.slice(1).map((title) => title.popularity);
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(first.titles[1]).toMatchObject({ id: 1200 });
    const second = repository.search('harbour', 'all', 2);
    expect(second.titles[0]).toMatchObject({ id: 1200 - 19 });
    db.close();
  });
});
