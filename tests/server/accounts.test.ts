import { join } from 'node:path';

import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { createTestApp } from './test-app.ts';

const SESSION_COOKIE = 'marquee_session';
const UID_SHAPE = /^[A-Za-z0-9]{28}$/;

const ERRORS = {
  invalidEmail: {
    status: 400,
    body: { error: { code: 'auth/invalid-email', message: 'The email address is badly formatted.' } },
  },
  missingPassword: {
    status: 400,
    body: { error: { code: 'auth/missing-password', message: 'A password is required.' } },
  },
  weakPassword: {
    status: 400,
    body: { error: { code: 'auth/weak-password', message: 'Password should be at least 6 characters' } },
  },
  emailInUse: {
    status: 409,
    body: {
      error: {
        code: 'auth/email-already-in-use',
        message: 'The email address is already in use by another account.',
      },
    },
  },
  invalidCredential: {
    status: 401,
    body: {
      error: { code: 'auth/invalid-credential', message: 'The email address or password is incorrect.' },
    },
  },
  tooManyRequests: {
    status: 429,
    body: {
      error: {
        code: 'auth/too-many-requests',
        message: 'Too many attempts. Please try again later.',
      },
    },
  },
} as const;

type AuthError = (typeof ERRORS)[keyof typeof ERRORS];

interface SetCookie {
  name: string;
  value: string;
  /** Attribute names lower-cased; flags (HttpOnly, Secure) map to ''. */
  attributes: Map<string, string>;
}

function parseSetCookie(line: string): SetCookie {
  const [pair = '', ...rest] = line.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    const at = attribute.indexOf('=');
    if (at < 0) attributes.set(attribute.toLowerCase(), '');
    else attributes.set(attribute.slice(0, at).toLowerCase(), attribute.slice(at + 1));
  }
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1), attributes };
}

function setCookies(response: LightMyRequestResponse): SetCookie[] {
  const header = response.headers['set-cookie'];
  const lines = header === undefined ? [] : Array.isArray(header) ? header : [header];
  return lines.map(parseSetCookie);
}

/** The one session cookie a response sets; fails the test unless there is exactly one. */
function sessionCookie(response: LightMyRequestResponse): SetCookie {
  const cookies = setCookies(response).filter((cookie) => cookie.name === SESSION_COOKIE);
  expect(cookies).toHaveLength(1);
  return cookies[0]!;
}

