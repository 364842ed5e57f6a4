import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { Type } from 'typebox';
import { Compile } from 'typebox/compile';

import type { CatalogueTitle } from './catalogue-title.ts';

/** The data files shipped with the app, one per media type. */
export const CATALOGUE_SOURCES = [
  { source: 'movies', file: join(import.meta.dirname, 'data', 'movies.json') },
  { source: 'tv', file: join(import.meta.dirname, 'data', 'tv.json') },
] as const;

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const Common = {
  id: Type.Integer({ minimum: 1 }),
  genre_ids: Type.Array(Type.Integer()),
  original_language: Type.String({ minLength: 2, maxLength: 3 }),
  popularity: Type.Number({ minimum: 0 }),
  vote_average: Type.Number({ minimum: 0, maximum: 10 }),
  vote_count: Type.Integer({ minimum: 0 }),
  overview: Type.String({ minLength: 1 }),
};
const MovieEntry = Type.Object({
  ...Common,
  media_type: Type.Literal('movie'),
  title: Type.String({ minLength: 1 }),
  original_title: Type.String({ minLength: 1 }),
  release_date: Type.String({ pattern: DATE }),
  runtime: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
const TvEntry = Type.Object({
  ...Common,
  media_type: Type.Literal('tv'),
  name: Type.String({ minLength: 1 }),
  original_name: Type.String({ minLength: 1 }),
  first_air_date: Type.String({ pattern: DATE }),
  origin_country: Type.Array(Type.String()),
  networks: Type.Array(Type.Integer()),
  number_of_seasons: Type.Optional(Type.Integer({ minimum: 0, maximum: 500 })),
});
const DataFile = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  titles: Type.Array(Type.Union([MovieEntry, TvEntry])),
});
const dataFile = Compile(DataFile);

export interface CatalogueFile {
  source: string;
  version: number;
  /** SHA-256 of the file's bytes: a changed file is reloaded even if its version was not bumped. */
  hash: string;
  titles: CatalogueTitle[];
  /** Facts of a title beyond its list entry, by id (films' runtimes, series' season counts). */
  extras?: Map<number, { runtime?: number; numberOfSeasons?: number }>;
}

/** Reads and validates one data file; throws with the first problems found. */
export function readCatalogueFile(source: string, file: string): CatalogueFile {
  const bytes = readFileSync(file);
  const json: unknown = JSON.parse(bytes.toString('utf8'));
  if (!dataFile.Check(json)) {
    const problems = [...dataFile.Errors(json)].slice(0, 5).map((e) => `${e.instancePath} ${e.message}`);
    throw new Error(`Catalogue file ${file} is invalid:\n  ${problems.join('\n  ')}`);
  }
  const titles = json.titles.map((entry): CatalogueTitle => {
    const common = {
      id: entry.id,
      genreIds: entry.genre_ids,
      originalLanguage: entry.original_language,
      popularity: entry.popularity,
      voteAverage: entry.vote_average,
      voteCount: entry.vote_count,
      overview: entry.overview,
    };
    return entry.media_type === 'movie'
      ? {
          ...common,
          mediaType: 'movie',
          name: entry.title,
          originalName: entry.original_title,
          date: entry.release_date,
          originCountry: [],
          networks: [],
        }
      : {
          ...common,
          mediaType: 'tv',
          name: entry.name,
          originalName: entry.original_name,
          date: entry.first_air_date,
          originCountry: entry.origin_country,
          networks: entry.networks,
        };
  });
  const extras = new Map(
    json.titles.map((entry) => [
      entry.id,
      entry.media_type === 'movie' ? { runtime: entry.runtime } : { numberOfSeasons: entry.number_of_seasons },
    ]),
  );
  return { source, version: json.version, hash: createHash('sha256').update(bytes).digest('hex'), titles, extras };
}
