import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { SESSION_COOKIE } from './checkout-helpers.ts';
import { createTestApp } from './test-app.ts';

const PASSWORD = 'secret-password';

/** Every Set-Cookie line of a response. */
function setCookieLines(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** The session token a response sets, checking that its cookie is out of JavaScript's reach. */
function issuedToken(response: LightMyRequestResponse): string {
  const lines = setCookieLines(response).filter((line) => line.startsWith(`${SESSION_COOKIE}=`));
  expect(lines).toHaveLength(1);
  const attributes = lines[0]!
    .split(';')
    .slice(1)
    .map((part) => part.trim().toLowerCase());
  expect(attributes).toContain('httponly');
  expect(attributes).toContain('samesite=lax');
  expect(attributes).toContain('path=/');
  const token = lines[0]!.slice(SESSION_COOKIE.length + 1).split(';')[0]!;
  // 32 random bytes, base64url.
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  // Only in the cookie: never in the body, nor in any other header.
  expect(response.body).not.toContain(token);
  for (const [name, value] of Object.entries(response.headers)) {
    if (name !== 'set-cookie') expect(String(value)).not.toContain(token);
  }
  return token;
}

const post = (app: FastifyInstance, route: string, payload?: object, token?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/auth/${route}`,
    ...(payload ? { payload } : {}),
    cookies: token === undefined ? undefined : { [SESSION_COOKIE]: token },
  });

async function signedInAs(app: FastifyInstance, token: string): Promise<string | null> {
  const response = await app.inject({ url: '/api/auth/session', cookies: { [SESSION_COOKIE]: token } });
  expect(response.body).not.toContain(token);
  return (response.json() as { user: { email: string } | null }).user?.email ?? null;
}

describe('the session token', () => {
  it('is new at every sign-in; the one the browser sent is revoked, other browsers’ stay', async () => {
    const { app } = await createTestApp();
    const signUp = issuedToken(await post(app, 'sign-up', { email: 'ann@example.com', password: PASSWORD }));

    // Two other browsers sign in without a cookie: each gets its own token, and all three work.
    const laptop = issuedToken(await post(app, 'sign-in', { email: 'ann@example.com', password: PASSWORD }));
    const phone = issuedToken(await post(app, 'sign-in', { email: 'ann@example.com', password: PASSWORD }));
    expect(new Set([signUp, laptop, phone]).size).toBe(3);
    for (const token of [signUp, laptop, phone]) expect(await signedInAs(app, token)).toBe('ann@example.com');

    // The laptop signs in again: a fresh token, and its old one no longer works.
    const renewed = issuedToken(await post(app, 'sign-in', { email: 'ann@example.com', password: PASSWORD }, laptop));
    expect([signUp, laptop, phone]).not.toContain(renewed);
    expect(await signedInAs(app, laptop)).toBeNull();
    expect(await signedInAs(app, renewed)).toBe('ann@example.com');
    expect(await signedInAs(app, phone)).toBe('ann@example.com');
    expect(await signedInAs(app, signUp)).toBe('ann@example.com');
    expect(app.db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(3);
  });

  it('is new at sign-up too, and a browser signed in to another account loses that session', async () => {
    const { app } = await createTestApp();
    const ann = issuedToken(await post(app, 'sign-up', { email: 'ann@example.com', password: PASSWORD }));
    const bob = issuedToken(await post(app, 'sign-up', { email: 'bob@example.com', password: PASSWORD }, ann));
    expect(bob).not.toBe(ann);
    expect(await signedInAs(app, ann)).toBeNull();
    expect(await signedInAs(app, bob)).toBe('bob@example.com');
  });

  it('is kept when a sign-in or sign-up fails', async () => {
    const { app } = await createTestApp();
    const ann = issuedToken(await post(app, 'sign-up', { email: 'ann@example.com', password: PASSWORD }));
    const wrong = await post(app, 'sign-in', { email: 'ann@example.com', password: 'wrong-password' }, ann);
    expect(wrong.statusCode).toBe(401);
    expect(setCookieLines(wrong)).toEqual([]);
    const taken = await post(app, 'sign-up', { email: 'ann@example.com', password: PASSWORD }, ann);
    expect(taken.statusCode).toBe(409);
    expect(setCookieLines(taken)).toEqual([]);
    expect(await signedInAs(app, ann)).toBe('ann@example.com');
  });

  it('is not disturbed by a garbage cookie at sign-in', async () => {
    const { app } = await createTestApp();
    issuedToken(await post(app, 'sign-up', { email: 'ann@example.com', password: PASSWORD }));
    for (const garbage of ['x', '%E0%A4%A', 'a'.repeat(4000), '"quoted"', '../../etc/passwd']) {
      const response = await post(app, 'sign-in', { email: 'ann@example.com', password: PASSWORD }, garbage);
      expect(response.statusCode).toBe(200);
      issuedToken(response);
    }
  });

  it('is cleared at sign-out and revoked on the server', async () => {
    const { app } = await createTestApp();
    const ann = issuedToken(await post(app, 'sign-up', { email: 'ann@example.com', password: PASSWORD }));
    const response = await post(app, 'sign-out', undefined, ann);
    expect(response.statusCode).toBe(204);
    const lines = setCookieLines(response);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
    expect(await signedInAs(app, ann)).toBeNull();
    expect(app.db.prepare('SELECT count(*) FROM sessions').pluck().get()).toBe(0);
  });
});
