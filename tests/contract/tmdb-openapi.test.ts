import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { personIdOf } from '../../server/catalogue/catalogue-facts.ts';
import { CATALOGUE_KEY, useEmbeddedServer } from './support/embedded-server.ts';
import { contractProblems, openApi, responseExamples, templateOf } from './support/tmdb-openapi.ts';

const server = useEmbeddedServer();

const APPEND_ALL_MOVIE = 'videos,credits,images,similar,recommendations,release_dates';
const APPEND_ALL_TV = 'videos,credits,images,similar,recommendations,content_ratings';

/** Every route the embedded catalogue serves, with addresses that exercise each shape. */
const SERVED = [
  '/trending/all/week',
  '/trending/movie/day',
  '/trending/tv/week',
  '/discover/movie?with_genres=28',
  '/discover/movie?sort_by=primary_release_date.asc&vote_count.gte=1000',
  '/discover/tv?with_networks=213',
  '/movie/popular',
  '/movie/top_rated',
  '/tv/popular',
  '/tv/top_rated',
  '/movie/now_playing',
  '/movie/upcoming',
  '/tv/on_the_air',
  '/tv/airing_today',
  '/search/movie?query=star',
  '/search/tv?query=stranger',
  '/search/multi?query=the',
  '/search/multi?query=keanu',
  '/search/person?query=chris',
  // Keanu Reeves (film cast), Christopher Nolan (film crew), Bryan Cranston (series cast).
  `/person/${personIdOf('Keanu Reeves')}/combined_credits`,
  `/person/${personIdOf('Christopher Nolan')}/combined_credits`,
  `/person/${personIdOf('Bryan Cranston')}/combined_credits`,
  '/movie/603',
  `/movie/603?append_to_response=${APPEND_ALL_MOVIE}`,
  '/tv/66732',
  `/tv/66732?append_to_response=${APPEND_ALL_TV}`,
  // A series without seasons data, and one whose runtime is not known.
  '/tv/65494',
  '/tv/1396',
  '/tv/66732/season/1',
  '/tv/1396/season/5',
  '/movie/603/credits',
  '/tv/66732/credits',
  '/movie/603/similar',
  '/tv/66732/similar',
  '/movie/603/recommendations',
  '/tv/66732/recommendations',
  '/movie/603/images',
  '/tv/66732/images',
  '/movie/603/videos',
  '/tv/66732/videos',
  '/movie/603/release_dates',
  '/tv/66732/content_ratings',
  '/genre/movie/list',
  '/genre/tv/list',
  '/configuration',
  '/authentication',
];

/** What append_to_response adds is the sub-resource's own shape. */
const APPENDED_TEMPLATE: Record<string, (mediaType: string) => string> = {
  videos: (m) => `/3/${m}/{${m === 'movie' ? 'movie' : 'series'}_id}/videos`,
  credits: (m) => `/3/${m}/{${m === 'movie' ? 'movie' : 'series'}_id}/credits`,
  images: (m) => `/3/${m}/{${m === 'movie' ? 'movie' : 'series'}_id}/images`,
  similar: (m) => `/3/${m}/{${m === 'movie' ? 'movie' : 'series'}_id}/similar`,
  // The document's movie recommendations schema is empty ({}); its answer is a similar page.
  recommendations: (m) =>
    `/3/${m}/{${m === 'movie' ? 'movie' : 'series'}_id}/${m === 'movie' ? 'similar' : 'recommendations'}`,
  release_dates: () => '/3/movie/{movie_id}/release_dates',
  content_ratings: () => '/3/tv/{series_id}/content_ratings',
};

async function served(path: string) {
  const response = await fetch(
    `${server.origin}/tmdb/3${path}${path.includes('?') ? '&' : '?'}api_key=${CATALOGUE_KEY}`,
  );
  expect(response.status, path).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("the embedded catalogue against TMDB's OpenAPI document", () => {
  it('serves every operation of the document it claims', () => {
    const covered = new Set(SERVED.map(templateOf));
    expect([...covered].sort()).toEqual(Object.keys(openApi.paths).sort());
  });

  it.each(SERVED)('%s validates, with every declared field present', async (path) => {
    const body = await served(path);
    const template = templateOf(path);
    expect(contractProblems(template, body)).toEqual([]);
    // The movie recommendations schema is empty, so hold its answer to the similar page's.
    if (template === '/3/movie/{movie_id}/recommendations') {
      expect(contractProblems('/3/movie/{movie_id}/similar', body)).toEqual([]);
    }
    // Pages are never empty (the dated lists included), or the check above proves little.
    if ('page' in body) expect((body.results as unknown[]).length, path).toBeGreaterThan(0);
    if ('cast' in body && 'crew' in body && !('credits' in body)) {
      expect([...(body.cast as unknown[]), ...(body.crew as unknown[])].length, path).toBeGreaterThan(0);
    }
    const appended = new URL(path, 'http://x').searchParams.get('append_to_response');
    for (const name of appended?.split(',') ?? []) {
      const mediaType = path.split('/')[1];
      expect(body[name], name).toBeDefined();
      const sub = { id: body.id, ...(body[name] as object) };
      expect(contractProblems(APPENDED_TEMPLATE[name](mediaType), sub), name).toEqual([]);
    }
  });

  it('the checks catch a wrong type and a missing field', () => {
    expect(contractProblems('/3/genre/movie/list', { genres: [{ id: '28', name: 'Action' }] })).not.toEqual([]);
    expect(contractProblems('/3/genre/movie/list', { genres: [{ id: 28 }] })).toEqual(['/genres/0: missing name']);
  });
});

describe("recorded TMDB responses against TMDB's OpenAPI document", () => {
  const { responses } = JSON.parse(
    readFileSync(new URL('./fixtures/tmdb/responses.json', import.meta.url), 'utf8'),
  ) as { responses: Record<string, unknown> };

  it.each(Object.keys(responses))('%s validates, with every declared field present', (key) => {
    expect(contractProblems(templateOf(key), responses[key])).toEqual([]);
  });

  it("the document's own examples of every served operation validate", () => {
    for (const template of Object.keys(openApi.paths)) {
      for (const example of responseExamples(template)) {
        expect(contractProblems(template, example), template).toEqual([]);
      }
    }
  });
});
