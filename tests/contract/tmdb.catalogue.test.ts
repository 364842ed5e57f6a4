import { readFileSync } from 'node:fs';

import { afterAll, beforeAll, vi } from 'vitest';

import { catalogueConfig } from '../../src/services/catalogue/catalogue-config.ts';
import { createTmdbCatalogue } from '../../src/services/catalogue/tmdb-catalogue.ts';
import { catalogueContract, REAL_CATALOGUE_TITLES } from './catalogue.contract.ts';

const KEY = 'tmdb-fixture-key';
const { responses } = JSON.parse(readFileSync(new URL('./fixtures/tmdb/responses.json', import.meta.url), 'utf8')) as {
  responses: Record<string, unknown>;
};

/** TMDB played from recorded responses: api.themoviedb.org/3 only, api_key required, 404 otherwise. */
async function tmdb(input: RequestInfo | URL): Promise<Response> {
  const url = new URL(input instanceof Request ? input.url : String(input));
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json;charset=utf-8' } });
  if (url.origin !== 'https://api.themoviedb.org' || !url.pathname.startsWith('/3/'))
    throw new TypeError('fetch failed');
  if (url.searchParams.get('api_key') !== KEY) {
    return json(
      { status_code: 7, status_message: 'Invalid API key: You must be granted a valid key.', success: false },
      401,
    );
  }
  url.searchParams.delete('api_key');
  // append_to_response as TMDB does it: the details, plus each named sub-request's answer under its name.
  const appended = url.searchParams.get('append_to_response')?.split(',') ?? [];
  url.searchParams.delete('append_to_response');
  url.searchParams.sort();
  const key = `${url.pathname.slice(2)}${url.searchParams.size ? `?${url.searchParams}` : ''}`;
  const found = responses[key] as Record<string, unknown> | undefined;
  const body = found && {
    ...found,
    ...Object.fromEntries(
      appended.flatMap((name) => {
        const sub = responses[`${key}/${name}`] as Record<string, unknown> | undefined;
        if (!sub) return [];
        const { id: _id, ...rest } = sub;
        return [[name, rest]];
      }),
    ),
  };
  return body
    ? json(body)
    : json({ status_code: 34, status_message: 'The resource you requested could not be found.', success: false }, 404);
}

beforeAll(() => {
  vi.stubGlobal('fetch', vi.fn(tmdb));
});
afterAll(() => {
  vi.unstubAllGlobals();
});

catalogueContract('TMDB adapter over recorded TMDB responses', () => ({
  // The configuration VITE_TMDB_API_KEY selects: TMDB's API, its image host and YouTube.
  catalogue: createTmdbCatalogue(catalogueConfig({ VITE_TMDB_API_KEY: KEY } as ImportMetaEnv)),
  withWrongKey: createTmdbCatalogue(catalogueConfig({ VITE_TMDB_API_KEY: 'wrong' } as ImportMetaEnv)),
  searchTerm: 'wonder',
  known: REAL_CATALOGUE_TITLES,
  noPeopleSearch:
    "no recorded TMDB responses for search/person, person/{id}/combined_credits or discover pages yet (recording needs TMDB, which this machine cannot reach); the embedded catalogue runs this case, and tmdb-openapi.test.ts checks those routes against TMDB's document",
}));
