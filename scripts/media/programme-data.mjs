// The programmes' data: per mood, the title, chapters, captions, audio description and picture.
import { MOODS } from './moods.mjs';
import { FPS, glow, gradient, H, overlays, splitTo, W } from './pictures.mjs';

/** Embers, bubbles, balloons: `count` soft glows of one size moving along `motion(i)` (x:y expressions). */
export function sprites(name, count, glowArgs, motion, d) {
  const labels = Array.from({ length: count }, (_, i) => `${name}${i}`);
  return {
    chain: `${glow(...glowArgs, d)},${count > 1 ? splitTo(labels) : `null[${labels[0]}]`}`,
    placements: labels.map((label, i) => [label, motion(i)]),
  };
}

/** A scene from a background [bg] chain and sprite groups, ending in [scene] after `grade`. */
export function scene(background, groups, grade) {
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
export const PROGRAMMES = {
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
