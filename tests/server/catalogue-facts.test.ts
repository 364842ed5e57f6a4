import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { CATALOGUE_SOURCES, readCatalogueFile } from '../../server/catalogue/catalogue-data.ts';
import { FACT_FILES, type FactFiles } from '../../server/catalogue/catalogue-fact-files.ts';
import { readCatalogueFacts } from '../../server/catalogue/catalogue-facts.ts';

const catalogue = CATALOGUE_SOURCES.map(({ source, file }) => readCatalogueFile(source, file));
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

type Json = Record<string, unknown> & Record<string, Array<Record<string, unknown>>>;

/** The shipped fact files copied to a scratch folder, with one of them changed by `edit`. */
function withEdited(name: keyof FactFiles, edit: (json: Json) => void): FactFiles {
  const folder = mkdtempSync(join(tmpdir(), 'marquee-facts-'));
  folders.push(folder);
  const files = Object.fromEntries(
    Object.entries(FACT_FILES).map(([key, file]) => {
      const copy = join(folder, `${key}.json`);
      copyFileSync(file, copy);
      return [key, copy];
    }),
  ) as FactFiles;
  const json = JSON.parse(readFileSync(files[name], 'utf8')) as Json;
  edit(json);
  writeFileSync(files[name], JSON.stringify(json));
  return files;
}

describe('catalogue facts: the shipped files', () => {
  it('load, with directors, cast, certifications, runtimes and seasons', () => {
    const facts = readCatalogueFacts(catalogue);
    const matrix = facts.factsFor('movie', 603);
    expect(matrix.runtime).toBe(136);
    expect(matrix.crew.filter((c) => c.job === 'Director').map((c) => c.person.name)).toEqual([
      'Lana Wachowski',
      'Lilly Wachowski',
    ]);
    expect(matrix.cast[0]).toMatchObject({ person: { name: 'Keanu Reeves' }, character: 'Thomas A. Anderson / Neo' });
    expect(matrix.certifications).toEqual({ US: 'R', GB: '15' });
    const stranger = facts.factsFor('tv', 66732);
    expect(stranger.series?.seasons.map((s) => [s.year, s.episodeCount])).toEqual([
      [2016, 8],
      [2017, 9],
      [2019, 8],
      [2022, 9],
      [2025, 8],
    ]);
    expect(facts.factsFor('tv', 65494)).toMatchObject({ numberOfSeasons: 6 });
    expect(facts.factsFor('tv', 65494).series?.seasons).toHaveLength(6);
    // A series the seasons file leaves out keeps its stated count, with no seasons to list.
    const without = readCatalogueFacts(
      catalogue,
      withEdited('seasons', (json) => {
        json.series = json.series.filter((series) => series.id !== 65494);
      }),
    );
    expect(without.factsFor('tv', 65494)).toMatchObject({ series: null, numberOfSeasons: 6 });
    expect(facts.genreName('tv', 10765)).toBe('Sci-Fi & Fantasy');
    expect(facts.network(213)?.name).toBe('Netflix');
  });

  it('give each person one stable id derived from the name, and a department from their credits', () => {
    const first = readCatalogueFacts(catalogue);
    const again = readCatalogueFacts(catalogue);
    expect(new Set(first.people.map((p) => p.id)).size).toBe(first.people.length);
    expect(first.people.map((p) => [p.name, p.id])).toEqual(again.people.map((p) => [p.name, p.id]));
    const nolan = first.people.find((p) => p.name === 'Christopher Nolan');
    expect(nolan?.knownForDepartment).toBe('Directing');
    expect(first.searchPeople('NOLAN chris').map((p) => p.name)).toContain('Christopher Nolan');
    expect(first.searchPeople('')).toEqual([]);
  });
});

describe('catalogue facts: a bad entry stops the server, naming the file and the entry', () => {
  const refusals: Array<[string, keyof FactFiles, (json: Json) => void, RegExp]> = [
    [
      'a wrong type',
      'credits',
      (json) => {
        json.movie[2].cast = 'everyone';
      },
      /credits\.json is invalid:\s+entry \/movie\/2\/cast \(id 155\)/,
    ],
    [
      'an unknown title id',
      'certifications',
      (json) => {
        json.movie.push({ id: 999_999_999, US: 'PG', GB: null });
      },
      /certifications\.json is invalid:\s+entry \/movie\/297 \(id 999999999\): no movie has this id/,
    ],
    [
      'a series id listed among films',
      'credits',
      (json) => {
        json.movie.push({ id: 66732, directors: [], writers: [], cast: [] });
      },
      /credits\.json is invalid:\s+entry \/movie\/\d+ \(id 66732\): no movie has this id/,
    ],
    [
      'a duplicate id',
      'certifications',
      (json) => {
        json.movie.push({ ...json.movie[0] });
      },
      /certifications\.json is invalid:\s+entry \/movie\/297 \(id 297762\): duplicate id/,
    ],
    [
      'seasons not numbered 1..N',
      'seasons',
      (json) => {
        (json.series[0].seasons as Array<{ season_number: number }>)[2].season_number = 4;
      },
      /seasons\.json is invalid:\s+entry \/series\/0 \(id 66732\): seasons must be numbered 1\.\.N/,
    ],
    [
      'a season count that disagrees with tv.json',
      'seasons',
      (json) => {
        (json.series[0].seasons as unknown[]).pop();
      },
      /seasons\.json is invalid:\s+entry \/series\/0 \(id 66732\): lists 4 seasons where tv\.json states 5/,
    ],
    [
      'an unknown status',
      'seasons',
      (json) => {
        json.series[1].status = 'Finished';
      },
      /seasons\.json is invalid:\s+entry \/series\/1\/status \(id \d+\)/,
    ],
    [
      'a genre without a name',
      'genres',
      (json) => {
        json.movie = json.movie.filter((genre) => genre.id !== 878);
      },
      /genres\.json is invalid:\s+entry \/movie: no name for genre 878/,
    ],
    [
      'a network without a name',
      'networks',
      (json) => {
        json.networks = json.networks.filter((network) => network.id !== 213);
      },
      /networks\.json is invalid:\s+entry \/networks: no name for network 213/,
    ],
  ];

  it.each(refusals)('%s', (_name, file, edit, message) => {
    expect(() => readCatalogueFacts(catalogue, withEdited(file, edit))).toThrow(message);
  });

  it('a file that is not JSON', () => {
    const files = withEdited('seasons', () => {});
    writeFileSync(files.seasons, '{ "version": 1, ');
    expect(() => readCatalogueFacts(catalogue, files)).toThrow(/seasons\.json cannot be read/);
  });
});
