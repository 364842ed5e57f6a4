import { describe, expect, it } from 'vitest';

import { genresWithTitles } from '../../../../src/screens/browse/section-logic.ts';
import type { CatalogueService, Genre, Title } from '../../../../src/services/catalogue/catalogue.port.ts';

const series = (id: number): Title => ({
  id,
  name: `Series ${id}`,
  overview: '',
  backdrop_path: null,
  poster_path: null,
});

describe('genresWithTitles', () => {
  it("keeps the genres whose first page has titles, in the genre list's order", async () => {
    const asked: string[] = [];
    const catalogue = {
      discover: async (mediaType: string, { genreId }: { genreId?: number }) => {
        asked.push(`${mediaType} ${genreId}`);
        return genreId === 10763 ? [] : [series(genreId ?? 0)];
      },
    } as unknown as CatalogueService;
    const genres: Genre[] = [
      { id: 18, name: 'Drama' },
      { id: 10763, name: 'News' },
      { id: 35, name: 'Comedy' },
    ];
    await expect(genresWithTitles(catalogue, 'tv', genres)).resolves.toEqual([
      { id: 18, name: 'Drama' },
      { id: 35, name: 'Comedy' },
    ]);
    expect(asked).toEqual(['tv 18', 'tv 10763', 'tv 35']);
  });
});
