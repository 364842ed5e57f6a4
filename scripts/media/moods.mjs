// The moods. Each has a tagline (one or two lines), a type style, a picture graph ending in
// [scene] and a soundtrack graph ending in [music].

import { FPS, glow, gradient, H, overlays, sourceOf, splitTo, still, W } from './pictures.mjs';
import { aeval, kick, noise, pad, pluck, stereo } from './sound.mjs';

export const MOODS = [
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
