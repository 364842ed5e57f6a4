import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import { RESET_SENT_MESSAGE } from '../../shared/auth/credentials.ts';
import { expectError, signUp, testClock } from './checkout-helpers.ts';
import { decodeQuotedPrintable, readOutbox, resetLinkIn } from './support/outbox.ts';
import { createTestApp } from './test-app.ts';

const SESSION_COOKIE = 'marquee_session';
const PASSWORD = 'secret-password';
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signIn(app: FastifyInstance, email: string, password = PASSWORD, userAgent = CHROME_ON_WINDOWS) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    headers: { 'user-agent': userAgent },
  });
  return { response, token: response.cookies.find((c) => c.name === SESSION_COOKIE)?.value };
}

const as = (app: FastifyInstance, token: string) => (options: InjectOptions) =>
  app.inject({ ...options, cookies: { [SESSION_COOKIE]: token } });

async function sessionUser(app: FastifyInstance, token: string) {
  const response = await as(app, token)({ method: 'GET', url: '/api/auth/session' });
  return (response.json() as { user: { email: string } | null }).user;
}

const outbox = readOutbox;

/** The reset code in the newest message of the outbox (the .eml's plain-text part carries the link). */
async function resetCodeFor(dataDir: string, count = 1): Promise<string> {
  await vi.waitFor(() => expect(outbox(dataDir)).toHaveLength(count), { timeout: 15_000 });
  const link = resetLinkIn(outbox(dataDir).at(-1)!);
  expect(link).not.toBeNull();
  return link!.searchParams.get('code')!;
}

const askForReset = (app: FastifyInstance, email: string, ip = '127.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress: ip });

const confirmReset = (app: FastifyInstance, code: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { code, password } });