interface Call {
  token?: string;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

function post(app: FastifyInstance, route: string, payload?: object, call: Call = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/auth/${route}`,
    ...(payload === undefined ? {} : { payload }),
    headers: call.headers,
    cookies: call.token === undefined ? undefined : { [SESSION_COOKIE]: call.token },
    ...(call.remoteAddress === undefined ? {} : { remoteAddress: call.remoteAddress }),
  });
}

const signUp = (app: FastifyInstance, payload: object, call?: Call) => post(app, 'sign-up', payload, call);
const signIn = (app: FastifyInstance, payload: object, call?: Call) => post(app, 'sign-in', payload, call);
const signOut = (app: FastifyInstance, call?: Call) => post(app, 'sign-out', undefined, call);

function session(app: FastifyInstance, token?: string) {
  return app.inject({
    method: 'GET',
    url: '/api/auth/session',
    cookies: token === undefined ? undefined : { [SESSION_COOKIE]: token },
  });
}

function expectAuthError(response: LightMyRequestResponse, expected: AuthError) {
  expect(response.statusCode).toBe(expected.status);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual(expected.body);
  expect(setCookies(response)).toEqual([]);
}

/** Signs up and returns the user and the session token, asserting success. */
async function createAccount(app: FastifyInstance, email: string, password: string) {
  const response = await signUp(app, { email, password });
  expect(response.statusCode).toBe(201);
  const { user } = response.json() as { user: { uid: string; email: string; createdAt: string } };
  return { user, token: sessionCookie(response).value };
}

/** E-mails neither route accepts as well-formed. */
const badEmails: Array<[string, object]> = [
  ['an empty e-mail', { email: '', password: 'secret-password' }],
  ['only spaces', { email: '   ', password: 'secret-password' }],
  ['no @', { email: 'ann.example.com', password: 'secret-password' }],
  ['nothing before @', { email: '@example.com', password: 'secret-password' }],
  ['nothing after @', { email: 'ann@', password: 'secret-password' }],
  ['no dot in the domain', { email: 'ann@example', password: 'secret-password' }],
  ['a trailing dot', { email: 'ann@example.', password: 'secret-password' }],
  ['two @', { email: 'ann@@example.com', password: 'secret-password' }],
  ['a space inside', { email: 'ann smith@example.com', password: 'secret-password' }],
  ['a missing email field', { password: 'secret-password' }],
  ['an empty body object', {}],
  ['255 characters', { email: `${'a'.repeat(243)}@example.com`, password: 'secret-password' }],
];

describe('POST /api/auth/sign-up', () => {
  it('creates the account, answers 201 with the user and starts a session in an HttpOnly cookie', async () => {
    const { app } = await createTestApp();
    const before = Date.now();
    // 6 characters is the shortest password accepted.
    const response = await signUp(app, { email: ' Ann@Example.COM ', password: 'secret' });
    const after = Date.now();

    expect(response.statusCode).toBe(201);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json() as { user: { uid: string; email: string; createdAt: string } };
    expect(Object.keys(body)).toEqual(['user']);
    // The first account on a data folder is its operator (the studio's); the session says so to it alone.
    expect(Object.keys(body.user).sort()).toEqual(['createdAt', 'email', 'operator', 'uid']);
    expect(body.user.uid).toMatch(UID_SHAPE);
    expect(body.user.email).toBe('ann@example.com');
    expect(new Date(body.user.createdAt).toISOString()).toBe(body.user.createdAt);
    const createdAt = Date.parse(body.user.createdAt);
    expect(createdAt).toBeGreaterThanOrEqual(before);
    expect(createdAt).toBeLessThanOrEqual(after);

    const cookie = sessionCookie(response);
    expect(cookie.value).not.toBe('');
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('path')).toBe('/');
    // Plain http: a Secure cookie would never come back.
    expect(cookie.attributes.has('secure')).toBe(false);
    expect(Number(cookie.attributes.get('max-age'))).toBeGreaterThan(0);

    const current = await session(app, cookie.value);
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ user: body.user });
  });

  it('does not trust x-forwarded-proto (trustProxy is off), so the cookie is not Secure', async () => {
    const { app } = await createTestApp();
    const response = await signUp(
      app,
      { email: 'proxy@example.com', password: 'secret-password' },
      { headers: { 'x-forwarded-proto': 'https' } },
    );
    expect(response.statusCode).toBe(201);
    expect(sessionCookie(response).attributes.has('secure')).toBe(false);
  });

  it('gives the new account its first profile, active, named from the e-mail (docs/decisions.md)', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'Ann.Lee+tv@Example.com', 'secret-password');
    const response = await app.inject({
      method: 'GET',
      url: `/api/documents/customers/${ann.user.uid}/profiles`,
      cookies: { [SESSION_COOKIE]: ann.token },
    });
    expect(response.statusCode).toBe(200);
    const { profiles } = response.json() as { profiles: Array<{ id: string; name: string; activeProfile: boolean }> };
    expect(profiles).toEqual([{ id: expect.any(String), name: 'Ann.lee', activeProfile: true }]);
    // A refused sign-up (the e-mail taken) adds no second profile.
    expect((await signUp(app, { email: 'ann.lee+tv@example.com', password: 'secret-password' })).statusCode).toBe(409);
    const again = await app.inject({
      method: 'GET',
      url: `/api/documents/customers/${ann.user.uid}/profiles`,
      cookies: { [SESSION_COOKIE]: ann.token },
    });
    expect((again.json() as { profiles: unknown[] }).profiles).toHaveLength(1);
  });

  it('gives each account its own uid', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');
    const bob = await createAccount(app, 'bob@example.com', 'secret-password');
    expect(bob.user.uid).toMatch(UID_SHAPE);
    expect(bob.user.uid).not.toBe(ann.user.uid);
    expect(bob.token).not.toBe(ann.token);
  });

  it.each(badEmails)('refuses %s with auth/invalid-email', async (_label, payload) => {
    const { app } = await createTestApp();
    expectAuthError(await signUp(app, payload), ERRORS.invalidEmail);
  });

  it.each([
    ['an empty password', { email: 'ann@example.com', password: '' }],
    ['a missing password field', { email: 'ann@example.com' }],
  ])('refuses %s with auth/missing-password', async (_label, payload) => {
    const { app } = await createTestApp();
    expectAuthError(await signUp(app, payload), ERRORS.missingPassword);
  });

  it.each(['a', 'abcde'])('refuses the short password %j with auth/weak-password', async (password) => {
    const { app } = await createTestApp();
    expectAuthError(await signUp(app, { email: 'ann@example.com', password }), ERRORS.weakPassword);
  });

  it('creates nothing when it refuses', async () => {
    const { app } = await createTestApp();
    expectAuthError(await signUp(app, { email: 'ann@example.com', password: 'abc' }), ERRORS.weakPassword);
    // Had the refused sign-up stored the account, this would be 409.
    const response = await signUp(app, { email: 'ann@example.com', password: 'secret-password' });
    expect(response.statusCode).toBe(201);
  });

  it('refuses an e-mail already in use, whatever its case and surrounding spaces, and keeps the first password', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'first-password');

    expectAuthError(await signUp(app, { email: ' Ann@Example.COM ', password: 'second-password' }), ERRORS.emailInUse);
    expectAuthError(await signUp(app, { email: 'ann@example.com', password: 'second-password' }), ERRORS.emailInUse);

    expectAuthError(
      await signIn(app, { email: 'ann@example.com', password: 'second-password' }),
      ERRORS.invalidCredential,
    );
    const response = await signIn(app, { email: 'ann@example.com', password: 'first-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: ann.user });
  });
});

describe('POST /api/auth/sign-in', () => {
  it('answers 200 with the same user, renews the token and retires the one the browser had', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');

    const response = await signIn(
      app,
      { email: '  ANN@example.com ', password: 'secret-password' },
      { token: ann.token },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: ann.user });

    const cookie = sessionCookie(response);
    expect(cookie.value).not.toBe('');
    expect(cookie.value).not.toBe(ann.token);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('secure')).toBe(false);

    expect((await session(app, ann.token)).json()).toEqual({ user: null });
    expect((await session(app, cookie.value)).json()).toEqual({ user: ann.user });
  });

  it('keeps the createdAt of the sign-up', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');
    const response = await signIn(app, { email: 'ann@example.com', password: 'secret-password' });
    const { user } = response.json() as { user: { createdAt: string; uid: string } };
    expect(user.createdAt).toBe(ann.user.createdAt);
    expect(user.uid).toBe(ann.user.uid);
  });

  it('answers a wrong password and an unknown user with the same status and body, and sets no cookie', async () => {
    const { app } = await createTestApp();
    await createAccount(app, 'ann@example.com', 'secret-password');

    const wrongPassword = await signIn(app, { email: 'ann@example.com', password: 'not-the-password' });
    const unknownUser = await signIn(app, { email: 'nobody@example.com', password: 'secret-password' });

    expectAuthError(wrongPassword, ERRORS.invalidCredential);
    expectAuthError(unknownUser, ERRORS.invalidCredential);
    expect(unknownUser.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownUser.body).toBe(wrongPassword.body);
  });

  it('leaves the current session alone when a sign-in fails', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');
    const response = await signIn(
      app,
      { email: 'ann@example.com', password: 'not-the-password' },
      { token: ann.token },
    );
    expectAuthError(response, ERRORS.invalidCredential);
    expect((await session(app, ann.token)).json()).toEqual({ user: ann.user });
  });

  it('does not apply the sign-up password rules: a short wrong password is just invalid-credential', async () => {
    const { app } = await createTestApp();
    expectAuthError(await signIn(app, { email: 'ann@example.com', password: 'abc' }), ERRORS.invalidCredential);
  });

  it.each(badEmails)('refuses %s with auth/invalid-email', async (_label, payload) => {
    const { app } = await createTestApp();
    expectAuthError(await signIn(app, payload), ERRORS.invalidEmail);
  });

  it('accepts an e-mail of exactly 254 characters as well-formed', async () => {
    const { app } = await createTestApp();
    const email = `${'a'.repeat(242)}@example.com`;
    expect(email).toHaveLength(254);
    expectAuthError(await signIn(app, { email, password: 'secret-password' }), ERRORS.invalidCredential);
  });

  it.each([
    ['an empty password', { email: 'ann@example.com', password: '' }],
    ['a missing password field', { email: 'ann@example.com' }],
  ])('refuses %s with auth/missing-password', async (_label, payload) => {
    const { app } = await createTestApp();
    expectAuthError(await signIn(app, payload), ERRORS.missingPassword);
  });
});

describe('sign-in throttling', () => {
  it('blocks an e-mail after too many failures, even with the right password, but not another e-mail', async () => {
    const { app } = await createTestApp({ accounts: { throttle: { perEmail: 3, perClient: 100 } } });
    await createAccount(app, 'ann@example.com', 'ann-password');
    const bob = await createAccount(app, 'bob@example.com', 'bob-password');

    for (let attempt = 0; attempt < 3; attempt++) {
      expectAuthError(
        await signIn(app, { email: 'ann@example.com', password: `wrong-${attempt}` }),
        ERRORS.invalidCredential,
      );
    }
    expectAuthError(await signIn(app, { email: 'ann@example.com', password: 'wrong-again' }), ERRORS.tooManyRequests);
    expectAuthError(await signIn(app, { email: 'ann@example.com', password: 'ann-password' }), ERRORS.tooManyRequests);
    // The key is the normalised e-mail, and it does not depend on where the request comes from.
    expectAuthError(
      await signIn(app, { email: ' ANN@Example.com ', password: 'ann-password' }, { remoteAddress: '192.0.2.7' }),
      ERRORS.tooManyRequests,
    );

    const response = await signIn(app, { email: 'bob@example.com', password: 'bob-password' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: bob.user });
  });

  it('blocks a client address after too many failures across different e-mails', async () => {
    const { app } = await createTestApp({ accounts: { throttle: { perEmail: 100, perClient: 3 } } });
    const ann = await createAccount(app, 'ann@example.com', 'ann-password');

    for (const name of ['one', 'two', 'three']) {
      expectAuthError(
        await signIn(app, { email: `${name}@example.com`, password: 'some-password' }),
        ERRORS.invalidCredential,
      );
    }
    expectAuthError(
      await signIn(app, { email: 'four@example.com', password: 'some-password' }),
      ERRORS.tooManyRequests,
    );
    // A correct password is refused while the address is blocked.
    expectAuthError(await signIn(app, { email: 'ann@example.com', password: 'ann-password' }), ERRORS.tooManyRequests);
    // trustProxy is off: a forged X-Forwarded-For does not make a new client.
    expectAuthError(
      await signIn(
        app,
        { email: 'ann@example.com', password: 'ann-password' },
        { headers: { 'x-forwarded-for': '203.0.113.9' } },
      ),
      ERRORS.tooManyRequests,
    );

    // Another address is not blocked.
    const response = await signIn(
      app,
      { email: 'ann@example.com', password: 'ann-password' },
      { remoteAddress: '192.0.2.7' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: ann.user });
  });

  it('forgives an e-mail its failures after a successful sign-in', async () => {
    const { app } = await createTestApp({ accounts: { throttle: { perEmail: 3, perClient: 100 } } });
    await createAccount(app, 'ann@example.com', 'ann-password');

    const fail = async () =>
      expectAuthError(
        await signIn(app, { email: 'ann@example.com', password: 'wrong-password' }),
        ERRORS.invalidCredential,
      );
    await fail();
    await fail();
    expect((await signIn(app, { email: 'ann@example.com', password: 'ann-password' })).statusCode).toBe(200);
    // Without the reset these would be failures 3 and 4, and the last sign-in would be refused.
    await fail();
    await fail();
    expect((await signIn(app, { email: 'ann@example.com', password: 'ann-password' })).statusCode).toBe(200);
  });

  it('does not count malformed requests as failed sign-ins', async () => {
    const { app } = await createTestApp({ accounts: { throttle: { perEmail: 1, perClient: 1 } } });
    await createAccount(app, 'ann@example.com', 'ann-password');

    for (let attempt = 0; attempt < 3; attempt++) {
      expectAuthError(await signIn(app, { email: 'ann@example.com', password: '' }), ERRORS.missingPassword);
      expectAuthError(await signIn(app, { email: 'ann@', password: 'ann-password' }), ERRORS.invalidEmail);
    }
    expect((await signIn(app, { email: 'ann@example.com', password: 'ann-password' })).statusCode).toBe(200);
  });
});

describe('throttles under concurrency', () => {
  const BURST = 200;
  const statuses = (responses: LightMyRequestResponse[]) => {
    const counts = new Map<number, number>();
    for (const r of responses) counts.set(r.statusCode, (counts.get(r.statusCode) ?? 0) + 1);
    return Object.fromEntries(counts);
  };

  it(`checks at most the per-e-mail limit of ${BURST} concurrent wrong passwords, and refuses the right one sent in the middle and last`, async () => {
    const { app } = await createTestApp({ accounts: { throttle: { perEmail: 5, perClient: 10_000 } } });
    await createAccount(app, 'ann@example.com', 'ann-password');

    const MIDDLE = BURST / 2;
    const guesses = Array.from({ length: BURST }, (_, i) =>
      signIn(
        app,
        { email: 'ann@example.com', password: i === MIDDLE ? 'ann-password' : `guess-${i}` },
        { remoteAddress: `198.51.100.${i % 250}` },
      ),
    );
    const right = signIn(app, { email: 'ann@example.com', password: 'ann-password' });
    const responses = await Promise.all(guesses);

    expect(statuses(responses)).toEqual({ 401: 5, 429: BURST - 5 });
    expectAuthError(responses[MIDDLE]!, ERRORS.tooManyRequests);
    expectAuthError(await right, ERRORS.tooManyRequests);
    // And after the burst, still blocked.
    expectAuthError(await signIn(app, { email: 'ann@example.com', password: 'ann-password' }), ERRORS.tooManyRequests);
  });

  it('checks at most the per-address limit of a burst across many e-mails', async () => {
    const { app } = await createTestApp({ accounts: { throttle: { perEmail: 10_000, perClient: 50 } } });
    await createAccount(app, 'ann@example.com', 'ann-password');

    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        signIn(app, { email: `guess-${i}@example.com`, password: 'some-password' }),
      ),
    );
    expect(statuses(responses)).toEqual({ 401: 50, 429: BURST - 50 });
    expectAuthError(await signIn(app, { email: 'ann@example.com', password: 'ann-password' }), ERRORS.tooManyRequests);
    // A refused request does not use up another key: ann from elsewhere still signs in.
    const elsewhere = await signIn(
      app,
      { email: 'ann@example.com', password: 'ann-password' },
      { remoteAddress: '192.0.2.7' },
    );
    expect(elsewhere.statusCode).toBe(200);
  });

  it('gives a successful sign-in its attempt back', async () => {
    const { app } = await createTestApp({ accounts: { throttle: { perEmail: 100, perClient: 2 } } });
    await createAccount(app, 'ann@example.com', 'ann-password');
    for (let i = 0; i < 5; i++) {
      expect((await signIn(app, { email: 'ann@example.com', password: 'ann-password' })).statusCode).toBe(200);
    }
    expectAuthError(await signIn(app, { email: 'x@example.com', password: 'some-password' }), ERRORS.invalidCredential);
    expectAuthError(await signIn(app, { email: 'y@example.com', password: 'some-password' }), ERRORS.invalidCredential);
    expectAuthError(await signIn(app, { email: 'ann@example.com', password: 'ann-password' }), ERRORS.tooManyRequests);
  });

  it(`makes at most the per-address limit of ${BURST} concurrent sign-ups, new or already in use`, async () => {
    const { app } = await createTestApp({ accounts: { signUpsPerClient: 20 } });
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        signUp(app, { email: i % 2 ? `new-${i}@example.com` : 'same@example.com', password: 'secret-password' }),
      ),
    );
    const counts = statuses(responses);
    expect(counts[429]).toBe(BURST - 20);
    expect((counts[201] ?? 0) + (counts[409] ?? 0)).toBe(20);
    for (const r of responses.filter((r) => r.statusCode === 429)) {
      expect(r.json()).toEqual(ERRORS.tooManyRequests.body);
    }
    // Another address may still sign up; a malformed sign-up is not counted.
    expect(
      (await signUp(app, { email: 'other@example.com', password: 'secret-password' }, { remoteAddress: '192.0.2.7' }))
        .statusCode,
    ).toBe(201);
    expectAuthError(await signUp(app, { email: 'bad@', password: 'secret-password' }), ERRORS.invalidEmail);
  });
});

describe('GET /api/auth/session', () => {
  it('answers { user: null } without a cookie, and is never cached', async () => {
    const { app } = await createTestApp();
    const response = await session(app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ user: null });
  });

  it.each([
    ['an unknown token', 'x'.repeat(43)],
    ['an empty token', ''],
    ['a badly encoded token', '%E0%A4%A'],
  ])('answers { user: null } for %s', async (_label, token) => {
    const { app } = await createTestApp();
    const response = await session(app, token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('answers the signed-in user with cache-control: no-store', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');
    const response = await session(app, ann.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ user: ann.user });
  });
});

describe('POST /api/auth/sign-out', () => {
  function expectClearedCookie(response: LightMyRequestResponse) {
    const cookie = sessionCookie(response);
    expect(cookie.value).toBe('');
    expect(cookie.attributes.get('path')).toBe('/');
    const maxAge = cookie.attributes.get('max-age');
    const expires = cookie.attributes.get('expires');
    const expired =
      maxAge === '0' || (expires !== undefined && Date.parse(expires) <= Date.parse('2000-01-01T00:00:00Z'));
    expect(expired).toBe(true);
  }

  it('answers 204, clears the cookie and revokes the session on the server', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');

    const response = await signOut(app, { token: ann.token });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectClearedCookie(response);

    // Replaying the old token (as a copied cookie would) gets nobody.
    expect((await session(app, ann.token)).json()).toEqual({ user: null });
  });

  it('answers 204 and clears the cookie even without one', async () => {
    const { app } = await createTestApp();
    const response = await signOut(app);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectClearedCookie(response);
  });

  it('answers 204 for an unknown token', async () => {
    const { app } = await createTestApp();
    const response = await signOut(app, { token: 'not-a-session' });
    expect(response.statusCode).toBe(204);
    expectClearedCookie(response);
  });

  it('ends only the session it was sent, not the account’s other sessions', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');
    // A second device: a sign-in without the first cookie.
    const other = sessionCookie(await signIn(app, { email: 'ann@example.com', password: 'secret-password' }));
    expect(other.value).not.toBe(ann.token);

    expect((await signOut(app, { token: ann.token })).statusCode).toBe(204);
    expect((await session(app, ann.token)).json()).toEqual({ user: null });
    expect((await session(app, other.value)).json()).toEqual({ user: ann.user });
  });
});

describe('POST /api/auth/sign-out-everywhere', () => {
  const signOutEverywhere = (app: FastifyInstance, call?: Call) => post(app, 'sign-out-everywhere', undefined, call);

  it('ends every session of the account, another browser’s and this one, and clears the cookie', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');
    // Two other browsers signed in to the same account, and another account.
    const laptop = sessionCookie(await signIn(app, { email: 'ann@example.com', password: 'secret-password' }));
    const phone = sessionCookie(await signIn(app, { email: 'ann@example.com', password: 'secret-password' }));
    const bob = await createAccount(app, 'bob@example.com', 'secret-password');

    const response = await signOutEverywhere(app, { token: ann.token });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = sessionCookie(response);
    expect(cleared.value).toBe('');
    expect(cleared.attributes.get('max-age') === '0' || cleared.attributes.has('expires')).toBe(true);

    for (const token of [ann.token, laptop.value, phone.value]) {
      expect((await session(app, token)).json()).toEqual({ user: null });
    }
    // The other browser's next write is refused: its session is dead on the server.
    const write = await app.inject({
      method: 'POST',
      url: `/api/documents/customers/${ann.user.uid}/profiles`,
      cookies: { [SESSION_COOKIE]: laptop.value },
      payload: { name: 'Laptop' },
    });
    expect(write.statusCode).toBe(401);
    // Another account is not touched.
    expect((await session(app, bob.token)).json()).toEqual({ user: bob.user });
    // The password still works: signing in again starts a new session.
    expect((await signIn(app, { email: 'ann@example.com', password: 'secret-password' })).statusCode).toBe(200);
  });

  it('answers 401 without a live session, and ends nothing', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');
    for (const call of [{}, { token: 'not-a-session' }]) {
      const response = await signOutEverywhere(app, call);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: { code: 'unauthenticated', message: 'Please sign in first.' } });
    }
    expect((await session(app, ann.token)).json()).toEqual({ user: ann.user });
  });

  it('is refused from another site, like every write', async () => {
    const { app } = await createTestApp();
    const ann = await createAccount(app, 'ann@example.com', 'secret-password');
    const response = await signOutEverywhere(app, { token: ann.token, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode).toBe(403);
    expect((await session(app, ann.token)).json()).toEqual({ user: ann.user });
  });
});

describe('what is stored', () => {
  it('keeps argon2id password hashes, the sign-up time, and no raw session token', async () => {
    const { app, dataDir } = await createTestApp();
    const password = 'correct horse battery staple';
    const ann = await createAccount(app, 'ann@example.com', password);
    const second = sessionCookie(await signIn(app, { email: 'ann@example.com', password }));

    const db = new BetterSqlite3(join(dataDir, 'marquee.db'), { readonly: true });
    try {
      const accounts = db.prepare('SELECT * FROM accounts').all() as Array<{
        uid: string;
        email: string;
        password_hash: string;
        created_at: number;
      }>;
      expect(accounts).toHaveLength(1);
      const [row] = accounts;
      expect(row!.uid).toBe(ann.user.uid);
      expect(row!.email).toBe('ann@example.com');
      expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(row!.password_hash).not.toContain(password);
      expect(row!.created_at).toBe(Date.parse(ann.user.createdAt));

      const sessions = db.prepare('SELECT * FROM sessions').all() as Array<Record<string, unknown>>;
      expect(sessions).toHaveLength(2);
      for (const sessionRow of sessions) {
        expect(sessionRow.uid).toBe(ann.user.uid);
      }

      // Nowhere in the database: not the password, not either token.
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>;
      const everything = JSON.stringify(tables.map(({ name }) => db.prepare(`SELECT * FROM "${name}"`).all()));
      expect(everything).toContain(ann.user.uid);
      expect(everything).not.toContain(password);
      expect(everything).not.toContain(ann.token);
      expect(everything).not.toContain(second.value);
    } finally {
      db.close();
    }
  });
});
