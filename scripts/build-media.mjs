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
// for a quick look (the tests want at least 120). Every source is seeded, so a rebuild with the
// same ffmpeg gives the same bytes; another ffmpeg or x264 version gives different ones. The clip
// names must match CLIPS in server/media/video/trailers.ts.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  AUDIO_RENDITIONS,
  audioMediaLines,
  DESCRIBED,
  DESCRIBED_KBPS,
  makeDescribedAudio,
} from './described-audio.mjs';
import { makeTrickplay } from './trickplay.mjs';

const FFMPEG = process.env.FFMPEG ?? '/usr/bin/ffmpeg';
const OUT_DIR = fileURLToPath(new URL('../server/media/video/clips/', import.meta.url));
const FONTS = '/usr/share/fonts/truetype/dejavu';
const W = 1280;
const H = 720;
const FPS = 24;
// The poster is the frame at 3 s: past the fade-in, with the tagline already up.
const POSTER_AT = 3;
// The issue allows 20 MB; we keep a margin so the repository stays light.
const MAX_TOTAL_BYTES = 15 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Sound: each voice is an ffmpeg expression of t; `detune` makes the right channel differ a
// little from the left, which gives width without a reverb.

const hz = (midi) => (440 * 2 ** ((midi - 69) / 12)).toFixed(3);

/**
 * `values[index]` as an ffmpeg expression: a binary tree of ifs, so that a 40-note sequence costs
 * six comparisons per sample rather than forty (expressions are evaluated 44 100 times a second).
 */
function pick(values, index, from = 0, to = values.length) {
  if (to - from === 1) return String(values[from]);
  const mid = (from + to) >> 1;
  return `if(lt(${index},${mid}),${pick(values, index, from, mid)},${pick(values, index, mid, to)})`;
}

/**
 * A sequence of plucked notes (one per `step` seconds from `from`, looping; null is a rest), with
 * a soft attack and a decay that has died away by the next step, so note changes never click.
 */
function pluck({ notes, step, decay, amp, overtones = [0.3], detune = 1, from = 0 }) {
  const local = `mod(t-${from},${step})`;
  const index = `mod(floor((t-${from})/${step}),${notes.length})`;
  // The note's frequency is computed once per sample into variable 0 (st/ld), then reused.
  const f = `${pick(
    notes.map((n) => (n === null ? 0 : hz(n))),
    index,
  )}*${detune}`;
  const gain = notes.includes(null) ? `*gt(ld(0),0)` : '';
  const tone = [`sin(2*PI*ld(0)*t)`, ...overtones.map((o, i) => `${o}*sin(${2 * (i + 2)}*PI*ld(0)*t)`)].join('+');
  return `(st(0,${f});${amp}*gte(t,${from})*(${tone})*exp(-${decay}*${local})*min(1,${local}*250)${gain})`;
}

/** Sustained chords, one per `seg` seconds; each fades in and out so a change never clicks. */
function pad({ chords, seg, amp, detune = 1 }) {
  const local = `mod(t,${seg})`;
  const index = `mod(floor(t/${seg}),${chords.length})`;
  const env = `min(1,${local}/0.7)*min(1,(${seg}-${local})/0.5)`;
  const voices = chords[0].map((_, j) => {
    const f = `${pick(
      chords.map((c) => hz(c[j])),
      index,
    )}*${detune}`;
    return `(st(0,${f});sin(2*PI*ld(0)*t)+0.5*sin(2*PI*ld(0)*1.004*t)+0.12*sin(4*PI*ld(0)*t))`;
  });
  return `${amp}*${env}*(${voices.join('+')})`;
}

/** A kick drum: a sine whose pitch drops fast, every `every` seconds from `from`. */
function kick({ every, amp, from = 0 }) {
  const l = `mod(t-${from},${every})`;
  return `${amp}*gte(t,${from})*sin(2*PI*(42+90*exp(-30*${l}))*${l})*exp(-9*${l})`;
}

/** Both channels of an aevalsrc from a voice builder called with a detune factor. */
const stereo = (voices) => `${voices(1)}|${voices(1.003)}`;
const aeval = (exprs, d) => `aevalsrc=exprs='${exprs}':s=44100:c=stereo:d=${d}`;

/** A noise bed (hats, wind, surf), shaped by `filters`, as a stereo stream. Seeded: rebuilds are identical. */
const noise = (colour, amp, filters, d) =>
  `anoisesrc=c=${colour}:a=${amp}:r=44100:d=${d}:seed=1,${filters},pan=stereo|c0=c0|c1=c0`;

// ---------------------------------------------------------------------------------------------
// Pictures: helpers that return filter chains. Sprites are drawn with geq into RGBA; the costly
// ones are drawn once and looped (`still`).

const sourceOf = (w, h, d) => `color=c=black:s=${w}x${h}:r=${FPS}:d=${d},format=rgba`;
const still = (d) => `loop=loop=-1:size=1,trim=duration=${d},setpts=N/(${FPS}*TB)`;
/** A soft round glow: alpha falls from the centre, to the power `p`. */
const glow = (size, [r, g, b], peak, p, d) =>
  `${sourceOf(size, size, 0.1)},geq=r=${r}:g=${g}:b=${b}:a='${peak}*pow(max(0,1-hypot(X-W/2,Y-H/2)/(W/2)),${p})',${still(d)}`;
