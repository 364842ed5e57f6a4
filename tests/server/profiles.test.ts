import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import type { Profile } from '../../shared/profiles/profile.schema.ts';
import { createTestApp } from './test-app.ts';

const SESSION_COOKIE = 'marquee_session';
const ID_SHAPE = /^[a-z0-9]{10,12}$/;

interface Viewer {
  uid: string;
  token: string;
}

const MESSAGES = {
  missingName: 'Please enter a profile name.',
  tooLong: 'Profile names can be at most 50 characters.',
  controlCharacters: 'Profile names cannot contain control characters.',
  tooMany: 'An account can have at most 5 profiles.',
  notFound: 'There is no such profile.',
  forbidden: 'You can only reach your own profiles.',
  signedOut: 'Please sign in first.',
  duplicate: (name: string) => `You already have a profile called "${name}".`,
};

/**
 * A new account. The first profile every account is given at sign-up is deleted unless `keepFirst`,
 * so that these tests start from none and name every profile themselves.
 */
async function signUp(app: FastifyInstance, email: string, { keepFirst = false } = {}): Promise<Viewer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: 'secret-password' },
  });
  expect(response.statusCode).toBe(201);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  expect(token).toBeTruthy();
  const viewer = { uid: (response.json() as { user: { uid: string } }).user.uid, token: token! };
  if (!keepFirst) {
    const [first] = (
      await client(app, viewer)
        .list()
        .then((r) => r.json())
    ).profiles as Profile[];
    expect((await client(app, viewer).remove(first!.id)).statusCode).toBe(200);
  }
  return viewer;
}

/**
 * The five calls, made as `viewer` (or signed out with `null`); `uid` defaults to the viewer's
 * own, and can be pointed at somebody else's.
 */
function client(app: FastifyInstance, viewer: Viewer | null, uid = viewer?.uid ?? 'A'.repeat(28)) {
  const request = (options: InjectOptions) =>
    app.inject({ ...options, cookies: viewer ? { [SESSION_COOKIE]: viewer.token } : undefined });
  const base = `/api/documents/customers/${uid}/profiles`;
  return {
    list: () => request({ method: 'GET', url: base }),
    add: (name: unknown) => request({ method: 'POST', url: base, payload: { name } }),
    addRaw: (options: InjectOptions) => request({ method: 'POST', url: base, ...options }),
    rename: (id: string, name: unknown) => request({ method: 'PATCH', url: `${base}/${id}`, payload: { name } }),
    remove: (id: string) => request({ method: 'DELETE', url: `${base}/${id}` }),
    select: (id: string) => request({ method: 'POST', url: `${base}/${id}/select` }),
  };
}

function expectProblem(response: LightMyRequestResponse, status: number, code: string, message: string) {
  expect(response.statusCode).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ error: { code, message } });
}

/** The viewer's profiles as the server has them now. */
async function profilesOf(app: FastifyInstance, viewer: Viewer): Promise<Profile[]> {
  const response = await client(app, viewer).list();
  expect(response.statusCode).toBe(200);
  return (response.json() as { profiles: Profile[] }).profiles;
}

async function addProfile(app: FastifyInstance, viewer: Viewer, name: string): Promise<Profile> {
  const response = await client(app, viewer).add(name);
  expect(response.statusCode).toBe(201);
  return (response.json() as { profile: Profile }).profile;
}

async function addProfiles(app: FastifyInstance, viewer: Viewer, names: string[]): Promise<Profile[]> {
  const added: Profile[] = [];
  for (const name of names) added.push(await addProfile(app, viewer, name));
  return added;
}

const activeNames = (profiles: Profile[]) => profiles.filter((p) => p.activeProfile).map((p) => p.name);
const names = (profiles: Profile[]) => profiles.map((p) => p.name);

async function signedUpApp() {
  const { app, dataDir } = await createTestApp();
  const ann = await signUp(app, 'ann@example.com');
  return { app, dataDir, ann, as: client(app, ann) };
}

