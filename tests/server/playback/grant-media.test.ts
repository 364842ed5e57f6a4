import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';

import grantMediaRoutes from '../../../server/playback/grant-media-routes.ts';
import { LEASE_TTL_MS } from '../../../server/playback/leases-repository.ts';
import type { ProgrammeFolders } from '../../../server/playback/programme-folders.ts';
import { memberGrant, SESSION_COOKIE } from '../checkout-helpers.ts';

describe("a grant's programme on the media host", () => {
  it('serves the programme while the lease lives: master, playlists, segments with ranges, thumbnails', async () => {
    const { app, grant, base } = await memberGrant('standard');
    const master = await app.inject({ url: grant.master });
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(master.headers['cache-control']).toBe('private, no-cache');
    expect(master.body.match(/^#EXT-X-STREAM-INF/gm)).toHaveLength(3);
    const variant = await app.inject({ url: `${base}720p.m3u8` });
    expect(variant.statusCode).toBe(200);
    const segment = variant.body.split('\n').find((line) => line.endsWith('.m4s'))!;
    const part = await app.inject({ url: base + segment, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-type']).toBe('video/mp4');
    expect(part.rawPayload).toHaveLength(100);
    expect((await app.inject({ url: grant.thumbnails })).statusCode).toBe(200);
  });

  it('stops working when the lease is released, or lapses', async () => {
    const { app, ann, grant, clock } = await memberGrant('standard');
    await app.inject({
      method: 'DELETE',
      url: `/api/playback/leases/${grant.lease.id}`,
      cookies: { [SESSION_COOKIE]: ann.token },
    });
    clock.advance(3_000); // past the workers' grant cache
    const after = await app.inject({ url: grant.master });
    expect(after.statusCode).toBe(403);
    expect(after.json()).toMatchObject({ error: { code: 'grant-ended' } });

    const second = await app.inject({
      method: 'POST',
      url: '/api/playback/grants',
      cookies: { [SESSION_COOKIE]: ann.token },
      payload: { media_type: 'movie', id: 550 },
    });
    const master = (second.json() as { master: string }).master;
    expect((await app.inject({ url: master })).statusCode).toBe(200);
    clock.advance(LEASE_TTL_MS + 3_000);
    expect((await app.inject({ url: master })).statusCode).toBe(403);
  });

  it('answers a made-up token, another programme’s file and a traversal without reading them', async () => {
    const { app, base } = await memberGrant('standard');
    expect((await app.inject({ url: `/media/grants/${'A'.repeat(43)}/master.m3u8` })).statusCode).toBe(403);
    expect((await app.inject({ url: '/media/grants/short/master.m3u8' })).statusCode).toBe(400);
    for (const path of ['../comedy/master.m3u8', '..%2F..%2Fpackage.json', 'nothing.m3u8', '1080p.m3u8']) {
      expect([400, 404], path).toContain((await app.inject({ url: base + path })).statusCode);
    }
  });
});

describe('a plan below the programme’s tallest rendition', () => {
  const dirs: string[] = [];
  afterEach(() => {
    while (dirs.length) rmSync(dirs.pop()!, { recursive: true, force: true });
  });

  async function hostWith(maxHeight: number): Promise<FastifyInstance> {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-grant-media-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, 'master.m3u8'),
      [
        '#EXTM3U',
        '#EXT-X-STREAM-INF:BANDWIDTH=800000,RESOLUTION=1280x720',
        '720p.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=5000000,RESOLUTION=1920x1080',
        '1080p.m3u8',
        '',
      ].join('\n'),
    );
    for (const rung of ['720p', '1080p']) {
      writeFileSync(
        join(dir, `${rung}.m3u8`),
        `#EXTM3U\n#EXT-X-MAP:URI="${rung}-init.mp4"\n#EXTINF:6,\n${rung}-00001.m4s\n#EXT-X-ENDLIST\n`,
      );
      writeFileSync(join(dir, `${rung}-init.mp4`), 'init');
      writeFileSync(join(dir, `${rung}-00001.m4s`), 'segment');
    }
    const folders: ProgrammeFolders = {
      dirOf: () => dir,
      fileOf: (_folder, path) => (/^[\w.-]+$/.test(path) ? join(dir, path) : null),
      masterOf: () => 'master.m3u8',
      playableAt: () => true,
      markersOf: () => null,
    };
    const app = Fastify();
    app.decorate('leases', {
      grantOf: (token: string) =>
        token === 'T'.repeat(43) ? { leaseId: 'l', uid: 'u', folder: 'library/library-1', maxHeight } : null,
    } as never);
    await app.register(grantMediaRoutes, { prefix: '/media/grants', folders });
    await app.ready();
    return app;
  }

  it('gets a master without the taller rungs, and is refused their playlists and segments', async () => {
    const app = await hostWith(720);
    const base = `/media/grants/${'T'.repeat(43)}/`;
    const master = await app.inject({ url: `${base}master.m3u8` });
    expect(master.body).toContain('720p.m3u8');
    expect(master.body).not.toContain('1080');
    for (const file of ['1080p.m3u8', '1080p-init.mp4', '1080p-00001.m4s']) {
      const refused = await app.inject({ url: base + file });
      expect(refused.statusCode, file).toBe(403);
      expect(refused.json(), file).toMatchObject({ error: { code: 'above-plan' } });
    }
    for (const file of ['720p.m3u8', '720p-init.mp4', '720p-00001.m4s']) {
      expect((await app.inject({ url: base + file })).statusCode, file).toBe(200);
    }
    await app.close();
  });

  it('gets every rung on a plan as tall as the tallest', async () => {
    const app = await hostWith(2160);
    const base = `/media/grants/${'T'.repeat(43)}/`;
    expect((await app.inject({ url: `${base}master.m3u8` })).body).toContain('1080p.m3u8');
    expect((await app.inject({ url: `${base}1080p-00001.m4s` })).statusCode).toBe(200);
    await app.close();
  });
});
