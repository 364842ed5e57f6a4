import { join } from 'node:path';

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';

import ingestPlugin from '../../../server/ingest/ingest-plugin.ts';
import database from '../../../server/plugins/database.ts';
import { ffmpeg, tempFolder } from './sources.ts';

describe('the ingest plugin', () => {
  it('decorates the app with an engine over its database, and stops it when the app closes', async () => {
    const dataDir = tempFolder('marquee-ingest-plugin-');
    ffmpeg(
      ['-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=24:d=2', '-c:v', 'libx264', '-preset', 'ultrafast', 'clip.mp4'],
      dataDir,
    );
    const app = Fastify();
    await app.register(database, { dataDir, log: () => {} });
    await app.register(ingestPlugin, { dataDir, reserveBytes: 0 });
    await app.ready();
    try {
      await app.ingest.enqueue({ key: 'clip', sourcePath: join(dataDir, 'clip.mp4') });
      await app.ingest.idle();
      expect(app.ingest.status('clip')).toMatchObject({
        state: 'ready',
        playlist: join(dataDir, 'library', 'clip', 'master.m3u8'),
      });
      expect(app.db.prepare('SELECT state FROM ingest_jobs WHERE key = ?').pluck().get('clip')).toBe('ready');
    } finally {
      await app.close();
    }
    await expect(app.ingest.enqueue({ key: 'late', sourcePath: join(dataDir, 'clip.mp4') })).rejects.toThrow(/closed/);
  }, 60_000);
});