describe('"Forgot password?"', () => {
  it('answers the same whether or not the address has an account, and mails only an account', async () => {
    const { app, dataDir } = await createTestApp({ publicUrl: 'https://marquee.example' });
    await signUp(app, 'ann@example.com');

    const known = await askForReset(app, 'ann@example.com');
    const unknown = await askForReset(app, 'nobody@example.com');
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const code = await resetCodeFor(dataDir);
    const message = decodeQuotedPrintable(outbox(dataDir)[0]!);
    expect(message).toMatch(/^To: ann@example\.com$/m);
    expect(message).toMatch(/^Subject: Reset your Marquee password$/m);
    // Plain text and HTML, the link at the address configured, never the request's Host.
    expect(message).toMatch(/Content-Type: text\/plain/);
    expect(message).toMatch(/Content-Type: text\/html/);
    expect(message).toContain(`https://marquee.example/reset-password?code=${code}`);
    // Give the unknown address's mail every chance to appear: it never does.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outbox(dataDir)).toHaveLength(1);
    expect(RESET_SENT_MESSAGE).toMatch(/If an account uses that email address/);
  });

  it('stores only a hash of the code', async () => {
    const { app, dataDir } = await createTestApp();
    await signUp(app, 'ann@example.com');
    await askForReset(app, 'ann@example.com');
    const code = await resetCodeFor(dataDir);
    const rows = app.db.prepare('SELECT token_hash FROM password_resets').pluck().all() as string[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).not.toBe(code);
  });

  it('sets a new password once, ends every session, and the link cannot be used again', async () => {
    const { app, dataDir } = await createTestApp();
    const ann = await signUp(app, 'ann@example.com');
    const other = await signIn(app, 'ann@example.com');
    await askForReset(app, 'ann@example.com');
    const code = await resetCodeFor(dataDir);

    // A weak password does not use the link up.
    expectError(await confirmReset(app, code, 'abc'), 400, 'auth/weak-password');
    expect((await confirmReset(app, code, 'a-new-password')).statusCode).toBe(204);

    expect(await sessionUser(app, ann.token)).toBeNull();
    expect(await sessionUser(app, other.token!)).toBeNull();
    expectError((await signIn(app, 'ann@example.com')).response, 401, 'auth/invalid-credential');
    expect((await signIn(app, 'ann@example.com', 'a-new-password')).response.statusCode).toBe(200);

    expectError(await confirmReset(app, code, 'another-password'), 400, 'auth/invalid-action-code');
    expect((await signIn(app, 'ann@example.com', 'a-new-password')).response.statusCode).toBe(200);
  });

  it('expires a link after an hour (the injected clock)', async () => {
    const clock = testClock();
    const { app, dataDir } = await createTestApp({ now: clock.now });
    await signUp(app, 'ann@example.com');
    await askForReset(app, 'ann@example.com');
    const first = await resetCodeFor(dataDir);
    clock.advance(60 * 60 * 1000);
    expectError(await confirmReset(app, first, 'a-new-password'), 400, 'auth/expired-action-code');

    await askForReset(app, 'ann@example.com');
    const second = await resetCodeFor(dataDir, 2);
    clock.advance(59 * 60 * 1000);
    expect((await confirmReset(app, second, 'a-new-password')).statusCode).toBe(204);
  });

  it('refuses a made-up or malformed code, and a malformed e-mail, clearly', async () => {
    const { app } = await createTestApp();
    expectError(await confirmReset(app, 'made-up', 'a-new-password'), 400, 'auth/invalid-action-code');
    expectError(await askForReset(app, 'not an email'), 400, 'auth/invalid-email');
    const wrongType = await app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: 42 } });
    expect(wrongType.statusCode).toBe(400);
  });

  it('is throttled per client address, known addresses and unknown alike', async () => {
    const { app, dataDir } = await createTestApp({ resets: { perClient: 3, perEmail: 2 } });
    await signUp(app, 'ann@example.com');
    for (const email of ['ann@example.com', 'ann@example.com', 'ann@example.com']) {
      expect((await askForReset(app, email, '10.0.0.1')).statusCode).toBe(204);
    }
    expectError(await askForReset(app, 'ann@example.com', '10.0.0.1'), 429, 'auth/too-many-requests');
    expectError(await askForReset(app, 'nobody@example.com', '10.0.0.1'), 429, 'auth/too-many-requests');
    // Another address may ask; but one mailbox gets at most its two links an hour, silently.
    expect((await askForReset(app, 'ann@example.com', '10.0.0.2')).statusCode).toBe(204);
    await resetCodeFor(dataDir, 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(outbox(dataDir)).toHaveLength(2);
  });
});

describe('changing the password', () => {
  it('asks for the current password, keeps this session and ends every other', async () => {
    const { app, dataDir } = await createTestApp();
    const ann = await signUp(app, 'ann@example.com');
    const phone = await signIn(app, 'ann@example.com', PASSWORD, SAFARI_ON_IPHONE);
    const change = (password: string, newPassword: string) =>
      as(app, ann.token)({ method: 'POST', url: '/api/auth/password', payload: { password, newPassword } });

    expectError(await change('wrong-password', 'a-new-password'), 400, 'auth/wrong-password');
    expectError(await change(PASSWORD, '123'), 400, 'auth/weak-password');
    expect(await sessionUser(app, phone.token!)).not.toBeNull();

    expect((await change(PASSWORD, 'a-new-password')).statusCode).toBe(204);
    expect(await sessionUser(app, ann.token)).toMatchObject({ email: 'ann@example.com' });
    expect(await sessionUser(app, phone.token!)).toBeNull();
    expectError((await signIn(app, 'ann@example.com')).response, 401, 'auth/invalid-credential');
    expect((await signIn(app, 'ann@example.com', 'a-new-password')).response.statusCode).toBe(200);
    await vi.waitFor(() => expect(outbox(dataDir).join()).toMatch(/Subject: Your Marquee password was changed/));
  });

  it('counts wrong current passwords against the sign-in throttle', async () => {
    const { app } = await createTestApp({ accounts: { throttle: { perEmail: 2, perClient: 50 } } });
    const ann = await signUp(app, 'ann@example.com');
    const change = (password: string) =>
      as(
        app,
        ann.token,
      )({ method: 'POST', url: '/api/auth/password', payload: { password, newPassword: 'x-new-pass' } });
    expectError(await change('wrong-1'), 400, 'auth/wrong-password');
    expectError(await change('wrong-2'), 400, 'auth/wrong-password');
    expectError(await change(PASSWORD), 429, 'auth/too-many-requests');
  });

  it('needs a session', async () => {
    const { app } = await createTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/password',
      payload: { password: PASSWORD, newPassword: 'a-new-password' },
    });
    expectError(response, 401, 'unauthenticated');
  });
});