/** A background gradient rendered small and scaled up: the gradient filter is costly at 720p. */
const gradient = (opts, d, w = W, h = H) => `gradients=s=320x180:r=${FPS}:d=${d}:${opts},scale=${w}:${h}:flags=bicubic`;
/** Overlays a chain of sprites: `[base][s0]overlay=...[o0];[o0][s1]overlay=...` ending in `out`. */
function overlays(base, placements, out) {
  return placements.map(([sprite, where], i) => {
    const from = i === 0 ? base : `o${i - 1}`;
    const to = i === placements.length - 1 ? out : `o${i}`;
    return `[${from}][${sprite}]overlay=${where}:shortest=1[${to}]`;
  });
}
const splitTo = (labels) => `split=${labels.length}${labels.map((l) => `[${l}]`).join('')}`;

// ---------------------------------------------------------------------------------------------
// The moods. Each has a tagline (one or two lines), a type style, a picture graph ending in
// [scene] and a soundtrack graph ending in [music].

const MOODS = [
  {
    name: 'action',
    duration: 14,
    tagline: ['NO WAY BACK'],
    type: { font: 'DejaVuSans-Bold', size: 120, colour: 'white', border: '0x2a0500', borderw: 3 },
    video: (d) => [
      `${gradient('c0=0x1a0300:c1=0xff4a00:c2=0x3a0000:c3=0xffb020:n=4:speed=0.05:seed=7', d, 1344, 756)}[bg]`,
      `${sourceOf(640, 16, 0.1)},geq=r=255:g=235:b=190:a='255*pow(X/W,3)*pow(max(0,1-abs(Y-7.5)/8),1.5)',${still(d)},${splitTo(['s0', 's1', 's2', 's3'])}`,
      `${glow(30, [255, 200, 90], 255, 1.3, d)},${splitTo(['e0', 'e1', 'e2', 'e3', 'e4'])}`,
      ...overlays(
        'bg',
        [
          ['s0', `x='mod(t*2600,2100)-640':y=170`],
          ['s1', `x='mod(t*3300+900,2100)-640':y=430`],
          ['s2', `x='mod(t*2100+400,2100)-640':y=590`],
          ['s3', `x='mod(t*2900+1500,2100)-640':y=300`],
          ...[0, 1, 2, 3, 4].map((i) => [
            `e${i}`,
            `x='${150 + i * 260}+40*sin(t*${1.3 + i * 0.4})':y='mod(${756 + i * 150}-t*${120 + i * 25},800)-20'`,
          ]),
        ],
        'lit',
      ),
      // Camera shake that settles after each hit, and a flash on every beat (150 bpm).
      `[lit]crop=${W}:${H}:x='32+26*sin(t*41)*exp(-5*mod(t,1.6))':y='18+14*cos(t*33)*exp(-5*mod(t,1.6))',` +
        `eq=brightness='0.09*exp(-9*mod(t,0.4))':contrast=1.15:saturation=1.25:eval=frame,vignette=PI/4[scene]`,
    ],
    audio: (d) => [
      aeval(
        stereo(
          (dt) =>
            `${kick({ every: 0.4, amp: 0.55 })}+` +
            `${pluck({ notes: [40, 40, 43, 40, 45, 40, 47, 50], step: 0.2, decay: 7, amp: 0.22, overtones: [0.5, 0.33, 0.25], detune: dt })}+` +
            `${pad({
              chords: [
                [52, 59, 64],
                [48, 55, 64],
                [50, 57, 62],
                [52, 59, 64],
              ],
              seg: 3.2,
              amp: 0.05,
              detune: dt,
            })}`,
        ),
        d,
      ) + '[m0]',
      `${noise('white', 0.5, `highpass=f=6000,volume='exp(-40*mod(t+0.2,0.4))':eval=frame`, d)}[m1]`,
      `[m0][m1]amix=inputs=2:normalize=0[music]`,
    ],
  },
  {
    name: 'comedy',
    duration: 14,
    tagline: ['WHAT COULD', 'POSSIBLY GO WRONG?'],
    type: { font: 'DejaVuSans-Bold', size: 92, colour: '0xffe14d', border: '0x1a1a1a', borderw: 7, wobble: true },
    video: (d) => [
      `${gradient('c0=0xff5fa2:c1=0xffd23b:c2=0x3bd5ff:c3=0xb45cff:n=4:speed=0.03:seed=3', d)}[bg]`,
      // Pop-art sunburst, turning slowly, drawn small and scaled up.
      `${sourceOf(320, 180, d)},geq=r=255:g=255:b=255:a='70*gt(sin(14*atan2(Y-90,X-160)+T*0.8),0)',scale=${W}:${H}:flags=bicubic[rays]`,
      // A smiley: yellow face, two eyes and a smile (a ring's lower arc).
      `${sourceOf(200, 200, 0.1)},geq=` +
        `r='if(lt(hypot(X-72,Y-78),13)+lt(hypot(X-128,Y-78),13)+between(hypot(X-100,Y-100),48,60)*gt(Y,112),40,255)':` +
        `g='if(lt(hypot(X-72,Y-78),13)+lt(hypot(X-128,Y-78),13)+between(hypot(X-100,Y-100),48,60)*gt(Y,112),25,215)':` +
        `b='if(lt(hypot(X-72,Y-78),13)+lt(hypot(X-128,Y-78),13)+between(hypot(X-100,Y-100),48,60)*gt(Y,112),20,40)':` +
        `a='255*min(1,max(0,97-hypot(X-100,Y-100)))',${still(d)},${splitTo(['f0', 'f1', 'f2'])}`,
      ...overlays(
        'bg',
        [
          ['rays', 'x=0:y=0'],
          ['f0', `x='mod(t*170,${W + 200})-200':y='${H - 230}-380*abs(sin(t*3.1))'`],
          ['f1', `x='${W}-mod(t*120+300,${W + 200})':y='${H - 230}-260*abs(sin(t*3.7+1))'`],
          ['f2', `x='mod(t*90+700,${W + 200})-200':y='${H - 230}-320*abs(sin(t*2.6+2))'`],
        ],
        'lit',
      ),
      `[lit]eq=saturation=1.15:contrast=1.05[scene]`,
    ],
    audio: (d) => [
      aeval(
        stereo(
          (dt) =>
            // Oom-pah: bass on the beat, chord on the off-beat; a cheeky melody in eighths.
            `${pluck({ notes: [36, 43, 41, 43], step: 0.5, decay: 9, amp: 0.25, overtones: [0.4], detune: dt })}+` +
            `${pluck({ notes: [64, 67, 65, 62], step: 0.5, from: 0.25, decay: 14, amp: 0.09, overtones: [0.3], detune: dt })}+` +
            `${pluck({ notes: [72, 76, 79, 76, 77, 81, 79, 76, 74, 77, 81, 77, 79, 83, 81, 79], step: 0.25, decay: 6, amp: 0.13, overtones: [0.5, 0.2], detune: dt })}`,
        ),
        d,
      ) + '[music]',
    ],
  },
  {
    name: 'horror',
    duration: 14,
    tagline: ["DON'T LOOK", 'BEHIND YOU'],
    type: { font: 'DejaVuSerif', size: 96, colour: '0xeee6d6', border: '0x000000', borderw: 2, flicker: true },
    video: (d) => [
      // Drifting fog: interfering sines, drawn small, scaled up and tinted a cold teal.
      `color=c=black:s=160x90:r=${FPS}:d=${d},geq=lum='clip(34+26*sin(X/9+T*0.6)*sin(Y/7.5-T*0.4)+18*sin((X+Y)/14+T*0.3),0,255)':cb=131:cr=124,` +
        `scale=${W}:${H}:flags=bicubic[bg]`,
      `${sourceOf(34, 20, 0.1)},geq=r=255:g=235:b=140:a='255*pow(max(0,1-hypot((X-17)/17,(Y-10)/10)),0.8)',${still(d)},${splitTo(['y0', 'y1'])}`,
      // Eyes open in the dark at 8 s, blink once, and are gone before the end card.
      ...overlays(
        'bg',
        [
          ['y0', `x=520:y=330:enable='between(t,8,10.2)*gt(abs(t-9.1),0.08)'`],
          ['y1', `x=600:y=330:enable='between(t,8,10.2)*gt(abs(t-9.1),0.08)'`],
        ],
        'lit',
      ),
      // A failing light: the picture drops out for a frame or two now and then.
      `[lit]eq=brightness='-0.22*gt(sin(t*37)*sin(t*13.7),0.7)':eval=frame,vignette=PI/3,format=yuv420p[scene]`,
    ],
    audio: (d) => [
      aeval(
        stereo(
          (dt) =>
            // A beating low drone, a heartbeat (two thumps a beat) and a sting when the eyes open.
            `0.16*(sin(2*PI*55*${dt}*t)+sin(2*PI*58.27*t)+0.5*sin(2*PI*82.41*t))*(0.7+0.3*sin(t*0.9))+` +
            `0.5*sin(2*PI*48*mod(t,1.1))*exp(-16*mod(t,1.1))+` +
            `0.35*gte(mod(t,1.1),0.24)*sin(2*PI*46*(mod(t,1.1)-0.24))*exp(-16*(mod(t,1.1)-0.24))+` +
            `0.03*(sin(2*PI*1244.5*t)+sin(2*PI*1318.5*${dt}*t))*(0.5+0.5*sin(t*2.3))+` +
            `0.12*gte(t,8)*exp(-1.2*(t-8))*(sin(2*PI*466.2*t)+sin(2*PI*493.9*t)+sin(2*PI*523.3*${dt}*t)+sin(2*PI*233.1*t))`,
        ),
        d,
      ) + '[m0]',
      `${noise('brown', 0.6, `lowpass=f=500,volume='0.5+0.4*sin(t*0.7)':eval=frame`, d)}[m1]`,
      `[m0][m1]amix=inputs=2:normalize=0[music]`,
    ],
  },
  {
    name: 'romance',
    duration: 15,
    tagline: ['LOVE FINDS A WAY'],
    type: { font: 'DejaVuSerif-Italic', size: 100, colour: 'white', border: '0x7a2848', borderw: 1 },
    video: (d) => [
      `${gradient('c0=0xff9a9e:c1=0xfad0c4:c2=0xa18cd1:c3=0xfbc2eb:n=4:speed=0.012:seed=11', d)}[bg]`,
      `${glow(150, [255, 244, 236], 150, 1.1, d)},${splitTo(['b0', 'b1', 'b2'])}`,
      `${glow(96, [255, 226, 238], 175, 0.9, d)},${splitTo(['b3', 'b4', 'b5'])}`,
      `${glow(54, [255, 255, 250], 210, 0.8, d)},${splitTo(['b6', 'b7', 'b8'])}`,
      // Bokeh drifting upwards, each at its own pace and sway.
      ...overlays(
        'bg',
        ['b0', 'b1', 'b2', 'b3', 'b4', 'b5', 'b6', 'b7', 'b8'].map((b, i) => [
          b,
          `x='${(i * 337) % 1180}+50*sin(t*${0.35 + (i % 3) * 0.15}+${i})':y='mod(${H + 40 + i * 97}-t*${18 + (i % 4) * 9},${H + 200})-150'`,
        ]),
        'lit',
      ),
      `[lit]eq=saturation=1.05:brightness=0.02,vignette=PI/5[scene]`,
    ],
    audio: (d) => {
      // I–vi–IV–V in F, a pad under a slow arpeggio that follows the chord.
      const chords = [
        [53, 57, 60],
        [50, 53, 57],
        [46, 50, 53],
        [48, 52, 55],
      ];
      const arpeggio = chords.flatMap((c) => [
        c[0] + 12,
        c[1] + 12,
        c[2] + 12,
        c[1] + 24,
        c[2] + 12,
        c[1] + 12,
        c[0] + 24,
        c[2] + 12,
        c[1] + 12,
        c[2] + 12,
      ]);
      return [
        aeval(
          stereo(
            (dt) =>
              `${pad({ chords, seg: 3.75, amp: 0.07, detune: dt })}+` +
              `${pluck({ notes: arpeggio, step: 0.375, decay: 3, amp: 0.12, overtones: [0.25, 0.1], detune: dt })}`,
          ),
          d,
        ) + ',aecho=0.8:0.6:180|310:0.25|0.15[music]',
      ];
    },
  },
  {
    name: 'documentary',
    duration: 15,
    tagline: ['THE WORLD', "AS YOU'VE NEVER SEEN IT"],
    type: { font: 'DejaVuSans-ExtraLight', size: 78, colour: 'white', border: '0x0b2a1a', borderw: 1 },
    video: (d) => [
      // Conway's life, slowed and blended between generations: living cells under a microscope.
      `life=s=160x90:r=6:mold=20:life_color=0x9be15d:death_color=0x06251a:mold_color=0x2e7d4f:ratio=0.32:seed=42,` +
        `trim=duration=${d},framerate=fps=${FPS},scale=1440:810:flags=bicubic,gblur=sigma=6,` +
        `crop=${W}:${H}:x='80+70*sin(t*0.2)':y='45+40*cos(t*0.17)',eq=saturation=0.9:contrast=1.05,vignette=PI/3.5[scene]`,
    ],
    audio: (d) => [
      aeval(
        stereo(
          (dt) =>
            `${pad({
              chords: [
                [38, 45, 52],
                [43, 50, 57],
                [40, 47, 54],
                [38, 45, 57],
              ],
              seg: 3.75,
              amp: 0.08,
              detune: dt,
            })}+` +
            `${pluck({ notes: [74, null, 78, null, 81, null, 76, null, 74, null, 69, null, 71, null, null, null], step: 0.75, decay: 2.5, amp: 0.1, overtones: [0.3], detune: dt })}`,
        ),
        d,
      ) + '[m0]',
      `${noise('pink', 0.35, `lowpass=f=900,volume='0.25+0.75*pow(0.5+0.5*sin(2*PI*t/5),2)':eval=frame`, d)}[m1]`,
      `[m0][m1]amix=inputs=2:normalize=0,aecho=0.8:0.5:240:0.2[music]`,
    ],
  },
  {
    name: 'drama',
    duration: 14,
    tagline: ['EVERY CHOICE', 'HAS A PRICE'],
    type: { font: 'DejaVuSerif', size: 88, colour: '0xf4ead8', border: '0x000000', borderw: 1 },
    video: (d) => [
      `${gradient('c0=0x0d2b3e:c1=0xc9803a:c2=0x10202b:c3=0x5a3d2b:n=4:speed=0.008:seed=5', d)}[bg]`,
      // A slow shaft of light through a window, and dust in it.
      `${sourceOf(420, 1100, 0.1)},geq=r=255:g=225:b=170:a='70*pow(max(0,1-abs(X-210)/210),2)',rotate=0.5:c=none:ow=900:oh=1100,${still(d)}[beam]`,
      `${glow(8, [255, 240, 210], 200, 1, d)},${splitTo(['d0', 'd1', 'd2', 'd3', 'd4', 'd5'])}`,
      ...overlays(
        'bg',
        [
          ['beam', `x='60+t*18':y=-190`],
          ...[0, 1, 2, 3, 4, 5].map((i) => [
            `d${i}`,
            `x='${330 + i * 70}+t*${6 + i}+30*sin(t*${0.3 + i * 0.1})':y='${160 + ((i * 83) % 360)}+25*sin(t*${0.25 + i * 0.07}+${i})'`,
          ]),
        ],
        'lit',
      ),
      // Teal-and-orange grade and a 2.39:1 letterbox.
      `[lit]colorbalance=rs=-0.05:bs=0.08:rh=0.08:bh=-0.06,vignette=PI/4,` +
        `drawbox=x=0:y=0:w=iw:h=88:color=black:t=fill,drawbox=x=0:y=ih-88:w=iw:h=88:color=black:t=fill[scene]`,
    ],
    audio: (d) => [
      aeval(
        stereo(
          (dt) =>
            // A piano-like arpeggio in A minor over a low string pad.
            `${pluck({ notes: [45, 52, 57, 60, 64, 60, 57, 52, 41, 48, 53, 57, 60, 57, 53, 48, 43, 50, 55, 59, 62, 59, 55, 50, 40, 47, 52, 56, 59, 56, 52, 47], step: 0.4375, decay: 2.2, amp: 0.14, overtones: [0.5, 0.25, 0.12], detune: dt })}+` +
            `${pad({
              chords: [
                [33, 45, 52],
                [29, 41, 48],
                [31, 43, 50],
                [28, 40, 47],
              ],
              seg: 3.5,
              amp: 0.06,
              detune: dt,
            })}`,
        ),
        d,
      ) + ',aecho=0.8:0.6:200|350:0.3|0.2[music]',
    ],
  },
  {
    name: 'scifi',
    duration: 14,
    tagline: ['BEYOND', 'THE LAST STAR'],
    type: { font: 'DejaVuSans-Bold', size: 104, colour: '0xdffaff', border: '0x00a8e8', borderw: 2 },
    video: (d) => [
      `${gradient('c0=0x05010f:c1=0x2a0b5e:c2=0x0b4f6c:c3=0x000000:n=4:speed=0.02:seed=9', d)}[bg]`,
      // A tileable star field (a hash of the pixel position), drawn once, scrolled in two layers.
      `${sourceOf(W / 2, H / 2, 0.1)},geq=r=255:g=255:b=255:a='255*gt(mod(abs(sin(X*12.9898+Y*78.233))*43758.5453,1),0.997)',scale=${W}:${H}:flags=neighbor,${still(d)},split[sa][sb]`,
      `[sa][sb]hstack,split[far][near0]`,
      `[near0]hflip,vflip[near]`,
      `${sourceOf(440, 440, 0.1)},geq=r='30+200*pow(max(0,1-hypot(X-150,Y-140)/330),1.5)':g='90+150*pow(max(0,1-hypot(X-150,Y-140)/330),1.5)':b='140+110*pow(max(0,1-hypot(X-150,Y-140)/330),1.2)':` +
        `a='255*min(1,max(0,200-hypot(X-220,Y-220)))',${still(d)}[planet]`,
      ...overlays(
        'bg',
        [
          ['far', `x='-mod(t*25,${W})':y=0`],
          ['near', `x='-mod(t*90,${W})':y=0`],
          ['planet', `x='${W - 380}-t*14':y='${H - 330}-t*6'`],
        ],
        'lit',
      ),
      `[lit]eq=saturation=1.2:contrast=1.08,vignette=PI/4[scene]`,
    ],
    audio: (d) => [
      aeval(
        stereo(
          (dt) =>
            `${pluck({ notes: [62, 65, 69, 74, 69, 65, 62, 65, 60, 64, 67, 72, 67, 64, 60, 64, 58, 62, 65, 70, 65, 62, 58, 62, 57, 61, 64, 69, 64, 61, 57, 61], step: 0.125, decay: 10, amp: 0.1, overtones: [0.5, 0.33, 0.25], detune: dt })}*(0.6+0.4*sin(2*PI*t*0.25))+` +
            `${pad({
              chords: [
                [38, 50, 57],
                [36, 48, 55],
                [34, 46, 53],
                [33, 45, 52],
              ],
              seg: 3.5,
              amp: 0.08,
              detune: dt,
            })}`,
        ),
        d,
      ) + ',aecho=0.8:0.5:375:0.3[m0]',
      // A whoosh that swells towards the end card.
      `${noise('white', 0.3, `bandpass=f=1200:width_type=o:w=1.5,volume='0.4*pow(min(1,t/9),3)*gt(9.6,t)':eval=frame`, d)}[m1]`,
      `[m0][m1]amix=inputs=2:normalize=0[music]`,
    ],
  },
  {
    name: 'family',
    duration: 14,
    tagline: ['AN ADVENTURE', 'FOR EVERYONE'],
    type: { font: 'DejaVuSans-Bold', size: 96, colour: '0xffe14d', border: '0x1d3557', borderw: 7 },
    video: (d) => [
      `gradients=s=320x180:r=${FPS}:d=${d}:c0=0x3a9bff:c1=0xcdeeff:n=2:x0=0:y0=0:x1=0:y1=180:speed=0.00001:seed=1,scale=${W}:${H}[bg]`,
      `${glow(300, [255, 236, 120], 255, 0.7, d)}[sun]`,
      // A puffy cloud: the union of four discs, drawn once.
      `${sourceOf(320, 150, 0.1)},geq=r=255:g=255:b=255:a='255*min(1,max(0,max(max(55-hypot(X-90,Y-90),70-hypot(X-170,Y-70)),max(50-hypot(X-250,Y-95),200*(between(X,90,250)*between(Y,90,145))))))',${still(d)},${splitTo(['c0', 'c1', 'c2'])}`,
      `${sourceOf(1800, 240, 0.1)},geq=r='60+40*Y/H':g='175-30*Y/H':b=75:a='255*min(1,max(0,(1-hypot((X-900)/900,(Y-330)/310))*300))',${still(d)}[hill]`,
      // A beach ball: red, white and blue segments, turning as it rolls.
      `${sourceOf(110, 110, 0.1)},geq=` +
        `r='if(lt(mod(floor((atan2(Y-55,X-55)+PI)*3/PI),3),1),235,if(lt(mod(floor((atan2(Y-55,X-55)+PI)*3/PI),3),2),250,40))':` +
        `g='if(lt(mod(floor((atan2(Y-55,X-55)+PI)*3/PI),3),1),50,if(lt(mod(floor((atan2(Y-55,X-55)+PI)*3/PI),3),2),250,110))':` +
        `b='if(lt(mod(floor((atan2(Y-55,X-55)+PI)*3/PI),3),1),50,if(lt(mod(floor((atan2(Y-55,X-55)+PI)*3/PI),3),2),250,220))':` +
        `a='255*min(1,max(0,54-hypot(X-55,Y-55)))',${still(d)},rotate='t*4':c=none[ball]`,
      ...overlays(
        'bg',
        [
          ['sun', `x=${W - 360}:y=-40`],
          ['c0', `x='mod(t*40,${W + 340})-330':y=70`],
          ['c1', `x='mod(t*28+600,${W + 340})-330':y=170`],
          ['c2', `x='mod(t*52+1000,${W + 340})-330':y=20`],
          ['hill', `x=-260:y=${H - 240}`],
          ['ball', `x='t*${Math.round((W + 110) / 14)}-110':y='${H - 250}-300*abs(sin(t*2.4))'`],
        ],
        'lit',
      ),
      `[lit]eq=saturation=1.1[scene]`,
    ],
    audio: (d) => [
      aeval(
        stereo(
          (dt) =>
            `${pluck({ notes: [67, 71, 74, 71, 72, 76, 74, 71, 69, 72, 76, 72, 74, 71, 67, 62], step: 0.3, decay: 5, amp: 0.13, overtones: [0.6, 0, 0.2], detune: dt })}+` +
            `${pluck({ notes: [43, 50, 48, 50], step: 1.2, decay: 2, amp: 0.2, overtones: [0.3], detune: dt })}+` +
            `${pad({
              chords: [
                [55, 59, 62],
                [60, 64, 67],
                [57, 60, 64],
                [62, 66, 69],
              ],
              seg: 2.4,
              amp: 0.035,
              detune: dt,
            })}`,
        ),
        d,
      ) + '[m0]',
      `${noise('white', 0.25, `highpass=f=5000,volume='0.5*exp(-30*mod(t,0.3))':eval=frame`, d)}[m1]`,
      `[m0][m1]amix=inputs=2:normalize=0,aecho=0.8:0.4:150:0.2[music]`,
    ],
  },
];