describe('GET /api/documents/customers/:uid/profiles', () => {
  it('answers a new account with its first profile, named from the e-mail, never cached', async () => {
    const { app } = await createTestApp();
    const response = await client(app, await signUp(app, 'ann@example.com', { keepFirst: true })).list();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      profiles: [{ id: expect.stringMatching(ID_SHAPE), name: 'Ann', activeProfile: true }],
    });
  });

  it('answers an account whose profiles were all deleted with an empty list', async () => {
    const { as } = await signedUpApp();
    expect((await as.list()).json()).toEqual({ profiles: [] });
  });

  it('lists the profiles oldest first, with id, name and activeProfile only', async () => {
    const { app, ann, as } = await signedUpApp();
    const added = await addProfiles(app, ann, ['Ann', 'Bob', 'Cleo']);
    // A rename does not move a profile in the list.
    expect((await as.rename(added[0]!.id, 'Zed')).statusCode).toBe(200);

    const response = await as.list();
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      profiles: [
        { id: added[0]!.id, name: 'Zed', activeProfile: true },
        { id: added[1]!.id, name: 'Bob', activeProfile: false },
        { id: added[2]!.id, name: 'Cleo', activeProfile: false },
      ],
    });
  });
});

describe('POST /api/documents/customers/:uid/profiles', () => {
  it('adds the first profile as the active one and answers 201 with it and the whole list', async () => {
    const { as } = await signedUpApp();
    const response = await as.add('Ann');
    expect(response.statusCode).toBe(201);
    const body = response.json() as { profile: Profile; profiles: Profile[] };
    expect(Object.keys(body).sort()).toEqual(['profile', 'profiles']);
    expect(body.profile.id).toMatch(ID_SHAPE);
    expect(body.profile).toEqual({ id: body.profile.id, name: 'Ann', activeProfile: true });
    expect(body.profiles).toEqual([body.profile]);
  });

  it('adds later profiles inactive, each with its own random base-36 id', async () => {
    const { app, ann, as } = await signedUpApp();
    const first = await addProfile(app, ann, 'Ann');
    const response = await as.add('Bob');
    expect(response.statusCode).toBe(201);
    const body = response.json() as { profile: Profile; profiles: Profile[] };
    expect(body.profile).toEqual({ id: body.profile.id, name: 'Bob', activeProfile: false });
    expect(body.profile.id).toMatch(ID_SHAPE);
    expect(body.profile.id).not.toBe(first.id);
    expect(body.profiles).toEqual([first, body.profile]);
    expect(await profilesOf(app, ann)).toEqual(body.profiles);
  });

  it('stores the name trimmed', async () => {
    const { app, ann } = await signedUpApp();
    expect((await addProfile(app, ann, '  \t Ann Smith \n ')).name).toBe('Ann Smith');
    expect(names(await profilesOf(app, ann))).toEqual(['Ann Smith']);
  });

  it('accepts a name of exactly 50 characters, counting an emoji as one', async () => {
    const { app, ann } = await signedUpApp();
    const fifty = 'x'.repeat(50);
    const emoji = '😀'.repeat(50); // 100 UTF-16 code units, 50 characters
    expect((await addProfile(app, ann, fifty)).name).toBe(fifty);
    expect((await addProfile(app, ann, ` ${emoji} `)).name).toBe(emoji);
    expect((await addProfile(app, ann, 'Zoë 👩‍👩‍👧')).name).toBe('Zoë 👩‍👩‍👧');
  });

  it.each([
    ['an empty name', { name: '' }],
    ['only spaces', { name: '   ' }],
    ['only tabs and newlines (trimmed away)', { name: '\t\n \r' }],
    ['only invisible characters', { name: '\u200b\u00a0\u2060' }],
    ['no name field', {}],
    ['a null name', { name: null }],
  ])('refuses %s with "Please enter a profile name."', async (_label, payload) => {
    const { app, ann, as } = await signedUpApp();
    expectProblem(await as.addRaw({ payload }), 400, 'invalid-argument', MESSAGES.missingName);
    expect(await profilesOf(app, ann)).toEqual([]);
  });

  it.each([
    ['51 characters', 'x'.repeat(51)],
    ['51 emoji', '😀'.repeat(51)],
    ['1000 characters', 'y'.repeat(1000)],
    ['1001 characters (over the schema limit)', 'z'.repeat(1001)],
    ['3000 characters', 'w'.repeat(3000)],
  ])('refuses a name of %s with the length message', async (_label, name) => {
    const { app, ann, as } = await signedUpApp();
    expectProblem(await as.add(name), 400, 'invalid-argument', MESSAGES.tooLong);
    expect(await profilesOf(app, ann)).toEqual([]);
  });

  it.each([
    ['a NUL', 'Ann\u0000'],
    ['a newline inside', 'Ann\nSmith'],
    ['a tab inside', 'Ann\tSmith'],
    ['an escape', '\u001b[31mAnn'],
    ['DEL', 'Ann\u007f'],
    ['a C1 control', 'Ann\u0085Smith'],
    ['a line separator', 'Ann\u2028Smith'],
    ['a lone surrogate', 'Ann\ud800'],
  ])('refuses a name with %s', async (_label, name) => {
    const { app, ann, as } = await signedUpApp();
    expectProblem(await as.add(name), 400, 'invalid-argument', MESSAGES.controlCharacters);
    expect(await profilesOf(app, ann)).toEqual([]);
  });

  it.each([
    ['the same name', 'Ann'],
    ['another case', 'ANN'],
    ['spaces around', '  aNn  '],
    ['full-width letters (NFKC)', 'Ａｎｎ'],
  ])('refuses a duplicate name: %s', async (_label, name) => {
    const { app, ann, as } = await signedUpApp();
    const first = await addProfile(app, ann, 'Ann');
    expectProblem(await as.add(name), 409, 'already-exists', MESSAGES.duplicate('Ann'));
    expect(await profilesOf(app, ann)).toEqual([first]);
  });

  it('folds case fully: "STRASSE" and "straße" are one name', async () => {
    const { app, ann, as } = await signedUpApp();
    await addProfile(app, ann, 'straße');
    expectProblem(await as.add('STRASSE'), 409, 'already-exists', MESSAGES.duplicate('straße'));
  });

  it('allows names that differ by more than case', async () => {
    const { app, ann } = await signedUpApp();
    await addProfiles(app, ann, ['Ann', 'Anne', 'Ann 2', 'Ánn']);
    expect(names(await profilesOf(app, ann))).toEqual(['Ann', 'Anne', 'Ann 2', 'Ánn']);
  });

  it('allows exactly 5 profiles and refuses a 6th, keeping the 5', async () => {
    const { app, ann, as } = await signedUpApp();
    const five = await addProfiles(app, ann, ['One', 'Two', 'Three', 'Four', 'Five']);
    expect(await profilesOf(app, ann)).toHaveLength(5);

    expectProblem(await as.add('Six'), 409, 'resource-exhausted', MESSAGES.tooMany);
    expect(await profilesOf(app, ann)).toEqual(five.map((p, i) => ({ ...p, activeProfile: i === 0 })));

    // Deleting one makes room for one more.
    expect((await as.remove(five[1]!.id)).statusCode).toBe(200);
    expect((await as.add('Six')).statusCode).toBe(201);
    expectProblem(await as.add('Seven'), 409, 'resource-exhausted', MESSAGES.tooMany);
    expect(names(await profilesOf(app, ann))).toEqual(['One', 'Three', 'Four', 'Five', 'Six']);
  });

  it('refuses a body over 4 KiB with 413 and adds nothing', async () => {
    const { app, ann, as } = await signedUpApp();
    const payload = JSON.stringify({ name: 'Ann', padding: 'p'.repeat(4 * 1024) });
    const response = await as.addRaw({ payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(413);
    expect((response.json() as { error: { code: string } }).error.code).toBe('payload-too-large');
    expect(await profilesOf(app, ann)).toEqual([]);
  });

  it.each([
    ['a body that is not an object', '"Ann"'],
    ['a name that is an object', '{"name":{"first":"Ann"}}'],
    ['a name that is an array', '{"name":["Ann","Bob"]}'],
    // Never coerced into the name "Ann".
    ['a name that is a one-element array', '{"name":["Ann"]}'],
    ['a name that is a number', '{"name":123}'],
    ['malformed JSON', '{"name":'],
  ])('refuses %s with 400 in the usual error shape', async (_label, payload) => {
    const { app, ann, as } = await signedUpApp();
    const response = await as.addRaw({ payload, headers: { 'content-type': 'application/json' } });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { error: { code: string; message: string } };
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error.code).toBe('string');
    expect(body.error.message).not.toBe('');
    expect(await profilesOf(app, ann)).toEqual([]);
  });

  it('lets exactly 5 of 10 simultaneous adds through, with exactly one profile active', async () => {
    const { app, ann, as } = await signedUpApp();
    const requested = Array.from({ length: 10 }, (_unused, i) => `Viewer ${i + 1}`);
    const responses = await Promise.all(requested.map((name) => as.add(name)));

    const created = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(5);
    for (const response of refused) expectProblem(response, 409, 'resource-exhausted', MESSAGES.tooMany);

    const stored = await profilesOf(app, ann);
    expect(stored).toHaveLength(5);
    expect(activeNames(stored)).toHaveLength(1);
    expect(new Set(stored.map((p) => p.id)).size).toBe(5);
    const createdNames = created.map((r) => (r.json() as { profile: Profile }).profile.name);
    expect(names(stored).sort()).toEqual(createdNames.sort());
  });
});

describe('PATCH /api/documents/customers/:uid/profiles/:id', () => {
  it('renames the profile (trimmed), keeps its id, place and active flag, and answers the whole list', async () => {
    const { app, ann, as } = await signedUpApp();
    const [first, second] = await addProfiles(app, ann, ['Ann', 'Bob']);

    const response = await as.rename(second!.id, '  Robert ');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      profile: { id: second!.id, name: 'Robert', activeProfile: false },
      profiles: [first, { id: second!.id, name: 'Robert', activeProfile: false }],
    });

    const renamedActive = await as.rename(first!.id, 'Annie');
    expect(renamedActive.statusCode).toBe(200);
    expect((renamedActive.json() as { profile: Profile }).profile).toEqual({
      id: first!.id,
      name: 'Annie',
      activeProfile: true,
    });
    expect(await profilesOf(app, ann)).toEqual([
      { id: first!.id, name: 'Annie', activeProfile: true },
      { id: second!.id, name: 'Robert', activeProfile: false },
    ]);
  });

  it.each([
    ['its own name in another case', 'ANN', 'ANN'],
    ['its own name unchanged', 'Ann', 'Ann'],
    ['its own name with spaces around', '  ann ', 'ann'],
  ])('allows renaming a profile to %s', async (_label, name, stored) => {
    const { app, ann, as } = await signedUpApp();
    const [first, second] = await addProfiles(app, ann, ['Ann', 'Bob']);
    const response = await as.rename(first!.id, name);
    expect(response.statusCode).toBe(200);
    expect(await profilesOf(app, ann)).toEqual([{ ...first!, name: stored }, second]);
  });

  it.each([
    ['the same name', 'Bob'],
    ['another case', 'bOB'],
    ['full-width letters', 'Ｂｏｂ'],
  ])('refuses renaming to another profile’s name: %s', async (_label, name) => {
    const { app, ann, as } = await signedUpApp();
    const before = await addProfiles(app, ann, ['Ann', 'Bob']);
    expectProblem(await as.rename(before[0]!.id, name), 409, 'already-exists', MESSAGES.duplicate('Bob'));
    expect(await profilesOf(app, ann)).toEqual(before.map((p, i) => ({ ...p, activeProfile: i === 0 })));
  });

  it.each([
    ['an empty name', '', MESSAGES.missingName],
    ['only spaces', '    ', MESSAGES.missingName],
    ['a missing name', undefined, MESSAGES.missingName],
    ['51 characters', 'n'.repeat(51), MESSAGES.tooLong],
    ['1001 characters', 'n'.repeat(1001), MESSAGES.tooLong],
    ['a control character', 'Bo\u0007b', MESSAGES.controlCharacters],
  ])('refuses %s with a clear 400 and keeps the old name', async (_label, name, message) => {
    const { app, ann, as } = await signedUpApp();
    const [first] = await addProfiles(app, ann, ['Ann']);
    expectProblem(await as.rename(first!.id, name), 400, 'invalid-argument', message);
    expect(await profilesOf(app, ann)).toEqual([first]);
  });

  it('answers 404 for an unknown id, even when the name is also invalid', async () => {
    const { app, ann, as } = await signedUpApp();
    const [first] = await addProfiles(app, ann, ['Ann']);
    expectProblem(await as.rename('unknownid1', 'Bob'), 404, 'not-found', MESSAGES.notFound);
    expectProblem(await as.rename('unknownid1', ''), 404, 'not-found', MESSAGES.notFound);
    expect(await profilesOf(app, ann)).toEqual([first]);
  });
});

