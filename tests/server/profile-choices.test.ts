import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import type { Profile } from '../../shared/profiles/profile.schema.ts';
import { settingsOf, subtitleStyleOf } from '../../shared/profiles/profile-settings.ts';
import { createTestApp } from './test-app.ts';

const SESSION_COOKIE = 'marquee_session';
const PASSWORD = 'secret-password';

interface Viewer {
  uid: string;
  token: string;
}

type Answer = { profile: Profile; profiles: Profile[] };

/** A new account (its first profile kept) and calls made as it. */
async function household(app: FastifyInstance, email = 'ann@example.com') {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: { email, password: PASSWORD },
  });
  expect(response.statusCode).toBe(201);
  const viewer: Viewer = {
    uid: (response.json() as { user: { uid: string } }).user.uid,
    token: response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value,
  };
  const request = (options: InjectOptions) => app.inject({ ...options, cookies: { [SESSION_COOKIE]: viewer.token } });
  const base = `/api/documents/customers/${viewer.uid}/profiles`;
  const calls = {
    viewer,
    list: async () => (await request({ method: 'GET', url: base })).json().profiles as Profile[],
    add: (payload: object) => request({ method: 'POST', url: base, payload }),
    edit: (id: string, payload: object) => request({ method: 'PATCH', url: `${base}/${id}`, payload }),
    settings: (id: string, payload: unknown) =>
      request({ method: 'PATCH', url: `${base}/${id}/settings`, payload: payload as object }),
    lock: (id: string, payload: object) => request({ method: 'PUT', url: `${base}/${id}/lock`, payload }),
    select: (id: string, payload?: object) => request({ method: 'POST', url: `${base}/${id}/select`, payload }),
    remove: (id: string) => request({ method: 'DELETE', url: `${base}/${id}` }),
  };
  const [first] = await calls.list();
  return { ...calls, first: first! };
}

function expectProblem(response: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
}

const pinHashOf = (app: FastifyInstance, id: string) =>
  app.db.prepare('SELECT pin_hash FROM profiles WHERE id = ?').pluck().get(id) as string | null;

describe('avatars', () => {
  it('keeps the avatar chosen when adding and when editing, and refuses one not offered', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    expect(ann.first.avatar).toBeUndefined();
    const added = await ann.add({ name: 'Bob', avatar: 'teal-calm' });
    expect(added.statusCode).toBe(201);
    expect((added.json() as Answer).profile).toMatchObject({ name: 'Bob', avatar: 'teal-calm' });

    const edited = await ann.edit(ann.first.id, { name: 'Ann', avatar: 'pink-smile' });
    expect(edited.statusCode).toBe(200);
    expect((edited.json() as Answer).profile.avatar).toBe('pink-smile');

    expectProblem(
      await ann.edit(ann.first.id, { name: 'Ann', avatar: 'https://evil.example/x.svg' }),
      400,
      'invalid-argument',
      'Choose one of the offered avatars.',
    );
    expect((await ann.list()).map((p) => p.avatar)).toEqual(['pink-smile', 'teal-calm']);
  });
});

describe('PATCH …/profiles/:id/settings', () => {
  it('stores each setting given and keeps the others', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    const first = await ann.settings(ann.first.id, { autoplayPreviews: false });
    expect(first.statusCode).toBe(200);
    expect((first.json() as Answer).profile.settings).toEqual({ autoplayPreviews: false });
    const second = await ann.settings(ann.first.id, { autoplayNext: false, language: 'fr' });
    expect((second.json() as Answer).profile.settings).toEqual({
      autoplayNext: false,
      autoplayPreviews: false,
      language: 'fr',
    });
  });

  it('refuses settings a profile cannot have, changing nothing', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    for (const bad of [{ language: 'xx' }, { autoplayNext: 'yes' }, { volume: 3 }, [1]]) {
      expectProblem(await ann.settings(ann.first.id, bad), 400, 'invalid-argument');
    }
    expect((await ann.list())[0]!.settings).toBeUndefined();
  });

  it("reaches only the caller's own profiles", async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    const bob = await household(app, 'bob@example.com');
    expectProblem(await ann.settings(bob.first.id, { autoplayNext: false }), 404, 'not-found');
  });

  it('stores the subtitle appearance per profile, each part on its own, the defaults until chosen', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    const kids = ((await ann.add({ name: 'Kids' })).json() as Answer).profile;
    expect(settingsOf(ann.first)).toMatchObject({
      subtitleSize: 'medium',
      subtitleColor: 'white',
      subtitleBackground: 'semi',
    });
    const large = await ann.settings(ann.first.id, { subtitleSize: 'large', subtitleColor: 'yellow' });
    expect(large.statusCode).toBe(200);
    expect((large.json() as Answer).profile.settings).toEqual({ subtitleSize: 'large', subtitleColor: 'yellow' });
    const black = await ann.settings(ann.first.id, { subtitleBackground: 'black', language: 'de' });
    expect((black.json() as Answer).profile.settings).toEqual({
      subtitleSize: 'large',
      subtitleColor: 'yellow',
      subtitleBackground: 'black',
      language: 'de',
    });
    const listed = await ann.list();
    expect(subtitleStyleOf(settingsOf(listed.find((p) => p.id === ann.first.id))!)).toEqual({
      size: 'large',
      color: 'yellow',
      background: 'black',
    });
    // Another profile of the same account keeps the defaults.
    expect(listed.find((p) => p.id === kids.id)!.settings).toBeUndefined();
  });

  it('refuses a subtitle choice not offered with a 400, keeping what was stored', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    await ann.settings(ann.first.id, { subtitleSize: 'small' });
    for (const bad of [
      { subtitleSize: 'huge' },
      { subtitleColor: 'red' },
      { subtitleBackground: 'grey' },
      { subtitleSize: 2 },
      { subtitleColor: null },
      { subtitleSize: 'large', subtitleStyle: 'outline' },
    ]) {
      expectProblem(
        await ann.settings(ann.first.id, bad),
        400,
        'invalid-argument',
        'Those settings are not ones a profile can have.',
      );
    }
    expect((await ann.list())[0]!.settings).toEqual({ subtitleSize: 'small' });
  });
});

