import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { checkoutApp, checkoutClient, openSession, PLANS, signUp } from './checkout-helpers.ts';
import { createTestApp } from './test-app.ts';

const SESSION_COOKIE = 'marquee_session';
const AUTH_BODY_LIMIT = 16 * 1024;
const JSON_TYPE = { 'content-type': 'application/json' };

type AuthRoute = 'sign-up' | 'sign-in';
const AUTH_ROUTES: AuthRoute[] = ['sign-up', 'sign-in'];

interface Expected {
  /** An exact status, or any client error. */
  status: number | '4xx';
  code?: string;
  message?: RegExp;
}

interface HostileCase {
  label: string;
  request: InjectOptions;
  expected: Expected;
}

/** Raw text sent as-is with the given content type. */
function raw(route: string, payload: string, contentType = 'application/json'): InjectOptions {
  return { method: 'POST', url: `/api/auth/${route}`, headers: { 'content-type': contentType }, payload };
}

function json(route: string, body: unknown): InjectOptions {
  return raw(route, JSON.stringify(body));
}

/** A JSON body of exactly `bytes` bytes, valid for the routes' schema. */
function bodyOfSize(bytes: number): string {
  const skeleton = JSON.stringify({ email: 'ann@example.com', password: 'x', padding: '' });
  const body = JSON.stringify({
    email: 'ann@example.com',
    password: 'x',
    padding: 'p'.repeat(bytes - skeleton.length),
  });
  expect(Buffer.byteLength(body)).toBe(bytes);
  return body;
}

const MALFORMED_JSON: Array<[string, string]> = [
  ['truncated JSON', '{"email":'],
  ['single-quoted JSON', "{'email': 'ann@example.com', 'password': 'secret-password'}"],
  ['a trailing comma', '{"email":"ann@example.com","password":"secret-password",}'],
  ['trailing garbage', '{"email":"ann@example.com","password":"secret-password"} and more'],
  ['a bare word', 'undefined'],
  ['a __proto__ key', '{"__proto__":{"admin":true},"email":"ann@example.com","password":"secret-password"}'],
  [
    'a constructor.prototype key',
    '{"constructor":{"prototype":{"admin":true}},"email":"ann@example.com","password":"x"}',
  ],
];

const NOT_AN_OBJECT: Array<[string, string]> = [
  ['null', 'null'],
  ['an array', '[{"email":"ann@example.com","password":"secret-password"}]'],
  ['a string', '"ann@example.com"'],
  ['a number', '42'],
  ['a boolean', 'true'],
];

