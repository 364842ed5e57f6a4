import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { maySee } from '../../shared/profiles/maturity.ts';
import type { BecauseYouWatchedAnswer, RatingEntry } from '../../shared/ratings/ratings.schema.ts';
import { householdWithKid } from './maturity-helpers.ts';
import { createTestApp } from './test-app.ts';

// From the shipped catalogue (tests/unit/shared/maturity.test.ts has their certifications).
const MATRIX = 603; // 16+, Action and Science Fiction
const RAIDERS = 85; // 7+

function expectProblem(response: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
}

async function household() {
  const { app } = await createTestApp();
  const ann = await householdWithKid(app, '7+');
  const under = (profileId: string) => `${ann.base}/${profileId}`;
  const rate = (profileId: string, key: string, payload: unknown) =>
    ann.as({ method: 'PUT', url: `${under(profileId)}/ratings/${key}`, payload: payload as object });
  const clear = (profileId: string, key: string) =>
    ann.as({ method: 'DELETE', url: `${under(profileId)}/ratings/${key}` });
  const ratings = async (profileId: string) => {
    const response = await ann.as({ method: 'GET', url: `${under(profileId)}/ratings` });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { ratings: RatingEntry[] }).ratings;
  };
  const rows = async (profileId: string) => {
    const response = await ann.as({ method: 'GET', url: `${under(profileId)}/because_you_watched` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toMatch(/no-store/);
    return (response.json() as BecauseYouWatchedAnswer).rows;
  };
  const play = (profileId: string, id: number, title: string) =>
    ann.as({
      method: 'PUT',
      url: `${under(profileId)}/progress/movie-${id}`,
      payload: {
        media_type: 'movie',
        id,
        season_number: null,
        episode_number: null,
        position_seconds: 30,
        duration_seconds: 60,
        title,
        backdrop_path: null,
      },
    });
  return { app, ann, rate, clear, ratings, rows, play };
}

const keysOf = (rows: BecauseYouWatchedAnswer['rows']) =>
  rows.flatMap((row) => row.results.map((title) => `${title.media_type}-${title.id}`));

describe('ratings', () => {
  it('rates, changes and clears a title, newest first, and keeps each profile its own', async () => {
    const { ann, rate, clear, ratings } = await household();
    const adult = ann.adult.id;
    let response = await rate(adult, `movie-${MATRIX}`, { rating: 'up' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().entry).toMatchObject({ key: 'movie-603', media_type: 'movie', id: MATRIX, rating: 'up' });
    response = await rate(adult, `movie-${RAIDERS}`, { rating: 'down' });
    expect(response.statusCode).toBe(200);
    response = await rate(adult, `movie-${MATRIX}`, { rating: 'love' });
    expect(response.statusCode).toBe(200);
    expect((await ratings(adult)).map((entry) => [entry.key, entry.rating])).toEqual([
      ['movie-603', 'love'],
      ['movie-85', 'down'],
    ]);
    expect(await ratings(ann.kid.id)).toEqual([]);

    expect((await clear(adult, 'movie-603')).statusCode).toBe(204);
    expect((await clear(adult, 'movie-603')).statusCode).toBe(204);
    expect((await ratings(adult)).map((entry) => entry.key)).toEqual(['movie-85']);
  });

  it('refuses a bad rating, a bad key, an unknown title and another account with the one error shape', async () => {
    const { app, ann, rate, ratings } = await household();
    const adult = ann.adult.id;
    expectProblem(
      await rate(adult, 'movie-603', { rating: 'meh' }),
      400,
      'invalid-argument',
      'A rating is down, up or love.',
    );
    expectProblem(await rate(adult, 'movie-603', {}), 400, 'invalid-argument');
    expectProblem(await rate(adult, 'movie-603', { rating: 'up', extra: 1 }), 400, 'invalid-argument');
    expectProblem(await rate(adult, 'movie-603', ['up']), 400, 'invalid-argument');
    expectProblem(
      await rate(adult, 'film-603', { rating: 'up' }),
      400,
      'invalid-argument',
      'A title key is movie-{id} or tv-{id}, like movie-603.',
    );
    expectProblem(
      await rate(adult, 'movie-999999999', { rating: 'up' }),
      404,
      'not-found',
      'There is no title movie-999999999 to rate.',
    );
    expectProblem(await rate('nosuchprofile', 'movie-603', { rating: 'up' }), 404, 'not-found');
    expect(await ratings(adult)).toEqual([]);

    const bob = await householdWithKid(app, '18+', 'bob@example.com');
    const response = await bob.as({
      method: 'PUT',
      url: `${ann.base}/${adult}/ratings/movie-603`,
      payload: { rating: 'up' },
    });
    expect(response.statusCode).toBe(403);
    const signedOut = await app.inject({ method: 'GET', url: `${ann.base}/${adult}/ratings` });
    expect(signedOut.statusCode).toBe(401);
    expect(await ratings(adult)).toEqual([]);
  });

  it('lets a profile rate only titles its maturity level lets it see', async () => {
    const { ann, rate, ratings } = await household();
    // The adult rated The Matrix; the kid (7+) may not see it, so may not rate it either.
    expect((await rate(ann.adult.id, `movie-${MATRIX}`, { rating: 'up' })).statusCode).toBe(200);
    expectProblem(await rate(ann.kid.id, `movie-${MATRIX}`, { rating: 'up' }), 404, 'not-found');
    expect((await rate(ann.kid.id, `movie-${RAIDERS}`, { rating: 'love' })).statusCode).toBe(200);
    expect((await ratings(ann.kid.id)).map((entry) => entry.key)).toEqual(['movie-85']);
  });

  it('goes with its profile', async () => {
    const { app, ann, rate } = await household();
    expect((await rate(ann.adult.id, `movie-${MATRIX}`, { rating: 'up' })).statusCode).toBe(200);
    expect((await ann.as({ method: 'DELETE', url: `${ann.base}/${ann.kid.id}` })).statusCode).toBe(200);
    expect(app.db.prepare('SELECT count(*) FROM ratings WHERE profile_id = ?').pluck().get(ann.kid.id)).toBe(0);
  });
});

describe('Because you watched', () => {
  it('has no rows for a profile that has played and liked nothing', async () => {
    const { ann, rows, rate } = await household();
    expect(await rows(ann.adult.id)).toEqual([]);
    expect((await rate(ann.adult.id, `movie-${MATRIX}`, { rating: 'down' })).statusCode).toBe(200);
    expect(await rows(ann.adult.id)).toEqual([]);
  });

  it('makes a row from a two-thumbs-up title, of titles like it in TMDB list shape', async () => {
    const { app, ann, rate, rows } = await household();
    expect((await rate(ann.adult.id, `movie-${MATRIX}`, { rating: 'love' })).statusCode).toBe(200);
    const [row, ...others] = await rows(ann.adult.id);
    expect(others).toEqual([]);
    expect(row!.because).toEqual({ key: 'movie-603', media_type: 'movie', id: MATRIX, name: 'The Matrix' });
    expect(row!.results.length).toBeGreaterThan(3);
    expect(row!.results.length).toBeLessThanOrEqual(20);
    expect(keysOf([row!])).not.toContain('movie-603');
    for (const title of row!.results) {
      expect(title).toMatchObject({ media_type: 'movie', poster_path: expect.stringMatching(/^\//) });
      expect(title).toHaveProperty('title');
      // Every title shares a genre with the seed (Action 28, Science Fiction 878)...
      expect(title.genre_ids.some((genre) => genre === 28 || genre === 878)).toBe(true);
    }
    // ...and the first shares both.
    expect(row!.results[0]!.genre_ids).toEqual(expect.arrayContaining([28, 878]));
    expect(app.catalogue.findTitle('movie', row!.results[0]!.id)).not.toBeNull();
  });

  it('seeds from plays and likes, newest first, at most two rows, never repeating a title', async () => {
    const { ann, rate, rows, play } = await household();
    const adult = ann.adult.id;
    expect((await play(adult, RAIDERS, 'Raiders of the Lost Ark')).statusCode).toBe(200);
    expect((await rate(adult, `movie-${MATRIX}`, { rating: 'up' })).statusCode).toBe(200);
    expect((await rate(adult, 'movie-155', { rating: 'up' })).statusCode).toBe(200);
    const answer = await rows(adult);
    expect(answer.map((row) => row.because.key)).toEqual(['movie-155', 'movie-603']);
    const keys = keysOf(answer);
    expect(new Set(keys).size).toBe(keys.length);
    // A title played or rated is never offered.
    for (const seen of ['movie-85', 'movie-603', 'movie-155']) expect(keys).not.toContain(seen);

    // A title rated down is no longer a seed.
    expect((await rate(adult, 'movie-155', { rating: 'down' })).statusCode).toBe(200);
    expect((await rows(adult)).map((row) => row.because.key)).toEqual(['movie-603', 'movie-85']);
  });

  it('leaves out a title hidden from the viewing activity: no longer a seed, nor offered', async () => {
    const { ann, rows, play } = await household();
    const adult = ann.adult.id;
    expect((await play(adult, RAIDERS, 'Raiders of the Lost Ark')).statusCode).toBe(200);
    const before = await rows(adult);
    expect(before.map((row) => row.because.key)).toEqual([`movie-${RAIDERS}`]);
    const hide = await ann.as({ method: 'PUT', url: `${ann.base}/${adult}/activity/movie-${RAIDERS}/hidden` });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(await rows(adult)).toEqual([]);
  });

  it('leaves out a thumbs-down title and its closest neighbours', async () => {
    const { ann, rate, rows } = await household();
    const adult = ann.adult.id;
    expect((await rate(adult, `movie-${MATRIX}`, { rating: 'love' })).statusCode).toBe(200);
    const before = keysOf(await rows(adult));
    const disliked = before[0]!;
    expect((await rate(adult, disliked, { rating: 'down' })).statusCode).toBe(200);
    const after = keysOf(await rows(adult));
    expect(after).not.toContain(disliked);
    // Its closest neighbours went with it: more left the row than the one title.
    const gone = before.filter((key) => !after.includes(key));
    expect(gone.length).toBeGreaterThan(1);
    expect(gone).toContain(disliked);
  });

  it("keeps to the profile's maturity level", async () => {
    const { app, ann, rate, rows } = await household();
    expect((await rate(ann.kid.id, `movie-${RAIDERS}`, { rating: 'love' })).statusCode).toBe(200);
    const answer = await rows(ann.kid.id);
    expect(answer).toHaveLength(1);
    for (const title of answer[0]!.results) {
      expect(maySee('7+', app.maturity.levelOf(title.media_type, title.id)), `${title.media_type}-${title.id}`).toBe(
        true,
      );
    }
    // The same seed for the adult offers titles the kid is not shown.
    expect((await rate(ann.adult.id, `movie-${RAIDERS}`, { rating: 'love' })).statusCode).toBe(200);
    const adults = keysOf(await rows(ann.adult.id));
    expect(adults.length).toBeGreaterThan(keysOf(answer).length);
  });

  it("refuses another account's profile", async () => {
    const { app, ann } = await household();
    const bob = await householdWithKid(app, '18+', 'bob@example.com');
    const response = await bob.as({ method: 'GET', url: `${ann.base}/${ann.adult.id}/because_you_watched` });
    expectProblem(response, 403, 'permission-denied');
  });
});
