import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type Static, type TSchema, Type } from 'typebox';
import { Compile } from 'typebox/compile';

/**
 * The facts beyond a title's list entry, one reviewable file per concern: who made and plays in
 * it, its certifications, a series' seasons, and the names of genres and networks. Small (the
 * shipped titles only), so they live in memory. Every file is validated at start: a bad entry
 * stops the server with a message naming the file and the entry.
 */
export const FACT_FILES = {
  credits: join(import.meta.dirname, 'data', 'credits.json'),
  certifications: join(import.meta.dirname, 'data', 'certifications.json'),
  seasons: join(import.meta.dirname, 'data', 'seasons.json'),
  genres: join(import.meta.dirname, 'data', 'genres.json'),
  networks: join(import.meta.dirname, 'data', 'networks.json'),
};
export type FactFiles = typeof FACT_FILES;

const Id = Type.Integer({ minimum: 1 });
const Name = Type.String({ minLength: 1, pattern: '\\S' });
const CastEntry = Type.Object({ name: Name, character: Type.String() }, { additionalProperties: false });
const Certification = Type.Union([Type.String({ minLength: 1 }), Type.Null()]);
const YEAR = Type.Integer({ minimum: 1900, maximum: 2100 });

const CreditsFile = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  movie: Type.Array(
    Type.Object(
      { id: Id, directors: Type.Array(Name), writers: Type.Array(Name), cast: Type.Array(CastEntry) },
      { additionalProperties: false },
    ),
  ),
  tv: Type.Array(
    Type.Object({ id: Id, created_by: Type.Array(Name), cast: Type.Array(CastEntry) }, { additionalProperties: false }),
  ),
});
const CertificationEntry = Type.Object(
  { id: Id, US: Certification, GB: Certification },
  { additionalProperties: false },
);
const CertificationsFile = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  movie: Type.Array(CertificationEntry),
  tv: Type.Array(CertificationEntry),
});
export const SERIES_STATUSES = ['Returning Series', 'Ended', 'Canceled'] as const;
const SeasonsFile = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  series: Type.Array(
    Type.Object(
      {
        id: Id,
        status: Type.Union(SERIES_STATUSES.map((status) => Type.Literal(status))),
        /** Minutes per episode; null when not known for certain. */
        episode_run_time: Type.Union([Type.Integer({ minimum: 1, maximum: 600 }), Type.Null()]),
        seasons: Type.Array(
          Type.Object(
            {
              season_number: Type.Integer({ minimum: 1 }),
              year: YEAR,
              episode_count: Type.Integer({ minimum: 1, maximum: 1000 }),
            },
            { additionalProperties: false },
          ),
          { minItems: 1 },
        ),
      },
      { additionalProperties: false },
    ),
  ),
});
const Genre = Type.Object({ id: Id, name: Name }, { additionalProperties: false });
const GenresFile = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  movie: Type.Array(Genre),
  tv: Type.Array(Genre),
});
const NetworksFile = Type.Object({
  version: Type.Integer({ minimum: 1 }),
  networks: Type.Array(
    Type.Object(
      { id: Id, name: Name, origin_country: Type.String({ pattern: '^([A-Z]{2})?$' }) },
      { additionalProperties: false },
    ),
  ),
});

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`Catalogue file ${file} cannot be read: ${(error as Error).message}`);
  }
}

/** Validates a file against its schema; the error names the file and the first bad entries. */
function checked<T extends TSchema>(file: string, schema: T): Static<T> {
  const json = readJson(file);
  const compiled = Compile(schema);
  if (!compiled.Check(json)) {
    const problems = [...compiled.Errors(json)].slice(0, 5).map((error) => {
      const [list, index] = error.instancePath.split('/').slice(1);
      const entry = (json as Record<string, unknown>)[list];
      const id = Array.isArray(entry) ? (entry[Number(index)] as { id?: unknown } | undefined)?.id : undefined;
      return `entry ${error.instancePath || '/'}${id === undefined ? '' : ` (id ${String(id)})`}: ${error.message}`;
    });
    throw new Error(`Catalogue file ${file} is invalid:\n  ${problems.join('\n  ')}`);
  }
  return json;
}
/** Reads and validates every fact file; the first bad one stops the server, named with its entry. */
export function readFactFiles(files: FactFiles) {
  return {
    genres: checked(files.genres, GenresFile),
    networks: checked(files.networks, NetworksFile),
    credits: checked(files.credits, CreditsFile),
    certifications: checked(files.certifications, CertificationsFile),
    seasons: checked(files.seasons, SeasonsFile),
  };
}