function casesFor(route: AuthRoute): HostileCase[] {
  return [
    ...MALFORMED_JSON.map(([label, payload]) => ({
      label: `${route}: ${label}`,
      request: raw(route, payload),
      expected: { status: 400, code: 'bad-request', message: /not valid JSON/ },
    })),
    {
      label: `${route}: an empty JSON body`,
      request: raw(route, ''),
      expected: { status: 400, code: 'bad-request', message: /empty/ },
    },
    {
      label: `${route}: no body at all`,
      request: { method: 'POST', url: `/api/auth/${route}` },
      expected: { status: 400, code: 'invalid-argument', message: /body must be object/ },
    },
    ...NOT_AN_OBJECT.map(([label, payload]) => ({
      label: `${route}: a body that is ${label}`,
      request: raw(route, payload),
      expected: { status: 400, code: 'invalid-argument', message: /body must be object/ },
    })),
    ...[
      ['email: {}', { email: {}, password: 'secret-password' }, /body\/email must be string/],
      ['email: []', { email: [], password: 'secret-password' }, /body\/email must be string/],
      [
        'email: [[[…]]] nested deep',
        { email: JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`), password: 'x' },
        /body\/email must be string/,
      ],
      ['password: {}', { email: 'ann@example.com', password: {} }, /body\/password must be string/],
      ['password: []', { email: 'ann@example.com', password: [] }, /body\/password must be string/],
      ['an e-mail over 1024 characters', { email: `${'a'.repeat(1100)}@example.com`, password: 'x' }, /body\/email/],
      ['a password over 1024 characters', { email: 'ann@example.com', password: 'x'.repeat(1025) }, /body\/password/],
    ].map(([label, body, message]) => ({
      label: `${route}: ${label as string}`,
      request: json(route, body),
      expected: { status: 400, code: 'invalid-argument', message: message as RegExp },
    })),
    // Scalars of the wrong type are refused as they are, never coerced into an e-mail or a
    // password ("123", "", "false").
    ...[
      ['password: 123', { email: 'ann@example.com', password: 123 }, /body\/password must be string/],
      ['password: null', { email: 'ann@example.com', password: null }, /body\/password must be string/],
      ['password: false', { email: 'ann@example.com', password: false }, /body\/password must be string/],
      ['email: 123', { email: 123, password: 'secret-password' }, /body\/email must be string/],
      ['email: null', { email: null, password: 'secret-password' }, /body\/email must be string/],
      ['email: true', { email: true, password: 'secret-password' }, /body\/email must be string/],
      ['email: ["…"]', { email: ['ann@example.com'], password: 'secret-password' }, /body\/email must be string/],
    ].map(([label, body, message]) => ({
      label: `${route}: ${label as string}`,
      request: json(route, body),
      expected: { status: 400, code: 'invalid-argument', message: message as RegExp },
    })),
    {
      label: `${route}: a body one byte over 16 KiB`,
      request: raw(route, bodyOfSize(AUTH_BODY_LIMIT + 1)),
      expected: { status: 413, code: 'payload-too-large', message: /too large/ },
    },
    {
      label: `${route}: a body of 60 KiB (under the server-wide limit, over the auth routes' one)`,
      request: raw(route, bodyOfSize(60 * 1024)),
      expected: { status: 413, code: 'payload-too-large', message: /too large/ },
    },
    {
      label: `${route}: a content-length header claiming 1 MB`,
      request: {
        method: 'POST',
        url: `/api/auth/${route}`,
        headers: { ...JSON_TYPE, 'content-length': String(1024 * 1024) },
        payload: '{}',
      },
      expected: { status: 413, code: 'payload-too-large' },
    },
    ...[
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=xyz',
      'application/xml',
      'application/vnd.api+json',
    ].map((contentType) => ({
      label: `${route}: content type ${contentType}`,
      request: raw(route, 'email=ann%40example.com&password=secret-password', contentType),
      expected: { status: 415, code: 'unsupported-media-type' },
    })),
    {
      label: `${route}: content type text/plain`,
      request: raw(route, '{"email":"ann@example.com","password":"secret-password"}', 'text/plain'),
      expected: { status: 415, code: 'unsupported-media-type' },
    },
  ];
}

const OTHER_CASES: HostileCase[] = [
  {
    label: 'sign-out: a body over the server-wide 64 KiB limit',
    request: raw('sign-out', bodyOfSize(70 * 1024)),
    expected: { status: 413, code: 'payload-too-large' },
  },
  {
    label: 'GET /api/unknown',
    request: { method: 'GET', url: '/api/unknown' },
    expected: { status: 404, code: 'not-found', message: /No route for GET \/api\/unknown/ },
  },
  {
    label: 'POST /api/auth/unknown',
    request: { method: 'POST', url: '/api/auth/unknown', headers: JSON_TYPE, payload: '{}' },
    expected: { status: 404, code: 'not-found', message: /No route for POST \/api\/auth\/unknown/ },
  },
  {
    label: 'GET /api/auth/sign-in (wrong method)',
    request: { method: 'GET', url: '/api/auth/sign-in' },
    expected: { status: 404, code: 'not-found' },
  },
  {
    label: 'DELETE /api/auth/session (wrong method)',
    request: { method: 'DELETE', url: '/api/auth/session' },
    expected: { status: 404, code: 'not-found' },
  },
  {
    label: 'GET /api/unknown with a query string (not echoed back)',
    request: { method: 'GET', url: '/api/unknown?token=secret' },
    expected: { status: 404, code: 'not-found', message: /^No route for GET \/api\/unknown$/ },
  },
  {
    label: 'GET /api/unknown asking for HTML',
    request: { method: 'GET', url: '/api/unknown', headers: { accept: 'text/html' } },
    expected: { status: 404, code: 'not-found' },
  },
  {
    label: 'a badly percent-encoded URL',
    request: { method: 'GET', url: '/api/%E0%A4%A' },
    expected: { status: 400 },
  },
];

const ALL_CASES: HostileCase[] = [...AUTH_ROUTES.flatMap(casesFor), ...OTHER_CASES];

function expectClientError(response: LightMyRequestResponse, expected: Expected) {
  if (expected.status === '4xx') {
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  } else {
    expect(response.statusCode).toBe(expected.status);
  }
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json() as { error?: { code?: unknown; message?: unknown } };
  // The one error shape: { error: { code, message } } and nothing else.
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error ?? {}).sort()).toEqual(['code', 'message']);
  expect(typeof body.error?.code).toBe('string');
  expect(typeof body.error?.message).toBe('string');
  expect(body.error?.message).not.toBe('');
  if (expected.code !== undefined) expect(body.error?.code).toBe(expected.code);
  if (expected.message !== undefined) expect(body.error?.message).toMatch(expected.message);
}

async function createAccount(app: FastifyInstance) {
  const response = await app.inject(json('sign-up', { email: 'ann@example.com', password: 'secret-password' }));
  expect(response.statusCode).toBe(201);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  expect(token).toBeTruthy();
  return { user: (response.json() as { user: unknown }).user, token: token! };
}

describe('hostile input', () => {
  it.each(ALL_CASES.map((c) => [c.label, c] as const))(
    '%s → a client error in the usual shape',
    async (_label, { request, expected }) => {
      const { app } = await createTestApp();
      expectClientError(await app.inject(request), expected);
    },
  );

  it.each(AUTH_ROUTES)('%s accepts a body of exactly 16 KiB (the limit is inclusive)', async (route) => {
    const { app } = await createTestApp();
    const response = await app.inject(raw(route, bodyOfSize(AUTH_BODY_LIMIT)));
    expect(response.statusCode).not.toBe(413);
    expect(response.statusCode).toBeGreaterThanOrEqual(200);
    expect(response.statusCode).toBeLessThan(500);
  });

  it('does not pollute prototypes through a JSON body', async () => {
    const { app } = await createTestApp();
    await app.inject(raw('sign-in', '{"__proto__":{"polluted":true},"email":"a@example.com","password":"x"}'));
    await app.inject(
      raw('sign-in', '{"constructor":{"prototype":{"polluted":true}},"email":"a@example.com","password":"x"}'),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['a very long cookie', 'x'.repeat(8000)],
    ['a badly encoded cookie', '%E0%A4%A'],
    ['a cookie full of separators', ';;==;;'],
  ])('GET /session with %s answers { user: null }', async (_label, value) => {
    const { app } = await createTestApp();
    const response = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie: `${SESSION_COOKIE}=${value}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('never answers 5xx, and the account made before still signs in with its data intact', async () => {
    // High limits, so that the failed sign-ins below do not throttle the final one.
    const { app } = await createTestApp({ accounts: { throttle: { perEmail: 10_000, perClient: 10_000 } } });
    const before = await createAccount(app);
    const listTables = () =>
      app.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all();
    const tablesBefore = listTables();

    const extra: InjectOptions[] = [
      json('sign-in', { email: 'ann\u0000@example.com', password: 'secret-password' }),
      json('sign-in', { email: 'ann@example.com', password: '\u0000' }),
      json('sign-in', { email: "ann@example.com' OR '1'='1", password: "' OR '1'='1" }),
      json('sign-in', { email: 'ann@example.com; DROP TABLE accounts; --', password: 'x' }),
      json('sign-up', { email: "ann@example.com'; DROP TABLE accounts; --", password: 'secret-password' }),
      json('sign-in', { email: '\u{1F600}@example.com', password: '\u{1F600}'.repeat(1024) }),
      raw('sign-in', '{"email":"a\\ud800@example.com","password":"\\udc00"}'),
      { method: 'GET', url: '/api/auth/session?x=%E0%A4%A' },
      { method: 'POST', url: '/api/auth/sign-out', headers: { cookie: `${SESSION_COOKIE}=${'%'.repeat(100)}` } },
    ];
    const responses: Array<[string, number]> = [];
    for (const { label, request } of ALL_CASES) {
      responses.push([label, (await app.inject(request)).statusCode]);
    }
    for (const [index, request] of extra.entries()) {
      responses.push([`extra #${index}`, (await app.inject(request)).statusCode]);
    }
    expect(responses.filter(([, status]) => status >= 500)).toEqual([]);

    const signIn = await app.inject(json('sign-in', { email: 'ann@example.com', password: 'secret-password' }));
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toEqual({ user: before.user });

    const session = await app.inject({
      method: 'GET',
      url: '/api/auth/session',
      cookies: { [SESSION_COOKIE]: before.token },
    });
    expect(session.json()).toEqual({ user: before.user });

    expect(listTables()).toEqual(tablesBefore);
    expect(app.db.prepare('SELECT email FROM accounts').pluck().all()).toEqual(['ann@example.com']);
  });
});

/** Script and markup that would run if a page put them in its HTML unescaped. */
const MARKUP_PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "'><svg/onload=alert(1)>",
  '</textarea><iframe src=javascript:alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  '${alert(1)}',
  '&lt;b&gt;bold&lt;/b&gt;',
  'javascript:alert(1)',
];

