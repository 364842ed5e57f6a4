import { mix } from '../colour.ts';
import { linear, n, radial, type Scene } from '../scene.ts';
import { between, pick } from '../seeded-random.ts';
import { glowAt, polygon, sparkle } from './shapes.ts';

/** Comedy, animation, family, romance and music: bright, soft, playful shapes. */

/** Comedy: a bright sunburst with confetti. */
export function sunburst(s: Scene): string {
  const { r, pal } = s;
  const rays = 2 * Math.floor(between(r, 9, 15));
  const reach = Math.hypot(s.w, s.h);
  const turn = between(r, 0, Math.PI);
  let out = '';
  for (let i = 0; i < rays; i += 2) {
    const a = turn + (i / rays) * Math.PI * 2;
    const b = turn + ((i + 1) / rays) * Math.PI * 2;
    out += polygon(
      [
        [s.fx, s.fy],
        [s.fx + Math.cos(a) * reach, s.fy + Math.sin(a) * reach],
        [s.fx + Math.cos(b) * reach, s.fy + Math.sin(b) * reach],
      ],
      `fill="${pal.glow}" fill-opacity="0.32"`,
    );
  }
  const R = Math.min(s.w, s.h) * between(r, 0.13, 0.18);
  out +=
    glowAt(s, s.fx, s.fy, R * 3, pal.glow, 0.8) +
    `<circle cx="${n(s.fx)}" cy="${n(s.fy)}" r="${n(R * 1.35)}" fill="none" stroke="${pal.accent}" stroke-width="${n(10 * s.u)}" stroke-dasharray="${n(4 * s.u)} ${n(18 * s.u)}" stroke-opacity="0.8"/>` +
    `<circle cx="${n(s.fx)}" cy="${n(s.fy)}" r="${n(R)}" fill="${radial(
      s,
      s.fx,
      s.fy,
      R,
      [
        [0, mix(pal.accent, pal.glow, 0.35), 1],
        [1, pal.accent, 1],
      ],
      [s.fx - R * 0.3, s.fy - R * 0.3],
    )}"/>`;
  for (let i = 0; i < 40; i++) {
    const x = between(r, 0, s.w);
    const y = between(r, 0, s.h * 0.62);
    const size = between(r, 8, 22) * s.u;
    out += `<rect x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size * 0.45)}" rx="${n(size * 0.15)}" fill="${pick(r, [pal.accent, s.accent2, pal.ink, '#ffffff'])}" fill-opacity="${n(between(r, 0.6, 0.95))}" transform="rotate(${n(between(r, 0, 180))} ${n(x)} ${n(y)})"/>`;
  }
  return out;
}

/** Comedy: a comic-book burst over halftone dots. */
export function burst(s: Scene): string {
  const { r, pal } = s;
  const step = 34 * s.u;
  let dots = '';
  for (let y = step / 2; y < s.h * 0.75; y += step) {
    for (let x = step / 2; x < s.w; x += step) {
      const d = Math.hypot(x - s.fx, y - s.fy) / Math.hypot(s.w, s.h);
      const radius = step * 0.42 * Math.min(1, Math.max(0, d * 1.6 - 0.15));
      if (radius > 1) dots += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}"/>`;
    }
  }
  const star = (outer: number, inner: number, points: number) => {
    const pts: Array<[number, number]> = [];
    const turn = between(r, 0, Math.PI);
    for (let i = 0; i < points * 2; i++) {
      const radius = (i % 2 ? inner : outer) * between(r, 0.85, 1.15);
      const a = turn + (i / (points * 2)) * Math.PI * 2;
      pts.push([s.fx + Math.cos(a) * radius, s.fy + Math.sin(a) * radius * 0.9]);
    }
    return pts;
  };
  const R = Math.min(s.w, s.h) * between(r, 0.3, 0.36);
  return (
    `<g fill="${pal.accent}" fill-opacity="0.35">${dots}</g>` +
    polygon(star(R * 1.12, R * 0.78, 14), `fill="${pal.ink}"`) +
    polygon(star(R, R * 0.7, 14), `fill="${pal.accent}"`) +
    polygon(
      star(R * 0.62, R * 0.45, 11),
      `fill="${radial(s, s.fx, s.fy, R * 0.62, [
        [0, pal.glow, 1],
        [1, mix(pal.glow, s.accent2, 0.45), 1],
      ])}"`,
    ) +
    sparkle(s.fx - R * 1.1, s.fy - R * 0.7, 30 * s.u, pal.ink, 1) +
    sparkle(s.fx + R * 1.15, s.fy + R * 0.5, 22 * s.u, pal.ink, 1)
  );
}

