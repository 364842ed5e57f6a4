import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { MAX_EXTRA_SOURCE_PAGES } from '../../server/household/full-pages.ts';
import { maySee, titleMaturity } from '../../shared/profiles/maturity.ts';
import { householdWithKid } from './maturity-helpers.ts';
import { titlesIn } from './support/titles-in.ts';
import { createTestApp } from './test-app.ts';

const KEY = 'test-catalogue-key';
const DATA = join(import.meta.dirname, '../../server/catalogue/data');
const read = <T>(file: string) => JSON.parse(readFileSync(join(DATA, file), 'utf8')) as T;

type MediaType = 'movie' | 'tv';
type Certified = { id: number; US: string | null; GB: string | null };

// The oracle: each shipped title's level, from the shipped certifications and the shared mapping
// (not from the server's own lookup).
const certifications = read<Record<MediaType, Certified[]>>('certifications.json');
const levels = new Map<string, ReturnType<typeof titleMaturity>>();
for (const mediaType of ['movie', 'tv'] as const) {
  for (const entry of certifications[mediaType])
    levels.set(`${mediaType}:${entry.id}`, titleMaturity({ US: entry.US, GB: entry.GB }));
}
const allowedFor7 = (mediaType: MediaType, id: number) => maySee('7+', levels.get(`${mediaType}:${id}`) ?? '18+');

const movies = read<{ titles: Array<{ id: number; title: string }> }>('movies.json').titles;
const series = read<{ titles: Array<{ id: number; name: string }> }>('tv.json').titles;
const genres = read<Record<MediaType, Array<{ id: number }>>>('genres.json');
const titleWords = [...movies.map((movie) => movie.title), ...series.map((show) => show.name)].flatMap((name) =>
  name.split(/\s+/).filter((word) => word.length > 1),
);

const page = fc.integer({ min: 1, max: 12 });
const anyTitle = fc.oneof(
  fc.constantFrom(...movies.map((movie) => ['movie', movie.id] as const)),
  fc.constantFrom(...series.map((show) => ['tv', show.id] as const)),
);
const term = fc.oneof(
  fc.constantFrom(...titleWords),
  fc.constantFrom(...titleWords).map((word) => word.slice(0, 3)),
  fc.string({ minLength: 1, maxLength: 6 }),
);

