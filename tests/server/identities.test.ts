import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { findHiddenCharacter } from '../../shared/text/identity-text.ts';
import { createTestApp } from './test-app.ts';

/**
 * One identity per person: look-alike spellings of an e-mail or a profile name are
 * one identity or refused, and JSON of the wrong type is never coerced into a name or an e-mail.
 */

const SESSION_COOKIE = 'marquee_session';
const PASSWORD = 'secret-password';
const HIDDEN_MESSAGE = 'Profile names cannot contain invisible or direction-control characters.';
const INVALID_EMAIL = { error: { code: 'auth/invalid-email', message: 'The email address is badly formatted.' } };

// "é" composed (NFC) and decomposed (NFD): the same letter to a reader.
const NFC_E = '\u00e9';
const NFD_E = 'e\u0301';

const signUp = (app: FastifyInstance, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: JSON.stringify(payload), headers: json });
const signIn = (app: FastifyInstance, payload: unknown) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: JSON.stringify(payload), headers: json });
const json = { 'content-type': 'application/json' };

async function accountCount(app: FastifyInstance): Promise<number> {
  return app.db.prepare('SELECT count(*) FROM accounts').pluck().get() as number;
}

async function viewer(app: FastifyInstance) {
  const response = await signUp(app, { email: 'ann@example.com', password: PASSWORD });
  expect(response.statusCode).toBe(201);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
  const uid = (response.json() as { user: { uid: string } }).user.uid;
  const base = `/api/documents/customers/${uid}/profiles`;
  const cookies = { [SESSION_COOKIE]: token };
  // The profile sign-up gives every account goes: these tests name every profile themselves.
  const [first] = (
    (await app.inject({ method: 'GET', url: base, cookies })).json() as { profiles: Array<{ id: string }> }
  ).profiles;
  expect((await app.inject({ method: 'DELETE', url: `${base}/${first!.id}`, cookies })).statusCode).toBe(200);
  return {
    add: (body: unknown) =>
      app.inject({ method: 'POST', url: base, cookies, headers: json, payload: JSON.stringify(body) }),
    rename: (id: string, body: unknown) =>
      app.inject({ method: 'PATCH', url: `${base}/${id}`, cookies, headers: json, payload: JSON.stringify(body) }),
    names: async () =>
      (
        (await app.inject({ method: 'GET', url: base, cookies })).json() as { profiles: Array<{ name: string }> }
      ).profiles.map((profile) => profile.name),
  };
}

function expectError(response: LightMyRequestResponse, status: number, code: string, message: string | RegExp) {
  expect(response.statusCode).toBe(status);
  const { error } = response.json() as { error: { code: string; message: string } };
  expect(error.code).toBe(code);
  if (typeof message === 'string') expect(error.message).toBe(message);
  else expect(error.message).toMatch(message);
}

describe('the shared character rules', () => {
  it.each([
    ['a zero-width space', 'An\u200Bn', 'invisible'],
    ['a zero-width non-joiner', 'An\u200Cn', 'invisible'],
    ['a zero-width joiner between letters', 'An\u200Dn', 'invisible'],
    ['a word joiner', 'An\u2060n', 'invisible'],
    ['a byte-order mark', 'An\uFEFFn', 'invisible'],
    ['a soft hyphen', 'An\u00ADn', 'invisible'],
    ['a Hangul filler', '\u3164', 'invisible'],
    ['a right-to-left override', 'abc\u202Egpj.exe', 'direction-control'],
    ['a left-to-right embedding', '\u202AAnn', 'direction-control'],
    ['a first-strong isolate', 'Ann\u2068', 'direction-control'],
    ['a right-to-left mark', 'Ann\u200F', 'direction-control'],
    ['an Arabic letter mark', 'Ann\u061C', 'direction-control'],
  ])('finds %s', (_label, text, kind) => {
    expect(findHiddenCharacter(text)).toBe(kind);
  });

  it.each([
    ['plain letters', 'Ann'],
    ['accents, composed or not', `Ren${NFC_E}e Ren${NFD_E}e`],
    ['a family emoji (joined by U+200D)', 'Zoë 👩‍👩‍👧'],
    ['a skin-toned emoji sequence', '👨🏽‍💻'],
    ['the rainbow flag', '🏳️‍🌈'],
    ["England's flag (tag characters)", '🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}'],
    ['right-to-left script without controls', 'مريم'],
  ])('allows %s', (_label, text) => {
    expect(findHiddenCharacter(text)).toBeNull();
  });
});