describe('DELETE /api/documents/customers/:uid/profiles/:id', () => {
  it('deletes an inactive profile and answers the remaining list; the active one stays active', async () => {
    const { app, ann, as } = await signedUpApp();
    const [first, second, third] = await addProfiles(app, ann, ['Ann', 'Bob', 'Cleo']);
    const response = await as.remove(second!.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ profiles: [first, third] });
    expect(await profilesOf(app, ann)).toEqual([first, third]);
  });

  it('makes the oldest remaining profile active when the active one is deleted', async () => {
    const { app, ann, as } = await signedUpApp();
    const [first, second, third, fourth] = await addProfiles(app, ann, ['Ann', 'Bob', 'Cleo', 'Dee']);
    expect((await as.select(third!.id)).statusCode).toBe(200);

    const response = await as.remove(third!.id);
    expect(response.statusCode).toBe(200);
    const expected = [
      { ...first!, activeProfile: true },
      { ...second!, activeProfile: false },
      { ...fourth!, activeProfile: false },
    ];
    expect(response.json()).toEqual({ profiles: expected });
    expect(await profilesOf(app, ann)).toEqual(expected);

    // And again: the oldest is now the active one; deleting it hands over to the next oldest.
    const next = await as.remove(first!.id);
    expect(next.json()).toEqual({
      profiles: [
        { ...second!, activeProfile: true },
        { ...fourth!, activeProfile: false },
      ],
    });
  });

  it('leaves no profile (and none active) when the last one is deleted', async () => {
    const { app, ann, as } = await signedUpApp();
    const [only] = await addProfiles(app, ann, ['Ann']);
    const response = await as.remove(only!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ profiles: [] });
    expect(await profilesOf(app, ann)).toEqual([]);

    // The next profile is again the first, so it is active.
    expect((await addProfile(app, ann, 'Bob')).activeProfile).toBe(true);
  });

  it('frees the name of a deleted profile', async () => {
    const { app, ann, as } = await signedUpApp();
    const [, second] = await addProfiles(app, ann, ['Ann', 'Bob']);
    expect((await as.remove(second!.id)).statusCode).toBe(200);
    expect((await addProfile(app, ann, 'BOB')).name).toBe('BOB');
  });

  it('answers 404 for an unknown id and for a second delete of the same profile', async () => {
    const { app, ann, as } = await signedUpApp();
    const [first, second] = await addProfiles(app, ann, ['Ann', 'Bob']);
    expectProblem(await as.remove('doesnotexist'), 404, 'not-found', MESSAGES.notFound);
    expect((await as.remove(second!.id)).statusCode).toBe(200);
    expectProblem(await as.remove(second!.id), 404, 'not-found', MESSAGES.notFound);
    expect(await profilesOf(app, ann)).toEqual([first]);
  });
});

