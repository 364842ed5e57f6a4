import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { type Mood, MOODS } from '../../../shared/media/moods.ts';
import { PROGRAMMES_DIR } from './programme-files.ts';

/**
 * A VOD media playlist's length: the sum of its segments' #EXTINF durations (RFC 8216 §4.3.2.1).
 * The playlists are the build's own (scripts/build-media.mjs), so three lines do what a parser would.
 */
export function playlistSeconds(playlist: string): number {
  let seconds = 0;
  for (const match of playlist.matchAll(/^#EXTINF:([0-9.]+)/gm)) seconds += Number(match[1]);
  return seconds;
}

/** How long each mood's demo programme plays, read once from its 360p playlist (every rendition is as long). */
export function readProgrammeDurations(dir: string = PROGRAMMES_DIR): ReadonlyMap<Mood, number> {
  return new Map(MOODS.map((mood) => [mood, playlistSeconds(readFileSync(join(dir, mood, '360p.m3u8'), 'utf8'))]));
}
