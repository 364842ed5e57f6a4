// A trailer clip: one short H.264/AAC MP4 with faststart and one JPEG poster per mood.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { LIMIT, loudness, run } from './ffmpeg.mjs';
import { fadeWindow, FONTS, FPS, W } from './pictures.mjs';

export const OUT_DIR = fileURLToPath(new URL('../../server/media/video/clips/', import.meta.url));
// The poster is the frame at 3 s: past the fade-in, with the tagline already up.
const POSTER_AT = 3;
// Soundtracks are normalised to one loudness, so switching trailers never blasts or whispers.
const TARGET_LUFS = -20;

/** The text cards: the tagline (1.4 s → 7.4 s) and "COMING SOON" before the fade-out. */
function textCards(mood, textFile) {
  const { font, size, colour, border, borderw, wobble, flicker } = mood.type;
  const style = `fontfile=${FONTS}/${font}.ttf:fontcolor=${colour}:bordercolor=${border}:borderw=${borderw}:shadowcolor=black@0.5:shadowx=3:shadowy=3`;
  const lines = mood.tagline.length;
  // A card that is too wide for the frame shrinks to fit (roughly: caps are ~0.72 em wide).
  const longest = Math.max(...mood.tagline.map((l) => l.length));
  const fontsize = Math.min(size, Math.floor((W * 0.86) / (longest * 0.72)));
  const flickerExpr = flicker ? '*(1-0.7*gt(sin(t*31)*sin(t*17.3),0.55))' : '';
  const cards = mood.tagline.map((_, i) => {
    const y = `(h-${lines}*${fontsize * 1.2})/2+${i}*${fontsize * 1.2}` + (wobble ? `+10*sin(t*6+${i})` : '');
    return `drawtext=${style}:textfile=${textFile(i)}:fontsize=${fontsize}:x=(w-text_w)/2:y='${y}':alpha='${fadeWindow(1.4, 7.4)}${flickerExpr}'`;
  });
  const soon = `drawtext=${style}:textfile=${textFile('soon')}:fontsize=72:x=(w-text_w)/2:y=(h-text_h)/2:alpha='${fadeWindow(mood.duration - 5, mood.duration - 0.9)}'`;
  return [...cards, soon].join(',');
}

export function buildTrailer(mood, scratch) {
  const d = mood.duration;
  // Tagline text goes through files, so quotes and colons never meet filtergraph escaping.
  const textFile = (key) => join(scratch, `${mood.name}-${key}.txt`);
  mood.tagline.forEach((line, i) => writeFileSync(textFile(i), line));
  writeFileSync(textFile('soon'), 'COMING SOON');

  const gain = TARGET_LUFS - loudness(mood);
  console.log(`  soundtrack gain ${gain.toFixed(1)} dB`);
  const graph = [
    ...mood.video(d),
    `[scene]${textCards(mood, textFile)},fade=t=in:st=0:d=0.8,fade=t=out:st=${d - 1.2}:d=1.2,format=yuv420p[v]`,
    ...mood.audio(d),
    `[music]highpass=f=30,volume=${gain.toFixed(2)}dB,alimiter=limit=${LIMIT}:level=false,afade=t=in:st=0:d=0.6,afade=t=out:st=${d - 1.5}:d=1.5[a]`,
  ].join(';\n');

  const mp4 = join(OUT_DIR, `${mood.name}.mp4`);
  const jpg = join(OUT_DIR, `${mood.name}.jpg`);
  run([
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-map',
    '[a]',
    '-t',
    String(d),
    '-c:v',
    'libx264',
    '-preset',
    'medium',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-crf',
    '30',
    '-g',
    String(FPS * 2),
    '-r',
    String(FPS),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-ar',
    '44100',
    '-ac',
    '2',
    // faststart moves the index (moov) before the media data, so playback starts before the download ends.
    '-movflags',
    '+faststart',
    // No version strings or dates in the files: a rebuild with the same ffmpeg gives the same bytes.
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    '-flags:a',
    '+bitexact',
    '-map_metadata',
    '-1',
    mp4,
  ]);
  run([
    '-ss',
    String(POSTER_AT),
    '-i',
    mp4,
    '-frames:v',
    '1',
    '-q:v',
    '4',
    '-fflags',
    '+bitexact',
    '-flags:v',
    '+bitexact',
    jpg,
  ]);
  return [mp4, jpg];
}
