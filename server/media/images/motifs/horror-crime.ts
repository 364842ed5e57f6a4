import { mix } from '../colour.ts';
import { linear, n, radial, type Scene } from '../scene.ts';
import { between } from '../seeded-random.ts';
import { figure, glowAt, polygon, skyline } from './shapes.ts';

/** Horror, crime and mystery (and drama's spotlight): one light in the dark, silhouettes against it. */

/** Horror: a pale moon over a black pine forest, a haze of blood red or sickly green below. */
export function moon(s: Scene): string {
  const { r, pal } = s;
  const R = Math.min(s.w, s.h) * between(r, 0.16, 0.22);
  const mx = s.fx + between(r, -0.15, 0.15) * s.w;
  const my = s.fy - between(r, 0, 0.08) * s.h;
  let clouds = '';
  for (let i = 0; i < 4; i++) {
    const cy = my + between(r, -0.9, 0.9) * R;
    clouds += `<ellipse cx="${n(mx + between(r, -1, 1) * R)}" cy="${n(cy)}" rx="${n(between(r, 1.4, 3) * R)}" ry="${n(between(r, 0.025, 0.06) * R)}" fill="${pal.shade}" fill-opacity="${n(between(r, 0.35, 0.65))}"/>`;
  }
  const forest = (baseY: number, minH: number, maxH: number, color: string, opacity: number) => {
    let out = '';
    for (let x = -40 * s.u; x < s.w + 40 * s.u; x += between(r, 22, 60) * s.u) {
      const height = between(r, minH, maxH) * s.h;
      const half = height * between(r, 0.13, 0.2);
      out += polygon(
        [
          [x - half, baseY],
          [x, baseY - height],
          [x + half, baseY],
        ],
        `fill="${color}" fill-opacity="${n(opacity)}"`,
      );
    }
    return (
      out +
      `<rect x="0" y="${n(baseY - 1)}" width="${s.w}" height="${n(s.h - baseY + 1)}" fill="${color}" fill-opacity="${n(opacity)}"/>`
    );
  };
  const base = s.h * (s.kind === 'poster' ? 0.8 : 0.88);
  return (
    glowAt(s, s.w * 0.5, s.h, s.w * 0.9, pal.accent, 0.6) +
    glowAt(s, mx, my, R * 3.2, pal.glow, 0.28) +
    `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(R)}" fill="${radial(
      s,
      mx,
      my,
      R,
      [
        [0, pal.glow, 1],
        [0.8, mix(pal.glow, pal.accent, 0.25), 1],
        [1, mix(pal.glow, pal.accent, 0.55), 1],
      ],
      [mx + R * 0.3, my - R * 0.2],
    )}"/>` +
    clouds +
    forest(base - 0.05 * s.h, 0.12, 0.3, mix(pal.shade, pal.accent, 0.35), 0.9) +
    forest(base, 0.08, 0.24, pal.shade, 1)
  );
}

/** Horror: a lit doorway in a dark room, someone standing in it, their shadow reaching out. */
export function door(s: Scene): string {
  const { r, pal } = s;
  const floor = Math.min(s.clear, s.h * (s.kind === 'poster' ? between(r, 0.5, 0.55) : between(r, 0.58, 0.62)));
  const dw = Math.min(s.w, s.h) * between(r, 0.15, 0.19);
  const dh = dw * 2.1;
  const left = s.fx - dw / 2;
  const light = linear(s, 0, floor - dh, 0, floor, [
    [0, pal.glow, 1],
    [1, mix(pal.glow, pal.accent, 0.6), 1],
  ]);
  const spread = dw * between(r, 1.2, 2.2);
  return (
    glowAt(s, s.fx, floor - dh / 2, dh * 1.6, pal.accent, 0.55) +
    `<rect y="${n(floor)}" width="${s.w}" height="${n(s.h - floor)}" fill="${mix(pal.shade, pal.accent, 0.12)}"/>` +
    polygon(
      [
        [left, floor],
        [left + dw, floor],
        [left + dw + spread, s.h],
        [left - spread, s.h],
      ],
      `fill="${linear(s, 0, floor, 0, s.h, [
        [0, pal.glow, 0.55],
        [1, pal.accent, 0.05],
      ])}"`,
    ) +
    `<rect x="${n(left - 8 * s.u)}" y="${n(floor - dh - 8 * s.u)}" width="${n(dw + 16 * s.u)}" height="${n(dh + 8 * s.u)}" fill="${pal.shade}"/>` +
    `<rect x="${n(left)}" y="${n(floor - dh)}" width="${n(dw)}" height="${n(dh)}" fill="${light}"/>` +
    figure(s.fx + between(r, -0.15, 0.15) * dw, floor, dh * between(r, 0.72, 0.8), pal.shade) +
    polygon(
      [
        [s.fx - dw * 0.1, floor],
        [s.fx + dw * 0.1, floor],
        [s.fx + dw * 0.5, s.h],
        [s.fx - dw * 0.5, s.h],
      ],
      `fill="${pal.shade}" fill-opacity="0.85"`,
    )
  );
}

