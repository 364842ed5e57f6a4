import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AuthError, type AuthUser } from '../../../src/services/auth/auth.port.ts';
import { createLocalAuth } from '../../../src/services/auth/local-auth.ts';
import { api } from '../../../src/services/http/api-client.ts';

const ALICE: AuthUser = { uid: 'uid-alice', email: 'alice@example.com', createdAt: '2022-09-01T10:00:00.000Z' };
const BOB: AuthUser = { uid: 'uid-bob', email: 'bob@example.com', createdAt: '2023-01-15T08:30:00.000Z' };
/** local-auth's private retry delay for the session check. */
const RETRY_DELAY_MS = 3000;

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

function noContent(): Response {
  return new Response(null, { status: 204 });
}

function networkFailure(): Promise<Response> {
  return Promise.reject(new TypeError('Failed to fetch'));
}

type Handler = (request: { pathname: string; method: string; body: unknown }) => Response | Promise<Response>;

/** A stubbed global fetch answering through `handler`; the client resolves '/api/...' against the page. */
function stubFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
    return handler({ pathname: url.pathname, method, body });
  });
  vi.stubGlobal('fetch', fetchMock);
  const requests = () =>
    fetchMock.mock.calls.map(([input, init]) => ({
      pathname: new URL(String(input), window.location.href).pathname,
      method: (init?.method ?? 'GET').toUpperCase(),
      init,
    }));
  return { fetchMock, requests };
}

/** Lets stubbed responses travel through the client (fake timers are on; this runs due timers only). */
async function settle() {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('local auth: signIn', () => {
  it('posts the credentials as JSON to /api/auth/sign-in and resolves the user', async () => {
    const { fetchMock, requests } = stubFetch(({ pathname, method }) =>
      pathname === '/api/auth/sign-in' && method === 'POST' ? json({ user: ALICE }) : json({}, 404),
    );
    const auth = createLocalAuth();

    await expect(auth.signIn('alice@example.com', 'secret-password')).resolves.toEqual(ALICE);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [request] = requests();
    expect(request!.pathname).toBe('/api/auth/sign-in');
    expect(request!.method).toBe('POST');
    expect(JSON.parse(String(request!.init?.body))).toEqual({
      email: 'alice@example.com',
      password: 'secret-password',
    });
    expect(new Headers(request!.init?.headers).get('content-type')).toBe('application/json');
  });

  it('rejects a 401 with an AuthError carrying the server code and message', async () => {
    stubFetch(() =>
      json({ error: { code: 'auth/invalid-credential', message: 'The email address or password is incorrect.' } }, 401),
    );
    const auth = createLocalAuth();

    const error = await auth.signIn('alice@example.com', 'wrong').then(
      () => undefined,
      (reason: unknown) => reason,
    );

    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      name: 'AuthError',
      code: 'auth/invalid-credential',
      message: 'The email address or password is incorrect.',
    });
  });

  it("prefixes a server code without 'auth/' (e.g. a schema error) with 'auth/'", async () => {
    stubFetch(() => json({ error: { code: 'invalid-argument', message: 'body must have property email' } }, 400));
    const auth = createLocalAuth();

    await expect(auth.signIn('', '')).rejects.toMatchObject({
      code: 'auth/invalid-argument',
      message: 'body must have property email',
    });
  });

  it("rejects a network failure with code 'auth/network-request-failed'", async () => {
    stubFetch(() => networkFailure());
    const auth = createLocalAuth();

    const error = await auth.signIn('alice@example.com', 'secret-password').then(
      () => undefined,
      (reason: unknown) => reason,
    );

    expect(error).toBeInstanceOf(AuthError);
    expect((error as AuthError).code).toBe('auth/network-request-failed');
    expect((error as AuthError).message).toBe('Could not reach Marquee. Check your connection and try again.');
  });
});