describe('POST /api/documents/customers/:uid/profiles/:id/select', () => {
  it('makes the chosen profile the only active one', async () => {
    const { app, ann, as } = await signedUpApp();
    const [first, second, third] = await addProfiles(app, ann, ['Ann', 'Bob', 'Cleo']);

    for (const chosen of [third!, second!, second!, first!]) {
      const response = await as.select(chosen.id);
      expect(response.statusCode).toBe(200);
      const body = response.json() as { profile: Profile; profiles: Profile[] };
      expect(body.profile).toEqual({ ...chosen, activeProfile: true });
      const expected = [first!, second!, third!].map((p) => ({ ...p, activeProfile: p.id === chosen.id }));
      expect(body.profiles).toEqual(expected);
      expect(await profilesOf(app, ann)).toEqual(expected);
      expect(activeNames(expected)).toEqual([chosen.name]);
    }
  });

  it('answers 404 for an unknown id and leaves the active profile alone', async () => {
    const { app, ann, as } = await signedUpApp();
    const before = await addProfiles(app, ann, ['Ann', 'Bob']);
    expectProblem(await as.select('nosuchprofile'), 404, 'not-found', MESSAGES.notFound);
    expect(activeNames(await profilesOf(app, ann))).toEqual([before[0]!.name]);
  });
});

