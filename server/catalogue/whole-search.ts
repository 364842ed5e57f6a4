import { LRUCache } from 'lru-cache';
import { Type } from 'typebox';

import type { MediaType, SearchCatalogue, Title, TitlePage } from '../../shared/catalogue/search.ts';
import {
  creditedTitles,
  genrePage,
  namedTitles,
  peopleOf,
  type TmdbList,
  type TmdbMultiList,
} from '../../shared/catalogue/search-sources.ts';
import { TmdbTitleItem } from '../../shared/catalogue/tmdb.schema.ts';

/** The TMDB answers the search is made of, as the catalogue API's own routes compute them. */
export interface TmdbAnswers {
  /** search/multi's page. */
  multi(query: string, page: number): TmdbMultiList;
  /** search/person's page. */
  people(query: string, page: number): { results?: Array<{ id: number; name: string }> };
  /** person/{id}/combined_credits, or null when there is no such person. */
  combinedCredits(personId: number): { cast?: Title[]; crew?: Title[] } | null;
  /** genre/{type}/list's genres. */
  genres(mediaType: MediaType): Array<{ id: number; name: string }>;
  /** discover/{type}?with_genres={id}&sort_by=popularity.desc's page. */
  discoverGenre(mediaType: MediaType, genreId: number, page: number): TmdbList;
}

/** Bytes of people's titles and genre pages kept: a few hundred are what searches keep coming back to. */
const KEPT_BYTES = 8 * 1024 * 1024;

/**
 * The search's calls answered in the server from the same answers the TMDB routes send, read the
 * way the app's TMDB adapter reads them (shared/catalogue/search.ts), so that the search composed
 * here (GET /search/whole) is the one the app would compose from those routes. A person's titles
 * and a genre's page are kept once built (least recently used out first, bounded by bytes): the
 * catalogue does not change while the server runs.
 */
export function searchCatalogueOver(answers: TmdbAnswers): SearchCatalogue {
  const kept = new LRUCache<string, Title[] | TitlePage>({
    maxSize: KEPT_BYTES,
    // Their JSON's length, measured once when kept, stands for what they hold.
    sizeCalculation: (value, key) => JSON.stringify(value).length + key.length + 64,
  });
  const remember = <T extends Title[] | TitlePage>(key: string, build: () => T): T => {
    let found = kept.get(key) as T | undefined;
    if (!found) kept.set(key, (found = build()));
    return found;
  };
  return {
    searchTitles: async (query, page) => namedTitles(answers.multi(query, page), page),
    searchPeople: async (query) => peopleOf(answers.people(query, 1)),
    personTitles: async (personId) =>
      remember(`person-${personId}`, () => creditedTitles(answers.combinedCredits(personId) ?? {})),
    genres: async (mediaType) => answers.genres(mediaType),
    genreTitles: async (mediaType, genreId, page) =>
      remember(`genre-${mediaType}-${genreId}-${page}`, () =>
        genrePage(answers.discoverGenre(mediaType, genreId, page), page, mediaType),
      ),
  };
}

/** GET /search/whole's answer: shared/catalogue/search.ts's SearchPage (a person's titles carry their credit's fields too). */
export const WholeSearchPage = Type.Object({
  groups: Type.Array(Type.Object({ key: Type.String(), why: Type.String(), titles: Type.Array(TmdbTitleItem) })),
  page: Type.Integer({ minimum: 1 }),
  sources: Type.Array(
    Type.Union([
      Type.Object({ kind: Type.Literal('names'), key: Type.String(), totalPages: Type.Integer() }),
      Type.Object({
        kind: Type.Literal('genre'),
        key: Type.String(),
        totalPages: Type.Integer(),
        mediaType: Type.Union([Type.Literal('movie'), Type.Literal('tv')]),
        genreId: Type.Integer(),
      }),
    ]),
  ),
});
