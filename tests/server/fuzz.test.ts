import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import inject from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app.ts';
import { RENDERED_SIZE_NAMES } from '../../shared/media/image-sizes.ts';
import { defaultRequest, GOOD_CARD, PLANS, SESSION_COOKIE, SITE, tick } from './checkout-helpers.ts';

/*
 * Property-based fuzzing of every endpoint with fast-check: malformed and oversized requests of
 * every kind, against one app (built once, reached with app.inject, no port). Every answer must
 * be below 500 and carry the security headers; no answer may contain a file from outside the
 * served folders; afterwards the server still answers, and the data of an account the fuzzing
 * could only attack — profiles, a paid subscription, checkout sessions — is exactly as before.
 *
 * FUZZ_SCALE=2 doubles every run count; FUZZ_SEED=n replays a run.
 */

const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const KEY = 'fuzz-catalogue-key';
const EVIL = 'https://evil.example';
const SECRET = 'FUZZ-SECRET-7f3a9c';
const PASSWORD = 'secret-password';

type Identity = 'none' | 'garbage' | 'attacker' | 'victim';

interface Body {
  payload?: string;
  contentType?: string;
  /** Refused before any handler runs: not JSON, not a JSON type, empty, or over the limit. */
  malformed: boolean;
}

interface FuzzRequest {
  method: string;
  /** Path and query, as a client would send them. */
  url: string;
  /** Sent byte for byte, without the URL normalisation app.inject applies (`..` segments). */
  raw?: boolean;
  headers: Record<string, string>;
  body: Body;
  identity: Identity;
  garbageCookie: string;
  remoteAddress?: string;
}

interface Account {
  uid: string;
  token: string;
}

/** What the fuzzing may aim at: real ids and tokens, set up before it starts. */
interface World {
  victim: Account & {
    profileIds: string[];
    paidDocId: string;
    openDocId: string;
    paidSessionId: string;
    openSessionId: string;
  };
  attacker: Account & { profileId: string; openDocId: string; openSessionId: string; errorDocId: string };
  posterPath: string;
  trailerKey: string;
}

// ---------------------------------------------------------------------------------------------
// Building blocks

const NASTY = [
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\u202E',
  '\u200B',
  '\uD800',
  '\uDFFF',
  '../',
  '..\\',
  '..%2f',
  '%2e%2e%2f',
  '%00',
  '%',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  "' OR '1'='1",
  '"; DROP TABLE accounts; --',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e400',
  '9'.repeat(40),
  '💩',
  '👨‍👩‍👧‍👦',
  'ß',
  'İ',
  'ﬃ',
  'e\u0301',
  'Ａｎｎ',
  '\r\n',
  '\t',
  'a\nb',
  '\\',
  '"',
  "'",
  '`',
  '${x}',
  '{{x}}',
  'NEAR(a b)',
  'a OR b',
  '"unterminated',
  'a*',
  '^a',
  '-a',
  'NOT',
  '(',
  ')',
  'col:val',
  '*',
  'AND',
  '""',
  '\u0000*',
];

const latin1 = fc
  .integer({ min: 0x20, max: 0xff })
  .filter((c) => c !== 0x7f)
  .map((c) => String.fromCharCode(c));
/** What can travel in a header value. */
const headerText = fc.oneof(
  fc.string({ unit: latin1, maxLength: 64 }),
  fc.constantFrom('', ' ', '*', '%E0%A4%A', 'a'.repeat(8000)),
);

const huge = fc.constantFrom(1_000, 20_000, 70_000, 300_000).map((n) => 'x'.repeat(n));
const text = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: huge },
);

function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: sent as the bytes a careless client would send.
    return '%ED%A0%80';
  }
}

/** Text short enough for a URL (Node refuses request lines over 16 KiB before any route). */
const shortText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.constantFrom(1_000, 8_000).map((n) => 'x'.repeat(n)) },
);

/** A path segment: encoded text, raw text, or a malformed escape. */
const segment = fc.oneof(
  { weight: 4, arbitrary: shortText.map(encode) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }).map((s) => s.replace(/[/?#%]/g, '')) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%',
      '%E0%A4%A',
      '%zz',
      '%00',
      '%2f',
      '%5c',
      '..',
      '.',
      '%2e%2e',
      '%252e',
      'a'.repeat(5000),
      '%C0%AF',
    ),
  },
);

const ODD_VALUES = [
  '',
  '-1',
  '0',
  '1',
  '500',
  '501',
  '1.5',
  '1e3',
  '0x10',
  'true',
  'null',
  '%00',
  '%E0%A4%A',
  '[]',
  '{}',
  'a'.repeat(3000),
];
/** A query string with odd parameters, always including `known` names among the random ones. */
function queryOf(known: string[], fixed: fc.Arbitrary<string> = fc.constant('')) {
  const pair = fc
    .tuple(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...known, '__proto__', 'constructor', 'a[b]', '') },
        { weight: 1, arbitrary: segment },
      ),
      fc.oneof(segment, fc.constantFrom(...ODD_VALUES)),
      fc.boolean(),
    )
    .map(([name, value, bare]) => (bare && value === '' ? name : `${name}=${value}`));
  return fc
    .tuple(fixed, fc.array(pair, { maxLength: 6 }), fc.constantFrom('', '&', '&&', '#frag'))
    .map(([head, pairs, tail]) => {
      const parts = [head, ...pairs].filter((part) => part !== '');
      return parts.length || tail ? `?${parts.join('&')}${tail}` : '';
    });
}

