import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { AUDIO_RENDITIONS, audioMediaLines, makeDescribedAudio } from '../../scripts/described-audio.mjs';

// scripts/described-audio.mjs, as `npm run media:build` uses it, on a source made here: 10 s of
// silence, so whatever the described rendition holds beyond silence is the spoken description.

const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const SECONDS = 10;
const LINES = [{ at: 5, text: 'A red balloon rises past the sun.' }];

let dir: string;

/** The loudest sample (dBFS) of the file between `from` and `to` seconds, by ffmpeg's volumedetect. */
function peak(file: string, from: number, to: number): number {
  const result = spawnSync(
    FFMPEG,
    ['-hide_banner', '-i', file, '-af', `atrim=${from}:${to},volumedetect`, '-f', 'null', '-'],
    { cwd: dir, encoding: 'utf8' },
  );
  const match = /max_volume: (-?[\d.]+|-inf) dB/.exec(result.stderr);
  if (!match) throw new Error(`no volume measured:\n${result.stderr.slice(-400)}`);
  return match[1] === '-inf' ? -Infinity : Number(match[1]);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'marquee-described-test-'));
  const made = spawnSync(FFMPEG, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `anullsrc=r=44100:cl=stereo:d=${SECONDS}`,
    '-c:a',
    'aac',
    join(dir, 'soundtrack.m4a'),
  ]);
  expect(made.status).toBe(0);
  makeDescribedAudio(join(dir, 'soundtrack.m4a'), dir, { lines: LINES, duration: SECONDS, ffmpeg: FFMPEG });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('an audio-described rendition', () => {
  it('is a VOD fMP4 HLS rendition as long as its soundtrack', () => {
    const playlist = readFileSync(join(dir, 'described.m3u8'), 'utf8');
    expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist).toContain('#EXT-X-MAP:URI="described-init.mp4"');
    const segments = [...playlist.matchAll(/#EXTINF:([\d.]+),\n(described-\d{3}\.m4s)/g)];
    expect(segments.length).toBe(Math.ceil(SECONDS / 4));
    expect(segments.reduce((sum, [, duration]) => sum + Number(duration), 0)).toBeCloseTo(SECONDS, 0);
    for (const [, , uri] of segments) expect(existsSync(join(dir, uri!))).toBe(true);
  });

  it('speaks its line at its time over the soundtrack, and is silent where the soundtrack is', () => {
    expect(peak('described.m3u8', 0, 4.5)).toBeLessThan(-60);
    expect(peak('described.m3u8', 5, 7)).toBeGreaterThan(-20);
  });

  it('is named in the master as English audio description, beside the default soundtrack', () => {
    const lines = audioMediaLines(AUDIO_RENDITIONS);
    expect(lines).toEqual([
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English",LANGUAGE="en",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio.m3u8"',
      '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="English – Audio Description",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,' +
        'CHARACTERISTICS="public.accessibility.describes-video",CHANNELS="2",URI="described.m3u8"',
    ]);
  });
});
