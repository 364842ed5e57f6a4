#!/usr/bin/env node
// Builds the trailer clips the embedded video host serves (server/media/video/clips): one short
// H.264/AAC MP4 with faststart and one JPEG poster per mood. Pictures and soundtracks are
// synthesised by Debian's ffmpeg from filter sources (no footage, no test patterns), so the clips
// are ours, small and reproducible. The outputs are committed: `npm start` never needs ffmpeg.
//
//   node scripts/build-media.mjs            build every clip (overwrites)
//   node scripts/build-media.mjs horror     build only the named clips
//   node scripts/build-media.mjs --programmes [mood…]
//                                           build the programmes (HLS, under programmes/) instead
//   node scripts/build-media.mjs --trickplay [mood…]
//                                           only the programmes' seek-bar thumbnails (trickplay.jpg
//                                           and .vtt, one every 10 s), from the HLS already built
//   node scripts/build-media.mjs --markers [mood…]
//                                           only the programmes' skip markers (markers.json: the
//                                           title card is the intro, the end card the credits)
//   node scripts/build-media.mjs --described [mood…]
//                                           only the programmes' audio-described rendition
//                                           (espeak-ng over the soundtrack already built) and master
//   --verbose                               list every programme file's size, not each rendition's sum
//
// FFMPEG=/path/to/ffmpeg and ESPEAK=/path/to/espeak-ng override the binaries; PROGRAMME_SECONDS (124) shortens the programmes
// for a quick look (the tests want at least 120). Every source is seeded, so a rebuild gives the
// same audio, subtitles, markers and posters; the video of a multi-threaded ladder encode can
// differ from run to run in its bytes (not in what it shows). The clip names must match CLIPS in
// server/media/video/trailers.ts.
// This file is the command line; the building is in scripts/media/ (trailers.mjs, programmes.mjs).
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

import { MOODS } from './media/moods.mjs';
import { FPS, H, W } from './media/pictures.mjs';
import {
  AUDIO_KBPS,
  buildDescribed,
  buildProgramme,
  buildTrickplay,
  LADDER,
  PROGRAMME_SECONDS,
  PROGRAMMES_DIR,
  writeMarkers,
} from './media/programmes.mjs';
import { buildTrailer, OUT_DIR } from './media/trailers.mjs';

// The issue allows 20 MB; we keep a margin so the repository stays light.
const MAX_TOTAL_BYTES = 15 * 1024 * 1024;
// The limit for all committed media (trailers and programmes), in decimal megabytes.
const MAX_MEDIA_BYTES = 60_000_000;

/** Every committed media file (trailers and programmes) with its size, relative to server/media/video. */
function mediaFiles() {
  const root = join(OUT_DIR, '..');
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push({ path: relative(root, path), size: statSync(path).size });
    }
  };
  walk(OUT_DIR);
  if (existsSync(PROGRAMMES_DIR)) walk(PROGRAMMES_DIR);
  return files;
}

const KiB = (bytes) => `${(bytes / 1024).toFixed(0).padStart(6)} KiB`;
const MB = (bytes) => `${(bytes / 1e6).toFixed(2).padStart(6)} MB`;

/**
 * Sizes: each trailer file; each programme file with --verbose, else each rendition's files
 * summed (a programme has some 160 files); the trailers' total against their own 15 MiB
 * allowance, and everything committed against the 60 MB limit.
 */
function report(verbose) {
  const files = mediaFiles();
  const groups = new Map();
  for (const { path, size } of files) {
    const programme = /^programmes\/([a-z]+)\/([a-z0-9]+)/.exec(path);
    if (programme && !verbose) {
      const key = `programmes/${programme[1]}/${programme[2]}*`;
      const group = groups.get(key) ?? { count: 0, size: 0 };
      groups.set(key, { count: group.count + 1, size: group.size + size });
    } else console.log(`${path.padEnd(40)} ${KiB(size)}`);
  }
  for (const [key, { count, size }] of groups) console.log(`${`${key} (${count} files)`.padEnd(40)} ${KiB(size)}`);
  const clips = files.filter((f) => f.path.startsWith('clips/')).reduce((sum, f) => sum + f.size, 0);
  const total = files.reduce((sum, f) => sum + f.size, 0);
  console.log(`trailers ${MB(clips)} (limit ${MAX_TOTAL_BYTES / 1024 / 1024} MiB)`);
  console.log(`total    ${MB(total)} in ${files.length} files (limit ${MAX_MEDIA_BYTES / 1e6} MB)`);
  if (clips > MAX_TOTAL_BYTES) throw new Error('the clips are over the size limit: lower the quality or shorten them');
  if (total > MAX_MEDIA_BYTES)
    throw new Error("the media are over 60 MB: lower the programmes' bitrates or shorten them");
}

function main() {
  const args = process.argv.slice(2);
  const programmes = args.includes('--programmes');
  const trickplay = args.includes('--trickplay');
  const markers = args.includes('--markers');
  const described = args.includes('--described');
  const verbose = args.includes('--verbose');
  const only = args.filter((a) => !a.startsWith('--'));
  const unknownFlags = args.filter(
    (a) => a.startsWith('--') && !['--programmes', '--trickplay', '--markers', '--described', '--verbose'].includes(a),
  );
  if (unknownFlags.length) throw new Error(`unknown option(s): ${unknownFlags.join(', ')}`);
  const unknown = only.filter((name) => !MOODS.some((m) => m.name === name));
  if (unknown.length)
    throw new Error(`unknown clip(s): ${unknown.join(', ')}; known: ${MOODS.map((m) => m.name).join(', ')}`);
  mkdirSync(OUT_DIR, { recursive: true });
  const scratch = mkdtempSync(join(tmpdir(), 'marquee-media-'));
  try {
    for (const mood of MOODS.filter((m) => only.length === 0 || only.includes(m.name))) {
      const started = Date.now();
      if (markers) {
        console.log(`the ${mood.name} programme's markers …`);
        writeMarkers(mood);
      } else if (described) {
        console.log(`the ${mood.name} programme's audio description …`);
        buildDescribed(mood);
      } else if (trickplay) {
        console.log(`the ${mood.name} programme's thumbnails …`);
        buildTrickplay(mood);
      } else if (programmes) {
        const sizes = LADDER.map((r) => `${r.name} ${r.kbps}k`).join(', ');
        console.log(`building the ${mood.name} programme (${PROGRAMME_SECONDS} s; ${sizes}; audio ${AUDIO_KBPS}k) …`);
        buildProgramme(mood, scratch);
      } else {
        console.log(`building ${mood.name} (${mood.duration} s, ${W}x${H}@${FPS}) …`);
        buildTrailer(mood, scratch);
      }
      console.log(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  report(verbose);
}

try {
  main();
} catch (error) {
  console.error(`build-media: ${error.message}`);
  process.exit(1);
}
