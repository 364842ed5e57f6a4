import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';

import { loadMigrations, migrate } from '../../server/db/migrate.ts';
import { inWriteTurn } from '../../server/db/write-turn.ts';
import type { Profile } from '../../shared/profiles/profile.schema.ts';
import { memberGrant } from './checkout-helpers.ts';
import { householdWithKid, PASSWORD } from './maturity-helpers.ts';
import { titlesIn } from './support/titles-in.ts';
import { createTestApp } from './test-app.ts';

const SESSION_COOKIE = 'marquee_session';
const KEY = 'test-catalogue-key';
const EMAIL = 'ann@example.com';
const MATRIX = 603; // 16+ in the shipped catalogue
const RAIDERS = 85; // 7+
const PIN_FOR_PROFILE = 'Enter the PIN for this profile.';

type Answer = { profile: Profile; profiles: Profile[] };

function expectProblem(response: LightMyRequestResponse, status: number, code: string, message?: string) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  if (message) expect(body.error.message).toBe(message);
}

/** Another device of the same account: a sign-in of its own, and calls made in that session. */
async function device(app: FastifyInstance, uid: string, email = EMAIL) {
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password: PASSWORD },
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const token = signIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value;
  return calls(app, uid, token);
}

/** Calls made in the session of `token`, on `app` (a cluster's workers are apps on one data folder). */
function calls(app: FastifyInstance, uid: string, token: string) {
  const as = (options: InjectOptions) => app.inject({ ...options, cookies: { [SESSION_COOKIE]: token } });
  const base = `/api/documents/customers/${uid}/profiles`;
  return {
    token,
    as,
    list: async () => {
      const response = await as({ method: 'GET', url: base });
      expect(response.statusCode).toBe(200);
      return (response.json() as { profiles: Profile[] }).profiles;
    },
    active: async () => {
      const response = await as({ method: 'GET', url: base });
      return (response.json() as { profiles: Profile[] }).profiles.filter((p) => p.activeProfile).map((p) => p.id);
    },
    select: (id: string, pin?: string) =>
      as({ method: 'POST', url: `${base}/${id}/select`, payload: pin === undefined ? undefined : { pin } }),
    catalogue: (path: string) =>
      as({ method: 'GET', url: `/tmdb/3${path}${path.includes('?') ? '&' : '?'}api_key=${KEY}` }),
    progress: (id: string) => as({ method: 'GET', url: `${base}/${id}/progress` }),
    myList: (id: string) => as({ method: 'GET', url: `${base}/${id}/my_list` }),
    addToMyList: (id: string, title: number) =>
      as({
        method: 'PUT',
        url: `${base}/${id}/my_list/movie-${title}`,
        payload: { media_type: 'movie', id: title, title: 'A film', backdrop_path: null, poster_path: null },
      }),
    saveProgress: (id: string, title: number) =>
      as({
        method: 'PUT',
        url: `${base}/${id}/progress/movie-${title}`,
        payload: {
          media_type: 'movie',
          id: title,
          season_number: null,
          episode_number: null,
          title: 'A film',
          backdrop_path: null,
          position_seconds: 60,
          duration_seconds: 600,
        },
      }),
    lock: (id: string, pin: string | null) =>
      as({ method: 'PUT', url: `${base}/${id}/lock`, payload: { password: PASSWORD, pin } }),
    remove: (id: string) => as({ method: 'DELETE', url: `${base}/${id}` }),
    signOut: () => as({ method: 'POST', url: '/api/auth/sign-out' }),
  };
}

const sessionChoices = (app: FastifyInstance) =>
  app.db.prepare('SELECT token_hash, profile_id FROM session_profiles ORDER BY profile_id').all() as Array<{
    token_hash: string;
    profile_id: string;
  }>;

/** Whether a search answer holds any title (the shipped catalogue's Godfather films are 16+ or above). */
const hasResults = (response: LightMyRequestResponse) => titlesIn(response.json()).length > 0;

