import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { readProgrammeDurations } from '../../server/media/video/programme-durations.ts';
import type { ActivityItem } from '../../shared/activity/activity.schema.ts';
import { maySee } from '../../shared/profiles/maturity.ts';
import type { ProgressEntry, ProgressWrite } from '../../shared/watching/watching.schema.ts';
import { householdWithKid, PASSWORD } from './maturity-helpers.ts';
import { createTestApp } from './test-app.ts';

const SESSION_COOKIE = 'marquee_session';
const DAY = 86_400_000;
const SECONDS = readProgrammeDurations().get('drama')!;

/** A clock the test moves. */
function clock(start = Date.parse('2026-11-29T10:00:00Z')) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

const film = (id: number, title = `Film ${id}`): ProgressWrite => ({
  media_type: 'movie',
  id,
  season_number: null,
  episode_number: null,
  position_seconds: 20,
  duration_seconds: SECONDS,
  title,
  backdrop_path: null,
});
const episode = (id: number, season: number, number: number, title = `Series ${id}`): ProgressWrite => ({
  ...film(id, title),
  media_type: 'tv',
  season_number: season,
  episode_number: number,
});

async function account(app: FastifyInstance, email: string) {
  const signUp = await app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email, password: PASSWORD } });
  expect(signUp.statusCode).toBe(201);
  const uid = (signUp.json() as { user: { uid: string } }).user.uid;
  const token = signUp.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
  const as = (options: InjectOptions) => app.inject({ ...options, cookies: { [SESSION_COOKIE]: token } });
  const profiles = await as({ method: 'GET', url: `/api/documents/customers/${uid}/profiles` });
  const profileId = (profiles.json() as { profiles: Array<{ id: string }> }).profiles[0].id;
  return { uid, as, ...calls(as, uid, profileId) };
}

type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

function calls(as: Inject, uid: string, profileId: string) {
  const base = `/api/documents/customers/${uid}/profiles/${profileId}`;
  return {
    profileId,
    play: async (body: ProgressWrite) => {
      const response = await as({
        method: 'PUT',
        url: `${base}/progress/${body.media_type}-${body.id}`,
        payload: body,
      });
      expect(response.statusCode).toBe(200);
    },
    activity: async () => {
      const response = await as({ method: 'GET', url: `${base}/activity` });
      expect(response.statusCode).toBe(200);
      return (response.json() as { items: ActivityItem[] }).items;
    },
    hide: (key: string) => as({ method: 'PUT', url: `${base}/activity/${key}/hidden` }),
    progress: async () =>
      ((await as({ method: 'GET', url: `${base}/progress` })).json() as { progress: ProgressEntry[] }).progress,
    csv: () => as({ method: 'GET', url: `${base}/activity.csv` }),
    topTen: async () => {
      const response = await as({ method: 'GET', url: '/api/activity/top10' });
      expect(response.statusCode).toBe(200);
      return (response.json() as { results: Array<{ media_type: 'movie' | 'tv'; id: number }> }).results;
    },
  };
}

const keys = (titles: Array<{ media_type: string; id: number }>) => titles.map((t) => `${t.media_type}-${t.id}`);

/** The catalogue's most popular titles, films and series together: the Top 10 with no plays. */
const popular = (app: FastifyInstance, count = 10) =>
  app.catalogue
    .list({ mediaType: 'all', sort: 'popularity', page: 1 })
    .titles.slice(0, count)
    .map((title) => `${title.mediaType}-${title.id}`);