describe('malformed profile ids', () => {
  it.each([
    ['upper case', 'ABCDEF123456'],
    ['21 characters', 'a'.repeat(21)],
    ['punctuation', 'abc-def'],
    ['an encoded slash', 'abc%2Fdef'],
    ['an encoded space', 'abc%20def'],
    ['SQL', "x'%20OR%20'1'%3D'1"],
  ])('are not found (%s) on every route', async (_label, id) => {
    const { app, ann, as } = await signedUpApp();
    const before = await addProfiles(app, ann, ['Ann', 'Bob']);
    expectProblem(await as.rename(id, 'New'), 404, 'not-found', MESSAGES.notFound);
    expectProblem(await as.select(id), 404, 'not-found', MESSAGES.notFound);
    expectProblem(await as.remove(id), 404, 'not-found', MESSAGES.notFound);
    expect(await profilesOf(app, ann)).toEqual(before.map((p, i) => ({ ...p, activeProfile: i === 0 })));
  });
});

describe('signed out', () => {
  it.each([
    ['no cookie', undefined],
    ['an unknown session token', 'not-a-session-token'],
  ])('every route answers 401 with %s, and nothing changes', async (_label, token) => {
    const { app, ann } = await signedUpApp();
    const before = await addProfiles(app, ann, ['Ann', 'Bob']);
    const signedOut = client(app, token === undefined ? null : { uid: ann.uid, token }, ann.uid);

    const responses = [
      await signedOut.list(),
      await signedOut.add('Cleo'),
      await signedOut.add(''), // refused for being signed out, before the body is looked at
      await signedOut.rename(before[1]!.id, 'Robert'),
      await signedOut.remove(before[0]!.id),
      await signedOut.select(before[1]!.id),
    ];
    for (const response of responses) {
      expectProblem(response, 401, 'unauthenticated', MESSAGES.signedOut);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect(await profilesOf(app, ann)).toEqual([
      { ...before[0]!, activeProfile: true },
      { ...before[1]!, activeProfile: false },
    ]);
  });

  it('answers 401 after sign-out with the old cookie', async () => {
    const { app, ann, as } = await signedUpApp();
    await addProfile(app, ann, 'Ann');
    const signOut = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      cookies: { [SESSION_COOKIE]: ann.token },
    });
    expect(signOut.statusCode).toBe(204);
    expectProblem(await as.list(), 401, 'unauthenticated', MESSAGES.signedOut);
  });
});

