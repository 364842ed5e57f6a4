// Programmes: one per mood, just over two minutes, as an HLS ladder of fMP4 renditions
// with a shared audio rendition and English WebVTT subtitles, under programmes/{mood}/. Built by
// `node scripts/build-media.mjs --programmes [mood…]`. The scene reuses the mood's palette (and,
// where the trailer's picture is calm and periodic, the trailer's picture itself) but moves more
// slowly: every rendition is well under 200 kbit/s, and calm pictures are what such rates carry.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  AUDIO_RENDITIONS,
  audioMediaLines,
  DESCRIBED,
  DESCRIBED_KBPS,
  makeDescribedAudio,
} from '../described-audio.mjs';
import { hlsOutput } from '../hls-output.mjs';
import { makeTrickplay } from '../trickplay.mjs';
import { FFMPEG, LIMIT, loudness, run } from './ffmpeg.mjs';
import { fadeWindow, FONTS, FPS, splitTo } from './pictures.mjs';
import { PROGRAMMES } from './programme-data.mjs';

export const PROGRAMMES_DIR = fileURLToPath(new URL('../../server/media/video/programmes/', import.meta.url));
// 31 segments of exactly 4 s: a keyframe every 4 s (96 frames at 24 fps), closed GOPs, so every
// segment starts with an IDR frame at the same time in every rendition and players switch cleanly.
const SEGMENT = 4;
export const PROGRAMME_SECONDS = Number(process.env.PROGRAMME_SECONDS ?? 124);
const CHAPTER = 30;
// Video bitrates (kbit/s): distinct steps for adaptive streaming to move between, capped with
// maxrate/bufsize; with 64 kbit/s audio the eight programmes take about 45 MB.
export const LADDER = [
  { name: '360p', width: 640, height: 360, kbps: 55 },
  { name: '540p', width: 960, height: 540, kbps: 90 },
  { name: '720p', width: 1280, height: 720, kbps: 140 },
];
export const AUDIO_KBPS = 64;
// Quieter than the trailers (-20 LUFS): a programme plays for minutes, a trailer for seconds.
const PROGRAMME_LUFS = -23;

/** Seconds as a WebVTT timestamp, hh:mm:ss.ttt. */
const vttTime = (s) => new Date(Math.round(s * 1000)).toISOString().slice(11, 23);

/** The programme's cues: title, then per chapter its card, what it shows and what it sounds like; the end. */
function programmeCues(mood, programme, d) {
  const cues = [{ from: 0.8, to: 6, text: `Marquee — ${programme.title} programme` }];
  programme.chapters.forEach((name, i) => {
    const start = i === 0 ? 6.5 : i * CHAPTER + 0.5;
    cues.push(
      { from: start, to: start + 5, text: `Chapter ${i + 1}: ${name}` },
      { from: start + 6, to: start + 13, text: programme.shows },
      { from: start + 14, to: start + 22, text: programme.sounds },
    );
  });
  if (d >= 4 * CHAPTER) cues.push({ from: 4 * CHAPTER, to: d - 0.5, text: 'The End\n[the music fades out]' });
  return cues.filter((c) => c.to <= d);
}

const cueText = (cues) => cues.map((c) => `${vttTime(c.from)} --> ${vttTime(c.to)}\n${c.text}\n`).join('\n');

/**
 * Subtitles as HLS needs them (RFC 8216 §3.5): a media playlist of WebVTT segments aligned with
 * the video's, each repeating the cues that overlap it, with the X-TIMESTAMP-MAP header that ties
 * cue times to the media timeline (fMP4 media start at 0). Also one whole-file subtitles.vtt.
 */