// ---------------------------------------------------------------------------------------------

/** Fades `alpha` in at `from`, out at `to` (seconds), over `fade` seconds. */
const fadeWindow = (from, to, fade = 0.5) =>
  `if(lt(t,${from}),0,if(lt(t,${from + fade}),(t-${from})/${fade},if(lt(t,${to - fade}),1,max(0,(${to}-t)/${fade}))))`;

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

/** Runs ffmpeg; returns its stderr when `capture` is set (it is where ffmpeg reports measurements). */
function run(args, { capture = false, cwd } = {}) {
  const result = spawnSync(
    FFMPEG,
    ['-hide_banner', '-nostats', '-loglevel', capture ? 'info' : 'error', '-y', ...args],
    {
      stdio: ['ignore', 'inherit', capture ? 'pipe' : 'inherit'],
      cwd,
      encoding: 'utf8',
    },
  );
  if (result.error)
    throw new Error(`cannot run ${FFMPEG}: ${result.error.message} (install Debian's ffmpeg, or set FFMPEG)`);
  if (result.status !== 0)
    throw new Error(`ffmpeg exited with ${result.status}${capture ? `:\n${result.stderr}` : ''}`);
  return result.stderr;
}

// Soundtracks are normalised to one loudness, so switching trailers never blasts or whispers;
// the limiter ceiling leaves headroom for the AAC encoder's overshoot.
const TARGET_LUFS = -20;
const LIMIT = 0.5;