describe('e-mails: one account per address', () => {
  it('makes the NFC and NFD spellings of one e-mail one account', async () => {
    const { app } = await createTestApp();
    const first = await signUp(app, { email: `ren${NFC_E}e@example.com`, password: PASSWORD });
    expect(first.statusCode).toBe(201);
    expect((first.json() as { user: { email: string } }).user.email).toBe(`ren${NFC_E}e@example.com`);

    const twin = await signUp(app, { email: `REN${NFD_E.toUpperCase()}E@example.com`, password: 'another-password' });
    expectError(twin, 409, 'auth/email-already-in-use', /already in use/);
    expect(await accountCount(app)).toBe(1);

    // The decomposed spelling signs in to the same account.
    const signedIn = await signIn(app, { email: `ren${NFD_E}e@example.com`, password: PASSWORD });
    expect(signedIn.statusCode).toBe(200);
    expect((signedIn.json() as { user: { uid: string } }).user.uid).toBe(
      (first.json() as { user: { uid: string } }).user.uid,
    );
  });

  it.each([
    ['a zero-width space', 'ann\u200B@example.com'],
    ['a zero-width joiner', 'an\u200Dn@example.com'],
    ['a word joiner', 'ann@exam\u2060ple.com'],
    ['a byte-order mark inside', 'ann@\uFEFFexample.com'],
    ['a right-to-left override', 'ann\u202E@example.com'],
    ['a pop-directional isolate', 'ann@example.com\u2069x'],
    ['a left-to-right mark', 'ann\u200E@example.com'],
  ])('refuses an e-mail with %s as auth/invalid-email, on sign-up and sign-in', async (_label, email) => {
    const { app } = await createTestApp();
    expect((await signUp(app, { email: 'ann@example.com', password: PASSWORD })).statusCode).toBe(201);

    const up = await signUp(app, { email, password: PASSWORD });
    expect(up.statusCode).toBe(400);
    expect(up.json()).toEqual(INVALID_EMAIL);
    const inResponse = await signIn(app, { email, password: PASSWORD });
    expect(inResponse.statusCode).toBe(400);
    expect(inResponse.json()).toEqual(INVALID_EMAIL);
    expect(await accountCount(app)).toBe(1);
  });

  it.each([
    ['a number', { email: 123, password: PASSWORD }, /body\/email must be string/],
    ['an array', { email: ['ann@example.com'], password: PASSWORD }, /body\/email must be string/],
    ['a boolean', { email: true, password: PASSWORD }, /body\/email must be string/],
    ['a numeric password', { email: 'ann@example.com', password: 12345678 }, /body\/password must be string/],
  ])(
    'refuses an e-mail or password of another JSON type (%s) with 400, making no account',
    async (_l, body, message) => {
      const { app } = await createTestApp();
      expectError(await signUp(app, body), 400, 'invalid-argument', message);
      expectError(await signIn(app, body), 400, 'invalid-argument', message);
      expect(await accountCount(app)).toBe(0);
    },
  );
});

describe('profile names: no look-alikes within an account', () => {
  it('stores a decomposed name composed, and it collides with its composed twin', async () => {
    const { app } = await createTestApp();
    const as = await viewer(app);
    const added = await as.add({ name: `Ren${NFD_E}e` });
    expect(added.statusCode).toBe(201);
    expect((added.json() as { profile: { name: string } }).profile.name).toBe(`Ren${NFC_E}e`);

    expectError(
      await as.add({ name: `Ren${NFC_E}e` }),
      409,
      'already-exists',
      `You already have a profile called "Ren${NFC_E}e".`,
    );
    expectError(await as.add({ name: `REN${NFD_E.toUpperCase()}E` }), 409, 'already-exists', /already have/);
    expect(await as.names()).toEqual([`Ren${NFC_E}e`]);
  });

  it.each([
    ['a zero-width space next to an existing name', 'Ann\u200B'],
    ['a zero-width joiner inside it', 'A\u200Dnn'],
    ['a word joiner', 'An\u2060n'],
    ['a byte-order mark inside', 'An\uFEFFn'],
    ['a right-to-left override', 'abc\u202Egpj.exe'],
    ['a right-to-left isolate', '\u2067Ann'],
    ['a right-to-left mark', 'Ann\u200F'],
    ['an Arabic letter mark', 'Ann\u061C'],
  ])('refuses %s with a clear 400, on add and rename', async (_label, name) => {
    const { app } = await createTestApp();
    const as = await viewer(app);
    const ann = await as.add({ name: 'Ann' });
    const id = (ann.json() as { profile: { id: string } }).profile.id;

    expectError(await as.add({ name }), 400, 'invalid-argument', HIDDEN_MESSAGE);
    expectError(await as.rename(id, { name }), 400, 'invalid-argument', HIDDEN_MESSAGE);
    expect(await as.names()).toEqual(['Ann']);
  });

  it('accepts emoji that need a joiner', async () => {
    const { app } = await createTestApp();
    const as = await viewer(app);
    expect((await as.add({ name: 'Zoë 👩‍👩‍👧' })).statusCode).toBe(201);
    expect(await as.names()).toEqual(['Zoë 👩‍👩‍👧']);
  });

  it.each([
    ['a number', { name: 123 }],
    ['a one-element array', { name: ['Ann'] }],
    ['a boolean', { name: true }],
    ['an object', { name: { toString: 'Ann' } }],
  ])('refuses a name that is %s with 400, and never names a profile from it', async (_label, body) => {
    const { app } = await createTestApp();
    const as = await viewer(app);
    expectError(await as.add(body), 400, 'invalid-argument', 'A profile name must be text.');
    expect(await as.names()).toEqual([]);
  });
});
