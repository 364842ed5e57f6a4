/**
 * The library's programmes over HTTP, under a playback grant (/media/grants/{token}/…): a
 * published programme's master, renditions, segments (with ranges), WebVTT subtitles and
 * trickplay, each with its type; a programme still being made serves only its early master and
 * the renditions it names; nothing else under the data folder is reachable, and the programme's
 * old address (/media/library/{key}/…) is refused to everyone.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../../server/app.ts';
import { libraryProgrammeFolders } from '../../../server/playback/programme-folders.ts';
import { LIBRARY_MEDIA_PATH, libraryMasterUrl } from '../../../shared/media/programmes.ts';
import { grantFor, signUp } from '../checkout-helpers.ts';
import { libraryFolder, writeTwoLanguageVideo } from './library-support.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

describe('the library programmes the video host serves', () => {
  let app: App;
  let dataDir: string;
  let key: string;
  /** The grant's folder address: `/media/grants/{token}/`. */
  let base: string;

  beforeAll(async () => {
    const root = libraryFolder();
    const film = join(root, 'Tiny (2020)', 'Tiny (2020).mkv');
    writeTwoLanguageVideo(film);
    writeFileSync(join(root, 'Tiny (2020)', 'Tiny (2020).en.srt'), '1\n00:00:00,000 --> 00:00:00,900\nHello.\n');
    // One app for the file's tests (createTestApp closes its app after each test).
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
    key = `library-${app.library.repository.files()[0]!.key}`;
    expect(app.ingest.status(key)?.state).toBe('ready');

    const ann = await signUp(app, 'ann@example.com');
    ({ base } = await grantFor(
      app,
      ann,
      { media_type: 'movie', id: app.library.catalogue.titles()[0]!.id },
      'premium',
    ));
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the master with both audio languages and the subtitles, and each rendition it names', async () => {
    const master = await app.inject({ url: `${base}master.m3u8` });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    const audio = master.body.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'));
    expect(audio.map((line) => /LANGUAGE="([^"]+)"/.exec(line)?.[1])).toEqual(['en', 'de']);
    expect(master.body).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,.*LANGUAGE="en"/);
    expect(master.body).toMatch(/#EXT-X-STREAM-INF:.*AUDIO="[^"]+".*SUBTITLES="[^"]+"/);

    for (const uri of master.body
      .split('\n')
      .flatMap((line) => [...line.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!))) {
      const playlist = await app.inject({ url: `${base}${uri}` });
      expect(playlist.statusCode, uri).toBe(200);
    }
    const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8') && !line.startsWith('#'))!;
    const media = await app.inject({ url: `${base}${variant}` });
    const segment = media.body.split('\n').find((line) => line.endsWith('.m4s'))!;
    const ranged = await app.inject({
      url: `${base}${segment}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.rawPayload).toHaveLength(100);
    const past = await app.inject({
      url: `${base}${segment}`,
      headers: { range: 'bytes=99999999-' },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
  });

  it('serves the subtitles as WebVTT and the trickplay index and sheets', async () => {
    const vtt = await app.inject({ url: `${base}subtitles-0.vtt` });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toMatch(/^WEBVTT/);
    expect(vtt.body).toContain('Hello.');
    const index = await app.inject({ url: `${base}trickplay/thumbnails.vtt` });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('sprite-001.jpg#xywh=');
    const sheet = await app.inject({ url: `${base}trickplay/sprite-001.jpg` });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses every other path under the grant: other names, traversal, the work folder', async () => {
    for (const path of [
      'programme.json',
      '..%2F..%2Fmarquee.db',
      `.partial/${key}/master.m3u8`,
      'master.m3u8.old',
      'trickplay/..%2Fmaster.m3u8x',
    ]) {
      const response = await app.inject({ url: `${base}${path}` });
      expect([400, 404], path).toContain(response.statusCode);
      expect(response.json()).toMatchObject({ error: { code: expect.any(String) } });
    }
  });

  it('refuses the programme’s old address to everyone, a member included', async () => {
    for (const url of [libraryMasterUrl(key), `${LIBRARY_MEDIA_PATH}/${key}/360p.m3u8`]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toMatchObject({ error: { code: 'grant-required' } });
    }
  });

  it('names a programme still being made by its early master and the renditions it can have', () => {
    const folders = libraryProgrammeFolders(join(dataDir, 'library'), () => []);
    const partial = join(dataDir, 'library', '.partial', 'library-77');
    expect(folders.masterOf('library-partial/library-77')).toBe('preview.m3u8');
    expect(folders.fileOf('library-partial/library-77', 'preview.m3u8')).toBe(join(partial, 'preview.m3u8'));
    expect(folders.fileOf('library-partial/library-77', '360p.m3u8')).toBe(join(partial, '360p.m3u8'));
    expect(folders.fileOf('library-partial/library-77', 'master.m3u8')).toBeNull();
    expect(folders.fileOf('library-partial/library-77', 'subtitles-0.vtt')).toBeNull();
    expect(folders.fileOf('library/library-77', 'master.m3u8')).toBe(
      join(dataDir, 'library', 'library-77', 'master.m3u8'),
    );
  });
});
