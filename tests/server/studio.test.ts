import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import { loadMigrations, migrate } from '../../server/db/migrate.ts';
import { createLibraryControl, type LibraryControl } from '../../server/library/library-control.ts';
import { signUp } from './checkout-helpers.ts';
import { libraryFolder, writeTree } from './library/library-support.ts';
import { createTestApp } from './test-app.ts';

const TUS = { 'tus-resumable': '1.0.0' };

/** A server with a library folder holding one film, an operator (the first account) and a subscriber. */
async function studioApp(options: Parameters<typeof createTestApp>[0] = {}, control?: LibraryControl) {
  const root = libraryFolder();
  writeTree(root, { 'Films/Harbour Lights (2019)/Harbour Lights (2019).mkv': null });
  const { app, dataDir } = await createTestApp({
    library: { folders: [root], writeFinishMs: 100, ...(control && { control }) },
    ...options,
  });
  await app.library.ready();
  const operator = await signUp(app, 'owner@example.com');
  const subscriber = await signUp(app, 'viewer@example.com');
  const film = app.library.overview().titles[0];
  return { app, dataDir, root, operator, subscriber, film, fileKey: film.files[0].key };
}

/** Every studio route, with a body that would be accepted from an operator. */
const routes = (itemKey: number, fileKey: number, uid: string) =>
  [
    { method: 'GET', url: '/api/studio/overview' },
    { method: 'GET', url: `/api/studio/items/${itemKey}` },
    { method: 'POST', url: `/api/studio/files/${fileKey}/retry` },
    { method: 'POST', url: '/api/studio/rescan' },
    { method: 'GET', url: '/api/studio/catalogue?query=heat&mediaType=movie' },
    { method: 'PUT', url: `/api/studio/items/${itemKey}/match`, payload: { catalogueId: null } },
    { method: 'PATCH', url: `/api/studio/items/${itemKey}/facts`, payload: { plot: 'Lights.' } },
    { method: 'PUT', url: `/api/studio/items/${itemKey}/published`, payload: { published: true } },
    {
      method: 'PUT',
      url: `/api/studio/files/${fileKey}/markers`,
      payload: { markers: [{ kind: 'intro', start: 5, end: 30 }] },
    },
    { method: 'GET', url: '/api/studio/operators' },
    { method: 'POST', url: '/api/studio/operators', payload: { email: 'viewer@example.com' } },
    { method: 'DELETE', url: `/api/studio/operators/${uid}` },
    {
      method: 'POST',
      url: '/api/studio/uploads',
      headers: { ...TUS, 'upload-length': '4', 'upload-metadata': `filename ${btoa('Film.mkv')}` },
    },
    { method: 'HEAD', url: '/api/studio/uploads/abc', headers: TUS },
    {
      method: 'PATCH',
      url: '/api/studio/uploads/abc',
      headers: { ...TUS, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
      payload: 'abcd',
    },
  ] as const;

/** Stands in for the scanning process's commands (the other process's, in a cluster). */
function fakeControl(app: FastifyInstance) {
  const control = { retry: vi.fn(async () => {}), rescan: vi.fn(async () => {}) };
  if (app.hasDecorator('libraryControl')) {
    vi.spyOn(app.libraryControl, 'retry').mockImplementation(control.retry);
    vi.spyOn(app.libraryControl, 'rescan').mockImplementation(control.rescan);
  } else {
    (app as unknown as { libraryControl: typeof control }).libraryControl = control;
  }
  return control;
}

describe('operators', () => {
  it('makes the first account on a data folder the operator, and says so to it alone', async () => {
    const { app, operator, subscriber } = await studioApp();
    expect(operator.user.operator).toBe(true);
    expect(subscriber.user).not.toHaveProperty('operator');
    const own = await app.inject({ method: 'GET', url: '/api/auth/session', cookies: operator.cookies });
    expect(own.json().user.operator).toBe(true);
    const theirs = await app.inject({ method: 'GET', url: '/api/auth/session', cookies: subscriber.cookies });
    expect(theirs.json().user).not.toHaveProperty('operator');
  });

  it('gives a folder that already had accounts an operator: its oldest account', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, loadMigrations().slice(0, 16), () => {});
    const insert = db.prepare('INSERT INTO accounts (uid, email, password_hash, created_at) VALUES (?, ?, ?, ?)');
    insert.run('b', 'b@example.com', 'x', 2000);
    insert.run('a', 'a@example.com', 'x', 1000);
    migrate(db, loadMigrations(), () => {});
    expect(db.prepare('SELECT uid, role FROM accounts ORDER BY uid').all()).toEqual([
      { uid: 'a', role: 'operator' },
      { uid: 'b', role: 'subscriber' },
    ]);
  });

  it('lets an operator make another one and take it back, never leaving none', async () => {
    const { app, operator, subscriber } = await studioApp();
    const grant = await app.inject({
      method: 'POST',
      url: '/api/studio/operators',
      cookies: operator.cookies,
      payload: { email: ' Viewer@Example.com ' },
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().operators.map((o: { email: string }) => o.email)).toEqual([
      'owner@example.com',
      'viewer@example.com',
    ]);
    // The new operator's next request sees the studio.
    const seen = await app.inject({ method: 'GET', url: '/api/studio/overview', cookies: subscriber.cookies });
    expect(seen.statusCode).toBe(200);

    const unknown = await app.inject({
      method: 'POST',
      url: '/api/studio/operators',
      cookies: operator.cookies,
      payload: { email: 'nobody@example.com' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.param).toBe('email');

    const revoke = await app.inject({
      method: 'DELETE',
      url: `/api/studio/operators/${subscriber.user.uid}`,
      cookies: operator.cookies,
    });
    expect(revoke.json().operators).toEqual([{ uid: operator.user.uid, email: 'owner@example.com' }]);
    const gone = await app.inject({ method: 'GET', url: '/api/studio/overview', cookies: subscriber.cookies });
    expect(gone.statusCode).toBe(404);

    const last = await app.inject({
      method: 'DELETE',
      url: `/api/studio/operators/${operator.user.uid}`,
      cookies: operator.cookies,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('failed-precondition');
    expect(app.operators.list()).toHaveLength(1);
  });
});

describe('the studio is for operators only', () => {
  it('answers every studio route 404, as an unknown address, signed out and to a subscriber', async () => {
    const { app, operator, subscriber, film, fileKey } = await studioApp();
    fakeControl(app);
    const unknown = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    for (const route of routes(film.key, fileKey, subscriber.user.uid)) {
      for (const cookies of [undefined, subscriber.cookies]) {
        const answer = await app.inject({ ...route, cookies });
        const path = route.url.split('?')[0];
        expect(answer.statusCode, `${route.method} ${route.url}`).toBe(404);
        if (route.method !== 'HEAD') {
          expect(answer.json()).toEqual({
            error: { code: 'not-found', message: `No route for ${route.method} ${path}` },
          });
        }
      }
    }
    // Nothing a refused request sent was stored.
    expect(app.operators.list()).toEqual([{ uid: operator.user.uid, email: 'owner@example.com' }]);
    expect(app.studio.markers(fileKey)).toEqual([]);
  });

  it('serves every studio route to an operator', async () => {
    const { app, operator, subscriber, film, fileKey } = await studioApp();
    const control = fakeControl(app);
    for (const route of routes(film.key, fileKey, subscriber.user.uid)) {
      const answer = await app.inject({ ...route, cookies: operator.cookies });
      // The tus HEAD and PATCH name an upload that does not exist: tus's own 404, not the studio's.
      if (route.url.endsWith('/abc')) expect(answer.statusCode, `${route.method} ${route.url}`).toBe(404);
      else expect(answer.statusCode, `${route.method} ${route.url}`).toBeLessThan(300);
    }
    expect(control.retry).toHaveBeenCalledWith(`library-${fileKey}`);
    expect(control.rescan).toHaveBeenCalled();
  });

  it('answers the /studio page 404 to anyone but an operator', async () => {
    const { app, operator, subscriber } = await studioApp();
    const page = (cookies?: Record<string, string>) =>
      app.inject({ method: 'GET', url: '/studio/library', headers: { accept: 'text/html' }, cookies });
    expect((await page()).statusCode).toBe(404);
    expect((await page(subscriber.cookies)).statusCode).toBe(404);
    // No client build here: the operator is told so, not refused.
    const own = await page(operator.cookies);
    expect(own.json().error.message).toMatch(/not built/);
  });
});

describe('the studio library API', () => {
  it('gives an item with its facts and files, and keeps the operator’s corrections', async () => {
    const { app, operator, film, fileKey } = await studioApp();
    const item = await app.inject({ method: 'GET', url: `/api/studio/items/${film.key}`, cookies: operator.cookies });
    expect(item.json()).toMatchObject({
      title: { key: film.key, title: 'Harbour Lights', year: 2019, published: true, match: { method: 'new' } },
      facts: { title: 'Harbour Lights', year: 2019, plot: '', certification: '', genres: [] },
      corrected: [],
      files: [{ key: fileKey, ingestKey: `library-${fileKey}`, tracks: null, markers: [], markersFrom: 'none' }],
    });

    const facts = await app.inject({
      method: 'PATCH',
      url: `/api/studio/items/${film.key}/facts`,
      cookies: operator.cookies,
      payload: { title: 'Harbour Lights (Director’s Cut)', certification: '15', genres: ['Drama'] },
    });
    expect(facts.statusCode).toBe(200);
    expect(facts.json().facts).toMatchObject({
      title: 'Harbour Lights (Director’s Cut)',
      certification: '15',
      genres: ['Drama'],
    });
    expect(facts.json().corrected.sort()).toEqual(['certification', 'genres', 'title']);

    const blank = await app.inject({
      method: 'PATCH',
      url: `/api/studio/items/${film.key}/facts`,
      cookies: operator.cookies,
      payload: { title: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    const extra = await app.inject({
      method: 'PATCH',
      url: `/api/studio/items/${film.key}/facts`,
      cookies: operator.cookies,
      payload: { rating: 5 },
    });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('invalid-argument');

    const missing = await app.inject({ method: 'GET', url: '/api/studio/items/99999', cookies: operator.cookies });
    expect(missing.statusCode).toBe(404);
    const badMatch = await app.inject({
      method: 'PUT',
      url: `/api/studio/items/${film.key}/match`,
      cookies: operator.cookies,
      payload: { catalogueId: 123456789 },
    });
    expect(badMatch.statusCode).toBe(400);
    expect(badMatch.json().error.param).toBe('catalogueId');
  });

  it('matches an item to a catalogue title picked from a search', async () => {
    const { app, operator, film } = await studioApp();
    const search = await app.inject({
      method: 'GET',
      url: '/api/studio/catalogue?query=the&mediaType=movie',
      cookies: operator.cookies,
    });
    const [first] = search.json().results as Array<{ id: number; name: string }>;
    expect(first).toBeDefined();
    const match = await app.inject({
      method: 'PUT',
      url: `/api/studio/items/${film.key}/match`,
      cookies: operator.cookies,
      payload: { catalogueId: first.id },
    });
    expect(match.json()).toMatchObject({
      title: { id: first.id, match: { catalogueId: first.id, method: 'operator' } },
      matchedName: first.name,
    });
  });

  it('stores markers for a file, one of each kind, ending after they start', async () => {
    const { app, operator, fileKey } = await studioApp();
    const put = (markers: unknown) =>
      app.inject({
        method: 'PUT',
        url: `/api/studio/files/${fileKey}/markers`,
        cookies: operator.cookies,
        payload: { markers },
      });
    const saved = await put([
      { kind: 'credits', start: 1200, end: 1260 },
      { kind: 'intro', start: 10, end: 40 },
    ]);
    expect(saved.json().markers).toEqual([
      { kind: 'intro', start: 10, end: 40 },
      { kind: 'credits', start: 1200, end: 1260 },
    ]);
    expect((await put([{ kind: 'intro', start: 40, end: 10 }])).statusCode).toBe(400);
    expect(
      (
        await put([
          { kind: 'intro', start: 1, end: 2 },
          { kind: 'intro', start: 3, end: 4 },
        ])
      ).statusCode,
    ).toBe(400);
    expect((await put([{ kind: 'outro', start: 1, end: 2 }])).statusCode).toBe(400);
    // The refused ones stored nothing.
    expect(app.studio.markers(fileKey)).toHaveLength(2);
    const item = await app.inject({
      method: 'GET',
      url: `/api/studio/items/${app.library.overview().titles[0].key}`,
      cookies: operator.cookies,
    });
    expect(item.json().files[0]).toMatchObject({ markersFrom: 'operator' });
  });

  it('takes an unpublished title out of the viewers’ catalogue, and puts it back', async () => {
    const { app, operator, film } = await studioApp();
    expect(app.library.libraryTitles().map((title) => title.itemKey)).toEqual([film.key]);
    const publish = (published: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/api/studio/items/${film.key}/published`,
        cookies: operator.cookies,
        payload: { published },
      });
    expect((await publish(false)).json().title.published).toBe(false);
    expect(app.library.libraryTitles()).toEqual([]);
    expect(app.library.libraryProgrammes()).toEqual([]);
    await publish(true);
    expect(app.library.libraryTitles()).toHaveLength(1);
  });

  it('says so when no process here scans the library, rather than failing', async () => {
    // A server whose library is scanned elsewhere, and that cannot reach it.
    const { app, operator, fileKey } = await studioApp({}, createLibraryControl(null, []));
    const rescan = await app.inject({ method: 'POST', url: '/api/studio/rescan', cookies: operator.cookies });
    expect(rescan.statusCode).toBe(503);
    expect(rescan.json()).toMatchObject({ error: { code: 'unavailable' } });
    const retry = await app.inject({
      method: 'POST',
      url: `/api/studio/files/${fileKey}/retry`,
      cookies: operator.cookies,
    });
    expect(retry.statusCode).toBe(503);
  });
});

describe('uploads (tus)', () => {
  const create = (app: FastifyInstance, cookies: Record<string, string>, name: string, length: number) =>
    app.inject({
      method: 'POST',
      url: '/api/studio/uploads',
      cookies,
      headers: { ...TUS, 'upload-length': String(length), 'upload-metadata': `filename ${btoa(name)}` },
    });

  it('takes a video in pieces, and moves it into the uploads folder under a safe name', async () => {
    const { app, dataDir, operator } = await studioApp();
    const control = fakeControl(app);
    const created = await create(app, operator.cookies, '../../etc/Night Train (2021).mkv', 8);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/studio\/uploads\/\w+$/);
    const patch = (offset: number, body: string) =>
      app.inject({
        method: 'PATCH',
        url: location,
        cookies: operator.cookies,
        headers: { ...TUS, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        payload: body,
      });
    expect((await patch(0, 'abcd')).statusCode).toBe(204);
    // Resumed: the server says where it got to.
    const head = await app.inject({ method: 'HEAD', url: location, cookies: operator.cookies, headers: TUS });
    expect(head.headers['upload-offset']).toBe('4');
    expect((await patch(4, 'efgh')).statusCode).toBe(204);

    const uploads = join(dataDir, 'uploads');
    expect(readdirSync(uploads)).toEqual(['Night Train (2021).mkv']);
    expect(readFileSync(join(uploads, 'Night Train (2021).mkv'), 'utf8')).toBe('abcdefgh');
    expect(readdirSync(join(dataDir, 'uploads-incoming'))).toEqual([]);
    expect(control.rescan).toHaveBeenCalled();
  });

  it('refuses what is not a video, and an upload the disk has no room for', async () => {
    const { app, operator } = await studioApp({ studioUploads: { reserveBytes: Number.MAX_SAFE_INTEGER } });
    const text = await create(app, operator.cookies, 'notes.txt', 4);
    expect(text.statusCode).toBe(400);
    expect(JSON.parse(text.body).error.message).toMatch(/Only video files/);
    const full = await create(app, operator.cookies, 'Film.mkv', 4);
    expect(full.statusCode).toBe(507);
    expect(JSON.parse(full.body).error.message).toMatch(/Not enough free disk space/);
  });

  it('refuses an upload over the size limit', async () => {
    const { app, dataDir, operator } = await studioApp({ studioUploads: { maxBytes: 10 } });
    const big = await create(app, operator.cookies, 'Film.mkv', 11);
    expect(big.statusCode).toBe(413);
    expect(existsSync(join(dataDir, 'uploads', 'Film.mkv'))).toBe(false);
  });
});
