import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import { studioOnlyFiles } from '../../server/web/studio-assets.ts';
import { signUp } from './checkout-helpers.ts';
import { fakeIngest, libraryFolder, writeTree } from './library/library-support.ts';
import { createTestApp } from './test-app.ts';
import { signedInWebApp } from './web-app.ts';

/**
 * What the studio keeps back is an operator's: its own scripts, the art and the programmes of
 * titles viewers are not shown (not yet playable, or unpublished). Anyone else gets the 404 of a
 * file that is not there, in the app's one problem shape.
 */

const expectNotThere = (response: { statusCode: number; json: () => unknown; body: string }) => {
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ error: { code: 'not-found' } });
};

async function until(test: () => Promise<boolean>, what: string, ms = 5000) {
  const end = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A build's manifest: the app's entry, a screen everyone loads, and the studio with its own imports. */
const MANIFEST = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_framework-B2.js'],
    dynamicImports: [
      'src/screens/Home.tsx',
      'src/screens/studio/StudioScreen.tsx',
      'src/services/studio/local-studio.ts',
    ],
    css: ['assets/index-A1.css'],
  },
  '_framework-B2.js': { file: 'assets/framework-B2.js' },
  'src/screens/Home.tsx': { file: 'assets/Home-C3.js', isDynamicEntry: true, imports: ['_framework-B2.js'] },
  'src/screens/studio/StudioScreen.tsx': {
    file: 'assets/StudioScreen-D4.js',
    isDynamicEntry: true,
    imports: ['_framework-B2.js', '_studio-machines-E5.js'],
    css: ['assets/StudioScreen-D4.css'],
  },
  // The studio's service, with tus-js-client: imported lazily by the app's own chunk.
  'src/services/studio/local-studio.ts': {
    file: 'assets/local-studio-G7.js',
    isDynamicEntry: true,
    imports: ['_framework-B2.js'],
    dynamicImports: ['_tus-F6.js'],
  },
  '_studio-machines-E5.js': { file: 'assets/studio-machines-E5.js' },
  '_tus-F6.js': { file: 'assets/tus-F6.js', isDynamicEntry: true, imports: ['_framework-B2.js'] },
};

describe('the studio’s own scripts', () => {
  it('are the files only the studio screen loads', () => {
    expect([...studioOnlyFiles(MANIFEST)].filter((file) => !file.endsWith('.map')).sort()).toEqual([
      'assets/StudioScreen-D4.css',
      'assets/StudioScreen-D4.js',
      'assets/local-studio-G7.js',
      'assets/studio-machines-E5.js',
      'assets/tus-F6.js',
    ]);
    expect(studioOnlyFiles({ 'index.html': MANIFEST['index.html'] }).size).toBe(0);
  });

  it('are served to operators alone, privately; the rest of the build to anyone', async () => {
    const files: Record<string, string> = {
      'index.html': '<!doctype html><title>Marquee</title>',
      '.vite/manifest.json': JSON.stringify(MANIFEST),
    };
    for (const chunk of Object.values(MANIFEST)) files[chunk.file] = `/* ${chunk.file} */`;
    files['assets/StudioScreen-D4.css'] = 'main{}';
    files['assets/StudioScreen-D4.js.gz'] = 'not really gzip';
    // The first account is the operator.
    const { app, page } = await signedInWebApp(files, 'owner@example.com');
    const { cookies: subscriber } = await signUp(app, 'viewer@example.com');

    for (const file of [
      'StudioScreen-D4.js',
      'studio-machines-E5.js',
      'local-studio-G7.js',
      'tus-F6.js',
      'StudioScreen-D4.css',
    ]) {
      const url = `/assets/${file}`;
      expectNotThere(await app.inject({ url, cookies: subscriber }));
      expectNotThere(await app.inject({ url }));
      expect((await app.inject({ method: 'HEAD', url, cookies: subscriber })).statusCode).toBe(404);
      const own = await page(url);
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('private, max-age=31536000, immutable');
    }
    // Another spelling of the name, or its compressed copy asked for by name, is the same file.
    expectNotThere(await app.inject({ url: '/assets/StudioScreen%2DD4.js', cookies: subscriber }));
    expectNotThere(await app.inject({ url: '/assets/StudioScreen-D4.js.gz', cookies: subscriber }));
    for (const file of ['index-A1.js', 'framework-B2.js', 'Home-C3.js']) {
      const shared = await app.inject({ url: `/assets/${file}`, cookies: subscriber });
      expect(shared.statusCode).toBe(200);
      expect(shared.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });
});

describe('a library title the viewers are not shown', () => {
  it('keeps its art and its programme for operators, until it is playable and published', async () => {
    const root = libraryFolder();
    writeTree(root, { 'Films/Salt Road (2018)/Salt Road (2018).mkv': null });
    await sharp({ create: { width: 600, height: 900, channels: 3, background: '#335577' } })
      .jpeg()
      .toFile(join(root, 'Films', 'Salt Road (2018)', 'poster.jpg'));
    const fake = fakeIngest();
    const { app, dataDir } = await createTestApp({
      library: { folders: [root], ingest: fake.ingest, writeFinishMs: 100 },
    });
    await app.library.ready();
    const { cookies: operator } = await signUp(app, 'owner@example.com');
    const { cookies: subscriber } = await signUp(app, 'viewer@example.com');
    const film = app.library.overview().titles[0]!;
    const item = await app.inject({ url: `/api/studio/items/${film.key}`, cookies: operator });
    expect(item.statusCode).toBe(200);
    const poster = item.json().art.poster as string;
    expect(poster).toMatch(/^\/library-\d+-poster-[0-9a-f]{8}\.jpg$/);
    const art = `/images/t/p/w342${poster}`;

    // Not yet playable: the studio's picture.
    expectNotThere(await app.inject({ url: art, cookies: subscriber }));
    expectNotThere(await app.inject({ url: art }));
    const own = await app.inject({ url: art, cookies: operator });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toBe('private, max-age=3600');

    // Published by ingest: the title is listed, its art and programme anyone's.
    const key = fake.enqueued[0]!.key;
    mkdirSync(join(dataDir, 'library', key), { recursive: true });
    writeFileSync(join(dataDir, 'library', key, 'master.m3u8'), '#EXTM3U\n');
    fake.progress({ key, state: 'ready', percent: 100 });
    await until(async () => (await app.inject({ url: art, cookies: subscriber })).statusCode === 200, 'the art shown');
    expect((await app.inject({ url: art })).headers['cache-control']).toBe('public, max-age=3600');
    // Its programme plays only under a grant (tests/server/playback/): the old address is closed.
    const master = `/media/library/${key}/master.m3u8`;
    expect((await app.inject({ url: master, cookies: subscriber })).statusCode).toBe(403);

    // Unpublished in the studio: kept back again, from its next request on.
    const hidden = await app.inject({
      method: 'PUT',
      url: `/api/studio/items/${film.key}/published`,
      cookies: operator,
      payload: { published: false },
    });
    expect(hidden.statusCode).toBe(200);
    await until(async () => (await app.inject({ url: art, cookies: subscriber })).statusCode === 404, 'the art kept');
    expect((await app.inject({ url: master, cookies: operator })).statusCode).toBe(403);
    expect((await app.inject({ url: art, cookies: operator })).statusCode).toBe(200);
  }, 30_000);
});
