/**
 * The library's programmes over HTTP (/media/library/{key}/…): a published programme's master,
 * renditions, segments (with ranges), WebVTT subtitles and trickplay, each with its type; a
 * programme still being made serves only its early master and the renditions it names; nothing
 * else under the data folder is reachable.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SESSION_COOKIE } from '../../../server/accounts/session-plugin.ts';
import { buildApp } from '../../../server/app.ts';
import { LIBRARY_MEDIA_PATH, libraryMasterUrl } from '../../../shared/media/programmes.ts';
import { libraryFolder, writeTwoLanguageVideo } from './library-support.ts';

type App = Awaited<ReturnType<typeof buildApp>>;

describe('the library programmes the video host serves', () => {
  let app: App;
  let dataDir: string;
  let key: string;

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
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves the master with both audio languages and the subtitles, and each rendition it names', async () => {
    const master = await app.inject({ url: libraryMasterUrl(key) });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.etag).toBeTruthy();
    const audio = master.body.split('\n').filter((line) => line.startsWith('#EXT-X-MEDIA:TYPE=AUDIO'));
    expect(audio.map((line) => /LANGUAGE="([^"]+)"/.exec(line)?.[1])).toEqual(['en', 'de']);
    expect(master.body).toMatch(/#EXT-X-MEDIA:TYPE=SUBTITLES,.*LANGUAGE="en"/);
    expect(master.body).toMatch(/#EXT-X-STREAM-INF:.*AUDIO="[^"]+".*SUBTITLES="[^"]+"/);

    for (const uri of master.body
      .split('\n')
      .flatMap((line) => [...line.matchAll(/URI="([^"]+)"/g)].map((m) => m[1]!))) {
      const playlist = await app.inject({ url: `${LIBRARY_MEDIA_PATH}/${key}/${uri}` });
      expect(playlist.statusCode, uri).toBe(200);
    }
    const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8') && !line.startsWith('#'))!;
    const media = await app.inject({ url: `${LIBRARY_MEDIA_PATH}/${key}/${variant}` });
    const segment = media.body.split('\n').find((line) => line.endsWith('.m4s'))!;
    const ranged = await app.inject({
      url: `${LIBRARY_MEDIA_PATH}/${key}/${segment}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('video/mp4');
    expect(ranged.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);
    expect(ranged.rawPayload).toHaveLength(100);
    const past = await app.inject({
      url: `${LIBRARY_MEDIA_PATH}/${key}/${segment}`,
      headers: { range: 'bytes=99999999-' },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
  });

  it('serves the subtitles as WebVTT and the trickplay index and sheets', async () => {
    const vtt = await app.inject({ url: `${LIBRARY_MEDIA_PATH}/${key}/subtitles-0.vtt` });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toMatch(/^WEBVTT/);
    expect(vtt.body).toContain('Hello.');
    const index = await app.inject({ url: `${LIBRARY_MEDIA_PATH}/${key}/trickplay/thumbnails.vtt` });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('sprite-001.jpg#xywh=');
    const sheet = await app.inject({ url: `${LIBRARY_MEDIA_PATH}/${key}/trickplay/sprite-001.jpg` });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('image/jpeg');
  });

  it('refuses every other path: other keys, other names, traversal, the work folder', async () => {
    for (const path of [
      `${key}/programme.json`,
      `${key}/../../marquee.db`,
      `${key}/..%2F..%2Fmarquee.db`,
      `.partial/${key}/master.m3u8`,
      `library-999/master.m3u8`,
      `${key}x/master.m3u8`,
      `${key}/master.m3u8.old`,
      `${key}/trickplay/../master.m3u8x`,
    ]) {
      const response = await app.inject({ url: `${LIBRARY_MEDIA_PATH}/${path}` });
      expect(response.statusCode, path).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'not-found' } });
    }
  });

  it('serves a programme still being made only through its early master and the renditions it names', async () => {
    // A key no title viewers are shown plays from: an operator's alone (the first account is one).
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { email: 'owner@example.com', password: 'secret-password' },
    });
    const cookies = { [SESSION_COOKIE]: signUp.cookies.find((cookie) => cookie.name === SESSION_COOKIE)!.value };
    const get = (url: string) => app.inject({ url, cookies });
    const partial = join(dataDir, 'library', '.partial', 'library-77');
    mkdirSync(partial, { recursive: true });
    writeFileSync(join(partial, '360p.m3u8'), '#EXTM3U\n#EXT-X-PLAYLIST-TYPE:EVENT\n');
    writeFileSync(join(partial, 'subtitles-0.vtt'), 'WEBVTT\n');
    const early = `${LIBRARY_MEDIA_PATH}/library-77/360p.m3u8`;
    expect((await get(early)).statusCode).toBe(404); // no preview yet: not playable
    writeFileSync(join(partial, 'preview.m3u8'), '#EXTM3U\n');
    expect((await get(`${LIBRARY_MEDIA_PATH}/library-77/preview.m3u8`)).statusCode).toBe(200);
    expect((await get(early)).statusCode).toBe(200);
    expect((await get(`${LIBRARY_MEDIA_PATH}/library-77/master.m3u8`)).statusCode).toBe(404);
    expect((await get(`${LIBRARY_MEDIA_PATH}/library-77/subtitles-0.vtt`)).statusCode).toBe(404);
    expect((await app.inject({ url: `${LIBRARY_MEDIA_PATH}/library-77/preview.m3u8` })).statusCode).toBe(404);
  });
});
