import { describe, expect, it } from 'vitest';

import {
  findMoreTitles,
  findTitles,
  matchingGenres,
  mergePages,
  type SearchCatalogue,
} from '../../../../src/machines/browse/search-results.ts';
import type { Title, TitlePage } from '../../../../src/services/catalogue/catalogue.port.ts';

const film = (id: number, name = `Film ${id}`): Title => ({
  id,
  title: name,
  overview: '',
  backdrop_path: null,
  poster_path: null,
  media_type: 'movie',
});
const page = (titles: Title[], totalPages = 1, at = 1): TitlePage => ({ titles, page: at, totalPages });

/** A catalogue where "nolan" names a film and a person, and "comedy" a genre of both media types. */
function catalogue(calls: string[] = []): SearchCatalogue {
  return {
    searchTitles: async (query, at) => {
      calls.push(`titles ${query} ${at}`);
      return query === 'nolan' ? page([film(1, 'Nolan Street'), film(27205, 'Inception')]) : page([], 1, at);
    },
    searchPeople: async (query) =>
      query === 'nolan'
        ? [
            { id: 7, name: 'Christopher Nolan' },
            { id: 8, name: 'Jonathan Nolan' },
            { id: 9, name: 'Third Nolan' },
          ]
        : [],
    personTitles: async (id) => (id === 7 ? [film(27205, 'Inception'), film(157336, 'Interstellar')] : [film(3)]),
    genres: async (mediaType) =>
      mediaType === 'movie'
        ? [
            { id: 35, name: 'Comedy' },
            { id: 18, name: 'Drama' },
          ]
        : [{ id: 35, name: 'Comedy' }],
    genreTitles: async (mediaType, genreId, at) => {
      calls.push(`genre ${mediaType} ${genreId} ${at}`);
      return page([film(100 * at + (mediaType === 'tv' ? 50 : 0))], 3, at);
    },
  };
}

describe('search results through names, people and genres', () => {
  it('matches genres by word prefix from three characters', () => {
    const genres = [
      { id: 35, name: 'Comedy' },
      { id: 10765, name: 'Sci-Fi & Fantasy' },
    ];
    expect(matchingGenres('comedy', genres)).toEqual([genres[0]]);
    expect(matchingGenres('sci fi', genres)).toEqual([genres[1]]);
    expect(matchingGenres('co', genres)).toEqual([]);
    expect(matchingGenres('tom hanks', genres)).toEqual([]);
  });

  it('puts the people a query names whole first, then titles by name; each title once; at most two people', async () => {
    const found = await findTitles(catalogue(), 'nolan');
    expect(found.groups.map((group) => group.why)).toEqual([
      'Titles with Christopher Nolan',
      'Titles with Jonathan Nolan',
      'Titles named like "nolan"',
    ]);
    expect(found.groups[0].titles.map((title) => title.id)).toEqual([27205, 157336]);
    // Inception is already under Christopher Nolan.
    expect(found.groups[2].titles.map((title) => title.id)).toEqual([1]);
  });

  it('names a genre by its name, and by media type when both have it', async () => {
    const found = await findTitles(catalogue(), 'comedy');
    expect(found.groups.filter((group) => group.titles.length).map((group) => group.why)).toEqual([
      'Comedy films',
      'Comedy series',
    ]);
    expect(found.sources.map((source) => [source.key, source.totalPages])).toEqual([
      ['genre-movie-35', 3],
      ['genre-tv-35', 3],
      ['names', 1],
    ]);
  });

  it('asks for the next page only of sources that have one, and merges it in', async () => {
    const calls: string[] = [];
    const first = await findTitles(catalogue(calls), 'comedy');
    calls.length = 0;
    const next = await findMoreTitles(catalogue(calls), { query: 'comedy', page: 2, sources: first.sources });
    expect(calls).toEqual(['genre movie 35 2', 'genre tv 35 2']);
    const merged = mergePages(first, next);
    expect(merged.page).toBe(2);
    expect(merged.groups.find((group) => group.key === 'genre-movie-35')!.titles.map((title) => title.id)).toEqual([
      100, 200,
    ]);
  });
});
