import { describe, expect, it } from 'vitest';

import { createTestApp } from './test-app.ts';

const KEY = 'test-catalogue-key';
type App = Awaited<ReturnType<typeof createTestApp>>['app'];

async function catalogueApp() {
  return (await createTestApp({ catalogueApiKey: KEY })).app;
}
const get = (app: App, address: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/tmdb/3${address}${address.includes('?') ? '&' : '?'}api_key=${KEY}`, headers });

describe('catalogue API: the answer cache under junk parameters', () => {
  it('makes no new entry for 3,000 addresses with parameters TMDB does not define, and answers them alike', async () => {
    const app = await catalogueApp();
    const bases = ['/discover/movie?with_genres=28', '/movie/297762?append_to_response=videos', '/trending/all/day'];
    const first = await Promise.all(bases.map((base) => get(app, base)));
    for (const response of first) expect(response.statusCode).toBe(200);
    const before = app.catalogueAnswers.stats();
    expect(before.answers).toBe(3);

    const junk = (index: number) => {
      const base = bases[index % bases.length];
      return `${base}${base.includes('?') ? '&' : '?'}junk${index}=${'x'.repeat(index % 50)}`;
    };
    for (let batch = 0; batch < 3000; batch += 100) {
      const indexes = Array.from({ length: 100 }, (_, offset) => batch + offset);
      const responses = await Promise.all(indexes.map((index) => get(app, junk(index))));
      responses.forEach((response, offset) => {
        expect(response.statusCode).toBe(200);
        expect(response.headers.etag).toBe(first[indexes[offset] % bases.length].headers.etag);
      });
    }

    const after = app.catalogueAnswers.stats();
    expect(after.answers).toBe(before.answers);
    expect(after.answerBytes).toBe(before.answerBytes);
    // Nor is any junk address remembered for the fast path.
    expect(after.addresses).toBe(before.addresses);
    expect(after.answerBytes + after.addressBytes).toBeLessThanOrEqual(after.maxBytes);
    // 3,000 requests through the whole stack on a shared machine: a generous bound, not a timing.
  }, 300_000);

  it('keys a title by its id, not by how the address spells it', async () => {
    const app = await catalogueApp();
    const plain = await get(app, '/movie/297762');
    const padded = await get(app, '/movie/000297762');
    expect(padded.statusCode).toBe(200);
    expect(padded.headers.etag).toBe(plain.headers.etag);
    expect(app.catalogueAnswers.stats().answers).toBe(1);
  });
});

describe('catalogue API: the answer key keeps only what TMDB defines for the path', () => {
  it('keeps page and language apart, in any order, and ignores foo', async () => {
    const app = await catalogueApp();
    const count = () => app.catalogueAnswers.stats().answers;
    const pageOne = await get(app, '/movie/popular?page=1');
    expect(count()).toBe(1);
    // The default page is page 1's entry; an unknown parameter changes nothing.
    await get(app, '/movie/popular');
    await get(app, '/movie/popular?foo=1');
    expect(count()).toBe(1);
    const pageTwo = await get(app, '/movie/popular?page=2');
    expect(count()).toBe(2);
    expect(pageTwo.json<{ page: number }>().page).toBe(2);
    expect(pageTwo.headers.etag).not.toBe(pageOne.headers.etag);
    await get(app, '/movie/popular?page=2&language=fr-FR');
    expect(count()).toBe(3);
    const reordered = await get(app, '/movie/popular?language=fr-FR&foo=1&page=2');
    expect(reordered.statusCode).toBe(200);
    expect(count()).toBe(3);
  });

  it('ignores a parameter the route checks but TMDB does not define for it, as TMDB does', async () => {
    const app = await catalogueApp();
    // TMDB's discover/movie has no with_networks (a film has no network), and tv/popular no region.
    const all = await get(app, '/discover/movie');
    const networks = await get(app, '/discover/movie?with_networks=213');
    expect(networks.statusCode).toBe(200);
    expect(networks.headers.etag).toBe(all.headers.etag);
    expect(networks.json<{ total_results: number }>().total_results).toBeGreaterThan(0);
    const popular = await get(app, '/tv/popular');
    expect((await get(app, '/tv/popular?region=GB')).headers.etag).toBe(popular.headers.etag);
    expect(app.catalogueAnswers.stats().answers).toBe(2);
    // Still checked: a malformed one is refused as before.
    expect((await get(app, '/discover/movie?with_networks=1;DROP')).statusCode).toBe(422);
  });

  it('pages trending, whose answer is paged though the document lists only language', async () => {
    const app = await catalogueApp();
    const one = await get(app, '/trending/all/week');
    const two = await get(app, '/trending/all/week?page=2');
    expect(two.json<{ page: number }>().page).toBe(2);
    expect(two.headers.etag).not.toBe(one.headers.etag);
  });
});

describe('catalogue API: ETags through @fastify/etag', () => {
  it('answers 304 for a kept answer, a fresh one, and the fast path of an address seen before', async () => {
    const app = await catalogueApp();
    const first = await get(app, '/movie/top_rated?page=3');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    // The same key from another address (kept answer), then the same address (fast path).
    for (const address of ['/movie/top_rated?page=3&foo=2', '/movie/top_rated?page=3']) {
      const unchanged = await get(app, address, { 'if-none-match': etag });
      expect(unchanged.statusCode, address).toBe(304);
      expect(unchanged.body).toBe('');
      expect(unchanged.headers.etag).toBe(etag);
    }
    expect((await get(app, '/movie/top_rated?page=3', { 'if-none-match': `W/${etag}` })).statusCode).toBe(304);
    expect((await get(app, '/movie/top_rated?page=3', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('gives the configuration, which is not kept, an ETag too', async () => {
    const app = await catalogueApp();
    const first = await get(app, '/configuration');
    expect(first.headers.etag).toMatch(/^".+"$/);
    const again = await get(app, '/configuration', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
  });
});