describe('profile lock', () => {
  it('sets a PIN with the account password, stores only its hash, and asks for it to select', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    const kids = (await ann.add({ name: 'Kids' }).then((r) => r.json())) as Answer;
    const locked = await ann.lock(ann.first.id, { password: PASSWORD, pin: '4321' });
    expect(locked.statusCode).toBe(200);
    expect((locked.json() as Answer).profile.locked).toBe(true);
    const stored = pinHashOf(app, ann.first.id);
    expect(stored).toMatch(/^\$argon2id\$/);
    expect(stored).not.toContain('4321');

    await ann.select(kids.profile.id);
    expectProblem(await ann.select(ann.first.id), 403, 'permission-denied', 'Enter the PIN to open this profile.');
    expectProblem(
      await ann.select(ann.first.id, { pin: '0000' }),
      403,
      'permission-denied',
      'That PIN is not right. Try again.',
    );
    expect((await ann.list()).find((p) => p.activeProfile)!.id).toBe(kids.profile.id);
    const opened = await ann.select(ann.first.id, { pin: '4321' });
    expect(opened.statusCode).toBe(200);
    expect((opened.json() as Answer).profile.activeProfile).toBe(true);
  });

  it('refuses a wrong account password and a malformed PIN, leaving the lock as it was', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    expectProblem(
      await ann.lock(ann.first.id, { password: 'not-it', pin: '1234' }),
      403,
      'permission-denied',
      'That password is not right.',
    );
    expectProblem(
      await ann.lock(ann.first.id, { password: PASSWORD, pin: '12a4' }),
      400,
      'invalid-argument',
      'A PIN is exactly 4 digits.',
    );
    expectProblem(await ann.lock(ann.first.id, { password: PASSWORD, pin: 1234 }), 400, 'invalid-argument');
    expect(pinHashOf(app, ann.first.id)).toBeNull();
  });

  it('refuses every PIN after the limit of wrong ones, even the right one', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    const kids = (await ann.add({ name: 'Kids' }).then((r) => r.json())) as Answer;
    await ann.lock(ann.first.id, { password: PASSWORD, pin: '4321' });
    await ann.select(kids.profile.id);
    for (let i = 0; i < 5; i += 1)
      expectProblem(await ann.select(ann.first.id, { pin: `000${i}` }), 403, 'permission-denied');
    expectProblem(
      await ann.select(ann.first.id, { pin: '4321' }),
      429,
      'resource-exhausted',
      'Too many wrong PINs. Try again in 15 minutes.',
    );
    expect((await ann.list()).find((p) => p.activeProfile)!.id).toBe(kids.profile.id);
  });

  it('does not hand a locked profile the active place when the active one is deleted', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    const kids = (await ann.add({ name: 'Kids' }).then((r) => r.json())) as Answer;
    const guest = (await ann.add({ name: 'Guest' }).then((r) => r.json())) as Answer;
    await ann.lock(ann.first.id, { password: PASSWORD, pin: '4321' });
    await ann.select(kids.profile.id);
    await ann.remove(kids.profile.id);
    expect((await ann.list()).find((p) => p.activeProfile)!.id).toBe(guest.profile.id);
  });

  it('removes the PIN with the password; then the profile opens without one', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    const kids = (await ann.add({ name: 'Kids' }).then((r) => r.json())) as Answer;
    await ann.lock(ann.first.id, { password: PASSWORD, pin: '4321' });
    const removed = await ann.lock(ann.first.id, { password: PASSWORD, pin: null });
    expect((removed.json() as Answer).profile.locked).toBeUndefined();
    await ann.select(kids.profile.id);
    expect((await ann.select(ann.first.id)).statusCode).toBe(200);
  });

  it('asks for the PIN to add a profile when the lock says so', async () => {
    const { app } = await createTestApp();
    const ann = await household(app);
    const locked = await ann.lock(ann.first.id, { password: PASSWORD, pin: '4321', pinToAdd: true });
    expect((locked.json() as Answer).profile).toMatchObject({ locked: true, pinToAdd: true });
    expectProblem(
      await ann.add({ name: 'Bob' }),
      403,
      'permission-denied',
      'Enter the PIN of a locked profile to add a profile.',
    );
    expectProblem(await ann.add({ name: 'Bob', pin: '1111' }), 403, 'permission-denied');
    expect(await ann.list()).toHaveLength(1);
    expect((await ann.add({ name: 'Bob', pin: '4321' })).statusCode).toBe(201);
  });
});