/** Animation and family: saturated, glossy, overlapping shapes and sparkles. */
export function blobs(s: Scene): string {
  const { r, pal } = s;
  const colors = [pal.accent, pal.glow, s.accent2, mix(pal.sky[1], pal.glow, 0.4), mix(pal.accent, pal.sky[0], 0.4)];
  let out = '';
  const wave = (y: number, amp: number, color: string, opacity: number) => {
    const k = s.w / 4;
    return `<path d="M0 ${n(y)}C${n(k)} ${n(y - amp)} ${n(k * 1.5)} ${n(y + amp)} ${n(k * 2)} ${n(y)}S${n(k * 3.5)} ${n(y - amp)} ${n(s.w)} ${n(y)}L${n(s.w)} ${n(s.h)}L0 ${n(s.h)}Z" fill="${color}" fill-opacity="${n(opacity)}"/>`;
  };
  out +=
    wave(s.h * between(r, 0.5, 0.6), s.h * 0.08, pal.glow, 0.22) +
    wave(s.h * between(r, 0.62, 0.7), s.h * 0.06, pal.accent, 0.3);
  // A cluster: one big glossy ball at the focus, smaller ones around its rim, like balloons.
  const ball = (x: number, y: number, R: number, color: string) =>
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(R)}" fill="${radial(
      s,
      x,
      y,
      R,
      [
        [0, mix(color, '#ffffff', 0.5), 1],
        [0.55, color, 1],
        [1, mix(color, pal.shade, 0.3), 1],
      ],
      [x - R * 0.4, y - R * 0.45],
    )}"/>`;
  const big = Math.min(s.w, s.h) * between(r, 0.17, 0.22);
  const count = Math.floor(between(r, 5, 8));
  const turn = between(r, 0, Math.PI * 2);
  let ring = '';
  for (let i = 0; i < count; i++) {
    const a = turn + (i / count) * Math.PI * 2 + between(r, -0.25, 0.25);
    const R = big * between(r, 0.3, 0.62);
    const dist = big + R * between(r, 0.1, 0.7);
    ring += ball(s.fx + Math.cos(a) * dist, s.fy + Math.sin(a) * dist * 0.9, R, colors[(i + 1) % colors.length]);
  }
  out += glowAt(s, s.fx, s.fy, big * 3, pal.glow, 0.45) + ring + ball(s.fx, s.fy, big, colors[0]);
  for (let i = 0; i < 9; i++) {
    out += sparkle(
      between(r, 0, s.w),
      between(r, 0, s.h * 0.6),
      between(r, 10, 30) * s.u,
      '#ffffff',
      between(r, 0.6, 1),
    );
  }
  return out;
}