const JSON_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=utf-16',
];
const OTHER_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/vnd.api+json',
  'application/octet-stream',
  'text/html',
  '*/*',
  'garbage',
  ';;;',
];

/** JSON nested deeper than any parser recursion should go, some with poisoned keys. */
const DEEP = [
  `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`,
  `${'{"__proto__":'.repeat(3_000)}{}${'}'.repeat(3_000)}`,
  `${'{"constructor":{"prototype":'.repeat(1_500)}{}${'}}'.repeat(1_500)}`,
  `{"name":${'['.repeat(5_000)}${']'.repeat(5_000)}}`,
];
const BROKEN_JSON = [
  '',
  '{',
  '{"name":',
  '{"name":"x",}',
  "{'name':'x'}",
  'undefined',
  'NaN',
  '{"a":1}{"b":2}',
  '[',
  '"',
];
/** Valid JSON all the same: a byte-order mark, an escaped lone surrogate, duplicate keys. */
const ODD_JSON = ['\uFEFF{}', '{"a":"\\ud800"}', '{"name":"a","name":"b"}', '{"name":"\\u0000"}', ' \n{}\n '];

const jsonish = fc.oneof(
  { weight: 3, arbitrary: text },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, 0, -1, 1e308, [], {}) },
);

/**
 * A request body for a route that takes `fields`: objects of those fields (and others) holding
 * odd values, `plausible` bodies that pass the schema, any JSON, broken JSON, deep nesting,
 * other content types, oversized bodies, or none.
 */
function bodyOf(
  fields: string[],
  plausible: fc.Arbitrary<Record<string, unknown>> = fc.constant({}),
): fc.Arbitrary<Body> {
  const json = (value: unknown, contentType = 'application/json'): Body => {
    const payload = JSON.stringify(value) ?? 'null';
    return { payload, contentType, malformed: Buffer.byteLength(payload) > 64 * 1024 };
  };
  const fieldsObject = fc.dictionary(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...fields, '__proto__', 'extra') },
      { weight: 1, arbitrary: text },
    ),
    jsonish,
    {
      maxKeys: fields.length + 2,
    },
  );
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc.tuple(fieldsObject, fc.constantFrom(...JSON_TYPES)).map(([value, type]) => json(value, type)),
    },
    { weight: 3, arbitrary: plausible.map((value) => json(value)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => json(value)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...BROKEN_JSON)
        .map((payload) => ({ payload, contentType: 'application/json', malformed: true })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...DEEP, ...ODD_JSON)
        .map((payload) => ({ payload, contentType: 'application/json', malformed: false })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.oneof(text, fc.constant('{"name":"x"}')), fc.constantFrom(...OTHER_TYPES))
        .map(([payload, contentType]) => ({ payload: payload || 'x', contentType, malformed: true })),
    },
    {
      weight: 1,
      arbitrary: huge.map((padding) => ({
        ...json({ [fields[0] ?? 'a']: padding }),
        malformed: padding.length > 64 * 1024,
      })),
    },
    { weight: 1, arbitrary: fc.constant<Body>({ malformed: false }) },
  );
}

const RANGES = [
  'bytes=0-',
  'bytes=-0',
  'bytes=0-0',
  'bytes=1-0',
  'bytes=-',
  'bytes=0-1,2-3',
  'bytes=99999999999999999999-',
  'bytes=-99999999999999999999',
  'BYTES=0-9',
  'items=0-1',
  'bytes= 0-1',
  'bytes=0x10-',
  'bytes=1e3-',
  'bytes=0-9junk',
  'bytes=--1',
  'bytes=0--1',
  'bytes=,',
  '',
];
const range = fc.oneof(
  fc.constantFrom(...RANGES),
  fc.tuple(fc.nat({ max: 2_000_000 }), fc.nat({ max: 2_000_000 })).map(([a, b]) => `bytes=${a}-${b}`),
  fc.nat({ max: 2_000_000 }).map((n) => `bytes=-${n}`),
  headerText,
);

/** `arbitrary`'s value in `percent` of the cases, else undefined. */
const sometimes = <T>(percent: number, arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(undefined) }, { weight: percent, arbitrary });

/** Headers a hostile or confused client might send, each in some of the cases. */
const oddHeaders = fc
  .record({
    origin: sometimes(
      30,
      fc.oneof(
        fc.constantFrom(
          'http://localhost',
          EVIL,
          'null',
          'http://127.0.0.1:5173',
          'http://localhost:80',
          'https://localhost',
        ),
        headerText,
      ),
    ),
    'sec-fetch-site': sometimes(15, fc.constantFrom('same-origin', 'cross-site', 'same-site', 'none', 'garbage')),
    host: sometimes(
      10,
      fc.constantFrom(
        'localhost',
        'localhost:80',
        'evil.example',
        '127.0.0.1:3001',
        '[::1]',
        'a b',
        'a/b',
        'localhost:99999',
      ),
    ),
    range: sometimes(20, range),
    accept: sometimes(
      40,
      fc.oneof(
        fc.constantFrom('text/html', '*/*', 'application/json', 'text/html;q=0', 'image/webp', 'text/event-stream'),
        headerText,
      ),
    ),
    'if-none-match': sometimes(15, fc.oneof(fc.constantFrom('*', 'W/"x"', '"x", W/"y"', ''), headerText)),
    'if-modified-since': sometimes(
      10,
      fc.oneof(fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'Sat, 01 Jan 2100 00:00:00 GMT'), headerText),
    ),
    'if-range': sometimes(5, headerText),
    'accept-encoding': sometimes(10, fc.constantFrom('gzip', 'br', '*', 'identity;q=0', 'garbage')),
    'x-forwarded-for': sometimes(5, headerText),
    'x-forwarded-proto': sometimes(5, fc.constantFrom('https', 'http', 'garbage')),
    'x-forwarded-host': sometimes(5, headerText),
    // Rare: most clients send the right length.
    'content-length': sometimes(3, fc.constantFrom('0', '1', '-1', 'abc', '99999999999', '1048576')),
  })
  .map(
    (headers) =>
      Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== undefined)) as Record<string, string>,
  );