describe('local auth: signUp and signOut', () => {
  it('signUp posts to /api/auth/sign-up and resolves the new user', async () => {
    const { requests } = stubFetch(({ pathname, method }) =>
      pathname === '/api/auth/sign-up' && method === 'POST' ? json({ user: BOB }, 201) : json({}, 404),
    );
    const auth = createLocalAuth();

    await expect(auth.signUp('bob@example.com', 'secret-password')).resolves.toEqual(BOB);
    expect(requests().map((r) => `${r.method} ${r.pathname}`)).toEqual(['POST /api/auth/sign-up']);
    expect(JSON.parse(String(requests()[0]!.init?.body))).toEqual({
      email: 'bob@example.com',
      password: 'secret-password',
    });
  });

  it("signUp rejects with the provider's message", async () => {
    stubFetch(() =>
      json({ error: { code: 'auth/weak-password', message: 'Password should be at least 6 characters' } }, 400),
    );
    const auth = createLocalAuth();

    await expect(auth.signUp('bob@example.com', '123')).rejects.toMatchObject({
      code: 'auth/weak-password',
      message: 'Password should be at least 6 characters',
    });
  });

  it('signOut posts to /api/auth/sign-out', async () => {
    const { requests } = stubFetch(() => noContent());
    const auth = createLocalAuth();

    await expect(auth.signOut()).resolves.toBeUndefined();
    expect(requests().map((r) => `${r.method} ${r.pathname}`)).toEqual(['POST /api/auth/sign-out']);
  });

  it("signOut rejects a network failure with code 'auth/network-request-failed'", async () => {
    stubFetch(() => networkFailure());
    const auth = createLocalAuth();

    await expect(auth.signOut()).rejects.toMatchObject({ name: 'AuthError', code: 'auth/network-request-failed' });
  });

  it('signOutEverywhere posts to /api/auth/sign-out-everywhere and then reports nobody', async () => {
    const { requests } = stubFetch(({ pathname, method }) =>
      pathname === '/api/auth/sign-in' && method === 'POST' ? json({ user: ALICE }) : noContent(),
    );
    const auth = createLocalAuth();
    await auth.signIn('alice@example.com', 'secret-password');
    const seen: Array<AuthUser | null> = [];
    auth.onAuthStateChanged((user) => seen.push(user));

    await expect(auth.signOutEverywhere()).resolves.toBeUndefined();
    expect(requests().map((r) => `${r.method} ${r.pathname}`)).toEqual([
      'POST /api/auth/sign-in',
      'POST /api/auth/sign-out-everywhere',
    ]);
    expect(seen).toEqual([ALICE, null]);
  });

  it('signOutEverywhere rejects a refusal with its code and keeps the user signed in', async () => {
    stubFetch(({ pathname }) =>
      pathname === '/api/auth/sign-in'
        ? json({ user: ALICE })
        : json({ error: { code: 'permission-denied', message: 'Cross-site requests are refused.' } }, 403),
    );
    const auth = createLocalAuth();
    await auth.signIn('alice@example.com', 'secret-password');
    const seen: Array<AuthUser | null> = [];
    auth.onAuthStateChanged((user) => seen.push(user));

    await expect(auth.signOutEverywhere()).rejects.toMatchObject({
      name: 'AuthError',
      code: 'auth/permission-denied',
    });
    expect(seen).toEqual([ALICE]);
  });

  it('reports the user signed out, by the server, when any call is answered 401 unauthenticated', async () => {
    stubFetch(({ pathname }) =>
      pathname === '/api/auth/sign-in'
        ? json({ user: ALICE })
        : json({ error: { code: 'unauthenticated', message: 'Please sign in first.' } }, 401),
    );
    const auth = createLocalAuth();
    await auth.signIn('alice@example.com', 'secret-password');
    const seen: Array<[AuthUser | null, boolean | undefined]> = [];
    auth.onAuthStateChanged((user, ended) => seen.push([user, ended]));
    // Any screen's call, through the one API client: here a profile list.
    await expect(api('/documents/customers/x/profiles')).rejects.toThrow();
    expect(seen).toEqual([
      [ALICE, undefined],
      [null, true],
    ]);
  });

  it('keeps the user when a 401 is a wrong password, not an ended session', async () => {
    stubFetch(({ pathname }) =>
      pathname === '/api/auth/sign-in'
        ? json({ user: ALICE })
        : json(
            { error: { code: 'auth/invalid-credential', message: 'The email address or password is incorrect.' } },
            401,
          ),
    );
    const auth = createLocalAuth();
    await auth.signIn('alice@example.com', 'secret-password');
    const seen: Array<AuthUser | null> = [];
    auth.onAuthStateChanged((user) => seen.push(user));
    await expect(api('/auth/password', { method: 'POST', body: {} })).rejects.toThrow();
    expect(seen).toEqual([ALICE]);
  });
});

