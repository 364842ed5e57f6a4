import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { readProgrammeDurations } from '../../server/media/video/programme-durations.ts';
import type { MyListItem, MyListWrite, ProgressEntry, ProgressWrite } from '../../shared/watching/watching.schema.ts';
import { MAX_MY_LIST, MAX_PROGRESS, MY_LIST_FULL_MESSAGE } from '../../shared/watching/watching-rules.ts';
import { addExtraTitles } from './support/extra-titles.ts';
import { createTestApp } from './test-app.ts';

const SESSION_COOKIE = 'marquee_session';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const MESSAGES = {
  signedOut: 'Please sign in first.',
  forbidden: 'You can only reach your own profiles.',
  noProfile: 'There is no such profile.',
  badKey: 'A title key is movie-{id} or tv-{id}, like movie-603.',
};

interface Viewer {
  uid: string;
  token: string;
}

async function signUp(app: FastifyInstance, email: string): Promise<Viewer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: 'secret-password' },
  });
  expect(response.statusCode).toBe(201);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
  return { uid: (response.json() as { user: { uid: string } }).user.uid, token };
}

async function addProfile(app: FastifyInstance, viewer: Viewer, name: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/documents/customers/${viewer.uid}/profiles`,
    payload: { name },
    cookies: { [SESSION_COOKIE]: viewer.token },
  });
  expect(response.statusCode).toBe(201);
  return (response.json() as { profile: { id: string } }).profile.id;
}

/** How long a title plays: every demo programme is as long (programme-durations.ts). */
const PROGRAMME_SECONDS = readProgrammeDurations().get('drama')!;

const progressOf = (id: number, overrides: Partial<ProgressWrite> = {}): ProgressWrite => ({
  media_type: 'movie',
  id,
  season_number: null,
  episode_number: null,
  position_seconds: 20,
  duration_seconds: PROGRAMME_SECONDS,
  title: `Film ${id}`,
  backdrop_path: `/backdrop-${id}.jpg`,
  ...overrides,
});

const itemOf = (id: number, overrides: Partial<MyListWrite> = {}): MyListWrite => ({
  media_type: 'movie',
  id,
  title: `Film ${id}`,
  backdrop_path: `/backdrop-${id}.jpg`,
  poster_path: null,
  ...overrides,
});

const keyOf = (body: { media_type: string; id: number }) => `${body.media_type}-${body.id}`;

/**
 * The six calls for one profile, made as `viewer` (or signed out with `null`); `uid` defaults to
 * the viewer's own and can be pointed at somebody else's.
 */
function client(app: FastifyInstance, viewer: Viewer | null, profileId: string, uid = viewer?.uid ?? 'A'.repeat(28)) {
  const request = (options: InjectOptions) =>
    app.inject({ ...options, cookies: viewer ? { [SESSION_COOKIE]: viewer.token } : undefined });
  const base = `/api/documents/customers/${uid}/profiles/${profileId}`;
  return {
    listProgress: () => request({ method: 'GET', url: `${base}/progress` }),
    saveProgress: (body: object, key = keyOf(body as ProgressWrite)) =>
      request({ method: 'PUT', url: `${base}/progress/${key}`, payload: body }),
    removeProgress: (key: string) => request({ method: 'DELETE', url: `${base}/progress/${key}` }),
    myList: () => request({ method: 'GET', url: `${base}/my_list` }),
    add: (body: object, key = keyOf(body as MyListWrite)) =>
      request({ method: 'PUT', url: `${base}/my_list/${key}`, payload: body }),
    remove: (key: string) => request({ method: 'DELETE', url: `${base}/my_list/${key}` }),
    raw: (options: InjectOptions) => request(options),
    base,
  };
}
type Client = ReturnType<typeof client>;

/** Every route once, with well-formed requests. */
const everyRoute = (as: Client) => [
  as.listProgress(),
  as.saveProgress(progressOf(603)),
  as.removeProgress('movie-603'),
  as.myList(),
  as.add(itemOf(603)),
  as.remove('movie-603'),
];

function expectProblem(response: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { error: { code: string; message: string } };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error.code).toBe(code);
  if (message === undefined) expect(body.error.message).not.toBe('');
  else expect(body.error.message).toBe(message);
}

async function progressList(as: Client): Promise<ProgressEntry[]> {
  const response = await as.listProgress();
  expect(response.statusCode).toBe(200);
  return (response.json() as { progress: ProgressEntry[] }).progress;
}

async function myList(as: Client): Promise<MyListItem[]> {
  const response = await as.myList();
  expect(response.statusCode).toBe(200);
  return (response.json() as { items: MyListItem[] }).items;
}

const keys = (list: { key: string }[]) => list.map((entry) => entry.key);

/** Room for the hundreds of changes at once some tests make (rate-limits.test.ts tests the limits). */
const ROOMY = {
  writesPerSession: { max: 100_000, timeWindow: 60_000 },
  writesPerAddress: { max: 100_000, timeWindow: 60_000 },
};

async function signedUpApp() {
  const { app, dataDir } = await createTestApp({ rateLimits: ROOMY });
  addExtraTitles(app.db);
  const ann = await signUp(app, 'ann.lee@example.com');
  const profileId = await addProfile(app, ann, 'Ann');
  return { app, dataDir, ann, profileId, as: client(app, ann, profileId) };
}

describe('Continue Watching: /api/documents/customers/:uid/profiles/:profileId/progress', () => {
  it('starts empty, never cached', async () => {
    const { as } = await signedUpApp();
    const response = await as.listProgress();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ progress: [] });
  });

  it('saves an entry and answers it as stored, with its key and the time of the save', async () => {
    const { as } = await signedUpApp();
    const body = progressOf(1399, { media_type: 'tv', season_number: 1, episode_number: 3, position_seconds: 75.5 });
    const before = Date.now();
    const response = await as.saveProgress(body);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { entry } = response.json() as { entry: ProgressEntry };
    expect(entry).toEqual({ key: 'tv-1399', ...body, updated_at: expect.stringMatching(ISO) });
    expect(Date.parse(entry.updated_at)).toBeGreaterThanOrEqual(before);
    expect(await progressList(as)).toEqual([entry]);
  });

  it('keeps one entry per title, replaced by each save, and lists the most recently saved first', async () => {
    const { as } = await signedUpApp();
    for (const id of [1, 2, 3]) expect((await as.saveProgress(progressOf(id))).statusCode).toBe(200);
    expect(keys(await progressList(as))).toEqual(['movie-3', 'movie-2', 'movie-1']);

    // Watching the first again moves it to the front, with its new position.
    expect((await as.saveProgress(progressOf(1, { position_seconds: 100 }))).statusCode).toBe(200);
    const list = await progressList(as);
    expect(keys(list)).toEqual(['movie-1', 'movie-3', 'movie-2']);
    expect(list[0]!.position_seconds).toBe(100);

    // A series keeps the episode inside its one entry.
    await as.saveProgress(progressOf(7, { media_type: 'tv', season_number: 1, episode_number: 1 }));
    await as.saveProgress(progressOf(7, { media_type: 'tv', season_number: 1, episode_number: 2 }));
    const after = await progressList(as);
    expect(keys(after)).toEqual(['tv-7', 'movie-1', 'movie-3', 'movie-2']);
    expect(after[0]!.episode_number).toBe(2);
  });

  it('removes an entry with 204, and answers 204 again when it is already gone', async () => {
    const { as } = await signedUpApp();
    await as.saveProgress(progressOf(1));
    await as.saveProgress(progressOf(2));
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await as.removeProgress('movie-1');
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    expect(keys(await progressList(as))).toEqual(['movie-2']);
    expect((await as.removeProgress('tv-99')).statusCode).toBe(204);
  });

  it(`keeps the ${MAX_PROGRESS} most recently saved titles, dropping the least recently saved`, async () => {
    const { as } = await signedUpApp();
    for (let id = 1; id <= MAX_PROGRESS; id++) expect((await as.saveProgress(progressOf(id))).statusCode).toBe(200);
    // Saving the first again makes it the newest, so the second is now the least recent.
    await as.saveProgress(progressOf(1));
    expect((await as.saveProgress(progressOf(5000))).statusCode).toBe(200);
    const list = await progressList(as);
    expect(list).toHaveLength(MAX_PROGRESS);
    expect(keys(list).slice(0, 2)).toEqual(['movie-5000', 'movie-1']);
    expect(keys(list)).not.toContain('movie-2');
    expect(keys(list).at(-1)).toBe('movie-3');
  });

  it('refuses a key that does not name the title in the body, saving nothing', async () => {
    const { as } = await signedUpApp();
    expectProblem(
      await as.saveProgress(progressOf(603), 'movie-604'),
      400,
      'invalid-argument',
      'The key movie-604 does not name this title: it should be movie-603.',
    );
    expectProblem(await as.saveProgress(progressOf(603), 'tv-603'), 400, 'invalid-argument');
    expect(await progressList(as)).toEqual([]);
  });

  it.each([
    ['a string for a number (no coercion)', { id: '603' }, '"id" is not valid: it must be integer.'],
    ['a number as a string', { position_seconds: '20' }, undefined],
    [
      'a boolean for null',
      { season_number: false },
      '"season_number" is not valid: it must be integer or must be null.',
    ],
    ['an unknown media type', { media_type: 'book' }, '"media_type" is not valid: it must be "movie" or must be "tv".'],
    ['a negative position', { position_seconds: -1 }, '"position_seconds" is not valid: it must be >= 0.'],
    ['a zero duration', { duration_seconds: 0 }, undefined],
    ['a fractional id', { id: 1.5 }, undefined],
    ['an id of 0', { id: 0 }, undefined],
    ['an empty title', { title: '' }, undefined],
    ['a title of 301 characters', { title: 'x'.repeat(301) }, undefined],
    ['a backdrop that is a URL', { backdrop_path: 'https://example.com/x.jpg' }, undefined],
    ['an unknown field', { extra: 1 }, 'Unknown field "extra".'],
    ['a missing field', { title: undefined }, 'Missing field "title".'],
  ])('refuses %s with 400, saving nothing', async (_label, change, message) => {
    const { as } = await signedUpApp();
    const body = { ...progressOf(603), ...change };
    expectProblem(await as.saveProgress(body, 'movie-603'), 400, 'invalid-argument', message);
    expect(await progressList(as)).toEqual([]);
  });
});

describe('My List: /api/documents/customers/:uid/profiles/:profileId/my_list', () => {
  it('starts empty, never cached', async () => {
    const { as } = await signedUpApp();
    const response = await as.myList();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ items: [] });
  });

  it('adds titles newest first and answers the whole list after each change', async () => {
    const { as } = await signedUpApp();
    const first = await as.add(itemOf(603, { poster_path: '/poster.jpg' }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      items: [
        { key: 'movie-603', ...itemOf(603, { poster_path: '/poster.jpg' }), added_at: expect.stringMatching(ISO) },
      ],
    });
    const second = await as.add(itemOf(1399, { media_type: 'tv' }));
    expect(keys((second.json() as { items: MyListItem[] }).items)).toEqual(['tv-1399', 'movie-603']);
    expect(keys(await myList(as))).toEqual(['tv-1399', 'movie-603']);
  });

  it('adding a title already there keeps its place and added_at, and refreshes what it shows', async () => {
    const { as } = await signedUpApp();
    await as.add(itemOf(1));
    await as.add(itemOf(2));
    const [, before] = await myList(as);
    const response = await as.add(itemOf(1, { title: 'Film One', poster_path: '/p.jpg' }));
    expect(response.statusCode).toBe(200);
    const items = (response.json() as { items: MyListItem[] }).items;
    expect(keys(items)).toEqual(['movie-2', 'movie-1']);
    expect(items[1]).toEqual({ ...before, title: 'Film One', poster_path: '/p.jpg' });
  });

  it('removes a title and answers the list; removing one that is not there changes nothing', async () => {
    const { as } = await signedUpApp();
    await as.add(itemOf(1));
    await as.add(itemOf(2));
    const response = await as.remove('movie-1');
    expect(response.statusCode).toBe(200);
    expect(keys((response.json() as { items: MyListItem[] }).items)).toEqual(['movie-2']);
    const again = await as.remove('movie-1');
    expect(again.statusCode).toBe(200);
    expect(keys((again.json() as { items: MyListItem[] }).items)).toEqual(['movie-2']);
  });

  it(`holds ${MAX_MY_LIST} titles and refuses one more with a clear message; a title already there is fine`, async () => {
    const { as } = await signedUpApp();
    for (let id = 1; id <= MAX_MY_LIST; id++) expect((await as.add(itemOf(id))).statusCode).toBe(200);
    expectProblem(await as.add(itemOf(9999)), 400, 'resource-exhausted', MY_LIST_FULL_MESSAGE);
    expect((await as.add(itemOf(7))).statusCode).toBe(200);
    const list = await myList(as);
    expect(list).toHaveLength(MAX_MY_LIST);
    expect(keys(list)).not.toContain('movie-9999');
    // Removing one makes room for one.
    await as.remove('movie-1');
    expect((await as.add(itemOf(9999))).statusCode).toBe(200);
    expect(keys(await myList(as))[0]).toBe('movie-9999');
  });

  it('lets exactly the room left through when many adds arrive at once', async () => {
    const { as } = await signedUpApp();
    const responses = await Promise.all(
      Array.from({ length: MAX_MY_LIST + 100 }, (_unused, i) => as.add(itemOf(i + 1))),
    );
    const added = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(added).toHaveLength(MAX_MY_LIST);
    for (const response of refused) expectProblem(response, 400, 'resource-exhausted', MY_LIST_FULL_MESSAGE);
    const list = await myList(as);
    expect(list).toHaveLength(MAX_MY_LIST);
    expect(new Set(keys(list)).size).toBe(MAX_MY_LIST);
  });

  it('stays consistent under 200 simultaneous adds and removes of the same titles', async () => {
    const { as } = await signedUpApp();
    const calls = Array.from({ length: 200 }, (_unused, i) =>
      i % 2 === 0 ? as.add(itemOf((i % 20) + 1)) : as.remove(`movie-${(i % 20) + 1}`),
    );
    const responses = await Promise.all(calls);
    for (const response of responses) expect(response.statusCode).toBe(200);
    const list = await myList(as);
    expect(new Set(keys(list)).size).toBe(list.length);
    expect(list.length).toBeLessThanOrEqual(20);
  });

  it('refuses a mismatched key and wrong types with 400, adding nothing', async () => {
    const { as } = await signedUpApp();
    expectProblem(await as.add(itemOf(1), 'movie-2'), 400, 'invalid-argument');
    expectProblem(await as.add({ ...itemOf(1), id: '1' }, 'movie-1'), 400, 'invalid-argument');
    expectProblem(await as.add({ ...itemOf(1), poster_path: 5 }, 'movie-1'), 400, 'invalid-argument');
    expectProblem(await as.add({ ...itemOf(1), added_at: '2020-01-01T00:00:00.000Z' }), 400, 'invalid-argument');
    expect(await myList(as)).toEqual([]);
  });
});

describe('bad input is a 4xx, never a 500, and loses nothing', () => {
  it.each([
    ['a body that is not an object', '"movie"', 400],
    ['an array', '[1]', 400],
    ['null', 'null', 400],
    ['malformed JSON', '{"id":', 400],
    ['a huge body', JSON.stringify({ title: 'x'.repeat(8 * 1024) }), 413],
  ])('%s', async (_label, payload, status) => {
    const { as } = await signedUpApp();
    await as.saveProgress(progressOf(1));
    await as.add(itemOf(1));
    for (const path of ['progress/movie-1', 'my_list/movie-1']) {
      const response = await as.raw({
        method: 'PUT',
        url: `${as.base}/${path}`,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode).toBe(status);
      expect((response.json() as { error: { code: string } }).error.code).toBeTruthy();
    }
    expect(keys(await progressList(as))).toEqual(['movie-1']);
    expect(keys(await myList(as))).toEqual(['movie-1']);
  });

  it('refuses a body that is not JSON with 415', async () => {
    const { as } = await signedUpApp();
    const response = await as.raw({
      method: 'PUT',
      url: `${as.base}/my_list/movie-1`,
      payload: 'movie-1',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
  });

  it.each([
    ['an unknown media type', 'book-1'],
    ['a zero id', 'movie-0'],
    ['a leading zero', 'movie-01'],
    ['upper case', 'MOVIE-1'],
    ['an encoded slash', 'movie%2F1'],
    ['SQL', "movie-1'%20OR%20'1'%3D'1"],
    ['an id of 11 digits', 'movie-12345678901'],
  ])('refuses a malformed title key (%s) on every keyed route with 400', async (_label, key) => {
    const { as } = await signedUpApp();
    await as.saveProgress(progressOf(1));
    await as.add(itemOf(1));
    expectProblem(await as.saveProgress(progressOf(1), key), 400, 'invalid-argument', MESSAGES.badKey);
    expectProblem(await as.removeProgress(key), 400, 'invalid-argument', MESSAGES.badKey);
    expectProblem(await as.add(itemOf(1), key), 400, 'invalid-argument', MESSAGES.badKey);
    expectProblem(await as.remove(key), 400, 'invalid-argument', MESSAGES.badKey);
    expect(keys(await progressList(as))).toEqual(['movie-1']);
    expect(keys(await myList(as))).toEqual(['movie-1']);
  });
});

describe('only real titles, and positions within them', () => {
  it('clamps a position and a length beyond the programme’s end to its end', async () => {
    const { as } = await signedUpApp();
    const response = await as.saveProgress(progressOf(603, { position_seconds: 86_400, duration_seconds: 86_400 }));
    expect(response.statusCode).toBe(200);
    const { entry } = response.json() as { entry: ProgressEntry };
    expect(entry).toMatchObject({ position_seconds: PROGRAMME_SECONDS, duration_seconds: PROGRAMME_SECONDS });
    expect((await progressList(as))[0]).toMatchObject({ position_seconds: PROGRAMME_SECONDS });
    // A position within the programme is kept as sent.
    await as.saveProgress(progressOf(603, { position_seconds: 61.5, duration_seconds: 9000 }));
    expect((await progressList(as))[0]).toMatchObject({ position_seconds: 61.5, duration_seconds: PROGRAMME_SECONDS });
    // A player's shorter length is kept, and bounds the position too.
    await as.saveProgress(progressOf(603, { position_seconds: 110, duration_seconds: 100 }));
    expect((await progressList(as))[0]).toMatchObject({ position_seconds: 100, duration_seconds: 100 });
  });

  it('refuses a title id the catalogue does not have, in both lists, and stores nothing', async () => {
    const { app } = await createTestApp();
    const ann = await signUp(app, 'ann.lee@example.com');
    const as = client(app, ann, await addProfile(app, ann, 'Ann'));
    await as.saveProgress(progressOf(603));
    await as.add(itemOf(603));
    for (const body of [progressOf(604), progressOf(603, { media_type: 'tv' }), progressOf(9_999_999_999)]) {
      expectProblem(await as.saveProgress(body), 404, 'not-found', `There is no title ${keyOf(body)} to watch.`);
    }
    for (const body of [itemOf(604), itemOf(603, { media_type: 'tv' }), itemOf(1)]) {
      expectProblem(await as.add(body), 404, 'not-found', `There is no title ${keyOf(body)} to watch.`);
    }
    expect(keys(await progressList(as))).toEqual(['movie-603']);
    expect(keys(await myList(as))).toEqual(['movie-603']);
    // Removing one is no change, and allowed: a title may leave the catalogue after it was added.
    expect((await as.removeProgress('movie-604')).statusCode).toBe(204);
    expect((await as.remove('movie-604')).statusCode).toBe(200);
  });
});

describe('guards', () => {
  it.each([
    ['no cookie', undefined],
    ['an unknown session token', 'not-a-session-token'],
  ])('answer 401 on every route with %s, before the body is looked at', async (_label, token) => {
    const { app, ann, profileId, as } = await signedUpApp();
    await as.saveProgress(progressOf(603));
    await as.add(itemOf(603));
    const signedOut = client(app, token === undefined ? null : { uid: ann.uid, token }, profileId, ann.uid);
    for (const response of [...(await Promise.all(everyRoute(signedOut))), await signedOut.add({ bad: true })]) {
      expectProblem(response, 401, 'unauthenticated', MESSAGES.signedOut);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(keys(await progressList(as))).toEqual(['movie-603']);
    expect(keys(await myList(as))).toEqual(['movie-603']);
  });

  async function twoAccounts() {
    const { app, ann, profileId, as } = await signedUpApp();
    const bob = await signUp(app, 'bob.ray@example.com');
    const bobProfileId = await addProfile(app, bob, 'Bob');
    await as.saveProgress(progressOf(603));
    await as.add(itemOf(603));
    return { app, ann, profileId, as, bob, bobProfileId };
  }

  it('refuse another account’s uid with 403 on every route, changing and revealing nothing', async () => {
    const { app, ann, profileId, as, bob } = await twoAccounts();
    for (const target of [profileId, 'unknownid1', 'NOT-AN-ID']) {
      const bobAtAnn = client(app, bob, target, ann.uid);
      for (const response of [...(await Promise.all(everyRoute(bobAtAnn))), await bobAtAnn.add({ bad: true })]) {
        expectProblem(response, 403, 'permission-denied', MESSAGES.forbidden);
        expect(response.body).not.toContain('603');
      }
    }
    expect(keys(await progressList(as))).toEqual(['movie-603']);
    expect(keys(await myList(as))).toEqual(['movie-603']);
  });

  it('answer 404 on every route for another account’s profile id under one’s own uid', async () => {
    const { app, profileId, as, bob } = await twoAccounts();
    const bobGuessing = client(app, bob, profileId);
    for (const response of [...(await Promise.all(everyRoute(bobGuessing))), await bobGuessing.add({ bad: true })]) {
      expectProblem(response, 404, 'not-found', MESSAGES.noProfile);
      expect(response.body).not.toContain('603');
    }
    expect(keys(await progressList(as))).toEqual(['movie-603']);
    expect(keys(await myList(as))).toEqual(['movie-603']);
  });

  it.each([
    ['unknown', 'unknownid12'],
    ['upper case', 'ABCDEF123456'],
    ['21 characters', 'a'.repeat(21)],
    ['punctuation', 'abc-def'],
    ['an encoded slash', 'abc%2Fdef'],
  ])('answer 404 on every route for a profile id that is %s', async (_label, id) => {
    const { app, ann } = await signedUpApp();
    const unknown = client(app, ann, id);
    for (const response of await Promise.all(everyRoute(unknown))) {
      expectProblem(response, 404, 'not-found', MESSAGES.noProfile);
    }
  });

  it('keep each profile’s lists to itself', async () => {
    const { app, ann, as } = await signedUpApp();
    const kids = client(app, ann, await addProfile(app, ann, 'Kids'));
    await as.saveProgress(progressOf(603));
    await as.add(itemOf(603));
    expect(await progressList(kids)).toEqual([]);
    expect(await myList(kids)).toEqual([]);

    await kids.add(itemOf(1));
    await kids.saveProgress(progressOf(1));
    // Removing from one profile leaves the other's alone.
    expect((await kids.removeProgress('movie-603')).statusCode).toBe(204);
    expect((await kids.remove('movie-603')).statusCode).toBe(200);
    expect(keys(await progressList(as))).toEqual(['movie-603']);
    expect(keys(await myList(as))).toEqual(['movie-603']);
    expect(keys(await myList(kids))).toEqual(['movie-1']);
  });

  it('count the limits per profile', async () => {
    const { app, ann, as } = await signedUpApp();
    const kids = client(app, ann, await addProfile(app, ann, 'Kids'));
    await Promise.all(Array.from({ length: MAX_MY_LIST }, (_unused, i) => as.add(itemOf(i + 1))));
    expectProblem(await as.add(itemOf(9999)), 400, 'resource-exhausted', MY_LIST_FULL_MESSAGE);
    expect((await kids.add(itemOf(9999))).statusCode).toBe(200);
  });
});

describe('storage', () => {
  it('deleting a profile deletes its progress and list, and no other profile’s', async () => {
    const { app, ann, profileId, as } = await signedUpApp();
    const kidsId = await addProfile(app, ann, 'Kids');
    const kids = client(app, ann, kidsId);
    for (const who of [as, kids]) {
      await who.saveProgress(progressOf(1));
      await who.add(itemOf(1));
      await who.add(itemOf(2));
    }
    const rows = (table: string, id: string) =>
      app.db.prepare(`SELECT count(*) FROM ${table} WHERE uid = ? AND profile_id = ?`).pluck().get(ann.uid, id);

    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/documents/customers/${ann.uid}/profiles/${kidsId}`,
      cookies: { [SESSION_COOKIE]: ann.token },
    });
    expect(removed.statusCode).toBe(200);
    expect(rows('progress', kidsId)).toBe(0);
    expect(rows('my_list', kidsId)).toBe(0);
    expect(rows('progress', profileId)).toBe(1);
    expect(rows('my_list', profileId)).toBe(2);
    // Its routes are now as unknown as any other profile id.
    expectProblem(await kids.myList(), 404, 'not-found', MESSAGES.noProfile);
  });

  it('deleting an account deletes its profiles’ progress and lists', async () => {
    const { app, ann, as } = await signedUpApp();
    await as.saveProgress(progressOf(1));
    await as.add(itemOf(1));
    app.db.prepare('DELETE FROM accounts WHERE uid = ?').run(ann.uid);
    for (const table of ['progress', 'my_list']) {
      expect(app.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get()).toBe(0);
    }
  });

  it('the database refuses rows for a profile that does not exist and an 501st title', async () => {
    const { app, ann, profileId } = await signedUpApp();
    const insert = app.db.prepare(
      `INSERT INTO my_list (uid, profile_id, key, media_type, id, title, added_at, seq)
       VALUES (?, ?, ?, 'movie', ?, 'x', 0, ?)`,
    );
    expect(() => insert.run(ann.uid, 'nosuchprofile', 'movie-1', 1, 1)).toThrow(/FOREIGN KEY/);
    expect(() => insert.run(ann.uid, profileId, 'tv-1', 1, 1)).toThrow(/CHECK/);
    app.db.transaction(() => {
      for (let id = 1; id <= MAX_MY_LIST; id++) insert.run(ann.uid, profileId, `movie-${id}`, id, id);
    })();
    expect(() => insert.run(ann.uid, profileId, 'movie-9999', 9999, 9999)).toThrow(MY_LIST_FULL_MESSAGE);
  });

  it('keeps progress and lists, their order and times, across a restart', async () => {
    const first = await signedUpApp();
    await first.as.saveProgress(progressOf(1));
    await first.as.saveProgress(progressOf(2, { media_type: 'tv', season_number: 2, episode_number: 5 }));
    await first.as.add(itemOf(3));
    await first.as.add(itemOf(4));
    const progressBefore = await progressList(first.as);
    const listBefore = await myList(first.as);
    await first.app.close();

    const { app } = await createTestApp({ dataDir: first.dataDir });
    const again = client(app, first.ann, first.profileId);
    expect(await progressList(again)).toEqual(progressBefore);
    expect(await myList(again)).toEqual(listBefore);
    expect(keys(progressBefore)).toEqual(['tv-2', 'movie-1']);
    expect(keys(listBefore)).toEqual(['movie-4', 'movie-3']);
  });

  it('keeps the newest saves when many arrive at once for one profile', async () => {
    const { as } = await signedUpApp();
    const responses = await Promise.all(
      Array.from({ length: MAX_PROGRESS + 50 }, (_unused, i) => as.saveProgress(progressOf(i + 1))),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    const list = await progressList(as);
    expect(list).toHaveLength(MAX_PROGRESS);
    expect(new Set(keys(list)).size).toBe(MAX_PROGRESS);
    // Times never go backwards down the list.
    const times = list.map((entry) => Date.parse(entry.updated_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});