const garbageCookie = fc.oneof(
  headerText,
  fc.constantFrom(
    '%E0%A4%A',
    ';;==;;',
    'a'.repeat(8000),
    '"quoted"',
    'x'.repeat(43),
    '../../etc/passwd',
    `${SESSION_COOKIE}=`,
  ),
  fc.string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'),
    minLength: 43,
    maxLength: 43,
  }),
);

const identity = fc.constantFrom<Identity>('none', 'garbage', 'attacker', 'victim', 'victim');

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface RouteSpec {
  methods: fc.Arbitrary<string>;
  url: fc.Arbitrary<string>;
  body?: fc.Arbitrary<Body>;
  raw?: boolean;
  /** Sign-up, sign-in, sign-out: even the attacker's session must survive them. */
  auth?: boolean;
  headers?: fc.Arbitrary<Record<string, string>>;
  /** Client addresses, for routes that count requests per address. */
  remoteAddress?: fc.Arbitrary<string>;
}

/**
 * A request to one route. The fuzzing attacks the victim's data without its password: with the
 * victim's cookie, a write is always one the server must refuse before any handler (another
 * site's Origin, or a malformed body), so that stored data must come out unchanged. Reads, and
 * the attacker's own writes, are any.
 */
function requestTo(spec: RouteSpec): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      method: spec.methods,
      url: spec.url,
      body: spec.body ?? fc.constant<Body>({ malformed: false }),
      headers: fc
        .tuple(oddHeaders, spec.headers ?? fc.constant<Record<string, string>>({}))
        .map(([odd, own]): Record<string, string> => ({ ...odd, ...own })),
      identity,
      garbageCookie,
      guard: fc.constantFrom('origin', 'broken-json', 'wrong-type', 'oversized'),
      remoteAddress: spec.remoteAddress ?? fc.constant(undefined),
    })
    .map(({ guard, ...request }): FuzzRequest => {
      const protectedSession = request.identity === 'victim' || (request.identity === 'attacker' && spec.auth);
      if (!protectedSession || !STATE_CHANGING.has(request.method) || request.body.malformed)
        return { ...request, raw: spec.raw };
      const headers: Record<string, string> = { ...request.headers };
      delete headers['content-length'];
      let body: Body = request.body;
      if (guard === 'origin') {
        headers.origin = EVIL;
        delete headers.host;
        delete headers['sec-fetch-site'];
      } else if (guard === 'broken-json') {
        body = { payload: '{"', contentType: 'application/json', malformed: true };
      } else if (guard === 'wrong-type') {
        body = { payload: request.body.payload || 'x', contentType: 'text/plain', malformed: true };
      } else {
        body = {
          payload: JSON.stringify({ a: 'x'.repeat(70 * 1024) }),
          contentType: 'application/json',
          malformed: true,
        };
      }
      return { ...request, headers, body, raw: spec.raw };
    });
}

const methods = (...names: string[]) => fc.constantFrom(...names);
const ANY_METHOD = methods('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'SEARCH', 'TRACE');

// ---------------------------------------------------------------------------------------------
// Running

let app: FastifyInstance;
let world: World;
let folder: string;
let cases = 0;
const started = Date.now();
const statuses = new Map<number, number>();
const families: string[] = [];

function cookieFor(request: FuzzRequest): string | undefined {
  switch (request.identity) {
    case 'none':
      return undefined;
    case 'garbage':
      return `${SESSION_COOKIE}=${request.garbageCookie}`;
    case 'attacker':
      return `${SESSION_COOKIE}=${world.attacker.token}`;
    case 'victim':
      return `${SESSION_COOKIE}=${world.victim.token}`;
  }
}

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...request.headers };
  const cookie = cookieFor(request);
  if (cookie !== undefined) headers.cookie = cookie;
  if (request.body.contentType !== undefined) headers['content-type'] = request.body.contentType;
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers,
    ...(request.body.payload === undefined ? {} : { payload: request.body.payload }),
    ...(request.remoteAddress === undefined ? {} : { remoteAddress: request.remoteAddress }),
    // An event stream of an open session never ends by itself.
    signal: AbortSignal.timeout(10_000),
  };
  if (!request.raw) return app.inject(options);
  // app.inject normalises the URL as a browser would ("/a/../b" → "/b"); a raw client does not.
  return inject(
    (req, res) => {
      req.url = request.url;
      app.routing(req, res);
    },
    { ...options, url: '/' },
  );
}

/** The victim's rows, summed up: cheap enough to compare after every case. */
function victimFingerprint(): string {
  const { uid } = world.victim;
  const rows = (sql: string) => JSON.stringify(app.db.prepare(sql).all(uid));
  return [
    rows('SELECT token_hash, expires_at FROM sessions WHERE uid = ?'),
    rows('SELECT id, name, active FROM profiles WHERE uid = ? ORDER BY id'),
    rows('SELECT id, price_id FROM subscriptions WHERE uid = ?'),
    rows('SELECT id, status, session_id FROM checkout_sessions WHERE uid = ? ORDER BY id'),
  ].join('|');
}
let fingerprint = '';

