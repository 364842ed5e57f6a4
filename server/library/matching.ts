import type { CatalogueRepository } from '../catalogue/catalogue-repository.ts';
import type { MatchMethod } from './library-repository.ts';
import { normaliseTitle } from './naming.ts';

/** What matching reads of the catalogue (it never writes to it). */
export type CatalogueLookup = Pick<CatalogueRepository, 'findTitle' | 'search'>;

export interface MatchInput {
  mediaType: 'movie' | 'tv';
  /** The names the title goes by: the NFO's title and original title, and the file or folder name. */
  titles: string[];
  year: number | null;
  tmdbId?: number;
}

export interface MatchResult {
  mediaType: 'movie' | 'tv';
  catalogueId: number | null;
  method: Exclude<MatchMethod, 'operator'>;
}

/**
 * Which catalogue title a library film or series is: the one with the TMDB id its NFO gives;
 * else the one of the same name (case, accents and punctuation aside) and year; else, without a
 * year, the only one of that name. Anything else is a new library title. A near miss (a year out
 * by one, a similar name) is left for the operator rather than guessed.
 */
export function matchTitle(input: MatchInput, catalogue: CatalogueLookup): MatchResult {
  const { mediaType } = input;
  if (input.tmdbId !== undefined && catalogue.findTitle(mediaType, input.tmdbId)) {
    return { mediaType, catalogueId: input.tmdbId, method: 'nfo-id' };
  }
  const names = [...new Set(input.titles.map(normaliseTitle).filter(Boolean))];
  for (const name of names) {
    const found = new Map<number, string | null>();
    for (const title of input.titles.filter((t) => normaliseTitle(t) === name)) {
      for (const candidate of catalogue.search(title, mediaType, 1, input.year ?? undefined).titles) {
        const sameName = [candidate.name, candidate.originalName].some((n) => normaliseTitle(n) === name);
        if (sameName) found.set(candidate.id, candidate.date);
      }
    }
    const ids = [...found.entries()]
      .filter(([, date]) => input.year === null || Number(date?.slice(0, 4)) === input.year)
      .map(([id]) => id);
    if (ids.length === 1 || (input.year !== null && ids.length > 0)) {
      return { mediaType, catalogueId: ids[0]!, method: 'title-year' };
    }
  }
  return { mediaType, catalogueId: null, method: 'new' };
}