/** Animation and family: rolling hills under a big sun and soft clouds. */
export function hills(s: Scene): string {
  const { r, pal } = s;
  const R = Math.min(s.w, s.h) * between(r, 0.1, 0.14);
  let out =
    glowAt(s, s.fx, s.fy, R * 4, pal.glow, 0.7) +
    `<circle cx="${n(s.fx)}" cy="${n(s.fy)}" r="${n(R)}" fill="${radial(
      s,
      s.fx,
      s.fy,
      R,
      [
        [0, '#ffffff', 1],
        [1, pal.accent, 1],
      ],
      [s.fx - R * 0.3, s.fy - R * 0.3],
    )}"/>`;
  for (let i = 0; i < 4; i++) {
    const cx = between(r, 0.05, 0.95) * s.w;
    const cy = between(r, 0.06, 0.4) * s.h;
    const k = between(r, 30, 60) * s.u;
    out += `<g fill="#ffffff" fill-opacity="0.92"><rect x="${n(cx - k * 2)}" y="${n(cy)}" width="${n(k * 4)}" height="${n(k)}" rx="${n(k / 2)}"/><circle cx="${n(cx - k * 0.7)}" cy="${n(cy)}" r="${n(k * 0.9)}"/><circle cx="${n(cx + k * 0.5)}" cy="${n(cy - k * 0.2)}" r="${n(k * 1.2)}"/></g>`;
  }
  const colors = [mix(s.accent2, '#ffffff', 0.25), s.accent2, pal.accent, mix(pal.accent, pal.shade, 0.35)];
  for (let i = 0; i < 4; i++) {
    const top = s.h * (0.5 + i * 0.09) + between(r, -0.03, 0.03) * s.h;
    const amp = s.h * between(r, 0.04, 0.08);
    const peak = between(r, 0.1, 0.9) * s.w;
    out += `<path d="M0 ${n(top + amp)}Q${n(peak)} ${n(top - amp)} ${n(s.w)} ${n(top + amp * between(r, -0.5, 1))}L${n(s.w)} ${n(s.h)}L0 ${n(s.h)}Z" fill="${colors[i]}"/>`;
  }
  return out;
}

/** Romance: warm light breaking into soft out-of-focus circles. */
export function bokeh(s: Scene): string {
  const { r, pal } = s;
  let out =
    glowAt(s, s.fx - 0.12 * s.w, s.fy, 0.5 * s.w, pal.glow, 0.55) +
    glowAt(s, s.fx + 0.14 * s.w, s.fy + 0.05 * s.h, 0.45 * s.w, pal.accent, 0.6);
  for (let i = 0; i < 34; i++) {
    const x = s.fx + between(r, -0.75, 0.75) * s.w;
    const y = s.fy + between(r, -0.45, 0.45) * s.h;
    const radius = between(r, 0.015, 0.1) * Math.min(s.w, s.h) * (i < 6 ? 2 : 1);
    const color = pick(r, [pal.glow, pal.accent, s.accent2]);
    out += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(radius)}" fill="${color}" fill-opacity="${n(between(r, 0.06, 0.28))}" stroke="${pal.glow}" stroke-opacity="${n(between(r, 0.1, 0.3))}" stroke-width="${n(1.5 * s.u)}"/>`;
  }
  const streak = linear(s, 0, s.h, s.w, 0, [
    [0.3, pal.glow, 0],
    [0.5, pal.glow, 0.22],
    [0.7, pal.glow, 0],
  ]);
  return out + `<rect width="${s.w}" height="${s.h}" fill="${streak}"/>`;
}

/** Music: sound rings and a mirrored waveform. */
export function waves(s: Scene): string {
  const { r, pal } = s;
  let out = glowAt(s, s.fx, s.fy, s.w * 0.6, pal.accent, 0.55);
  for (let i = 1; i <= 12; i++) {
    out += `<circle cx="${n(s.fx)}" cy="${n(s.fy)}" r="${n(i * 42 * s.u)}" fill="none" stroke="${i % 2 ? pal.accent : pal.glow}" stroke-width="${n(between(r, 1.5, 5) * s.u)}" stroke-opacity="${n(0.7 - i * 0.05)}"/>`;
  }
  const bars = 56;
  const mid = s.fy + s.h * 0.16;
  const fill = linear(s, 0, mid - s.h * 0.12, 0, mid + s.h * 0.12, [
    [0, pal.glow, 1],
    [0.5, pal.accent, 1],
    [1, pal.glow, 1],
  ]);
  let amp = 0.5;
  for (let i = 0; i < bars; i++) {
    amp = Math.min(1, Math.max(0.08, amp + between(r, -0.3, 0.3)));
    const bh = amp * s.h * 0.11 * Math.sin((i / (bars - 1)) * Math.PI) + 4 * s.u;
    const bw = s.w / bars;
    out += `<rect x="${n(i * bw + bw * 0.2)}" y="${n(mid - bh)}" width="${n(bw * 0.6)}" height="${n(bh * 2)}" rx="${n(bw * 0.3)}" fill="${fill}" fill-opacity="0.85"/>`;
  }
  return out;
}