describe('the active profile belongs to the session', () => {
  it('lets two devices of one account keep different profiles, each seeing its own flag', async () => {
    const { app } = await createTestApp();
    // The first device chose Kid (7+); a second device signs in and chooses the adult.
    const ann = await householdWithKid(app, '7+');
    const first = calls(app, ann.uid, ann.token);
    const second = await device(app, ann.uid);
    // A new session starts on the account's last choice: Kid.
    expect(await second.active()).toEqual([ann.kid.id]);

    const chosen = await second.select(ann.adult.id);
    expect(chosen.statusCode).toBe(200);
    expect((chosen.json() as Answer).profile.activeProfile).toBe(true);
    expect(await second.active()).toEqual([ann.adult.id]);
    // The first device is not switched by the second's choice.
    expect(await first.active()).toEqual([ann.kid.id]);

    // And back the other way: the first device's choice leaves the second's alone.
    expect((await first.select(ann.adult.id)).statusCode).toBe(200);
    expect((await first.select(ann.kid.id)).statusCode).toBe(200);
    expect(await second.active()).toEqual([ann.adult.id]);
    expect(await first.active()).toEqual([ann.kid.id]);
  });

  it('applies each session’s own profile’s maturity: catalogue, search and playback grant', async () => {
    const { app, ann: member } = await memberGrant();
    const ann = calls(app, member.uid, member.token);
    const base = `/api/documents/customers/${member.uid}/profiles`;
    const kid = ((await ann.as({ method: 'POST', url: base, payload: { name: 'Kid' } })).json() as Answer).profile;
    const adult = (await ann.list()).find((p) => p.id !== kid.id)!;
    expect(
      (await ann.as({ method: 'PUT', url: `${base}/${kid.id}/maturity`, payload: { password: PASSWORD, level: '7+' } }))
        .statusCode,
    ).toBe(200);
    const tv = await device(app, member.uid);
    expect((await tv.select(kid.id)).statusCode).toBe(200);
    expect((await ann.select(adult.id)).statusCode).toBe(200);

    // The kid's device: the Matrix does not exist, no Godfather is found.
    expect((await tv.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(404);
    expect(hasResults(await tv.catalogue('/search/multi?query=godfather'))).toBe(false);
    expect((await tv.catalogue(`/movie/${RAIDERS}`)).statusCode).toBe(200);
    // The adult's device, at the same time: both are there.
    expect((await ann.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(200);
    expect(hasResults(await ann.catalogue('/search/multi?query=godfather'))).toBe(true);

    const grant = (who: typeof ann, id: number) =>
      who.as({ method: 'POST', url: '/api/playback/grants', payload: { media_type: 'movie', id } });
    expectProblem(await grant(tv, MATRIX), 404, 'not-found', 'There is no such programme to play.');
    expect((await grant(ann, MATRIX)).statusCode).toBe(201);
  });

  it('ends a device’s choice with its sign-out, leaving the other device’s', async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '7+');
    const second = await device(app, ann.uid);
    expect((await second.select(ann.adult.id)).statusCode).toBe(200);
    expect(sessionChoices(app)).toHaveLength(2);

    expect((await second.signOut()).statusCode).toBe(204);
    expect(sessionChoices(app).map((row) => row.profile_id)).toEqual([ann.kid.id]);
    expect(await calls(app, ann.uid, ann.token).active()).toEqual([ann.kid.id]);
  });

  it('is kept in the database, so every worker of a cluster sees a session’s choice', async () => {
    const { app, dataDir } = await createTestApp();
    const ann = await householdWithKid(app, '7+');
    // A second worker: another app on the same data folder, with its own memory.
    const { app: worker } = await createTestApp({ dataDir });
    const second = await device(app, ann.uid);
    expect((await second.select(ann.adult.id)).statusCode).toBe(200);

    const onWorker = calls(worker, ann.uid, second.token);
    expect(await onWorker.active()).toEqual([ann.adult.id]);
    expect((await onWorker.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(200);
    const kidOnWorker = calls(worker, ann.uid, ann.token);
    expect((await kidOnWorker.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(404);

    // A choice made on the worker is the one the first app answers by.
    expect((await kidOnWorker.select(ann.adult.id)).statusCode).toBe(200);
    expect((await calls(app, ann.uid, ann.token).catalogue(`/movie/${MATRIX}`)).statusCode).toBe(200);
  });
});

describe('a session that ends while it chooses', () => {
  it('stores no choice for it and does not fail (signed out on another device meanwhile)', async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '7+');
    const gone = 'a-session-key-that-has-just-ended';
    const result = await inWriteTurn(app.db, () => app.profiles.select(ann.uid, ann.adult.id, gone));
    expect(result.ok).toBe(true);
    expect(sessionChoices(app).map((row) => row.token_hash)).not.toContain(gone);
  });
});

describe('deleting a profile', () => {
  it('clears it from every session that had it; they fall back to the account’s choice', async () => {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '7+');
    const second = await device(app, ann.uid);
    const third = await device(app, ann.uid);
    expect((await third.select(ann.adult.id)).statusCode).toBe(200);
    expect((await second.select(ann.kid.id)).statusCode).toBe(200);
    expect(sessionChoices(app).filter((row) => row.profile_id === ann.kid.id)).toHaveLength(2);

    const removed = await third.remove(ann.kid.id);
    expect(removed.statusCode).toBe(200);
    expect(sessionChoices(app).filter((row) => row.profile_id === ann.kid.id)).toEqual([]);
    // Kid was the account's last choice: the oldest unlocked profile takes that over.
    expect(await second.active()).toEqual([ann.adult.id]);
    expect(await calls(app, ann.uid, ann.token).active()).toEqual([ann.adult.id]);
    // No longer limited: the profile whose level limited them is gone.
    expect((await second.catalogue(`/movie/${MATRIX}`)).statusCode).toBe(200);
  });
});

describe("a locked profile's documents", () => {
  /** Ann's account: her own profile locked (PIN 4321) on the first device, which keeps it open. */
  async function lockedHousehold() {
    const { app } = await createTestApp();
    const ann = await householdWithKid(app, '7+');
    const first = calls(app, ann.uid, ann.token);
    // A device signed in before the lock, watching as the adult.
    const before = await device(app, ann.uid);
    expect((await before.select(ann.adult.id)).statusCode).toBe(200);
    expect((await first.select(ann.adult.id)).statusCode).toBe(200);
    expect((await first.addToMyList(ann.adult.id, MATRIX)).statusCode).toBe(200);
    expect((await first.saveProgress(ann.adult.id, MATRIX)).statusCode).toBe(200);
    const locked = await first.lock(ann.adult.id, '4321');
    expect(locked.statusCode).toBe(200);
    // The device that set the lock (with the account password) keeps its profile open.
    expect((locked.json() as Answer).profile).toMatchObject({ locked: true, activeProfile: true });
    return { app, ann, first, before };
  }

  it('are refused to a device that has not given the PIN, and nothing is written', async () => {
    const { app, ann, first, before } = await lockedHousehold();
    const later = await device(app, ann.uid);

    for (const other of [before, later]) {
      // Neither device watches as it: the lock closed it on the device signed in before.
      expect(await other.active()).toEqual([]);
      expectProblem(await other.progress(ann.adult.id), 403, 'permission-denied', PIN_FOR_PROFILE);
      expectProblem(await other.myList(ann.adult.id), 403, 'permission-denied', PIN_FOR_PROFILE);
      expectProblem(await other.addToMyList(ann.adult.id, RAIDERS), 403, 'permission-denied', PIN_FOR_PROFILE);
      expectProblem(await other.saveProgress(ann.adult.id, RAIDERS), 403, 'permission-denied', PIN_FOR_PROFILE);
      const removal = await other.as({
        method: 'DELETE',
        url: `/api/documents/customers/${ann.uid}/profiles/${ann.adult.id}/my_list/movie-${MATRIX}`,
      });
      expectProblem(removal, 403, 'permission-denied', PIN_FOR_PROFILE);
      // An unlocked profile's documents are the household's, as before.
      expect((await other.myList(ann.kid.id)).statusCode).toBe(200);
    }

    // The device that opened it reads them, unchanged.
    const myList = (await first.myList(ann.adult.id)).json() as { items: Array<{ id: number }> };
    expect(myList.items.map((item) => item.id)).toEqual([MATRIX]);
    const progress = (await first.progress(ann.adult.id)).json() as { progress: Array<{ id: number }> };
    expect(progress.progress.map((entry) => entry.id)).toEqual([MATRIX]);
  });

  it('are opened to a device by the right PIN, and to that device only', async () => {
    const { app, ann, before } = await lockedHousehold();
    const later = await device(app, ann.uid);
    expectProblem(await later.select(ann.adult.id, '0000'), 403, 'permission-denied');
    expectProblem(await later.myList(ann.adult.id), 403, 'permission-denied', PIN_FOR_PROFILE);

    expect((await later.select(ann.adult.id, '4321')).statusCode).toBe(200);
    expect((await later.myList(ann.adult.id)).statusCode).toBe(200);
    expect((await later.addToMyList(ann.adult.id, RAIDERS)).statusCode).toBe(200);
    // The other device has still not given it.
    expectProblem(await before.myList(ann.adult.id), 403, 'permission-denied', PIN_FOR_PROFILE);

    // Choosing another profile on that device closes the locked one there again.
    expect((await later.select(ann.kid.id)).statusCode).toBe(200);
    expectProblem(await later.myList(ann.adult.id), 403, 'permission-denied', PIN_FOR_PROFILE);
  });

  it('are open again to every device once the lock is removed', async () => {
    const { ann, first, before } = await lockedHousehold();
    expect((await first.lock(ann.adult.id, null)).statusCode).toBe(200);
    expect((await before.myList(ann.adult.id)).statusCode).toBe(200);
  });
});

describe('the session_profile migration', () => {
  it('keeps the profile each existing session was watching as, unless it is locked', () => {
    const db = new BetterSqlite3(':memory:');
    try {
      db.pragma('foreign_keys = ON');
      // Found by name: its number is the next free one wherever it is merged.
      const migrations = loadMigrations();
      const ours = migrations.findIndex((migration) => migration.name.endsWith('_session_profile.sql'));
      migrate(db, migrations.slice(0, ours), () => {});
      const account = db.prepare('INSERT INTO accounts (uid, email, password_hash, created_at) VALUES (?, ?, ?, 0)');
      const profile = db.prepare(
        'INSERT INTO profiles (uid, id, name, name_key, active, created_at, pin_hash) VALUES (?, ?, ?, ?, ?, 0, ?)',
      );
      const session = db.prepare(
        'INSERT INTO sessions (token_hash, id, uid, created_at, expires_at) VALUES (?, ?, ?, 0, 9e12)',
      );
      account.run('ann', 'ann@example.com', 'hash');
      profile.run('ann', 'annadult', 'Ann', 'ann', 1, null);
      profile.run('ann', 'annkid', 'Kid', 'kid', 0, null);
      account.run('bob', 'bob@example.com', 'hash');
      profile.run('bob', 'boblocked', 'Bob', 'bob', 1, '$argon2id$stand-in');
      session.run('ann-phone', 's1', 'ann');
      session.run('ann-tv', 's2', 'ann');
      session.run('bob-phone', 's3', 'bob');

      migrate(db, migrations, () => {});
      expect(db.prepare('SELECT token_hash, profile_id FROM session_profiles ORDER BY token_hash').all()).toEqual([
        { token_hash: 'ann-phone', profile_id: 'annadult' },
        { token_hash: 'ann-tv', profile_id: 'annadult' },
      ]);
    } finally {
      db.close();
    }
  });
});
