import { describe, expect, it } from 'vitest';

import { findTitles } from '../../shared/catalogue/search.ts';
import { catalogueConfig } from '../../src/services/catalogue/catalogue-config.ts';
import { createTmdbCatalogue } from '../../src/services/catalogue/tmdb-catalogue.ts';
import { CATALOGUE_KEY, useEmbeddedServer } from './support/embedded-server.ts';

const server = useEmbeddedServer();

const catalogue = (wholeSearch: boolean) =>
  createTmdbCatalogue({
    ...catalogueConfig({ VITE_CATALOGUE_API_KEY: CATALOGUE_KEY } as ImportMetaEnv),
    baseUrl: `${server.origin}/tmdb/3`,
    imageBase: `${server.origin}/images/t/p`,
    wholeSearch,
  });

// Titles by name, people (film cast and crew, series cast), genres whole and by prefix, in both
// lists (Comedy) or one, several words, accents, FTS syntax as text, blank, and nothing found.
const QUERIES = [
  'the',
  'keanu',
  'nolan',
  'cranston',
  'chris',
  'comedy',
  'com',
  'sci fi',
  'dra',
  'matrix',
  'amélie',
  'star OR "',
  ' ',
  'zzqx',
];

describe('the embedded search answered whole (GET /search/whole)', () => {
  it('is what the app composes from the TMDB routes, group for group and title for title', async () => {
    const composed = catalogue(false);
    const whole = catalogue(true);
    expect(composed.findTitles).toBeUndefined();
    for (const query of QUERIES) {
      expect(await whole.findTitles!(query), query).toEqual(await findTitles(composed, query));
    }
  });

  it('finds people and genres, not only names', async () => {
    const found = await catalogue(true).findTitles!('nolan');
    expect(found.groups[0]).toMatchObject({ why: 'Titles with Christopher Nolan' });
    expect(found.groups[0].titles.length).toBeGreaterThan(0);
    const comedy = await catalogue(true).findTitles!('comedy');
    expect(comedy.sources.map((source) => source.key)).toEqual(['genre-movie-35', 'genre-tv-35', 'names']);
  });

  it('refuses a missing or empty query with 422, and a wrong key with 401', async () => {
    for (const query of ['', '&query=']) {
      const response = await fetch(`${server.origin}/tmdb/3/search/whole?api_key=${CATALOGUE_KEY}${query}`);
      expect(response.status, query).toBe(422);
      expect(await response.json()).toMatchObject({ success: false, status_code: 5 });
    }
    const response = await fetch(`${server.origin}/tmdb/3/search/whole?api_key=wrong&query=nolan`);
    expect(response.status).toBe(401);
  });
});
