import { createHash } from 'node:crypto';

import type { CatalogueFile } from './catalogue-data.ts';
import { FACT_FILES, type FactFiles, readFactFiles, type SERIES_STATUSES } from './catalogue-fact-files.ts';
import type { MediaType } from './catalogue-title.ts';

export interface Genre {
  id: number;
  name: string;
}
export interface Network {
  id: number;
  name: string;
  origin_country: string;
}
export type Department = 'Acting' | 'Directing' | 'Writing';
export interface Person {
  id: number;
  name: string;
  knownForDepartment: Department;
  /** Summed over their titles, each weighed down by billing order; ranks people in search. */
  popularity: number;
  /** Their titles, most popular first. */
  titles: Array<{ mediaType: MediaType; id: number }>;
}
export interface CastCredit {
  person: Person;
  character: string;
}
export interface CrewCredit {
  person: Person;
  department: Department;
  job: string;
}
export interface SeasonFacts {
  seasonNumber: number;
  year: number;
  episodeCount: number;
}
export interface SeriesFacts {
  status: (typeof SERIES_STATUSES)[number];
  episodeRunTime: number | null;
  seasons: SeasonFacts[];
}
export interface TitleFacts {
  /** Minutes (films); null when unknown. */
  runtime: number | null;
  /** The number of seasons tv.json states (series); null when unknown. */
  numberOfSeasons: number | null;
  cast: CastCredit[];
  crew: CrewCredit[];
  /** A series' creators. */
  createdBy: Person[];
  certifications: { US: string | null; GB: string | null };
  /** Only series listed in seasons.json have seasons. */
  series: SeriesFacts | null;
}

const NO_FACTS: TitleFacts = Object.freeze({
  runtime: null,
  numberOfSeasons: null,
  cast: [],
  crew: [],
  createdBy: [],
  certifications: { US: null, GB: null },
  series: null,
});

/** A stable id from a name: the same person always gets the same id. */
export const personIdOf = (name: string) =>
  (createHash('sha256').update(`person:${name}`).digest().readUInt32BE(0) % 2_000_000_000) + 1;

/** Lower-cased words without accents, for matching what someone typed against names. */
export const searchWords = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? [];

export interface CatalogueFacts {
  genres: Record<MediaType, Genre[]>;
  genreName(mediaType: MediaType, id: number): string | undefined;
  network(id: number): Network | undefined;
  factsFor(mediaType: MediaType, id: number): TitleFacts;
  /** Everyone credited, in a stable order (most popular first). */
  people: Person[];
  /** People whose name has every typed word as a word prefix, most popular first. */
  searchPeople(text: string): Person[];
  /** Someone credited, by id (person/{id}/combined_credits). */
  person(id: number): Person | undefined;
}

/**
 * Reads and cross-checks the fact files against the catalogue files they describe: every entry
 * must name a title of its media type, once; a series' seasons run 1..N and agree with the
 * number of seasons tv.json states; every genre and network a title uses must have a name.
 */