describe('changing the e-mail', () => {
  it('asks for the password, refuses an address in use, and signs in by the new address after', async () => {
    const { app } = await createTestApp();
    const ann = await signUp(app, 'ann@example.com');
    await signUp(app, 'bob@example.com');
    const change = (password: string, email: string) =>
      as(app, ann.token)({ method: 'POST', url: '/api/auth/email', payload: { password, email } });

    expectError(await change('wrong-password', 'ann@new.example'), 400, 'auth/wrong-password');
    expectError(await change(PASSWORD, 'not an email'), 400, 'auth/invalid-email');
    expectError(await change(PASSWORD, 'BOB@example.com'), 409, 'auth/email-already-in-use');
    // Read once, so that the session is remembered with the old address.
    expect(await sessionUser(app, ann.token)).toMatchObject({ email: 'ann@example.com' });

    const changed = await change(PASSWORD, ' Ann@New.Example ');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ user: { uid: ann.uid, email: 'ann@new.example' } });
    expect(await sessionUser(app, ann.token)).toMatchObject({ email: 'ann@new.example' });
    expect((await signIn(app, 'ann@new.example')).response.statusCode).toBe(200);
    expectError((await signIn(app, 'ann@example.com')).response, 401, 'auth/invalid-credential');
  });
});

describe('devices', () => {
  it('lists the signed-in sessions and signs one out', async () => {
    const { app } = await createTestApp();
    await signUp(app, 'ann@example.com');
    const laptop = await signIn(app, 'ann@example.com', PASSWORD, CHROME_ON_WINDOWS);
    const phone = await signIn(app, 'ann@example.com', PASSWORD, SAFARI_ON_IPHONE);
    const bob = await signUp(app, 'bob@example.com');

    const list = await as(app, laptop.token!)({ method: 'GET', url: '/api/auth/sessions' });
    expect(list.statusCode).toBe(200);
    const { sessions } = list.json() as {
      sessions: Array<{ id: string; device: string; address: string; current: boolean; lastSeenAt: string }>;
    };
    expect(sessions).toHaveLength(3);
    const mine = sessions.find((s) => s.current)!;
    expect(mine).toMatchObject({ device: 'Chrome on Windows', address: '127.0.0.1' });
    const phoneSession = sessions.find((s) => s.device === 'Safari on iOS')!;
    expect(phoneSession.current).toBe(false);
    expect(Number.isNaN(Date.parse(phoneSession.lastSeenAt))).toBe(false);
    // Never a token or its hash.
    expect(JSON.stringify(sessions)).not.toContain(phone.token!);

    // Another account cannot end it, nor learn it exists.
    expectError(
      await as(app, bob.token)({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}` }),
      404,
      'not-found',
    );
    expectError(
      await as(app, laptop.token!)({ method: 'DELETE', url: '/api/auth/sessions/nonsense' }),
      404,
      'not-found',
    );

    const ended = await as(app, laptop.token!)({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}` });
    expect(ended.statusCode).toBe(204);
    expect(await sessionUser(app, phone.token!)).toBeNull();
    expect(await sessionUser(app, laptop.token!)).not.toBeNull();
    // The ended session's next request is a 401 the client reads as "signed out".
    expectError(await as(app, phone.token!)({ method: 'GET', url: '/api/auth/sessions' }), 401, 'unauthenticated');
  });
});