describe('one customer cannot reach another’s profiles', () => {
  async function twoViewers() {
    const { app } = await createTestApp();
    const ann = await signUp(app, 'ann@example.com');
    const bob = await signUp(app, 'bob@example.com');
    const annProfiles = await addProfiles(app, ann, ['Ann', 'Annie', 'Anna']);
    expect((await client(app, ann).select(annProfiles[1]!.id)).statusCode).toBe(200);
    const annBefore = await profilesOf(app, ann);
    expect(activeNames(annBefore)).toEqual(['Annie']);
    return { app, ann, bob, annProfiles, annBefore };
  }

  it('refuses every route with 403 when the path names another customer’s uid, and changes nothing', async () => {
    const { app, ann, bob, annProfiles, annBefore } = await twoViewers();
    const bobAtAnn = client(app, bob, ann.uid);
    const [first, second, third] = annProfiles;

    const responses = [
      await bobAtAnn.list(),
      await bobAtAnn.add('Mallory'),
      await bobAtAnn.add(''), // refused for the uid before the body is looked at
      await bobAtAnn.rename(first!.id, 'Mallory'),
      await bobAtAnn.rename('unknownid1', 'Mallory'),
      await bobAtAnn.select(third!.id),
      await bobAtAnn.remove(second!.id),
      await bobAtAnn.remove(first!.id),
    ];
    for (const response of responses) {
      expectProblem(response, 403, 'permission-denied', MESSAGES.forbidden);
      expect(JSON.stringify(response.json())).not.toContain('Ann');
    }

    expect(await profilesOf(app, ann)).toEqual(annBefore);
    expect(await profilesOf(app, bob)).toEqual([]);
  });

  it.each([
    ['a malformed uid', 'not-a-uid'],
    ['the uid with its letters’ case swapped', null],
    ['a uid of 29 characters', 'A'.repeat(29)],
  ])('refuses %s in the path with 403', async (_label, uid) => {
    const { app, ann, bob, annBefore } = await twoViewers();
    const swapped = [...ann.uid].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    const target = uid ?? swapped;
    expect(target).not.toBe(ann.uid);
    const bobThere = client(app, bob, target);
    expectProblem(await bobThere.list(), 403, 'permission-denied', MESSAGES.forbidden);
    expectProblem(await bobThere.add('Mallory'), 403, 'permission-denied', MESSAGES.forbidden);
    expect(await profilesOf(app, ann)).toEqual(annBefore);
  });

  it('answers 404 when B guesses A’s profile ids under B’s own uid, and changes nothing', async () => {
    const { app, ann, bob, annProfiles, annBefore } = await twoViewers();
    const bobOwn = client(app, bob);
    const bobProfile = await addProfile(app, bob, 'Bob');

    for (const annProfile of annProfiles) {
      expectProblem(await bobOwn.rename(annProfile.id, 'Mallory'), 404, 'not-found', MESSAGES.notFound);
      expectProblem(await bobOwn.select(annProfile.id), 404, 'not-found', MESSAGES.notFound);
      expectProblem(await bobOwn.remove(annProfile.id), 404, 'not-found', MESSAGES.notFound);
    }

    expect(await profilesOf(app, ann)).toEqual(annBefore);
    expect(await profilesOf(app, bob)).toEqual([bobProfile]);
  });

  it('keeps names, limits and the active profile per account', async () => {
    const { app, ann, bob, annBefore } = await twoViewers();
    // The same names as A's are fine for B, and B's first profile is active although A has one.
    const bobs = await addProfiles(app, bob, ['Ann', 'ANNIE', 'Anna', 'Four', 'Five']);
    expect(bobs[0]!.activeProfile).toBe(true);
    expectProblem(await client(app, bob).add('Six'), 409, 'resource-exhausted', MESSAGES.tooMany);
    // A still has room: the limit counts A's own profiles only.
    expect((await client(app, ann).add('Fourth')).statusCode).toBe(201);

    expect(await profilesOf(app, ann)).toEqual([
      ...annBefore,
      expect.objectContaining({ name: 'Fourth', activeProfile: false }),
    ]);
    expect(activeNames(await profilesOf(app, bob))).toEqual(['Ann']);
  });
});