describe('local auth: onAuthStateChanged', () => {
  function serverWithSession(initial: AuthUser | null) {
    let session = initial;
    return stubFetch(({ pathname, method, body }) => {
      if (pathname === '/api/auth/session' && method === 'GET') return json({ user: session });
      if (pathname === '/api/auth/sign-in' && method === 'POST') {
        const { email } = body as { email: string };
        session = email === BOB.email ? BOB : ALICE;
        return json({ user: session });
      }
      if (pathname === '/api/auth/sign-out' && method === 'POST') {
        session = null;
        return noContent();
      }
      return json({ error: { code: 'not-found', message: 'Not found' } }, 404);
    });
  }

  it("calls back with the session's user once known, then the signed-in user, then null on sign-out", async () => {
    const { requests } = serverWithSession(ALICE);
    const auth = createLocalAuth();
    const callback = vi.fn();

    auth.onAuthStateChanged(callback);
    expect(callback).not.toHaveBeenCalled(); // not known yet
    await settle();
    expect(callback.mock.calls).toEqual([[ALICE]]);
    expect(requests().map((r) => `${r.method} ${r.pathname}`)).toEqual(['GET /api/auth/session']);

    await auth.signIn(BOB.email, 'secret-password');
    expect(callback.mock.calls).toEqual([[ALICE], [BOB]]);

    await auth.signOut();
    expect(callback.mock.calls).toEqual([[ALICE], [BOB], [null]]);
  });

  it('calls back with null when the server has no session', async () => {
    serverWithSession(null);
    const auth = createLocalAuth();
    const callback = vi.fn();

    auth.onAuthStateChanged(callback);
    await settle();

    expect(callback.mock.calls).toEqual([[null]]);
  });

  it('gives a later subscriber the known user at once, without asking the server again', async () => {
    const { fetchMock } = serverWithSession(ALICE);
    const auth = createLocalAuth();
    auth.onAuthStateChanged(() => {});
    await settle();
    const late = vi.fn();

    auth.onAuthStateChanged(late);

    expect(late.mock.calls).toEqual([[ALICE]]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the server once for subscribers that arrive while the check is running', async () => {
    const { fetchMock } = serverWithSession(ALICE);
    const auth = createLocalAuth();
    const first = vi.fn();
    const second = vi.fn();

    auth.onAuthStateChanged(first);
    auth.onAuthStateChanged(second);
    await settle();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(first.mock.calls).toEqual([[ALICE]]);
    expect(second.mock.calls).toEqual([[ALICE]]);
  });

  it('stops calling back after unsubscribing', async () => {
    serverWithSession(ALICE);
    const auth = createLocalAuth();
    const callback = vi.fn();
    const other = vi.fn();
    const unsubscribe = auth.onAuthStateChanged(callback);
    auth.onAuthStateChanged(other);
    await settle();
    expect(callback.mock.calls).toEqual([[ALICE]]);

    unsubscribe();
    await auth.signIn(BOB.email, 'secret-password');
    await auth.signOut();

    expect(callback.mock.calls).toEqual([[ALICE]]);
    expect(other.mock.calls).toEqual([[ALICE], [BOB], [null]]);
  });

  it('does not call back with null while the session check fails, and retries until it succeeds', async () => {
    let reachable = false;
    const { fetchMock } = stubFetch(({ pathname }) =>
      reachable && pathname === '/api/auth/session' ? json({ user: ALICE }) : networkFailure(),
    );
    const auth = createLocalAuth();
    const callback = vi.fn();

    auth.onAuthStateChanged(callback);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(callback).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(callback).not.toHaveBeenCalled();

    reachable = true;
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await settle();

    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(callback.mock.calls).toEqual([[ALICE]]);

    // Once known, the retrying stops.
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 5);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not call back with null while the server answers the session check with an error', async () => {
    let healthy = false;
    stubFetch(() =>
      healthy
        ? json({ user: null })
        : json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500),
    );
    const auth = createLocalAuth();
    const callback = vi.fn();

    auth.onAuthStateChanged(callback);
    await settle();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await settle();
    expect(callback).not.toHaveBeenCalled();

    healthy = true;
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await settle();

    expect(callback.mock.calls).toEqual([[null]]);
  });

  it('stops retrying once the last subscriber unsubscribes between retries', async () => {
    const { fetchMock } = stubFetch(() => networkFailure());
    const auth = createLocalAuth();
    const unsubscribe = auth.onAuthStateChanged(vi.fn());
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    unsubscribe();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 5);

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('stops retrying when the last subscriber unsubscribes while a session check is in flight', async () => {
    // The first session check hangs until the test fails it; any later one fails at once.
    let failInFlight: (() => void) | undefined;
    const { fetchMock } = stubFetch(() =>
      failInFlight
        ? networkFailure()
        : new Promise<Response>((_resolve, reject) => {
            failInFlight = () => reject(new TypeError('Failed to fetch'));
          }),
    );
    const auth = createLocalAuth();
    const unsubscribe = auth.onAuthStateChanged(vi.fn());
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    unsubscribe(); // e.g. the session actor stops (React StrictMode unmount) while offline
    failInFlight!();
    await settle();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 5);

    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
