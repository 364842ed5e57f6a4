import type { ChildProcess } from 'node:child_process';
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { inWriteTurn } from '../../../server/db/write-turn.ts';
import { createIngest } from '../../../server/ingest/ingest.ts';
import { IngestError } from '../../../server/ingest/ingest-types.ts';
import { engine, ffmpeg, parseMaster, parseMedia, tempFolder } from './sources.ts';

let sources: string;
/** A fresh copy of the long source (the tests that remove it need their own). */
let longSource: (name: string) => string;

beforeAll(() => {
  sources = tempFolder('marquee-ingest-sources-');
  // MPEG-4 Part 2 (not H.264, so it is transcoded), 24 s: long enough to be caught mid-way.
  ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=24:d=24', '-f', 'lavfi', '-i', 'sine=d=24'],
      ...['-c:v', 'mpeg4', '-q:v', '8', '-c:a', 'aac', '-b:a', '48k'],
      'long.mp4',
    ],
    sources,
  );
  longSource = (name) => {
    const path = join(sources, name);
    writeFileSync(path, readFileSync(join(sources, 'long.mp4')));
    return path;
  };
  // A short good file, an MP4 without faststart cut in half (its index is lost), text posing
  // as a film, and an audio-only file.
  ffmpeg(
    ['-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=24:d=3', '-c:v', 'libx264', '-preset', 'ultrafast', 'good.mp4'],
    sources,
  );
  ffmpeg(
    ['-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=24:d=4', '-c:v', 'libx264', '-preset', 'ultrafast', 'cut.mp4'],
    sources,
  );
  truncateSync(join(sources, 'cut.mp4'), Math.floor(statSync(join(sources, 'cut.mp4')).size / 2));
  writeFileSync(join(sources, 'notes.mkv'), 'These are not the films you are looking for.\n');
  ffmpeg(['-f', 'lavfi', '-i', 'sine=d=2', 'sound.wav'], sources);
}, 120_000);

/** Resolves when `predicate` holds for a progress event of `key`. */
function when(
  ingest: ReturnType<typeof engine>['ingest'],
  key: string,
  predicate: (p: { state: string; playable: boolean }) => boolean,
) {
  return new Promise<void>((resolve) => {
    const off = ingest.subscribe((p) => {
      if (p.key === key && predicate(p)) {
        off();
        resolve();
      }
    });
  });
}

const isRunning = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

describe('files that are not ingestible', () => {
  it('fails a truncated file, a non-video file and an audio-only file with their reasons, and goes on with the next', async () => {
    const { ingest, dataDir } = engine();
    await ingest.enqueue({ key: 'cut', sourcePath: join(sources, 'cut.mp4') });
    await ingest.enqueue({ key: 'notes', sourcePath: join(sources, 'notes.mkv') });
    await ingest.enqueue({ key: 'sound', sourcePath: join(sources, 'sound.wav') });
    await ingest.enqueue({ key: 'good', sourcePath: join(sources, 'good.mp4') });
    await ingest.idle();
    expect(ingest.status('cut')).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/truncated, corrupt/),
    });
    expect(ingest.status('cut')!.reason).toMatch(/moov atom not found/);
    expect(ingest.status('notes')).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/not a readable video file/),
    });
    expect(ingest.status('sound')).toMatchObject({
      state: 'failed',
      reason: 'not a video file: it has no video stream',
    });
    expect(ingest.status('good')!.state).toBe('ready');
    expect(readdirSync(join(dataDir, 'library')).sort()).toEqual(['.partial', 'good']);
  }, 60_000);

  it('refuses a playlist posing as .mkv that points at a video elsewhere, reading nothing outside', async () => {
    const outside = tempFolder('marquee-outside-');
    ffmpeg(
      ['-f', 'lavfi', '-i', 'testsrc2=s=160x90:d=4', '-c:v', 'libx264', '-preset', 'ultrafast', 'private.ts'],
      outside,
    );
    const secret = join(outside, 'private.ts');
    const crafted = join(sources, 'crafted.mkv');
    writeFileSync(crafted, `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:4,\n${secret}\n#EXT-X-ENDLIST\n`);
    const old = new Date('2020-01-01T00:00:00Z');
    const accessed = () => statSync(secret).atimeMs;

    // The pitfall: a protocol whitelist alone lets ffprobe follow the playlist and read the file.
    utimesSync(secret, old, old);
    spawnSync('ffprobe', ['-v', 'error', '-protocol_whitelist', 'file', '-show_format', crafted]);
    expect(accessed()).toBeGreaterThan(old.getTime());

    utimesSync(secret, old, old);
    const { ingest, dataDir } = engine();
    await ingest.enqueue({ key: 'crafted', sourcePath: crafted });
    await ingest.idle();
    expect(ingest.status('crafted')).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/^refused: the file is in the hls format, which refers to other files/),
    });
    expect(accessed()).toBe(old.getTime());
    expect(existsSync(join(dataDir, 'library', 'crafted'))).toBe(false);
  }, 60_000);
});