/** The integrated loudness (LUFS) of a mood's soundtrack: a quick audio-only render through ebur128. */
function loudness(mood, d = mood.duration) {
  const graph = [...mood.audio(d), '[music]ebur128[out]'].join(';');
  const report = run(['-filter_complex', graph, '-map', '[out]', '-f', 'null', '-'], { capture: true });
  const integrated = /I:\s+(-?[\d.]+) LUFS/.exec(report.slice(report.lastIndexOf('Summary:')));
  if (!integrated) throw new Error(`no loudness measured for ${mood.name}`);
  return Number(integrated[1]);
}

function build(mood, scratch) {
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

// ---------------------------------------------------------------------------------------------
// Programmes: one per mood, just over two minutes, as an HLS ladder of fMP4 renditions
// with a shared audio rendition and English WebVTT subtitles, under programmes/{mood}/. Built by
// `node scripts/build-media.mjs --programmes [mood…]`. The scene reuses the mood's palette (and,
// where the trailer's picture is calm and periodic, the trailer's picture itself) but moves more
// slowly: every rendition is well under 200 kbit/s, and calm pictures are what such rates carry.

const PROGRAMMES_DIR = fileURLToPath(new URL('../server/media/video/programmes/', import.meta.url));
// 31 segments of exactly 4 s: a keyframe every 4 s (96 frames at 24 fps), closed GOPs, so every
// segment starts with an IDR frame at the same time in every rendition and players switch cleanly.
const SEGMENT = 4;
const PROGRAMME_SECONDS = Number(process.env.PROGRAMME_SECONDS ?? 124);
const CHAPTER = 30;
// Video bitrates (kbit/s): distinct steps for adaptive streaming to move between, capped with
// maxrate/bufsize; with 64 kbit/s audio the eight programmes take about 45 MB.
const LADDER = [
  { name: '360p', width: 640, height: 360, kbps: 55 },
  { name: '540p', width: 960, height: 540, kbps: 90 },
  { name: '720p', width: 1280, height: 720, kbps: 140 },
];
const AUDIO_KBPS = 64;
// Quieter than the trailers (-20 LUFS): a programme plays for minutes, a trailer for seconds.
const PROGRAMME_LUFS = -23;
// The limit for all committed media (trailers and programmes), in decimal megabytes.
const MAX_MEDIA_BYTES = 60_000_000;

/** Embers, bubbles, balloons: `count` soft glows of one size moving along `motion(i)` (x:y expressions). */
function sprites(name, count, glowArgs, motion, d) {
  const labels = Array.from({ length: count }, (_, i) => `${name}${i}`);
  return {
    chain: `${glow(...glowArgs, d)},${count > 1 ? splitTo(labels) : `null[${labels[0]}]`}`,
    placements: labels.map((label, i) => [label, motion(i)]),
  };
}

/** A scene from a background [bg] chain and sprite groups, ending in [scene] after `grade`. */
function scene(background, groups, grade) {
  return [
    `${background}[bg]`,
    ...groups.map((g) => g.chain),
    ...overlays(
      'bg',
      groups.flatMap((g) => g.placements),
      'lit',
    ),
    `[lit]${grade}[scene]`,
  ];
}

const trailerVideo = (name) => MOODS.find((m) => m.name === name).video;

/**
 * Per mood: the name on the title card, four chapter titles (one card every 30 s), and what the
 * subtitles say the programme shows and sounds like. The soundtrack is the trailer's (its
 * patterns loop), so the captions describe that. `described`: what the audio description says
 * of chapters 2–4 (chapter 1's is `shows`).
 */
const PROGRAMMES = {
  action: {
    title: 'Action',
    chapters: ['Ignition', 'Heat Haze', 'Sparks Fly', 'Last Light'],
    shows: 'Glowing embers rise through a shifting orange and red haze.',
    sounds: '[driving kick drum, bass synth and hi-hats]',
    described: [
      'The haze darkens to deep red; the embers climb faster, swaying as they rise.',
      'Two great clouds of orange light drift apart and meet again behind the sparks.',
      'The glow fades towards amber while the last embers float up out of the frame.',
    ],
    video: (d) =>
      scene(
        gradient('c0=0x1a0300:c1=0xff4a00:c2=0x3a0000:c3=0xffb020:n=4:speed=0.01:seed=7', d),
        [
          sprites(
            'e',
            7,
            [36, [255, 200, 90], 255, 1.3],
            (i) =>
              [
                `x='${90 + i * 170}+50*sin(t*${0.6 + i * 0.17})'`,
                `y='mod(${760 + i * 130}-t*${55 + i * 9},${H + 80})-40'`,
              ].join(':'),
            d,
          ),
          sprites(
            'h',
            2,
            [420, [255, 120, 30], 90, 1.6],
            (i) => `x='${120 + i * 620}+160*sin(t*${0.11 + i * 0.05})':y='${140 + i * 120}+60*cos(t*0.09)'`,
            d,
          ),
        ],
        'eq=contrast=1.1:saturation=1.2,vignette=PI/4',
      ),
  },
  comedy: {
    title: 'Comedy',
    chapters: ['Bounce', 'Slapstick', 'Pratfall', 'Encore'],
    shows: 'Bright balls bounce across a candy-coloured gradient.',
    sounds: '[bouncy oom-pah bass and a cheeky plucked melody]',
    described: [
      'A yellow ball leaps high and lands with a bounce, chased by a smaller pink one.',
      'The balls collide in mid air, bounce apart and roll off opposite edges of the screen.',
      'A blue ball joins the others; all three bounce together in time with the music.',
    ],
    video: (d) =>
      scene(
        gradient('c0=0xff5fa2:c1=0xffd23b:c2=0x3bd5ff:c3=0xb45cff:n=4:speed=0.01:seed=3', d),
        [
          sprites(
            'y',
            2,
            [150, [255, 220, 40], 255, 0.15],
            (i) =>
              `x='mod(t*${70 + i * 45}+${i * 600},${W + 150})-150':y='${H - 190}-${300 - i * 80}*abs(sin(t*${1.6 + i * 0.5}))'`,
            d,
          ),
          sprites(
            'p',
            2,
            [110, [255, 90, 170], 255, 0.15],
            (i) =>
              `x='${W}-mod(t*${55 + i * 35}+${300 + i * 500},${W + 110})':y='${H - 150}-${220 + i * 90}*abs(sin(t*${2.1 + i * 0.4}+1))'`,
            d,
          ),
          sprites(
            'c',
            1,
            [90, [60, 210, 255], 255, 0.15],
            () => `x='mod(t*95+900,${W + 90})-90':y='${H - 130}-340*abs(sin(t*1.3+2))'`,
            d,
          ),
        ],
        'eq=saturation=1.15:contrast=1.05',
      ),
  },
  horror: {
    title: 'Horror',
    chapters: ['The Fog', 'Footsteps', 'The Eyes', 'Dawn?'],
    shows: 'Cold teal fog drifts in the dark; the light fails now and then.',
    sounds: '[low droning hum and a slow heartbeat]',
    described: [
      'The fog thickens and swirls; the picture flickers black for an instant.',
      'Two pale yellow eyes open in the darkness, blink once, and vanish.',
      'A grey light creeps through the fog, but the darkness does not lift.',
    ],
    video: (d) => trailerVideo('horror')(d),
  },
  romance: {
    title: 'Romance',
    chapters: ['First Glance', 'Soft Focus', 'Slow Dance', 'Together'],
    shows: 'Soft circles of light float upwards over a pink and lilac haze.',
    sounds: '[warm synth pads and a slow arpeggio]',
    described: [
      'The circles of light drift slowly upwards, some large and soft, some small and bright.',
      'The haze turns from pink to lilac as two circles float side by side.',
      'The lights gather near the top of the frame and glow together.',
    ],
    video: (d) => trailerVideo('romance')(d),
  },
  documentary: {
    title: 'Documentary',
    chapters: ['Under the Lens', 'Colonies', 'Growth', 'Renewal'],
    shows: 'Green cells grow, spread and fade, as if under a microscope.',
    sounds: '[calm pads, a sparse melody and a soft wind]',
    described: [
      'Clusters of cells spread across the frame, joining into branching colonies.',
      'The colonies grow dense and bright green, then thin out at their edges.',
      'Old cells fade to dark moss while new ones spring up between them.',
    ],
    video: (d) => trailerVideo('documentary')(d),
  },
  drama: {
    title: 'Drama',
    chapters: ['The Letter', 'Old Wounds', 'The Choice', 'Aftermath'],
    shows: 'Dust drifts in a shaft of warm light, framed by black bars.',
    sounds: '[slow piano-like arpeggio over low strings]',
    described: [
      'A beam of warm light slides slowly across the room; specks of dust turn in it.',
      'The light dims to a deep orange and the dust hangs almost still.',
      'The beam settles on one side of the frame as the shadows lengthen.',
    ],
    video: (d) =>
      scene(
        gradient('c0=0x0d2b3e:c1=0xc9803a:c2=0x10202b:c3=0x5a3d2b:n=4:speed=0.006:seed=5', d),
        [
          sprites('b', 1, [520, [255, 225, 170], 70, 1.4], () => `x='380+120*sin(t*0.04)':y=40`, d),
          sprites(
            'd',
            8,
            [8, [255, 240, 210], 200, 1],
            (i) =>
              [
                `x='${420 + i * 50}+${40 + i * 5}*sin(t*${0.12 + i * 0.03}+${i})'`,
                `y='${180 + ((i * 83) % 340)}+30*sin(t*${0.1 + i * 0.04}+${i * 2})'`,
              ].join(':'),
            d,
          ),
        ],
        // Teal-and-orange grade and a 2.39:1 letterbox, like the trailer.
        'colorbalance=rs=-0.05:bs=0.08:rh=0.08:bh=-0.06,vignette=PI/4,' +
          'drawbox=x=0:y=0:w=iw:h=88:color=black:t=fill,drawbox=x=0:y=ih-88:w=iw:h=88:color=black:t=fill',
      ),
  },
  scifi: {
    title: 'Sci-Fi',
    chapters: ['Launch', 'Deep Space', 'The Signal', 'Homeward'],
    shows: 'A pale blue planet glides past drifting stars in deep violet space.',
    sounds: '[pulsing synth arpeggio over a deep pad]',
    described: [
      'Stars stream slowly past from right to left; the planet glows a pale blue.',
      'The planet drifts towards the centre of the frame against the violet dark.',
      'The stars thin out and the planet slides gently back towards the corner.',
    ],
    video: (d) =>
      scene(
        gradient('c0=0x05010f:c1=0x2a0b5e:c2=0x0b4f6c:c3=0x000000:n=4:speed=0.01:seed=9', d),
        [
          sprites(
            's',
            12,
            [6, [255, 255, 255], 255, 0.9],
            (i) => `x='mod(${(i * 379) % W}-t*${8 + (i % 4) * 6},${W + 10})-5':y=${(i * 211 + 37) % H}`,
            d,
          ),
          sprites(
            'pl',
            1,
            [300, [140, 210, 255], 255, 0.12],
            () => `x='${W - 520}+140*sin(t*0.035)':y='${H - 420}+50*cos(t*0.05)'`,
            d,
          ),
        ],
        'eq=saturation=1.2:contrast=1.08,vignette=PI/4',
      ),
  },
  family: {
    title: 'Family',
    chapters: ['Blue Skies', 'Up and Away', 'Picnic', 'Home Again'],
    shows: 'Colourful balloons float up past the sun in a clear blue sky.',
    sounds: '[cheerful plucked melody with a bouncing bass]',
    described: [
      'A red balloon and a green one rise past the sun, swaying in the breeze.',
      'More balloons join them, drifting higher into the clear blue sky.',
      'A yellow balloon floats up last, and the sky stays bright and calm.',
    ],
    video: (d) =>
      scene(
        `gradients=s=320x180:r=${FPS}:d=${d}:c0=0x3a9bff:c1=0xcdeeff:n=2:x0=0:y0=0:x1=0:y1=180:speed=0.00001:seed=1,scale=${W}:${H}`,
        [
          sprites('sun', 1, [300, [255, 236, 120], 255, 0.7], () => `x=${W - 360}:y=-40`, d),
          sprites(
            'r',
            2,
            [90, [235, 60, 60], 255, 0.12],
            (i) =>
              `x='${200 + i * 520}+60*sin(t*${0.5 + i * 0.2})':y='mod(${H + i * 400}-t*${40 + i * 12},${H + 120})-100'`,
            d,
          ),
          sprites(
            'g',
            2,
            [80, [60, 190, 90], 255, 0.12],
            (i) =>
              `x='${420 + i * 480}+50*sin(t*${0.4 + i * 0.3}+1)':y='mod(${H + 200 + i * 300}-t*${34 + i * 10},${H + 120})-100'`,
            d,
          ),
          sprites(
            'u',
            1,
            [100, [250, 200, 40], 255, 0.12],
            () => `x='${W / 2 - 50}+90*sin(t*0.3+2)':y='mod(${H + 500}-t*30,${H + 120})-100'`,
            d,
          ),
        ],
        'eq=saturation=1.1',
      ),
  },
};

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

/** ffmpeg's HLS muxer options for one fMP4 rendition named `name` (playlist, init and segments side by side). */
const hlsOutput = (name) => [
  '-f',
  'hls',
  '-hls_time',
  String(SEGMENT),
  '-hls_playlist_type',
  'vod',
  '-hls_segment_type',
  'fmp4',
  '-hls_flags',
  'independent_segments',
  '-hls_fmp4_init_filename',
  `${name}-init.mp4`,
  '-hls_segment_filename',
  `${name}-%03d.m4s`,
  // No dates and no metadata: a rebuild with the same ffmpeg gives the same bytes. (ffmpeg 5.1's HLS
  // muxer still writes its version, "Lavf59…", into init segments: another ffmpeg changes those.)
  '-fflags',
  '+bitexact',
  '-map_metadata',
  '-1',
  `${name}.m3u8`,
];

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

function buildProgramme(mood, scratch) {
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
    ...hlsOutput(r.name),
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
    ...hlsOutput('audio'),
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

function writeMarkers(mood) {
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
function buildDescribed(mood) {
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
function buildTrickplay(mood) {
  const dir = join(PROGRAMMES_DIR, mood.name);
  const { count } = makeTrickplay(join(dir, '360p.m3u8'), dir, { duration: PROGRAMME_SECONDS, ffmpeg: FFMPEG });
  console.log(`  trickplay: ${count} thumbnails`);
}

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
        build(mood, scratch);
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