/** One case: never a 5xx, the headers always, nothing from outside the served folders. */
async function check(request: FuzzRequest) {
  cases++;
  const response = await send(request);
  expect(victimFingerprint(), `the victim's data changed after ${request.method} ${request.url.slice(0, 200)}`).toBe(
    fingerprint,
  );
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  const where = `${request.method} ${request.url.slice(0, 200)} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  expect(response.headers['content-security-policy'], where).toBeTruthy();
  expect(response.headers['x-content-type-options'], where).toBe('nosniff');
  expect(response.headers['cross-origin-resource-policy'], where).toBe('same-origin');
  // A page's own headers go on pages (security-headers.ts): text/html, the player's clips.
  if (String(response.headers['content-type']).startsWith('text/html')) {
    expect(response.headers['referrer-policy'], where).toBeTruthy();
  }
  expect(response.body.includes(SECRET), where).toBe(false);
  expect(response.body.includes('SQLite format'), where).toBe(false);
  // A refusal is a page (the checkout's notices, the player's "unavailable") or an error in the
  // API's shape (or TMDB's, under /tmdb/3); never a stack trace or an empty body.
  if (response.statusCode >= 400 && request.method !== 'HEAD') {
    const type = String(response.headers['content-type']);
    if (type.startsWith('text/html')) {
      expect(response.body, where).toMatch(/^<!doctype html>/);
    } else {
      expect(type, where).toMatch(/^application\/json/);
      const body = response.json() as { error?: { code?: unknown; message?: unknown }; status_message?: unknown };
      if (body.status_message === undefined) {
        expect(typeof body.error?.code, where).toBe('string');
        expect(typeof body.error?.message, where).toBe('string');
      }
    }
    expect(response.body, where).not.toMatch(/\bat .*\.(ts|js):\d+/);
  }
}

async function fuzz(name: string, arbitrary: fc.Arbitrary<FuzzRequest>, runs: number) {
  const before = cases;
  const start = Date.now();
  // No shrinking: the app keeps state, so a failure is reported as it first happened.
  await fc.assert(fc.asyncProperty(arbitrary, check), {
    numRuns: Math.round(runs * SCALE),
    seed: SEED,
    endOnFailure: true,
  });
  expect(cases - before).toBeGreaterThanOrEqual(Math.round(runs * SCALE));
  families.push(`${name} ${cases - before} in ${((Date.now() - start) / 1000).toFixed(1)} s`);
}

// ---------------------------------------------------------------------------------------------
// Setup: a client build, a victim with data, an attacker with a session

function json<T>(response: LightMyRequestResponse, status: number): T {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
}

async function signUp(email: string): Promise<Account> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: PASSWORD },
  });
  const { user } = json<{ user: { uid: string } }>(response, 201);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
  return { uid: user.uid, token };
}

const as = (account: Account, options: InjectOptions) =>
  app.inject({ ...options, cookies: { [SESSION_COOKIE]: account.token } });

async function addProfile(account: Account, name: string): Promise<string> {
  const response = await as(account, {
    method: 'POST',
    url: `/api/documents/customers/${account.uid}/profiles`,
    payload: { name },
  });
  return json<{ profile: { id: string } }>(response, 201).profile.id;
}

/** A processed checkout session document of `account`'s. */
async function checkoutSession(account: Account, payload: Record<string, string>) {
  const base = `/api/documents/customers/${account.uid}/checkout_sessions`;
  const { id } = json<{ id: string }>(await as(account, { method: 'POST', url: base, payload }), 201);
  for (;;) {
    const { session } = json<{ session: { sessionId?: string; error?: unknown } }>(
      await as(account, { url: `${base}/${id}` }),
      200,
    );
    if (session.sessionId || session.error) return { id, sessionId: session.sessionId ?? '' };
    await tick();
  }
}

/** Everything the victim has, through the API and straight from the database. */
async function victimState() {
  const { victim } = world;
  const base = `/api/documents/customers/${victim.uid}`;
  const read = async (url: string) => json<unknown>(await as(victim, { url }), 200);
  const rows = (sql: string) => app.db.prepare(sql).all(victim.uid);
  return {
    session: await read('/api/auth/session'),
    profiles: await read(`${base}/profiles`),
    subscriptions: await read(`${base}/subscriptions`),
    paid: await read(`${base}/checkout_sessions/${victim.paidDocId}`),
    open: await read(`${base}/checkout_sessions/${victim.openDocId}`),
    accounts: rows('SELECT * FROM accounts WHERE uid = ?'),
    sessions: rows('SELECT * FROM sessions WHERE uid = ?'),
    profileRows: rows('SELECT * FROM profiles WHERE uid = ? ORDER BY id'),
    subscriptionRows: rows('SELECT * FROM subscriptions WHERE uid = ?'),
    checkoutRows: rows('SELECT * FROM checkout_sessions WHERE uid = ? ORDER BY id'),
  };
}

let stateBefore: Awaited<ReturnType<typeof victimState>>;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'marquee-fuzz-'));
  const dataDir = join(folder, 'data');
  const webRoot = join(folder, 'web');
  mkdirSync(join(webRoot, 'assets'), { recursive: true });
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>',
  );
  writeFileSync(join(webRoot, 'assets', 'index-abc123.js'), 'console.log("bundle");');
  writeFileSync(join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // Files beside the served folders, which no answer may ever contain.
  writeFileSync(join(folder, 'secret.txt'), SECRET);
  writeFileSync(join(folder, 'index.html'), SECRET);

  app = await buildApp({ dataDir, webRoot, catalogueApiKey: KEY });
  await app.ready();

  const victimAccount = await signUp('victim@example.com');
  const attackerAccount = await signUp('attacker@example.com');
  const profileIds = [
    await addProfile(victimAccount, 'Ann'),
    await addProfile(victimAccount, '<script>alert(1)</script>'),
    await addProfile(victimAccount, 'Zoë 👩‍👩‍👧'),
  ];
  await as(victimAccount, {
    method: 'POST',
    url: `/api/documents/customers/${victimAccount.uid}/profiles/${profileIds[1]}/select`,
  });
  const paid = await checkoutSession(victimAccount, defaultRequest(PLANS.premium.price));
  json(await as(victimAccount, { method: 'POST', url: `/checkout/${paid.sessionId}/pay`, payload: GOOD_CARD }), 200);
  const open = await checkoutSession(victimAccount, defaultRequest(PLANS.basic.price));
  const attackerOpen = await checkoutSession(attackerAccount, defaultRequest(PLANS.basic.price));
  const attackerError = await checkoutSession(attackerAccount, defaultRequest('price_nope'));
  const movie = json<{ poster_path: string }>(await app.inject({ url: `/tmdb/3/movie/297762?api_key=${KEY}` }), 200);
  const videos = json<{ results: Array<{ key: string }> }>(
    await app.inject({ url: `/tmdb/3/movie/297762/videos?api_key=${KEY}` }),
    200,
  );

  world = {
    victim: {
      ...victimAccount,
      profileIds,
      paidDocId: paid.id,
      openDocId: open.id,
      paidSessionId: paid.sessionId,
      openSessionId: open.sessionId,
    },
    attacker: {
      ...attackerAccount,
      profileId: await addProfile(attackerAccount, 'Eve'),
      openDocId: attackerOpen.id,
      openSessionId: attackerOpen.sessionId,
      errorDocId: attackerError.id,
    },
    posterPath: movie.poster_path,
    trailerKey: videos.results[0]!.key,
  };
  stateBefore = await victimState();
  fingerprint = victimFingerprint();
  expect(JSON.stringify(stateBefore)).toContain('premium');
}, 60_000);

afterAll(async () => {
  await app?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const byStatus = [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  console.log(`fuzz: ${cases} generated requests in ${seconds} s\n  ${families.join('; ')}\n  statuses: ${byStatus}`);
});

// ---------------------------------------------------------------------------------------------
// The routes

const uid = () => fc.oneof(fc.constantFrom(world.victim.uid, world.attacker.uid, 'A'.repeat(28)), segment);
const profileId = () =>
  fc.oneof(fc.constantFrom(...world.victim.profileIds, world.attacker.profileId, 'z'.repeat(12)), segment);
/** Document ids whose event stream ends at once (the open ones' would stay open). */
const finalDocId = () =>
  fc.oneof(fc.constantFrom(world.victim.paidDocId, world.attacker.errorDocId, 'A'.repeat(20)), segment);
const docId = () =>
  fc.oneof(
    fc.constantFrom(
      world.victim.paidDocId,
      world.victim.openDocId,
      world.attacker.openDocId,
      world.attacker.errorDocId,
    ),
    segment,
  );
const sessionId = () =>
  fc.oneof(
    fc.constantFrom(
      world.victim.paidSessionId,
      world.victim.openSessionId,
      world.attacker.openSessionId,
      `cs_test_${'A'.repeat(48)}`,
    ),
    segment,
  );
const noQuery = queryOf(['x']);

const credentials = fc.record(
  {
    email: fc.oneof(
      text,
      fc.emailAddress(),
      fc.constantFrom('victim@example.com', 'attacker@example.com', ' VICTIM@example.com '),
    ),
    password: fc.oneof(text, fc.constantFrom('wrong-password', 'x')),
  },
  { requiredKeys: [] },
);
const profileName = fc.record(
  { name: fc.oneof(text, fc.string({ unit: 'grapheme', maxLength: 60 })) },
  { requiredKeys: [] },
);
const sessionRequest = fc.record(
  {
    price: fc.oneof(fc.constantFrom(...Object.values(PLANS).map((plan) => plan.price)), text),
    success_url: fc.oneof(
      fc.constantFrom(`${SITE}/account`, EVIL, 'javascript:alert(1)', `${SITE}@evil.example/`, '//evil.example'),
      text,
    ),
    cancel_url: fc.oneof(
      fc.constantFrom(`${SITE}/change-plan`, 'http://user:pass@localhost/', 'data:text/html,x'),
      text,
    ),
  },
  { requiredKeys: [] },
);
const card = fc.record(
  {
    number: fc.oneof(
      fc.constantFrom('4242 4242 4242 4242', '4000 0000 0000 0002', '4000 0000 0000 9995', '0'.repeat(19)),
      text,
    ),
    expiry: fc.oneof(fc.constantFrom('12 / 34', '1/99', '00 / 00', '13/2030', '12/1999'), text),
    cvc: fc.oneof(fc.constantFrom('123', '1234', ''), text),
    name: text,
  },
  { requiredKeys: [] },
);

describe('fuzzing every endpoint with malformed and oversized requests', { timeout: 300_000 }, () => {
  it('auth: sign-up, sign-in, sign-out, sign-out everywhere, session', async () => {
    await fuzz(
      'sign-up',
      requestTo({
        methods: methods('POST', 'POST', 'PUT', 'GET'),
        url: queryOf(['x']).map((q) => `/api/auth/sign-up${q}`),
        body: bodyOf(['email', 'password'], credentials),
        auth: true,
      }),
      500,
    );
    await fuzz(
      'sign-in',
      requestTo({
        methods: methods('POST', 'POST', 'DELETE'),
        url: noQuery.map((q) => `/api/auth/sign-in${q}`),
        body: bodyOf(['email', 'password'], credentials),
        auth: true,
      }),
      700,
    );
    await fuzz(
      'sign-out',
      requestTo({
        methods: methods('POST', 'GET', 'PATCH'),
        url: noQuery.map((q) => `/api/auth/sign-out${q}`),
        body: bodyOf(['x']),
        auth: true,
      }),
      300,
    );
    await fuzz(
      'sign-out-everywhere',
      requestTo({
        methods: methods('POST', 'GET', 'DELETE'),
        url: noQuery.map((q) => `/api/auth/sign-out-everywhere${q}`),
        body: bodyOf(['x']),
        auth: true,
      }),
      200,
    );
    await fuzz(
      'session',
      requestTo({
        methods: methods('GET', 'HEAD', 'DELETE'),
        url: noQuery.map((q) => `/api/auth/session${q}`),
        auth: true,
      }),
      300,
    );
  });

  it('profiles: list, add, rename, delete, select', async () => {
    const base = fc.tuple(uid(), noQuery);
    await fuzz(
      'list',
      requestTo({
        methods: methods('GET', 'HEAD'),
        url: base.map(([u, q]) => `/api/documents/customers/${u}/profiles${q}`),
      }),
      300,
    );
    await fuzz(
      'add',
      requestTo({
        methods: methods('POST', 'POST', 'PUT'),
        url: base.map(([u, q]) => `/api/documents/customers/${u}/profiles${q}`),
        body: bodyOf(['name'], profileName),
      }),
      600,
    );
    const one = fc.tuple(uid(), profileId(), noQuery);
    await fuzz(
      'rename',
      requestTo({
        methods: methods('PATCH', 'PATCH', 'PUT'),
        url: one.map(([u, p, q]) => `/api/documents/customers/${u}/profiles/${p}${q}`),
        body: bodyOf(['name'], profileName),
      }),
      600,
    );
    await fuzz(
      'delete',
      requestTo({
        methods: methods('DELETE'),
        url: one.map(([u, p, q]) => `/api/documents/customers/${u}/profiles/${p}${q}`),
        body: bodyOf(['name']),
      }),
      400,
    );
    await fuzz(
      'select',
      requestTo({
        methods: methods('POST', 'GET'),
        url: one.map(([u, p, q]) => `/api/documents/customers/${u}/profiles/${p}/select${q}`),
        body: bodyOf(['name']),
      }),
      300,
    );
  });

  it('plans and checkout documents: products, subscriptions, checkout_sessions create, get and events', async () => {
    await fuzz(
      'products',
      requestTo({
        methods: methods('GET', 'HEAD', 'POST'),
        url: noQuery.map((q) => `/api/documents/products${q}`),
        body: bodyOf(['price']),
      }),
      200,
    );
    await fuzz(
      'subscriptions',
      requestTo({
        methods: methods('GET', 'HEAD', 'POST', 'DELETE'),
        url: fc.tuple(uid(), noQuery).map(([u, q]) => `/api/documents/customers/${u}/subscriptions${q}`),
        body: bodyOf(['price']),
      }),
      300,
    );
    await fuzz(
      'create',
      requestTo({
        methods: methods('POST', 'POST', 'POST', 'PUT'),
        url: fc.tuple(uid(), noQuery).map(([u, q]) => `/api/documents/customers/${u}/checkout_sessions${q}`),
        body: bodyOf(['price', 'success_url', 'cancel_url'], sessionRequest),
      }),
      600,
    );
    await fuzz(
      'get',
      requestTo({
        methods: methods('GET', 'HEAD', 'DELETE', 'PATCH'),
        url: fc
          .tuple(uid(), docId(), noQuery)
          .map(([u, d, q]) => `/api/documents/customers/${u}/checkout_sessions/${d}${q}`),
        body: bodyOf(['status']),
      }),
      400,
    );
    await fuzz(
      'events',
      requestTo({
        methods: methods('GET', 'HEAD', 'POST'),
        url: fc
          .tuple(uid(), finalDocId(), noQuery)
          .map(([u, d, q]) => `/api/documents/customers/${u}/checkout_sessions/${d}/events${q}`),
      }),
      300,
    );
  });

  it('web vitals reports: /api/metrics', async () => {
    const report = fc.record(
      {
        name: fc.oneof(fc.constantFrom('LCP', 'INP', 'CLS', 'FCP', 'TTFB'), text),
        value: fc.oneof(fc.double(), fc.constantFrom(0, -0, 600_000, 600_001, 1e308, 101), fc.nat()),
        rating: fc.oneof(fc.constantFrom('good', 'needs-improvement', 'poor'), text),
        navigationType: fc.oneof(fc.constantFrom('navigate', 'reload', 'back-forward', 'prerender'), text),
        page: fc.oneof(fc.constantFrom('/', '/profiles', '//evil.example', `/${'a'.repeat(300)}`), text),
        id: fc.oneof(fc.constantFrom('v4-1700000000000-1234567890123'), text),
      },
      { requiredKeys: [] },
    );
    await fuzz(
      'metrics',
      requestTo({
        methods: methods('POST', 'POST', 'POST', 'GET', 'PUT'),
        url: noQuery.map((q) => `/api/metrics${q}`),
        body: bodyOf(['name', 'value', 'rating', 'navigationType', 'page', 'id'], report),
        remoteAddress: fc.oneof(fc.ipV4(), fc.constant('127.0.0.1')),
      }),
      500,
    );
  });

  it('the hosted checkout: its page, its files and pay', async () => {
    await fuzz(
      'page',
      requestTo({
        methods: methods('GET', 'HEAD', 'GET', 'DELETE'),
        url: fc.tuple(sessionId(), noQuery).map(([s, q]) => `/checkout/${s}${q}`),
      }),
      400,
    );
    await fuzz(
      'assets',
      requestTo({
        methods: methods('GET', 'HEAD'),
        url: fc
          .tuple(fc.oneof(fc.constantFrom('checkout.js', 'checkout.css'), segment), queryOf(['v']))
          .map(([f, q]) => `/checkout/assets/${f}${q}`),
      }),
      100,
    );
    await fuzz(
      'pay',
      requestTo({
        methods: methods('POST', 'POST', 'PUT'),
        url: fc.tuple(sessionId(), noQuery).map(([s, q]) => `/checkout/${s}/pay${q}`),
        body: bodyOf(['number', 'expiry', 'cvc', 'name'], card),
      }),
      600,
    );
  });

  it('the catalogue: /tmdb/3 with odd query parameters', async () => {
    const KNOWN = [
      'api_key',
      'language',
      'page',
      'with_genres',
      'without_genres',
      'with_networks',
      'sort_by',
      'query',
      'include_adult',
      'append_to_response',
      'primary_release_date.gte',
      'first_air_date.lte',
      'vote_average.gte',
      'vote_count.lte',
      'with_original_language',
      'year',
      'first_air_date_year',
    ];
    const path = fc.oneof(
      fc
        .tuple(fc.constantFrom('all', 'movie', 'tv'), fc.constantFrom('day', 'week'))
        .map(([m, w]) => `/trending/${m}/${w}`),
      fc.tuple(segment, segment).map(([m, w]) => `/trending/${m}/${w}`),
      fc.constantFrom(
        '/discover/movie',
        '/discover/tv',
        '/movie/top_rated',
        '/tv/popular',
        '/search/movie',
        '/search/tv',
        '/search/multi',
        '/genre/movie/list',
        '/genre/tv/list',
        '/movie/now_playing',
        '/movie/upcoming',
        '/tv/on_the_air',
        '/tv/airing_today',
        '/search/person',
        '/configuration',
        '/authentication',
      ),
      fc
        .tuple(
          fc.constantFrom('movie', 'tv'),
          fc.constantFrom('603', '66732', '99999999'),
          fc.constantFrom('credits', 'similar', 'recommendations', 'images', 'release_dates', 'content_ratings'),
        )
        .map(([m, id, sub]) => `/${m}/${id}/${sub}`),
      fc
        .tuple(
          fc.constantFrom('66732', '1396', '65494'),
          fc.oneof(fc.constantFrom('0', '1', '5', '9', '-1', '1e9'), segment),
        )
        .map(([id, season]) => `/tv/${id}/season/${season}`),
      fc
        .tuple(
          fc.constantFrom('movie', 'tv'),
          fc.oneof(fc.constantFrom('297762', '1399', '0', '-1', '2147483648', '1e3', '0x10', '01'), segment),
        )
        .map(([m, id]) => `/${m}/${id}`),
      fc
        .tuple(fc.constantFrom('movie', 'tv'), fc.oneof(fc.constantFrom('297762', '1399', '99999999'), segment))
        .map(([m, id]) => `/${m}/${id}/videos`),
    );
    const apiKey = fc.constantFrom(
      `api_key=${KEY}`,
      `api_key=${KEY}`,
      `api_key=${KEY}`,
      '',
      'api_key=',
      `api_key=${KEY}&api_key=${KEY}`,
      'api_key[]=x',
    );
    const search = fc
      .oneof(
        shortText,
        fc.constantFrom(
          'wonder',
          'the',
          'a',
          'é',
          '"',
          '*',
          'NEAR',
          'a OR b',
          'title:x',
          '"a" "b"',
          '(',
          '^',
          'AND OR NOT',
        ),
      )
      .map((q) => `query=${encode(q)}`);
    await fuzz(
      'catalogue',
      requestTo({
        methods: methods('GET', 'GET', 'GET', 'HEAD', 'POST'),
        url: fc
          .tuple(
            path,
            queryOf(
              KNOWN,
              fc.tuple(apiKey, fc.option(search)).map(([k, s]) => [k, s].filter(Boolean).join('&')),
            ),
          )
          .map(([p, q]) => `/tmdb/3${p}${q}`),
      }),
      1200,
    );
  });

  it('images: odd sizes and names', async () => {
    const sizes = [...new Set(Object.values(RENDERED_SIZE_NAMES).flat()), 'w92', 'original'];
    const file = world.posterPath.slice(1);
    const variants = [
      file,
      file.replace('poster', 'backdrop'),
      file.replace(/[0-9a-f]{8}\.webp$/, '00000000.webp'),
      file.replace('.webp', '.png'),
      file.toUpperCase(),
      'movie-0-poster-00000000.webp',
      'tv-999999999999999-poster-00000000.webp',
      `${file}/..`,
      `..%2f..%2f${file}`,
    ];
    // Real art renders (and is cached) at small sizes only, to keep the run short.
    const path = fc.oneof(
      fc.tuple(fc.constantFrom('w185', 'w300'), fc.constantFrom(...variants)),
      fc.tuple(
        fc.oneof(
          fc.constantFrom(...sizes, 'w0', 'w99999', 'W92', 'original.webp', '__proto__', 'constructor'),
          segment,
        ),
        fc.oneof(fc.constantFrom(...variants.slice(3)), segment),
      ),
    );
    await fuzz(
      'images',
      requestTo({
        methods: methods('GET', 'GET', 'HEAD', 'POST'),
        url: fc.tuple(path, noQuery).map(([[s, f], q]) => `/images/t/p/${s}/${f}${q}`),
      }),
      600,
    );
  });

  it('video: clips with odd Range headers, the player and its files', async () => {
    const clip = fc.oneof(
      fc.constantFrom('action.mp4', 'action.jpg', 'comedy.mp4', 'ACTION.MP4', 'action.mp4.bak', '.mp4', 'action'),
      segment,
    );
    await fuzz(
      'clips',
      requestTo({
        methods: methods('GET', 'GET', 'HEAD', 'DELETE'),
        url: fc.tuple(clip, noQuery).map(([c, q]) => `/media/videos/${c}${q}`),
        headers: fc.record({ range }),
      }),
      500,
    );
    const key = fc.oneof(
      fc.constantFrom(world.trailerKey, `${world.trailerKey}x`, 'm0', 'm1', 't1399', 'm'.repeat(300)),
      segment,
    );
    const FLAGS = ['autoplay', 'mute', 'controls', 'showinfo', 'modestbranding', 'rel', 'playsinline'];
    await fuzz(
      'embed',
      requestTo({
        methods: methods('GET', 'HEAD', 'POST'),
        url: fc.tuple(key, queryOf(FLAGS)).map(([k, q]) => `/embed/${k}${q}`),
      }),
      400,
    );
    await fuzz(
      'embed assets',
      requestTo({
        methods: methods('GET', 'HEAD'),
        url: fc
          .tuple(fc.oneof(fc.constantFrom('embed.js', 'embed.css'), segment), queryOf(['v']))
          .map(([f, q]) => `/embed/assets/${f}${q}`),
      }),
      100,
    );
  });

  it('the SPA and static files, with traversal sent raw', async () => {
    const TRAVERSAL = [
      '/../secret.txt',
      '/../../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%2f%2e%2e%2fsecret.txt',
      '//secret.txt',
      '/..\\secret.txt',
      '/index.html%00.js',
      '/.git/config',
      '/.env',
      '/assets/',
      '/assets/..',
      '/assets/.',
      '/./index.html',
      '/index.html/',
      '/%c0%ae%c0%ae/secret.txt',
      '/..;/secret.txt',
      '/../data/marquee.db',
      '/media/videos/../../../secret.txt',
      '/embed/../../secret.txt',
      '/checkout/assets/../../../../secret.txt',
      '/images/t/p/w92/../../../secret.txt',
    ];
    const path = fc.oneof(
      fc.constantFrom(
        '/',
        '/index.html',
        '/assets/index-abc123.js',
        '/favicon.svg',
        '/profiles',
        '/change-plan',
        '/account',
        '/add-profile',
      ),
      fc.constantFrom(...TRAVERSAL),
      fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
      fc.array(segment, { minLength: 1, maxLength: 3 }).map((parts) => `/assets/${parts.join('/')}`),
    );
    const spa = (raw: boolean) =>
      requestTo({
        methods: methods('GET', 'GET', 'HEAD', 'POST', 'OPTIONS'),
        url: fc.tuple(path, noQuery).map(([p, q]) => `${p}${q}`),
        headers: fc.record(
          { accept: fc.constantFrom('text/html', 'text/html,application/xhtml+xml', '*/*') },
          { requiredKeys: [] },
        ),
        raw,
      });
    await fuzz('spa', spa(false), 300);
    await fuzz('spa raw', spa(true), 400);
  });

  it('anything anywhere: any method, any path, any body', async () => {
    const prefix = fc.constantFrom(
      '',
      '/api',
      '/api/auth',
      '/api/metrics',
      '/api/documents',
      '/api/documents/customers',
      '/tmdb/3',
      '/images/t/p',
      '/media/videos',
      '/embed',
      '/checkout',
    );
    const path = fc
      .tuple(prefix, fc.array(segment, { maxLength: 4 }), queryOf(['api_key', 'page']))
      .map(([p, parts, q]) => `${p}/${parts.join('/')}${q}`);
    await fuzz(
      'anything',
      requestTo({ methods: ANY_METHOD, url: path, body: bodyOf(['name', 'email', 'password', 'price']) }),
      400,
    );
    await fuzz('anything raw', requestTo({ methods: ANY_METHOD, url: path, body: bodyOf(['name']), raw: true }), 100);
  });

  it('leaves the server up and the victim’s data exactly as it was', async () => {
    const stateAfter = await victimState();
    expect(stateAfter).toEqual(stateBefore);
    expect(
      json<{ products: unknown[] }>(await app.inject({ url: '/api/documents/products' }), 200).products,
    ).toHaveLength(3);
    const fresh = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      headers: { origin: 'http://localhost' },
      payload: { email: 'after-the-fuzz@example.com', password: PASSWORD },
    });
    expect(fresh.statusCode).toBe(201);
    expect(cases).toBeGreaterThanOrEqual(10_000 * SCALE);
  });
});
