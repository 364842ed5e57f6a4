import { describe, expect, it } from 'vitest';

import { fetchTitleList, interleave } from '../../../../src/screens/browse/title-lists.ts';
import type { CatalogueService, ListName, Title } from '../../../../src/services/catalogue/catalogue.port.ts';

const film = (id: number): Title => ({ id, title: `Film ${id}`, overview: '', backdrop_path: null, poster_path: null });
const series = (id: number): Title => ({
  id,
  name: `Series ${id}`,
  overview: '',
  backdrop_path: null,
  poster_path: null,
});

describe('interleave', () => {
  it('takes the lists in turn, each title once', () => {
    const films = [film(1), film(2), film(3)];
    const shows = [series(1), series(2)];
    expect(interleave([films, shows]).map((title) => title.title ?? title.name)).toEqual([
      'Film 1',
      'Series 1',
      'Film 2',
      'Series 2',
      'Film 3',
    ]);
  });

  it('keeps a film and a series with the same id apart, but drops a repeat', () => {
    expect(
      interleave([
        [film(1), film(2)],
        [series(1), film(2)],
      ]),
    ).toEqual([film(1), series(1), film(2)]);
  });

  it('stops at the limit', () => {
    expect(interleave([[film(1), film(2), film(3)]], 2)).toEqual([film(1), film(2)]);
  });

  it('gives nothing for no lists', () => {
    expect(interleave([])).toEqual([]);
  });
});

describe('fetchTitleList', () => {
  const calls: string[] = [];
  const catalogue = {
    fetchRow: async (row: string) => (calls.push(`row ${row}`), [film(1)]),
    discover: async (mediaType: string, { genreId }: { genreId?: number }) => (
      calls.push(`discover ${mediaType} ${genreId}`),
      [series(2)]
    ),
    list: async (name: ListName) => (calls.push(`list ${name}`), name === 'onTheAirTv' ? [series(3)] : [film(3)]),
  } as unknown as CatalogueService;

  it('asks for a home row, a genre or named lists through the port', async () => {
    calls.length = 0;
    await expect(fetchTitleList(catalogue, 'action')).resolves.toEqual([film(1)]);
    await expect(fetchTitleList(catalogue, { mediaType: 'tv', genreId: 18 })).resolves.toEqual([series(2)]);
    await expect(fetchTitleList(catalogue, { lists: ['nowPlayingMovies', 'onTheAirTv'] })).resolves.toEqual([
      film(3),
      series(3),
    ]);
    expect(calls).toEqual(['row action', 'discover tv 18', 'list nowPlayingMovies', 'list onTheAirTv']);
  });

  it('keeps only titles dated after today in an unreleased-only list, judged by the clock it is given', async () => {
    const dated = (id: number, release_date: string): Title => ({ ...film(id), release_date });
    const upcoming = {
      list: async () => [dated(1, '2024-02-27'), dated(2, '2026-11-28'), dated(3, '2026-11-29'), film(4)],
    } as unknown as CatalogueService;
    const now = () => new Date('2026-11-28T23:30:00Z');
    const all = await fetchTitleList(upcoming, { lists: ['upcomingMovies'] }, undefined, now);
    expect(all.map((title) => title.id)).toEqual([1, 2, 3, 4]);
    const coming = await fetchTitleList(upcoming, { lists: ['upcomingMovies'], unreleasedOnly: true }, undefined, now);
    expect(coming.map((title) => title.id)).toEqual([3]);
  });
});