describe('the queue', () => {
  it('refuses a new job before the disk fills, with a clear message, and a key that is not one path segment', async () => {
    const { ingest } = engine({ reserveBytes: Number.MAX_SAFE_INTEGER });
    let refusal: unknown;
    try {
      await ingest.enqueue({ key: 'big', sourcePath: join(sources, 'good.mp4') });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(IngestError);
    expect(refusal).toMatchObject({
      code: 'disk-full',
      message: expect.stringMatching(/^Not enough free disk space to ingest "big": .* free/),
    });
    expect(ingest.status('big')).toBeNull();
    await expect(ingest.enqueue({ key: '../escape', sourcePath: join(sources, 'good.mp4') })).rejects.toThrow(
      /not a valid ingest key/,
    );
  });

  it('stops a running job when its source is removed, and deletes what it made', async () => {
    const children: ChildProcess[] = [];
    const { ingest, dataDir } = engine({ onProcess: (_key, child) => children.push(child) });
    const source = longSource('removed.mp4');
    await ingest.enqueue({ key: 'removed', sourcePath: source });
    await when(ingest, 'removed', (p) => p.state === 'transcoding' && p.playable);
    expect(readdirSync(join(dataDir, 'library', '.partial', 'removed')).length).toBeGreaterThan(0);
    unlinkSync(source);
    await ingest.remove('removed');
    expect(children.some(isRunning)).toBe(false);
    expect(ingest.status('removed')).toBeNull();
    expect(existsSync(join(dataDir, 'library', 'removed'))).toBe(false);
    expect(existsSync(join(dataDir, 'library', '.partial', 'removed'))).toBe(false);
  }, 120_000);

  it('replaces a running job when its source is queued again, even with two jobs at a time', async () => {
    const { ingest, dataDir } = engine({ jobs: 2 });
    const source = longSource('changed.mp4');
    const firstId = await ingest.enqueue({ key: 'changed', sourcePath: source });
    await when(ingest, 'changed', (p) => p.state === 'transcoding' && p.playable);
    const secondId = await ingest.enqueue({ key: 'changed', sourcePath: source });
    expect(secondId).toBeGreaterThan(firstId);
    await ingest.idle();
    expect(ingest.status('changed')).toMatchObject({ state: 'ready', jobId: secondId, attempts: 1 });
    expectWholeLadder(join(dataDir, 'library', 'changed'));
  }, 180_000);

  it('does not publish a source deleted while it was read', async () => {
    const { ingest, dataDir } = engine();
    const source = longSource('deleted.mp4');
    await ingest.enqueue({ key: 'deleted', sourcePath: source });
    await when(ingest, 'deleted', (p) => p.state === 'transcoding' && p.playable);
    unlinkSync(source);
    await ingest.idle();
    expect(ingest.status('deleted')).toMatchObject({
      state: 'failed',
      reason: expect.stringMatching(/removed while it was ingested/),
    });
    expect(existsSync(join(dataDir, 'library', 'deleted'))).toBe(false);
  }, 120_000);

  it('starts again cleanly when its ffmpeg is killed mid-way', async () => {
    const children: ChildProcess[] = [];
    const { ingest, dataDir } = engine({ onProcess: (_key, child) => children.push(child) });
    await ingest.enqueue({ key: 'killed', sourcePath: longSource('killed.mp4') });
    await when(ingest, 'killed', (p) => p.state === 'transcoding' && p.playable);
    children.at(-1)!.kill('SIGKILL');
    await ingest.idle();
    const status = ingest.status('killed')!;
    expect(status).toMatchObject({ state: 'ready', attempts: 2 });
    expectWholeLadder(join(dataDir, 'library', 'killed'));
  }, 180_000);

  it('survives a restart: a job cut short is started again, its half-made output never published', async () => {
    const first = engine();
    const { db, dataDir } = first;
    await first.ingest.enqueue({ key: 'restart', sourcePath: longSource('restart.mp4') });
    await when(first.ingest, 'restart', (p) => p.state === 'transcoding' && p.playable);
    // The server dies: its ffmpeg with it, and the row still says the job is running.
    await first.ingest.close();
    const partial = join(dataDir, 'library', '.partial', 'restart');
    expect(readdirSync(partial).length).toBeGreaterThan(0);
    expect(db.prepare('SELECT state FROM ingest_jobs WHERE key = ?').pluck().get('restart')).toBe('transcoding');
    expect(existsSync(join(dataDir, 'library', 'restart'))).toBe(false);

    const second = createIngest({
      db,
      dataDir,
      reserveBytes: 0,
      preset: 'ultrafast',
      priority: { nice: 0, threads: 2 },
    });
    try {
      expect(existsSync(partial)).toBe(false);
      // The job is queued again in the first write turn: an empty turn beside it settles once it is stored.
      await inWriteTurn(db, () => {});
      expect(second.status('restart')!.state).toBe('queued');
      await second.idle();
      expect(second.status('restart')).toMatchObject({ state: 'ready', attempts: 2 });
      expectWholeLadder(join(dataDir, 'library', 'restart'));
    } finally {
      await second.close();
    }
  }, 180_000);
});

/** The 24 s, 360p source's published ladder: whole, sealed, every segment present. */
function expectWholeLadder(out: string) {
  const master = parseMaster(join(out, 'master.m3u8'));
  expect(master.variants.map((v) => v.RESOLUTION)).toEqual(['640x360']);
  for (const uri of [master.variants[0]!.uri, 'audio-0.m3u8']) {
    const playlist = parseMedia(join(out, uri));
    expect(playlist).toMatchObject({ type: 'VOD', ended: true });
    expect(playlist.durations.reduce((a, b) => a + b, 0)).toBeCloseTo(24, 0);
    for (const line of playlist.text.split('\n').filter((l) => l.endsWith('.m4s'))) {
      expect(statSync(join(out, line)).size).toBeGreaterThan(0);
    }
  }
  expect(parseMedia(join(out, '360p.m3u8')).durations).toEqual([4, 4, 4, 4, 4, 4]);
  expect(existsSync(join(out, 'preview.m3u8'))).toBe(false);
}