/** Crime, thriller and mystery: light through venetian blinds over a night skyline. */
export function blinds(s: Scene): string {
  const { r, pal } = s;
  let out = glowAt(s, s.fx, s.fy, s.w * 0.75, pal.accent, 0.4);
  const angle = between(r, -24, -10) * (r() < 0.5 ? 1 : -1);
  const slats = Math.floor(between(r, 9, 13));
  const slat = s.h * between(r, 0.022, 0.03);
  const top = s.fy - slats * slat;
  const fade = linear(s, s.fx - s.w * 0.7, 0, s.fx + s.w * 0.7, 0, [
    [0, pal.glow, 0],
    [0.5, pal.glow, 0.3],
    [1, pal.glow, 0],
  ]);
  let bands = '';
  for (let i = 0; i < slats; i++) {
    bands += `<rect x="${n(s.fx - s.w * 0.8)}" y="${n(top + i * slat * 2)}" width="${n(s.w * 1.6)}" height="${n(slat * 1.1)}" fill="${fade}"/>`;
  }
  out += `<g transform="rotate(${n(angle)} ${n(s.fx)} ${n(s.fy)})">${bands}</g>`;
  const city = skyline(s, s.h * (s.kind === 'poster' ? 0.8 : 0.9), s.kind === 'poster' ? 0.3 : 0.38);
  const cut = r() < 0.5;
  const line = cut ? [0, s.h * 0.3, s.w, s.h * 0.22] : [s.w, s.h * 0.32, 0, s.h * 0.24];
  return (
    out +
    city +
    `<line x1="${n(line[0])}" y1="${n(line[1])}" x2="${n(line[2])}" y2="${n(line[3])}" stroke="${pal.accent}" stroke-width="${n(4 * s.u)}" stroke-opacity="0.85"/>`
  );
}

/** Crime, mystery and drama: a lone figure in a cone of light, rain falling through it. */
export function spotlight(s: Scene): string {
  const { r, pal } = s;
  const floor = Math.min(s.clear, s.h * (s.kind === 'poster' ? between(r, 0.52, 0.57) : between(r, 0.6, 0.66)));
  const spread = Math.min(s.w, s.h) * between(r, 0.22, 0.3);
  const top = Math.min(s.w, s.h) * 0.03;
  let rain = '';
  for (let i = 0; i < 70; i++) {
    const y = between(r, 0, floor);
    const x = s.fx + between(r, -1, 1) * (top + (spread - top) * (y / floor)) * 0.9;
    const len = between(r, 20, 50) * s.u;
    rain += `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x - len * 0.15)}" y2="${n(y + len)}" stroke-opacity="${n(between(r, 0.2, 0.6))}"/>`;
  }
  return (
    glowAt(s, s.fx, floor, spread * 2.2, pal.accent, 0.45) +
    polygon(
      [
        [s.fx - top, 0],
        [s.fx + top, 0],
        [s.fx + spread, floor],
        [s.fx - spread, floor],
      ],
      `fill="${linear(s, 0, 0, 0, floor, [
        [0, pal.glow, 0.55],
        [1, pal.glow, 0.18],
      ])}"`,
    ) +
    `<ellipse cx="${n(s.fx)}" cy="${n(floor)}" rx="${n(spread * 1.1)}" ry="${n(spread * 0.16)}" fill="${radial(
      s,
      s.fx,
      floor,
      spread * 1.1,
      [
        [0, pal.glow, 0.7],
        [1, pal.glow, 0],
      ],
    )}"/>` +
    `<g stroke="${pal.glow}" stroke-width="${n(2 * s.u)}">${rain}</g>` +
    figure(s.fx + between(r, -0.3, 0.3) * spread, floor, spread * between(r, 0.9, 1.15), pal.shade)
  );
}