export function readCatalogueFacts(catalogue: CatalogueFile[], files: FactFiles = FACT_FILES): CatalogueFacts {
  const fail = (file: string, entry: string, problem: string): never => {
    throw new Error(`Catalogue file ${file} is invalid:\n  entry ${entry}: ${problem}`);
  };
  const titles = new Map<string, { popularity: number; runtime?: number; numberOfSeasons?: number }>();
  const titleGenres: Array<{ mediaType: MediaType; id: number; genreIds: number[]; networks: number[] }> = [];
  for (const file of catalogue) {
    for (const title of file.titles) {
      const extra = file.extras?.get(title.id);
      titles.set(`${title.mediaType}:${title.id}`, { popularity: title.popularity, ...extra });
      titleGenres.push(title);
    }
  }

  const read = readFactFiles(files);
  const { genres: genresFile, networks: networksFile } = read;
  const genreNames = new Map<string, string>();
  for (const mediaType of ['movie', 'tv'] as const) {
    genresFile[mediaType].forEach((genre, index) => {
      const key = `${mediaType}:${genre.id}`;
      if (genreNames.has(key)) fail(files.genres, `/${mediaType}/${index} (id ${genre.id})`, 'duplicate genre id');
      genreNames.set(key, genre.name);
    });
  }
  const networks = new Map<number, Network>();
  networksFile.networks.forEach((network, index) => {
    if (networks.has(network.id)) fail(files.networks, `/networks/${index} (id ${network.id})`, 'duplicate network id');
    networks.set(network.id, network);
  });
  for (const title of titleGenres) {
    for (const genre of title.genreIds) {
      if (!genreNames.has(`${title.mediaType}:${genre}`)) {
        fail(files.genres, `/${title.mediaType}`, `no name for genre ${genre}, used by ${title.mediaType} ${title.id}`);
      }
    }
    for (const network of title.networks) {
      if (!networks.has(network))
        fail(files.networks, '/networks', `no name for network ${network}, used by tv ${title.id}`);
    }
  }

  /** Each entry of a per-title list names a shipped title of its media type, once. */
  function byTitle<T extends { id: number }>(file: string, list: string, mediaType: MediaType, entries: T[]) {
    const seen = new Map<number, T>();
    entries.forEach((entry, index) => {
      const where = `/${list}/${index} (id ${entry.id})`;
      if (!titles.has(`${mediaType}:${entry.id}`)) fail(file, where, `no ${mediaType} has this id`);
      if (seen.has(entry.id)) fail(file, where, 'duplicate id');
      seen.set(entry.id, entry);
    });
    return seen;
  }

  const { credits, certifications, seasons } = read;
  byTitle(files.credits, 'movie', 'movie', credits.movie);
  byTitle(files.credits, 'tv', 'tv', credits.tv);
  const movieCertifications = byTitle(files.certifications, 'movie', 'movie', certifications.movie);
  const tvCertifications = byTitle(files.certifications, 'tv', 'tv', certifications.tv);
  const series = byTitle(files.seasons, 'series', 'tv', seasons.series);
  seasons.series.forEach((entry, index) => {
    const where = `/series/${index} (id ${entry.id})`;
    entry.seasons.forEach((season, position) => {
      if (season.season_number !== position + 1) {
        fail(
          files.seasons,
          where,
          `seasons must be numbered 1..N in order; found ${season.season_number} at ${position + 1}`,
        );
      }
      if (position > 0 && season.year < entry.seasons[position - 1].year) {
        fail(files.seasons, where, `season ${season.season_number} is dated before the season it follows`);
      }
    });
    const stated = titles.get(`tv:${entry.id}`)?.numberOfSeasons;
    if (stated !== undefined && stated !== entry.seasons.length) {
      fail(files.seasons, where, `lists ${entry.seasons.length} seasons where tv.json states ${stated}`);
    }
  });

  // People: one record per name, with an id derived from it (checked for collisions).
  const people = new Map<string, Person & { weights: Map<string, number>; departments: Map<Department, number> }>();
  const ids = new Map<number, string>();
  const personNamed = (name: string, file: string, where: string) => {
    let person = people.get(name);
    if (!person) {
      const id = personIdOf(name);
      const other = ids.get(id);
      if (other !== undefined) fail(file, where, `"${name}" and "${other}" derive the same person id ${id}`);
      ids.set(id, name);
      person = {
        id,
        name,
        knownForDepartment: 'Acting',
        popularity: 0,
        titles: [],
        weights: new Map(),
        departments: new Map(),
      };
      people.set(name, person);
    }
    return person;
  };
  const credit = (
    person: ReturnType<typeof personNamed>,
    mediaType: MediaType,
    id: number,
    department: Department,
    order: number,
  ) => {
    const key = `${mediaType}:${id}`;
    const weight = (titles.get(key)?.popularity ?? 0) / (1 + order);
    person.weights.set(key, Math.max(person.weights.get(key) ?? 0, weight));
    person.departments.set(department, (person.departments.get(department) ?? 0) + 1);
  };

  const facts = new Map<string, TitleFacts>();
  const castOf = (
    file: string,
    where: string,
    mediaType: MediaType,
    id: number,
    cast: Array<{ name: string; character: string }>,
  ) =>
    cast.map((entry, order) => {
      const person = personNamed(entry.name, file, where);
      credit(person, mediaType, id, 'Acting', order);
      return { person, character: entry.character };
    });

  credits.movie.forEach((entry, index) => {
    const where = `/movie/${index} (id ${entry.id})`;
    const crew = [
      ...entry.directors.map((name) => ({ name, department: 'Directing' as const, job: 'Director' })),
      ...entry.writers.map((name) => ({ name, department: 'Writing' as const, job: 'Writer' })),
    ].map(({ name, department, job }, order) => {
      const person = personNamed(name, files.credits, where);
      credit(person, 'movie', entry.id, department, order);
      return { person, department, job };
    });
    facts.set(`movie:${entry.id}`, {
      ...NO_FACTS,
      cast: castOf(files.credits, where, 'movie', entry.id, entry.cast),
      crew,
    });
  });
  credits.tv.forEach((entry, index) => {
    const where = `/tv/${index} (id ${entry.id})`;
    const createdBy = entry.created_by.map((name, order) => {
      const person = personNamed(name, files.credits, where);
      credit(person, 'tv', entry.id, 'Writing', order);
      return person;
    });
    facts.set(`tv:${entry.id}`, {
      ...NO_FACTS,
      cast: castOf(files.credits, where, 'tv', entry.id, entry.cast),
      crew: createdBy.map((person) => ({ person, department: 'Writing', job: 'Creator' })),
      createdBy,
    });
  });

  const withFacts = (key: string) => {
    let entry = facts.get(key);
    if (!entry) facts.set(key, (entry = { ...NO_FACTS }));
    return entry;
  };
  for (const [mediaType, list] of [
    ['movie', movieCertifications],
    ['tv', tvCertifications],
  ] as const) {
    for (const [id, entry] of list) withFacts(`${mediaType}:${id}`).certifications = { US: entry.US, GB: entry.GB };
  }
  for (const [id, entry] of series) {
    withFacts(`tv:${id}`).series = {
      status: entry.status,
      episodeRunTime: entry.episode_run_time,
      seasons: entry.seasons.map((season) => ({
        seasonNumber: season.season_number,
        year: season.year,
        episodeCount: season.episode_count,
      })),
    };
  }
  for (const [key, title] of titles) {
    if (title.runtime === undefined && title.numberOfSeasons === undefined) continue;
    const entry = withFacts(key);
    entry.runtime = title.runtime ?? null;
    entry.numberOfSeasons = title.numberOfSeasons ?? null;
  }

  const everyone: Person[] = [...people.values()].map(({ weights, departments, ...person }) => {
    const ranked = [...weights].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    const department = (['Acting', 'Directing', 'Writing'] as const).reduce((best, next) =>
      (departments.get(next) ?? 0) > (departments.get(best) ?? 0) ? next : best,
    );
    return {
      ...person,
      knownForDepartment: department,
      popularity: Math.round(ranked.reduce((sum, [, weight]) => sum + weight, 0) * 1000) / 1000,
      titles: ranked.map(([key]) => {
        const [mediaType, id] = key.split(':');
        return { mediaType: mediaType as MediaType, id: Number(id) };
      }),
    };
  });
  // Credits hold the same objects as the list, so departments and titles are filled in.
  const finished = new Map(everyone.map((person) => [person.name, person]));
  for (const entry of facts.values()) {
    entry.cast = entry.cast.map((c) => ({ ...c, person: finished.get(c.person.name)! }));
    entry.crew = entry.crew.map((c) => ({ ...c, person: finished.get(c.person.name)! }));
    entry.createdBy = entry.createdBy.map((person) => finished.get(person.name)!);
  }
  everyone.sort((a, b) => b.popularity - a.popularity || a.id - b.id);
  const indexed = everyone.map((person) => ({ person, words: searchWords(person.name) }));
  // Every word of every name, sorted, with whose name it is (an index into `indexed`): the people
  // a typed word can match are one range of it, found by bisection, not a walk through everyone.
  const nameWords = indexed
    .flatMap(({ words }, index) => words.map((word) => ({ word, index })))
    .sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : a.index - b.index));
  const firstAtOrAfter = (word: string) => {
    let low = 0;
    let high = nameWords.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (nameWords[middle].word < word) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  /** Whose names have a word starting with `prefix`, most popular first. */
  const namedWith = (prefix: string) => {
    const found = new Set<number>();
    for (let at = firstAtOrAfter(prefix); at < nameWords.length && nameWords[at].word.startsWith(prefix); at++) {
      found.add(nameWords[at].index);
    }
    return [...found].sort((a, b) => a - b);
  };
  const byId = new Map(everyone.map((person) => [person.id, person]));

  return {
    genres: { movie: genresFile.movie, tv: genresFile.tv },
    genreName: (mediaType, id) => genreNames.get(`${mediaType}:${id}`),
    network: (id) => networks.get(id),
    factsFor: (mediaType, id) => facts.get(`${mediaType}:${id}`) ?? NO_FACTS,
    people: everyone,
    searchPeople(text) {
      const typed = searchWords(text).slice(0, 10);
      if (!typed.length) return [];
      // The longest typed word narrows the most; the others are checked on what it found.
      const longest = typed.reduce((a, b) => (b.length > a.length ? b : a));
      return namedWith(longest)
        .map((index) => indexed[index])
        .filter(({ words }) => typed.every((word) => words.some((name) => name.startsWith(word))))
        .map(({ person }) => person);
    },
    person: (id) => byId.get(id),
  };
}