describe('the plays log', () => {
  it('records each title and episode a profile plays, with its time, newest first', async () => {
    const time = clock();
    const { app } = await createTestApp({ now: time.now });
    const ann = await account(app, 'ann@example.com');
    await ann.play(film(603, 'The Matrix'));
    time.advance(60_000);
    await ann.play(episode(1399, 1, 2, 'Game of Thrones'));
    time.advance(60_000);
    await ann.play(episode(1399, 1, 3, 'Game of Thrones'));
    time.advance(DAY);
    // Playing it again moves it to the top: one line per title or episode.
    await ann.play(film(603, 'The Matrix'));
    const items = await ann.activity();
    expect(items.map((item) => item.key)).toEqual(['movie-603', 'tv-1399-s1e3', 'tv-1399-s1e2']);
    expect(items[0]).toEqual({
      key: 'movie-603',
      media_type: 'movie',
      id: 603,
      season_number: null,
      episode_number: null,
      title: 'The Matrix',
      played_at: '2026-11-30T10:02:00.000Z',
    });
    expect(items[1]).toMatchObject({ season_number: 1, episode_number: 3, played_at: '2026-11-29T10:02:00.000Z' });
    // Another profile's activity is its own.
    const ben = await account(app, 'ben@example.com');
    expect(await ben.activity()).toEqual([]);
    expect(
      (await ben.as({ method: 'GET', url: `/api/documents/customers/${ann.uid}/profiles/${ann.profileId}/activity` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('the Top 10', () => {
  it('is the catalogue’s most popular titles while nothing was played', async () => {
    const { app } = await createTestApp();
    const ann = await account(app, 'ann@example.com');
    const top = await ann.topTen();
    expect(top).toHaveLength(10);
    expect(keys(top)).toEqual(popular(app));
    // Films and series together.
    expect(new Set(top.map((title) => title.media_type))).toEqual(new Set(['movie', 'tv']));
  });

  it('puts the titles most profiles played in the last 7 days first, and fills with popularity', async () => {
    const time = clock();
    const { app } = await createTestApp({ now: time.now });
    const [least, next] = app.catalogue.list({ mediaType: 'movie', sort: 'popularity.asc', page: 1 }).titles;
    const ann = await account(app, 'ann@example.com');
    const ben = await account(app, 'ben@example.com');
    await ann.play(film(next.id));
    await ann.play(film(least.id));
    await ben.play(film(least.id));
    // Two episodes of a series by one profile count once.
    await ann.play(episode(1399, 1, 1));
    await ann.play(episode(1399, 1, 2));
    const top = keys(await ann.topTen());
    expect(top[0]).toBe(`movie-${least.id}`);
    expect(new Set(top.slice(1, 3))).toEqual(new Set(['tv-1399', `movie-${next.id}`]));
    expect(top).toHaveLength(10);
    expect(top.slice(3)).toEqual(
      popular(app, 12)
        .filter((key) => !top.slice(0, 3).includes(key))
        .slice(0, 7),
    );

    // Eight days later those plays are out of the window: popularity alone again.
    time.advance(8 * DAY);
    expect(keys(await ann.topTen())).toEqual(popular(app));
    // A play inside the window counts again.
    time.advance(-2 * DAY);
    expect(keys(await ann.topTen())[0]).toBe(`movie-${least.id}`);
  });

  it('shows a limited profile only titles within its maturity level, still ten', async () => {
    const { app } = await createTestApp();
    const house = await householdWithKid(app, '7+');
    const adult = calls(house.as, house.uid, house.adult.id);
    // Die Hard (18+) is the most played title of the week.
    await adult.play(film(562, 'Die Hard'));
    const kidTop = await adult.topTen(); // the account's active profile is the kid
    expect(kidTop).toHaveLength(10);
    for (const title of kidTop) expect(maySee('7+', app.maturity.levelOf(title.media_type, title.id))).toBe(true);
    expect(keys(kidTop)).not.toContain('movie-562');
    expect((await house.select(house.adult.id)).statusCode).toBe(200);
    expect(keys(await adult.topTen())[0]).toBe('movie-562');
  });
});

describe('hiding a line of viewing activity', () => {
  it('removes it from the activity and from Continue Watching; playing it again brings it back', async () => {
    // The test's own clock: plays in the same millisecond would have no order.
    const time = clock();
    const { app } = await createTestApp({ now: time.now });
    const ann = await account(app, 'ann@example.com');
    for (const item of [film(603, 'The Matrix'), film(550, 'Fight Club'), episode(1399, 1, 1), episode(1399, 1, 2)]) {
      await ann.play(item);
      time.advance(1_000);
    }
    expect(keys(await ann.progress())).toEqual(['tv-1399', 'movie-550', 'movie-603']);

    const hidden = await ann.hide('movie-603');
    expect(hidden.statusCode).toBe(200);
    expect((hidden.json() as { items: ActivityItem[] }).items.map((item) => item.key)).toEqual([
      'tv-1399-s1e2',
      'tv-1399-s1e1',
      'movie-550',
    ]);
    expect(keys(await ann.progress())).toEqual(['tv-1399', 'movie-550']);
    expect(app.activity.hiddenTitles(ann.uid, ann.profileId)).toEqual(new Set(['movie-603']));

    // A series leaves Continue Watching once every episode watched is hidden.
    await ann.hide('tv-1399-s1e2');
    expect(keys(await ann.progress())).toEqual(['tv-1399', 'movie-550']);
    await ann.hide('tv-1399-s1e1');
    expect(keys(await ann.progress())).toEqual(['movie-550']);
    expect(app.activity.hiddenTitles(ann.uid, ann.profileId)).toEqual(new Set(['movie-603', 'tv-1399']));

    await ann.play(film(603, 'The Matrix'));
    expect(keys(await ann.progress())).toEqual(['movie-603', 'movie-550']);
    expect((await ann.activity()).map((item) => item.key)).toEqual(['movie-603', 'movie-550']);
  });

  it('answers a clear 4xx for a line that is not there or not a line', async () => {
    const { app } = await createTestApp();
    const ann = await account(app, 'ann@example.com');
    const missing = await ann.hide('movie-603');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      error: { code: 'not-found', message: 'There is no such title in this viewing activity.' },
    });
    const bad = await ann.hide('film-603');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { error: { code: string } }).error.code).toBe('invalid-argument');
  });
});

describe('Download all', () => {
  it('gives the activity as a CSV attachment, Title and Date, quoted where needed', async () => {
    const time = clock();
    const { app } = await createTestApp({ now: time.now });
    const ann = await account(app, 'ann@example.com');
    await ann.play(film(603, 'The Matrix'));
    time.advance(DAY);
    await ann.play(episode(1399, 2, 4, 'Game of Thrones, "the series"'));
    const answer = await ann.csv();
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="ViewingActivity.csv"');
    expect(answer.headers['cache-control']).toContain('no-store');
    expect(answer.body).toBe(
      'Title,Date\r\n' +
        '"Game of Thrones, ""the series"": Season 2: Episode 4",2026-11-30\r\n' +
        'The Matrix,2026-11-29\r\n',
    );
    expect(
      (
        await app.inject({
          method: 'GET',
          url: `/api/documents/customers/${ann.uid}/profiles/${ann.profileId}/activity.csv`,
        })
      ).statusCode,
    ).toBe(401);
  });
});
