import { describe, expect, it } from 'vitest';

import { createTestApp } from './test-app.ts';

const KEY = 'test-catalogue-key';
const TOKEN = 'test-read-token';

async function catalogueApp() {
  return (await createTestApp({ catalogueApiKey: KEY, catalogueReadToken: TOKEN })).app;
}

describe('catalogue API: an address asked for again', () => {
  it('gets the same answer, ETag and headers as the first time, and 304 when the ETag matches', async () => {
    const app = await catalogueApp();
    const url = `/tmdb/3/discover/movie?with_genres=28&api_key=${KEY}`;
    const first = await app.inject({ method: 'GET', url });
    const again = await app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    for (const name of ['etag', 'cache-control', 'content-type', 'content-length', 'content-security-policy']) {
      expect(again.headers[name], name).toBe(first.headers[name]);
    }
    const unchanged = await app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag } });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
  });

  it('still needs its key: an address first let in by a Bearer token is refused without it', async () => {
    const app = await catalogueApp();
    const url = '/tmdb/3/discover/movie?with_genres=35&api_key=wrong';
    const withToken = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    const without = await app.inject({ method: 'GET', url });
    expect(without.statusCode).toBe(401);
    expect(without.json()).toMatchObject({ success: false, status_code: 7 });
  });

  it('is checked again when it failed: a bad page stays refused', async () => {
    const app = await catalogueApp();
    const url = `/tmdb/3/movie/popular?page=501&api_key=${KEY}`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(400);
  });
});
