import { join } from 'node:path';

import { expect, it } from 'vitest';

import { probe } from '../../../server/ingest/probe.ts';
import { ffmpeg, tempFolder } from './sources.ts';

it('reads a "visual impaired" audio stream as audio description, and only that one', async () => {
  const dir = tempFolder();
  // 1 s of H.264 and two English AAC tracks, the second flagged for the visually impaired.
  ffmpeg(
    [
      ...['-f', 'lavfi', '-i', 'testsrc2=s=160x90:r=10:d=1'],
      ...['-f', 'lavfi', '-i', 'sine=f=440:d=1', '-f', 'lavfi', '-i', 'sine=f=660:d=1'],
      ...['-map', '0', '-map', '1', '-map', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac'],
      ...['-metadata:s:a:0', 'language=eng', '-metadata:s:a:1', 'language=eng'],
      ...['-disposition:a:0', 'default', '-disposition:a:1', 'visual_impaired'],
      'described.mkv',
    ],
    dir,
  );
  const probed = await probe(join(dir, 'described.mkv'));
  expect(probed.audio.map((a) => [a.language, a.isDefault, a.describes])).toEqual([
    ['eng', true, false],
    ['eng', false, true],
  ]);
});
