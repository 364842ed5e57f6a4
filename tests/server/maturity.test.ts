import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { FIRST_SCREEN_ID } from '../../shared/catalogue/first-screen.ts';
import { trailerKey } from '../../shared/media/trailers.ts';
import { maySee } from '../../shared/profiles/maturity.ts';
import type { Profile } from '../../shared/profiles/profile.schema.ts';
import { memberGrant, SESSION_COOKIE as COOKIE } from './checkout-helpers.ts';
import { householdWithKid, PASSWORD } from './maturity-helpers.ts';
import { titlesIn } from './support/titles-in.ts';
import { createTestApp } from './test-app.ts';

const KEY = 'test-catalogue-key';

// From the shipped catalogue (tests/unit/shared/maturity.test.ts has their certifications).
const MATRIX = 603; // 16+
const APOLLO_11 = 549559; // all ages
const RAIDERS = 85; // 7+
const BLUEY = 82728; // all ages
const STRANGER_THINGS = 66732; // 16+

type Answer = { profile: Profile; profiles: Profile[] };

function expectProblem(response: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
}

describe('PUT …/profiles/:id/maturity', () => {
  it('sets the level with the account password, shows it on the profile, and refuses a wrong one', async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '7+');
    const listed = (await ann.as({ method: 'GET', url: ann.base })).json().profiles as Profile[];
    expect(listed.find((profile) => profile.id === ann.kid.id)?.maturity).toBe('7+');
    // A profile that sees everything says nothing of it: the document keeps its old shape.
    expect(listed.find((profile) => profile.id === ann.adult.id)).not.toHaveProperty('maturity');

    expectProblem(
      await ann.setLevel(ann.kid.id, { password: 'not-the-password', level: '18+' }),
      403,
      'permission-denied',
      'That password is not right.',
    );
    expectProblem(
      await ann.setLevel(ann.kid.id, { password: PASSWORD, level: '12+' }),
      400,
      'invalid-argument',
      'Choose one of the offered maturity levels.',
    );
    expectProblem(
      await ann.setLevel(ann.kid.id, { level: '18+' }),
      400,
      'invalid-argument',
      'Please enter your account password.',
    );
    expectProblem(await ann.setLevel('nosuchprofile', { password: PASSWORD, level: '18+' }), 404, 'not-found');
    const stored = app.db.prepare('SELECT maturity FROM profiles WHERE id = ?').pluck().get(ann.kid.id);
    expect(stored).toBe('7+');
  });

  it("refuses another account's profile", async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '7+');
    const bob = await householdWithKid(app, '18+', 'bob@example.com');
    const response = await bob.as({
      method: 'PUT',
      url: `${ann.base}/${ann.kid.id}/maturity`,
      payload: { password: PASSWORD, level: '18+' },
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('the catalogue for a 7+ profile', () => {
  it('answers 404 for a title above its level, by id and every sub-resource and season', async () => {
    const { app } = await createTestApp();
    const kid = await householdWithKid(app, '7+');
    for (const path of [
      `/movie/${MATRIX}`,
      `/movie/${MATRIX}?append_to_response=credits`,
      `/movie/${MATRIX}/credits`,
      `/movie/${MATRIX}/similar`,
      `/movie/${MATRIX}/videos`,
      `/tv/${STRANGER_THINGS}`,
      `/tv/${STRANGER_THINGS}/season/1`,
      `/tv/${STRANGER_THINGS}/recommendations`,
    ]) {
      const response = await kid.catalogue(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json(), path).toMatchObject({ status_code: 34 });
    }
    expect((await kid.catalogue(`/movie/${APOLLO_11}`)).statusCode).toBe(200);
    expect((await kid.catalogue(`/movie/${RAIDERS}`)).statusCode).toBe(200);
    expect((await kid.catalogue(`/tv/${BLUEY}`)).statusCode).toBe(200);
    expect((await kid.catalogue(`/tv/${BLUEY}/season/1`)).statusCode).toBe(200);
  });

  it('leaves titles above its level out of lists, search, discover, similar and a person\u2019s credits', async () => {
    const { app } = await createTestApp();
    const kid = await householdWithKid(app, '7+');
    const adultMatrix = await app.inject({ url: `/tmdb/3/search/movie?query=matrix&api_key=${KEY}` });
    expect(titlesIn(adultMatrix.json())).toContainEqual(['movie', MATRIX]);
    const credits = (await app.inject({ url: `/tmdb/3/movie/${MATRIX}/credits?api_key=${KEY}` })).json() as {
      cast: Array<{ id: number }>;
    };
    const keanu = credits.cast[0]!.id;

    for (const path of [
      '/trending/all/week',
      '/movie/popular',
      '/movie/popular?page=2',
      '/tv/popular',
      '/movie/top_rated',
      '/movie/now_playing',
      '/search/multi?query=matrix',
      '/search/movie?query=matrix',
      '/search/person?query=keanu',
      `/person/${keanu}/combined_credits`,
      '/search/whole?query=matrix',
      '/discover/movie?with_genres=28',
      '/discover/tv?with_genres=16',
      `/movie/${RAIDERS}/similar`,
      `/movie/${RAIDERS}/recommendations`,
      `/movie/${RAIDERS}?append_to_response=similar,recommendations`,
    ]) {
      const response = await kid.catalogue(path);
      expect(response.statusCode, path).toBe(200);
      for (const [mediaType, id] of titlesIn(response.json())) {
        const level = app.maturity.levelOf(mediaType as 'movie' | 'tv', id);
        expect(maySee('7+', level), `${path}: ${mediaType} ${id} is ${level}`).toBe(true);
      }
    }
    // Not everything is taken out: the row has the titles it may see of the first page, in order,
    // then is filled from the pages after it (server/household/full-pages.ts).
    const popular = titlesIn((await kid.catalogue('/movie/popular')).json());
    const allowed = titlesIn((await app.inject({ url: `/tmdb/3/movie/popular?api_key=${KEY}` })).json()).filter(
      ([mediaType, id]) => maySee('7+', app.maturity.levelOf(mediaType as 'movie' | 'tv', id)),
    );
    expect(allowed.length).toBeLessThan(20);
    expect(popular.slice(0, allowed.length)).toEqual(allowed);
    expect(popular).toHaveLength(20);
  });

  it("keeps each level's answers apart, in the server's cache and the browser's", async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '7+');
    // The adult profile asks first, then the kid, then the adult again, at the same address.
    expect((await ann.select(ann.adult.id)).statusCode).toBe(200);
    const adultFirst = await ann.catalogue('/search/movie?query=matrix');
    expect(titlesIn(adultFirst.json())).toContainEqual(['movie', MATRIX]);
    expect((await ann.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(200);
    expect(adultFirst.headers['cache-control']).toBe('private, no-cache');

    expect((await ann.select(ann.kid.id)).statusCode).toBe(200);
    const kid = await ann.catalogue('/search/movie?query=matrix', {
      headers: { 'if-none-match': adultFirst.headers.etag as string },
    });
    expect(kid.statusCode).toBe(200);
    expect(titlesIn(kid.json())).not.toContainEqual(['movie', MATRIX]);
    expect((await ann.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(404);

    expect((await ann.select(ann.adult.id)).statusCode).toBe(200);
    expect(titlesIn((await ann.catalogue('/search/movie?query=matrix')).json())).toContainEqual(['movie', MATRIX]);
    // Signed out, the API is TMDB's, whole and public.
    const signedOut = await app.inject({ url: `/tmdb/3/movie/${MATRIX}?api_key=${KEY}` });
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.headers['cache-control']).toBe('public, max-age=3600');
  });
});

describe('blocked titles', () => {
  it('takes a blocked title away from an 18+ profile; unblocking asks the password', async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '18+');
    const blockedUrl = `${ann.base}/${ann.kid.id}/blocked/movie-${MATRIX}`;
    expect((await ann.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(200);
    const blocked = await ann.as({ method: 'PUT', url: blockedUrl });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toEqual({ blocked: [{ media_type: 'movie', id: MATRIX }] });
    expect((await ann.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(404);
    expect(titlesIn((await ann.catalogue('/search/movie?query=matrix')).json())).not.toContainEqual(['movie', MATRIX]);
    expectProblem(
      await ann.as({ method: 'DELETE', url: blockedUrl, payload: { password: 'wrong-password' } }),
      403,
      'permission-denied',
    );
    expectProblem(
      await ann.as({ method: 'PUT', url: `${ann.base}/${ann.kid.id}/blocked/film-1` }),
      400,
      'invalid-argument',
    );
    const unblocked = await ann.as({ method: 'DELETE', url: blockedUrl, payload: { password: PASSWORD } });
    expect(unblocked.json()).toEqual({ blocked: [] });
    expect((await ann.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(200);
  });
});

describe('Continue Watching and My List', () => {
  it('list only the titles the profile may see, store no other, and keep what was stored', async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '18+');
    const docs = `/api/documents/customers/${ann.uid}/profiles/${ann.kid.id}`;
    const listItem = (id: number, title: string) => ({
      media_type: 'movie',
      id,
      title,
      backdrop_path: null,
      poster_path: null,
    });
    const progress = (id: number, title: string) => ({
      media_type: 'movie',
      id,
      season_number: null,
      episode_number: null,
      position_seconds: 60,
      duration_seconds: 600,
      title,
      backdrop_path: null,
    });
    for (const [id, title] of [
      [MATRIX, 'The Matrix'],
      [RAIDERS, 'Raiders of the Lost Ark'],
    ] as const) {
      expect(
        (await ann.as({ method: 'PUT', url: `${docs}/my_list/movie-${id}`, payload: listItem(id, title) })).statusCode,
      ).toBe(200);
      expect(
        (await ann.as({ method: 'PUT', url: `${docs}/progress/movie-${id}`, payload: progress(id, title) })).statusCode,
      ).toBe(200);
    }
    const keys = async () => ({
      myList: (
        (await ann.as({ method: 'GET', url: `${docs}/my_list` })).json() as { items: Array<{ key: string }> }
      ).items
        .map((item) => item.key)
        .sort(),
      progress: (
        (await ann.as({ method: 'GET', url: `${docs}/progress` })).json() as { progress: Array<{ key: string }> }
      ).progress
        .map((entry) => entry.key)
        .sort(),
    });
    expect(await keys()).toEqual({ myList: ['movie-603', 'movie-85'], progress: ['movie-603', 'movie-85'] });

    expect((await ann.setLevel(ann.kid.id, { password: PASSWORD, level: '7+' })).statusCode).toBe(200);
    expect(await keys()).toEqual({ myList: ['movie-85'], progress: ['movie-85'] });
    const refused = await ann.as({
      method: 'PUT',
      url: `${docs}/my_list/movie-${MATRIX}`,
      payload: listItem(MATRIX, 'The Matrix'),
    });
    expectProblem(refused, 404, 'not-found');
    expectProblem(
      await ann.as({ method: 'PUT', url: `${docs}/progress/movie-${MATRIX}`, payload: progress(MATRIX, 'The Matrix') }),
      404,
      'not-found',
    );
    // The answer to a change lists only what it may see too.
    const removed = await ann.as({ method: 'DELETE', url: `${docs}/my_list/movie-${RAIDERS}` });
    expect(removed.json()).toEqual({ items: [] });

    // Nothing stored was lost: back at 18+, The Matrix is there again.
    expect((await ann.setLevel(ann.kid.id, { password: PASSWORD, level: '18+' })).statusCode).toBe(200);
    expect(await keys()).toEqual({ myList: ['movie-603'], progress: ['movie-603', 'movie-85'] });
  });
});

describe('the playback grant', () => {
  it('refuses a title above the active profile\u2019s level with 404, and grants one within it', async () => {
    const { app, ann } = await memberGrant();
    const as = (options: InjectOptions) => app.inject({ ...options, cookies: { [COOKIE]: ann.token } });
    const base = `/api/documents/customers/${ann.uid}/profiles`;
    const kid = ((await as({ method: 'POST', url: base, payload: { name: 'Kid' } })).json() as Answer).profile;
    expect(
      (await as({ method: 'PUT', url: `${base}/${kid.id}/maturity`, payload: { password: PASSWORD, level: '7+' } }))
        .statusCode,
    ).toBe(200);
    expect((await as({ method: 'POST', url: `${base}/${kid.id}/select` })).statusCode).toBe(200);

    const grant = (payload: object) => as({ method: 'POST', url: '/api/playback/grants', payload });
    expectProblem(
      await grant({ media_type: 'movie', id: MATRIX }),
      404,
      'not-found',
      'There is no such programme to play.',
    );
    expectProblem(await grant({ media_type: 'tv', id: STRANGER_THINGS, season: 1, episode: 1 }), 404, 'not-found');
    expect((await grant({ media_type: 'movie', id: RAIDERS })).statusCode).toBe(201);
  });
});

describe('trailers', () => {
  it("show a limited profile only its titles' trailers; others get the unavailable frame", async () => {
    const { app } = await createTestApp();
    const kid = await householdWithKid(app, '7+');
    const embed = (mediaType: 'movie' | 'tv', id: number) =>
      kid.as({ method: 'GET', url: `/embed/${trailerKey({ mediaType, id })}` });
    expect((await embed('movie', MATRIX)).statusCode).toBe(404);
    expect((await embed('movie', RAIDERS)).statusCode).toBe(200);
    const signedOut = await app.inject({ url: `/embed/${trailerKey({ mediaType: 'movie', id: MATRIX })}` });
    expect(signedOut.statusCode).toBe(200);
  });
});

describe("the app's pages", () => {
  it("paint no first screen for a limited profile (it is the whole catalogue's), and do for everyone else", async () => {
    const webRoot = mkdtempSync(join(tmpdir(), 'marquee-web-'));
    writeFileSync(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head><title>Marquee test build</title></head><body><div id="root"></div></body></html>',
    );
    try {
      const { app } = await createTestApp({ webRoot });
      const ann = await householdWithKid(app, '7+');
      const home = () => ann.as({ method: 'GET', url: '/', headers: { accept: 'text/html,application/xhtml+xml' } });
      const kidsHome = await home();
      expect(kidsHome.statusCode).toBe(200);
      expect(kidsHome.body).not.toContain(FIRST_SCREEN_ID);
      expect((await ann.select(ann.adult.id)).statusCode).toBe(200);
      expect((await home()).body).toContain(FIRST_SCREEN_ID);
    } finally {
      rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