function writeSubtitles(dir, cues, d) {
  writeFileSync(join(dir, 'subtitles.vtt'), `WEBVTT\n\n${cueText(cues)}`);
  const count = Math.ceil(d / SEGMENT);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    `#EXT-X-TARGETDURATION:${SEGMENT}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  for (let i = 0; i < count; i++) {
    const from = i * SEGMENT;
    const to = Math.min(d, from + SEGMENT);
    const file = `subtitles-${String(i).padStart(3, '0')}.vtt`;
    const inside = cues.filter((c) => c.from < to && c.to > from);
    writeFileSync(join(dir, file), `WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\n${cueText(inside)}`);
    lines.push(`#EXTINF:${(to - from).toFixed(3)},`, file);
  }
  lines.push('#EXT-X-ENDLIST');
  writeFileSync(join(dir, 'subtitles.m3u8'), `${lines.join('\n')}\n`);
}

/** The text on the picture before it is scaled: title card, chapter cards, the end card, fades. */
function programmeCards(mood, programme, d, textFile) {
  const { font, colour, border } = mood.type;
  const style = `fontfile=${FONTS}/${font}.ttf:fontcolor=${colour}:bordercolor=${border}:borderw=2:shadowcolor=black@0.6:shadowx=3:shadowy=3`;
  writeFileSync(textFile('title'), `Marquee — ${programme.title} programme`);
  writeFileSync(textFile('end'), 'The End');
  const cards = [
    `drawtext=${style}:textfile=${textFile('title')}:fontsize=64:x=(w-text_w)/2:y=(h-text_h)/2:alpha='${fadeWindow(0.8, 6)}'`,
  ];
  programme.chapters.forEach((name, i) => {
    const start = i === 0 ? 6.5 : i * CHAPTER + 0.5;
    if (start + 5 > d) return;
    writeFileSync(textFile(`chapter${i}`), `Chapter ${i + 1} · ${name}`);
    cards.push(
      `drawtext=${style}:textfile=${textFile(`chapter${i}`)}:fontsize=44:x=80:y=h-170:alpha='${fadeWindow(start, start + 5)}'`,
    );
  });
  if (d >= 4 * CHAPTER)
    cards.push(
      `drawtext=${style}:textfile=${textFile('end')}:fontsize=72:x=(w-text_w)/2:y=(h-text_h)/2:alpha='${fadeWindow(4 * CHAPTER + 0.5, d - 0.6)}'`,
    );
  return `${cards.join(',')},fade=t=in:st=0:d=0.8,fade=t=out:st=${d - 1.2}:d=1.2`;
}

/** Per rendition, after scaling: the running timecode (bottom left) and the rendition's name (bottom right). */
function renditionLabels(rung, textFile) {
  const size = Math.round(rung.height / 32);
  const pad = Math.round(rung.height / 40);
  writeFileSync(textFile('timecode'), '%{pts:hms}');
  writeFileSync(textFile(rung.name), rung.name);
  const style = `fontfile=${FONTS}/DejaVuSansMono.ttf:fontsize=${size}:fontcolor=white@0.85:box=1:boxcolor=black@0.45:boxborderw=${Math.round(size / 3)}`;
  return (
    `drawtext=${style}:textfile=${textFile('timecode')}:x=${pad}:y=h-text_h-${pad},` +
    `drawtext=${style}:textfile=${textFile(rung.name)}:expansion=none:x=w-text_w-${pad}:y=h-text_h-${pad}`
  );
}

/** A media playlist's segments: [{ duration, uri }], and its EXT-X-MAP URI. */
function readMediaPlaylist(path) {
  const lines = readFileSync(path, 'utf8').split('\n');
  const segments = [];
  let map;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('#EXT-X-MAP:URI=')) map = /URI="([^"]+)"/.exec(lines[i])[1];
    if (lines[i].startsWith('#EXTINF:')) segments.push({ duration: parseFloat(lines[i].slice(8)), uri: lines[i + 1] });
  }
  return { map, segments };
}

/** Peak and average bit rates (bit/s) of a rendition's segments, as EXT-X-STREAM-INF defines them. */
function bitRates(dir, playlist) {
  const { segments } = readMediaPlaylist(join(dir, playlist));
  let bits = 0;
  let seconds = 0;
  let peak = 0;
  for (const { duration, uri } of segments) {
    const size = statSync(join(dir, uri)).size * 8;
    bits += size;
    seconds += duration;
    // A short last segment (audio's tail) would inflate the peak: rate it over a full segment.
    peak = Math.max(peak, size / Math.max(duration, SEGMENT));
  }
  return { peak: Math.ceil(peak), average: Math.ceil(bits / seconds), seconds };
}