describe('script and markup payloads are data, never markup', () => {
  it('stores profile names as typed and returns them as JSON, byte for byte', async () => {
    const { app, ann } = await checkoutApp();
    const base = `/api/documents/customers/${ann.uid}/profiles`;
    const cookies = { [SESSION_COOKIE]: ann.token };
    const created = await app.inject({ method: 'POST', url: base, cookies, payload: { name: MARKUP_PAYLOADS[0] } });
    expect(created.statusCode).toBe(201);
    const { id } = created.json<{ profile: { id: string } }>().profile;
    for (const name of MARKUP_PAYLOADS) {
      const renamed = await app.inject({ method: 'PATCH', url: `${base}/${id}`, cookies, payload: { name } });
      expect(renamed.statusCode, name).toBe(200);
      expect(renamed.headers['content-type']).toMatch(/^application\/json/);
      expect(renamed.headers['x-content-type-options']).toBe('nosniff');
      expect(renamed.json<{ profile: { name: string } }>().profile.name).toBe(name);
      const listed = await app.inject({ url: base, cookies });
      // After the first profile, which sign-up named from the e-mail.
      expect(listed.json<{ profiles: Array<{ name: string }> }>().profiles.map((profile) => profile.name)).toEqual([
        'Ann',
        name,
      ]);
      expect(app.db.prepare('SELECT name FROM profiles WHERE id = ?').pluck().get(id)).toBe(name);
    }
    // An error that names the profile is JSON too.
    await app.inject({ method: 'POST', url: base, cookies, payload: { name: 'Second' } });
    const clash = await app.inject({ method: 'POST', url: base, cookies, payload: { name: MARKUP_PAYLOADS.at(-1) } });
    expect(clash.statusCode).toBe(409);
    expect(clash.headers['content-type']).toMatch(/^application\/json/);
    expect(clash.json<{ error: { message: string } }>().error.message).toContain(MARKUP_PAYLOADS.at(-1));
  });

  it.each([
    '<script>alert(1)</script>@example.com',
    '"><img/src=x/onerror=alert(1)>@example.com',
    "'><svg/onload=alert(1)>@example.com",
    '&lt;b&gt;@example.com',
  ])('keeps the e-mail %s as data, and the checkout page shows it escaped', async (email) => {
    const { app } = await checkoutApp();
    const customer = await signUp(app, email);
    const session = await app.inject({ url: '/api/auth/session', cookies: { [SESSION_COOKIE]: customer.token } });
    expect(session.headers['content-type']).toMatch(/^application\/json/);
    expect(session.json<{ user: { email: string } }>().user.email).toBe(email);

    const { sessionId } = await openSession(app, customer, PLANS.basic.price);
    const page = await checkoutClient(app, customer).page(sessionId);
    expect(page.statusCode).toBe(200);
    const escaped = email
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;');
    expect(page.body).toContain(`>${escaped}</p>`);
    expect(page.body).not.toContain(email);
    // The only elements are the page's own: one script (its file), no img, svg or iframe.
    expect(page.body.match(/<script/g)).toHaveLength(1);
    expect(page.body).not.toMatch(/<(img|svg|iframe)/i);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('never reflects markup from the URL into a page: JSON errors (nosniff), a fixed player notice', async () => {
    const { app } = await createTestApp();
    const payload = encodeURIComponent('<script>alert(1)</script>');
    const api = await app.inject({ url: `/api/${payload}`, headers: { accept: 'text/html' } });
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const player = await app.inject({ url: `/embed/${payload}` });
    expect(player.statusCode).toBe(404);
    expect(player.body).not.toContain('<script>alert');
    expect(player.body).toContain('This video is unavailable.');
    const checkout = await app.inject({ url: `/checkout/${payload}`, headers: { accept: 'text/html' } });
    expect(checkout.body).not.toContain('<script>alert');
  });
});