describe('a 7+ profile never receives a title above 7+, however it asks', () => {
  it('by direct id, search term, genre, similar, person and page number', { timeout: 120_000 }, async () => {
    const { app } = await createTestApp();
    const kid = await householdWithKid(app, '7+');

    // People with credits in adult titles and kids' ones, found as anyone would (signed out).
    const people = new Set<number>();
    for (const [mediaType, id] of [
      ['movie', 603],
      ['movie', 24],
      ['movie', 85],
      ['movie', 297762],
      ['tv', 66732],
      ['tv', 246],
    ] as const) {
      const credits = (await app.inject({ url: `/tmdb/3/${mediaType}/${id}/credits?api_key=${KEY}` })).json() as {
        cast: Array<{ id: number }>;
      };
      for (const person of credits.cast.slice(0, 5)) people.add(person.id);
    }

    const titleSub = fc.constantFrom(
      '',
      '?append_to_response=similar,recommendations,credits',
      '/credits',
      '/videos',
      '/images',
      '/similar',
      '/recommendations',
      '/release_dates',
      '/content_ratings',
      '/season/1',
    );
    const address = fc.oneof(
      fc.tuple(anyTitle, titleSub, page).map(([[mediaType, id], sub, n]) => ({
        path: `/${mediaType}/${id}${sub}${sub.includes('?') ? '&' : '?'}page=${n}`,
        named: [mediaType, id] as [MediaType, number],
      })),
      fc
        .tuple(fc.constantFrom('multi', 'movie', 'tv', 'person', 'whole'), term, page)
        .map(([scope, query, n]) => ({ path: `/search/${scope}?query=${encodeURIComponent(query)}&page=${n}` })),
      fc
        .tuple(fc.constantFrom('movie', 'tv') as fc.Arbitrary<MediaType>, page)
        .chain(([mediaType, n]) =>
          fc
            .constantFrom(...genres[mediaType].map((genre) => genre.id))
            .map((genre) => ({ path: `/discover/${mediaType}?with_genres=${genre}&page=${n}` })),
        ),
      fc
        .tuple(fc.constantFrom(...people), fc.constantFrom('/combined_credits'))
        .map(([person, sub]) => ({ path: `/person/${person}${sub}` })),
      fc
        .tuple(
          fc.constantFrom(
            '/trending/all/week',
            '/trending/movie/day',
            '/trending/tv/week',
            '/movie/popular',
            '/movie/top_rated',
            '/movie/now_playing',
            '/movie/upcoming',
            '/tv/popular',
            '/tv/top_rated',
            '/tv/airing_today',
            '/tv/on_the_air',
          ),
          page,
        )
        .map(([list, n]) => ({ path: `${list}?page=${n}` })),
    );

    await fc.assert(
      fc.asyncProperty(address, async ({ path, named }: { path: string; named?: [MediaType, number] }) => {
        const response = await kid.catalogue(path);
        if (named && !allowedFor7(...named)) {
          expect(response.statusCode, path).toBe(404);
          return;
        }
        if (response.statusCode !== 200) {
          // A season a series does not have, a sub-resource a media type does not have: 404 alone.
          expect([404], path).toContain(response.statusCode);
          return;
        }
        for (const [mediaType, id] of titlesIn(response.json())) {
          expect(allowedFor7(mediaType, id), `${path}: ${mediaType} ${id}`).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe("a 7+ profile's list pages are full", () => {
  it(
    'pages 1..k hold every allowed title of the unfiltered pages 1..k, each once, and are filled',
    { timeout: 180_000 },
    async () => {
      const { app } = await createTestApp();
      const kid = await householdWithKid(app, '7+');
      const list = fc.oneof(
        fc.constantFrom(
          '/trending/all/week',
          '/trending/tv/day',
          '/movie/popular',
          '/movie/top_rated',
          '/movie/now_playing',
          '/tv/popular',
          '/tv/on_the_air',
          '/search/multi?query=the',
          '/search/movie?query=a',
          '/search/tv?query=e',
          '/discover/movie?sort_by=vote_average.desc',
        ),
        (fc.constantFrom('movie', 'tv') as fc.Arbitrary<MediaType>).chain((mediaType) =>
          fc
            .constantFrom(...genres[mediaType].map((genre) => genre.id))
            .map((genre) => `/discover/${mediaType}?with_genres=${genre}`),
        ),
        fc.constantFrom(...titleWords).map((word) => `/search/multi?query=${encodeURIComponent(word.slice(0, 3))}`),
      );
      const at = (path: string, n: number) => `${path}${path.includes('?') ? '&' : '?'}page=${n}`;
      type Page = { results: object[]; total_pages: number };
      const mine = async (path: string, n: number) => {
        const response = await kid.catalogue(at(path, n));
        expect(response.statusCode, at(path, n)).toBe(200);
        return response.json() as Page;
      };
      const whole = async (path: string, n: number) =>
        (await app.inject({ url: `/tmdb/3${at(path, n)}&api_key=${KEY}` })).json() as Page;
      // A result's own title (a person's known_for is not one of the list's titles), or null for a person.
      const titleOf = (item: object) => titlesIn([{ ...item, known_for: [] }])[0] ?? null;
      const keptBy7 = (item: object) => {
        const title = titleOf(item);
        return title === null || allowedFor7(...title);
      };

      await fc.assert(
        fc.asyncProperty(list, fc.integer({ min: 1, max: 6 }), fc.boolean(), async (path, k, toTheEnd) => {
          const seen: string[] = [];
          let items = 0;
          let totalPages = 1;
          for (let n = 1; n <= k; n++) {
            const body = await mine(path, n);
            items += body.results.length;
            for (const item of body.results) {
              const title = titleOf(item);
              if (title) seen.push(title.join(':'));
            }
            totalPages = body.total_pages;
          }
          expect(new Set(seen).size, `${path}: no title twice in pages 1..${k}`).toBe(seen.length);
          // Every allowed title of the unfiltered pages 1..k, and as many of the ones after as fit.
          let allowedItems = 0;
          for (let n = 1; n <= k + MAX_EXTRA_SOURCE_PAGES; n++) {
            const source = await whole(path, n);
            for (const item of source.results.filter(keptBy7)) {
              const title = titleOf(item);
              if (n <= k && title) expect(seen, `${path} pages 1..${k}`).toContain(title.join(':'));
              allowedItems++;
            }
            if (n >= source.total_pages) break;
          }
          expect(items, `${path} pages 1..${k} are filled`).toBeGreaterThanOrEqual(Math.min(20 * k, allowedItems));
          if (!toTheEnd) return;
          // Paging on to total_pages finds every allowed title of the whole list, each once.
          for (let n = k + 1; n <= totalPages; n++) {
            const body = await mine(path, n);
            for (const item of body.results) {
              const title = titleOf(item);
              if (title) seen.push(title.join(':'));
            }
            totalPages = body.total_pages;
          }
          expect(new Set(seen).size, `${path}: no title twice`).toBe(seen.length);
          const first = await whole(path, 1);
          for (let n = 1; n <= first.total_pages; n++) {
            for (const item of (await whole(path, n)).results.filter(keptBy7)) {
              const title = titleOf(item);
              if (title) expect(seen, `${path}, every page`).toContain(title.join(':'));
            }
          }
        }),
        { numRuns: 60 },
      );
    },
  );
});
