// An audio-described rendition: short spoken descriptions (Debian's espeak-ng) mixed over a
// programme's soundtrack, which ducks under the voice, written as an fMP4 HLS audio rendition
// beside the programme's own. Used by scripts/build-media.mjs for the demo programmes; any audio
// ffmpeg reads (a file, a local HLS playlist) can be the source.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { hlsOutput } from './hls-output.mjs';

/** The rendition's file names: described.m3u8, described-init.mp4, described-NNN.m4s. */
export const DESCRIBED = 'described';
/** The HLS characteristic (RFC 8216 §4.3.4.1) of a rendition that describes the picture. */
export const DESCRIBES_VIDEO = 'public.accessibility.describes-video';
/** Lower than the main rendition's 64 kbit/s: the eight programmes' descriptions fit the media budget. */
export const DESCRIBED_KBPS = 48;

/**
 * A programme's two audio renditions, as its master playlist names them: the soundtrack, chosen
 * by default, and the described one, chosen only by the viewer (or a player set to prefer it).
 */
export const AUDIO_RENDITIONS = [
  { name: 'audio', label: 'English', language: 'en', isDefault: true },
  { name: DESCRIBED, label: 'English – Audio Description', language: 'en', characteristics: DESCRIBES_VIDEO },
];

/** The EXT-X-MEDIA lines of audio renditions sharing one group. Pure. */
export function audioMediaLines(renditions = AUDIO_RENDITIONS, group = 'audio') {
  return renditions.map((r) =>
    [
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="${group}",NAME="${r.label}",LANGUAGE="${r.language}"`,
      `DEFAULT=${r.isDefault ? 'YES' : 'NO'},AUTOSELECT=YES`,
      ...(r.characteristics ? [`CHARACTERISTICS="${r.characteristics}"`] : []),
      `CHANNELS="2",URI="${r.name}.m3u8"`,
    ].join(','),
  );
}

const runOrThrow = (binary, args, what, cwd) => {
  const result = spawnSync(binary, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  if (result.error) throw new Error(`cannot run ${binary}: ${result.error.message} (install Debian's ${what})`);
  if (result.status !== 0) throw new Error(`${what} exited with ${result.status}: ${result.stderr.slice(-600)}`);
};

/**
 * Writes `described.m3u8` (VOD, fMP4, `segment`-second segments), its init segment and segments
 * into `outDir`: `source`'s audio with each line spoken at its time (`lines`: `{ at, text }`,
 * seconds), the soundtrack ducked under the voice, `duration` seconds long.
 */
export function makeDescribedAudio(
  source,
  outDir,
  { lines, duration, segment = 4, kbps = DESCRIBED_KBPS, ffmpeg = 'ffmpeg', espeak = 'espeak-ng' },
) {
  const scratch = mkdtempSync(join(tmpdir(), 'marquee-described-'));
  try {
    const voices = lines.map((line, i) => {
      const wav = join(scratch, `line-${i}.wav`);
      // British English at a calm pace; the text goes as one argument, never through a shell.
      runOrThrow(espeak, ['-v', 'en-gb', '-s', '160', '-w', wav, line.text], 'espeak-ng');
      return wav;
    });
    const delayed = lines.map((line, i) => {
      const ms = Math.round(line.at * 1000);
      return `[${i + 1}:a]aresample=44100,pan=stereo|c0=c0|c1=c0,adelay=${ms}|${ms}[l${i}]`;
    });
    const graph = [
      `[0:a]aresample=44100,aformat=channel_layouts=stereo[music]`,
      ...delayed,
      // normalize=0 keeps each line's level; the lines never overlap, so they cannot sum too loud.
      `${lines.map((_, i) => `[l${i}]`).join('')}amix=inputs=${lines.length}:duration=longest:normalize=0,` +
        `apad=whole_dur=${duration},volume=2dB,asplit=2[voice][key]`,
      // The soundtrack dips by up to ~12 dB while a line is spoken and comes back after it.
      `[music][key]sidechaincompress=threshold=0.015:ratio=6:attack=30:release=600[ducked]`,
      `[ducked][voice]amix=inputs=2:duration=first:normalize=0,alimiter=limit=0.7:level=false,` +
        // Ends a few milliseconds early, as the soundtrack does, so the AAC encoder's priming
        // samples do not spill into a tiny last segment.
        `atrim=end=${duration - 0.05}[a]`,
    ].join(';');
    runOrThrow(
      ffmpeg,
      [
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        resolve(source),
        ...voices.flatMap((wav) => ['-i', wav]),
        '-filter_complex',
        graph,
        '-map',
        '[a]',
        '-c:a',
        'aac',
        '-b:a',
        `${kbps}k`,
        '-ar',
        '44100',
        '-ac',
        '2',
        '-flags:a',
        '+bitexact',
        ...hlsOutput(DESCRIBED, segment),
      ],
      'ffmpeg',
      // The HLS muxer writes its segments beside the playlist, relative to the working folder.
      outDir,
    );
    return { lines: lines.length };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
