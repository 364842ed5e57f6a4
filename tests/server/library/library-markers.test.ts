/**
 * A library programme's skip markers reach the player as a demo programme's do: as markers.json
 * beside the master, under the viewer's playback grant (the player reads the file beside the
 * grant's master). Ingest makes them from chapters named so; the studio's own replace them.
 * Without a live grant there are none to read.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../../server/app.ts';
import { parseMarkers } from '../../../shared/media/marker-file.ts';
import { LIBRARY_MEDIA_PATH } from '../../../shared/media/programmes.ts';
import { grantFor, SESSION_COOKIE, signUp } from '../checkout-helpers.ts';
import { libraryFolder } from './library-support.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

/** A 6 s H.264/AAC film in Matroska with three chapters: an intro, the story and the end credits. */
function writeFilmWithChapters(path: string): void {
  const folder = join(path, '..');
  mkdirSync(folder, { recursive: true });
  const chapters = join(folder, 'chapters.txt');
  const chapter = (start: number, end: number, title: string) => [
    '[CHAPTER]',
    'TIMEBASE=1/1000',
    `START=${start}`,
    `END=${end}`,
    `title=${title}`,
  ];
  writeFileSync(
    chapters,
    [
      ';FFMETADATA1',
      ...chapter(0, 2000, 'Intro'),
      ...chapter(2000, 4000, 'The Story'),
      ...chapter(4000, 6000, 'End Credits'),
      '',
    ].join('\n'),
  );
  execFileSync(
    'ffmpeg',
    [
      ...['-loglevel', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'testsrc2=size=160x90:rate=10:duration=6'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=6'],
      ...['-i', chapters, '-map', '0', '-map', '1', '-map_chapters', '2'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-g', '20', '-c:a', 'aac'],
      path,
    ],
    { stdio: 'pipe' },
  );
  rmSync(chapters);
}

describe('a library programme’s skip markers', () => {
  let app: App;
  let dataDir: string;
  let key: string;
  let fileKey: number;
  let filmId: number;
  let owner: Awaited<ReturnType<typeof signUp>>;
  /** The grant's folder address: `/media/grants/{token}/`. */
  let base: string;

  beforeAll(async () => {
    const root = libraryFolder();
    writeFilmWithChapters(join(root, 'Marked (2021)', 'Marked (2021).mkv'));
    dataDir = mkdtempSync(join(tmpdir(), 'marquee-test-'));
    app = await buildApp({
      dataDir,
      webRoot: join(dataDir, 'no-web-build'),
      catalogueApiKey: 'test-catalogue-key',
      library: { folders: [root], writeFinishMs: 100 },
    });
    await app.ready();
    await app.library.ready();
    await app.ingest.idle();
    fileKey = app.library.repository.files()[0]!.key;
    key = `library-${fileKey}`;
    expect(app.ingest.status(key)?.state).toBe('ready');
    filmId = app.library.catalogue.titles()[0]!.id;

    // The first account is the operator; a member like any other once subscribed.
    owner = await signUp(app, 'owner@example.com');
    ({ base } = await grantFor(app, owner, { media_type: 'movie', id: filmId }, 'standard'));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('are served beside the grant’s master, from the chapters named so, in the demo programmes’ shape', async () => {
    const response = await app.inject({ url: `${base}markers.json` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    // Revalidated on every use: an operator may change them at any time.
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const body = response.json() as { markers: unknown[] };
    expect(body).toEqual({
      markers: [
        { kind: 'intro', start: 0, end: 2 },
        { kind: 'credits', start: 4, end: 6 },
      ],
    });
    // What the player's reader makes of it (src/services/playback/markers.ts).
    expect(parseMarkers(body)).toEqual(body.markers);
  });

  it('are the studio’s once an operator sets them, and the chapters’ again once cleared', async () => {
    const put = (markers: unknown[]) =>
      app.inject({
        method: 'PUT',
        url: `/api/studio/files/${fileKey}/markers`,
        cookies: { [SESSION_COOKIE]: owner.token },
        payload: { markers },
      });
    expect((await put([{ kind: 'recap', start: 0, end: 1.5 }])).statusCode).toBe(200);
    const own = await app.inject({ url: `${base}markers.json` });
    expect(own.json()).toEqual({ markers: [{ kind: 'recap', start: 0, end: 1.5 }] });

    expect((await put([])).statusCode).toBe(200);
    const again = await app.inject({ url: `${base}markers.json` });
    expect(parseMarkers(again.json()).map((marker) => marker.kind)).toEqual(['intro', 'credits']);
  });

  it('are not given without a live grant, nor at the programme’s old address', async () => {
    const unknown = await app.inject({ url: `/media/grants/${'x'.repeat(43)}/markers.json` });
    expect(unknown.statusCode).toBe(403);
    expect(unknown.json()).toMatchObject({ error: { code: 'grant-ended' } });
    expect(unknown.body).not.toContain('credits');

    const old = await app.inject({ url: `${LIBRARY_MEDIA_PATH}/${key}/markers.json` });
    expect(old.statusCode).toBe(403);
    expect(old.json()).toMatchObject({ error: { code: 'grant-required' } });
  });

  it('are no longer named by the programme lookup, whose only markers are the grant’s', async () => {
    const lookup = await app.inject({ url: `/api/programmes/movie/${filmId}` });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).not.toHaveProperty('markers');
  });
});