/** The RFC 6381 codec string of an H.264 init segment, from its avcC box (profile, constraints, level). */
function avcCodec(initPath) {
  const data = readFileSync(initPath);
  const at = data.indexOf('avcC');
  if (at < 0) throw new Error(`${initPath} has no avcC box`);
  const hex = (b) => b.toString(16).padStart(2, '0');
  return `avc1.${hex(data[at + 5])}${hex(data[at + 6])}${hex(data[at + 7])}`;
}

/**
 * master.m3u8: the audio renditions (the soundtrack, and its audio-described version once built)
 * and one subtitles rendition, shared by the three video variants.
 */
function writeMaster(dir) {
  const renditions = AUDIO_RENDITIONS.filter((r) => existsSync(join(dir, `${r.name}.m3u8`)));
  const rates = renditions.map((r) => bitRates(dir, `${r.name}.m3u8`));
  // A variant's bandwidth counts the heaviest audio rendition it may be played with.
  const audio = { peak: Math.max(...rates.map((r) => r.peak)), average: Math.max(...rates.map((r) => r.average)) };
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-INDEPENDENT-SEGMENTS',
    ...audioMediaLines(renditions),
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="subtitles.m3u8"',
  ];
  for (const rung of LADDER) {
    const video = bitRates(dir, `${rung.name}.m3u8`);
    const codecs = `${avcCodec(join(dir, `${rung.name}-init.mp4`))},mp4a.40.2`;
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${video.peak + audio.peak},AVERAGE-BANDWIDTH=${video.average + audio.average},` +
        `CODECS="${codecs}",RESOLUTION=${rung.width}x${rung.height},FRAME-RATE=${FPS.toFixed(3)},AUDIO="audio",SUBTITLES="subs"`,
      `${rung.name}.m3u8`,
    );
  }
  writeFileSync(join(dir, 'master.m3u8'), `${lines.join('\n')}\n`);
}

export function buildProgramme(mood, scratch) {
  const programme = PROGRAMMES[mood.name];
  const d = PROGRAMME_SECONDS;
  const dir = join(PROGRAMMES_DIR, mood.name);
  // Start clean, so that no segment of an earlier, longer build lingers.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const textFile = (key) => join(scratch, `${mood.name}-programme-${key}.txt`);

  const gain = PROGRAMME_LUFS - loudness(mood, d);
  console.log(`  soundtrack gain ${gain.toFixed(1)} dB`);
  const graph = [
    ...programme.video(d),
    `[scene]${programmeCards(mood, programme, d, textFile)},format=yuv420p,${splitTo(LADDER.map((r) => `s${r.name}`))}`,
    ...LADDER.map(
      (r) =>
        `[s${r.name}]scale=${r.width}:${r.height}:flags=bicubic,${renditionLabels(r, textFile)},format=yuv420p[v${r.name}]`,
    ),
    ...mood.audio(d),
    // The audio ends a few milliseconds early, so that the AAC encoder's priming samples do not
    // spill into a 20 ms 32nd segment.
    `[music]highpass=f=30,volume=${gain.toFixed(2)}dB,alimiter=limit=${LIMIT}:level=false,afade=t=in:st=0:d=1,` +
      `afade=t=out:st=${d - 2.5}:d=2.4,atrim=end=${d - 0.05}[a]`,
  ].join(';\n');

  const videoOutputs = LADDER.flatMap((r) => [
    '-map',
    `[v${r.name}]`,
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
    '-b:v',
    `${r.kbps}k`,
    '-maxrate',
    `${Math.round(r.kbps * 1.5)}k`,
    '-bufsize',
    `${r.kbps * 3}k`,
    // An IDR frame every 4 s exactly and nowhere else (no scene cuts), closed GOPs (x264's default).
    '-g',
    String(FPS * SEGMENT),
    '-keyint_min',
    String(FPS * SEGMENT),
    '-sc_threshold',
    '0',
    '-force_key_frames',
    `expr:gte(t,n_forced*${SEGMENT})`,
    '-r',
    String(FPS),
    // x264's output depends on its thread count: fix it, so rebuilds on other machines match.
    '-threads',
    '2',
    '-flags:v',
    '+bitexact',
    ...hlsOutput(r.name, SEGMENT),
  ]);
  const audioOutput = [
    '-map',
    '[a]',
    '-c:a',
    'aac',
    '-b:a',
    `${AUDIO_KBPS}k`,
    '-ar',
    '44100',
    '-ac',
    '2',
    '-flags:a',
    '+bitexact',
    ...hlsOutput('audio', SEGMENT),
  ];
  run(['-filter_complex', graph, ...videoOutputs, ...audioOutput], { cwd: dir });
  writeSubtitles(dir, programmeCues(mood, programme, d), d);
  buildDescribed(mood);
  buildTrickplay(mood);
  writeMarkers(mood);
}

/**
 * The programme's skip markers, in shared/media/markers.ts's shape: the title card is its intro
 * (up to the first chapter card) and "The End" card its credits. They have no recap.
 */
function programmeMarkers(d) {
  const markers = [{ kind: 'intro', start: 0.8, end: 6.5 }];
  if (d >= 4 * CHAPTER) markers.push({ kind: 'credits', start: 4 * CHAPTER, end: d });
  return markers;
}

export function writeMarkers(mood) {
  const markers = programmeMarkers(PROGRAMME_SECONDS);
  writeFileSync(join(PROGRAMMES_DIR, mood.name, 'markers.json'), `${JSON.stringify({ markers }, null, 2)}\n`);
  console.log(`  markers: ${markers.map((m) => `${m.kind} ${m.start}–${m.end} s`).join(', ')}`);
}

/**
 * What the audio description says, and when: the title card, each chapter's card and then its
 * scene (in the quiet before the sound caption), and the end card. Spoken where the picture's
 * own text shows, as describers read on-screen text.
 */
function descriptionLines(programme, d) {
  const lines = [{ at: 1, text: `Marquee presents the ${programme.title} programme.` }];
  const scenes = [programme.shows, ...programme.described];
  programme.chapters.forEach((name, i) => {
    const start = i === 0 ? 6.5 : i * CHAPTER + 0.5;
    lines.push({ at: start + 0.3, text: `Chapter ${i + 1}: ${name}.` }, { at: start + 4, text: scenes[i] });
  });
  if (d >= 4 * CHAPTER) lines.push({ at: 4 * CHAPTER + 0.5, text: 'The End. The picture fades to black.' });
  // A shortened programme (PROGRAMME_SECONDS) says only what it has time for.
  return lines.filter((line) => line.at + 3 < d);
}

/** The audio-described rendition (scripts/described-audio.mjs) from the soundtrack built, then the master naming it. */
export function buildDescribed(mood) {
  const dir = join(PROGRAMMES_DIR, mood.name);
  const lines = descriptionLines(PROGRAMMES[mood.name], PROGRAMME_SECONDS);
  makeDescribedAudio(join(dir, 'audio.m3u8'), dir, {
    lines,
    duration: PROGRAMME_SECONDS,
    segment: SEGMENT,
    ffmpeg: FFMPEG,
    espeak: process.env.ESPEAK ?? '/usr/bin/espeak-ng',
  });
  writeMaster(dir);
  console.log(`  audio description: ${lines.length} lines at ${DESCRIBED_KBPS}k (${DESCRIBED}.m3u8)`);
}

/** The seek bar's thumbnails (scripts/trickplay.mjs), from the programme's smallest rendition. */
export function buildTrickplay(mood) {
  const dir = join(PROGRAMMES_DIR, mood.name);
  const { count } = makeTrickplay(join(dir, '360p.m3u8'), dir, { duration: PROGRAMME_SECONDS, ffmpeg: FFMPEG });
  console.log(`  trickplay: ${count} thumbnails`);
}