describe('persistence', () => {
  it('keeps profiles, their order, names and the active one across a restart', async () => {
    const first = await createTestApp();
    const ann = await signUp(first.app, 'ann@example.com');
    const [, second, third] = await addProfiles(first.app, ann, ['Ann', 'Bob', 'Cleo']);
    expect((await client(first.app, ann).select(third!.id)).statusCode).toBe(200);
    expect((await client(first.app, ann).rename(second!.id, 'Robert')).statusCode).toBe(200);
    const before = await profilesOf(first.app, ann);
    await first.app.close();

    const { app } = await createTestApp({ dataDir: first.dataDir });
    expect(await profilesOf(app, ann)).toEqual(before);
    expect(activeNames(before)).toEqual(['Cleo']);
    expect(names(before)).toEqual(['Ann', 'Robert', 'Cleo']);

    // The rules still hold against what was stored before the restart.
    expectProblem(await client(app, ann).add('robert'), 409, 'already-exists', MESSAGES.duplicate('Robert'));
  });
});

describe('the database enforces the rules too', () => {
  it('stores the trimmed name and its case-folded key', async () => {
    const { app, ann } = await signedUpApp();
    await addProfile(app, ann, '  Ａnn Smith ');
    const row = app.db.prepare('SELECT uid, name, name_key, active FROM profiles').get();
    expect(row).toEqual({ uid: ann.uid, name: 'Ａnn Smith', name_key: 'ann smith', active: 1 });
  });

  it('refuses a second active profile, a sixth profile and a duplicate key for one account', async () => {
    const { app, ann } = await signedUpApp();
    await addProfiles(app, ann, ['One', 'Two', 'Three', 'Four']);
    const insert = app.db.prepare(
      'INSERT INTO profiles (uid, id, name, name_key, active, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    expect(() => insert.run(ann.uid, 'extra1', 'Extra', 'extra', 1, Date.now())).toThrow(/UNIQUE/);
    expect(() => insert.run(ann.uid, 'extra2', 'ONE', 'one', 0, Date.now())).toThrow(/UNIQUE/);
    insert.run(ann.uid, 'extra3', 'Five', 'five', 0, Date.now());
    expect(() => insert.run(ann.uid, 'extra4', 'Six', 'six', 0, Date.now())).toThrow(/at most 5 profiles/);
    expect(await profilesOf(app, ann)).toHaveLength(5);
  });
});
