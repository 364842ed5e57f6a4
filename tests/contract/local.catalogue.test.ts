import { PLAYER_OPTIONS } from '../../src/services/catalogue/catalogue-config.ts';
import { createTmdbCatalogue } from '../../src/services/catalogue/tmdb-catalogue.ts';
import { catalogueContract, REAL_CATALOGUE_TITLES } from './catalogue.contract.ts';
import { CATALOGUE_KEY, useEmbeddedServer } from './support/embedded-server.ts';

const server = useEmbeddedServer();

const catalogue = (apiKey: string) =>
  createTmdbCatalogue({
    baseUrl: `${server.origin}/tmdb/3`,
    apiKey,
    imageBase: `${server.origin}/images/t/p`,
    embedUrl: (key) => `${server.origin}/embed/${encodeURIComponent(key)}?${PLAYER_OPTIONS}`,
  });

catalogueContract('embedded catalogue (TMDB-compatible API of the embedded server)', () => ({
  catalogue: catalogue(CATALOGUE_KEY),
  withWrongKey: catalogue('wrong-key'),
  searchTerm: 'the',
  known: REAL_CATALOGUE_TITLES,
}));
