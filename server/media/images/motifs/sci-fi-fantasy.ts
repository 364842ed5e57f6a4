import { mix } from '../colour.ts';
import { linear, n, radial, type Scene } from '../scene.ts';
import { between, pick } from '../seeded-random.ts';
import { glowAt, polygon, ridge, sparkle, stars } from './shapes.ts';

/** Science fiction and fantasy (and mystery's tunnel): lit geometry against starry dark. */

/** Science fiction: a lit planet with rings in a starfield. */
export function orbit(s: Scene): string {
  const { r, pal } = s;
  const R = Math.min(s.w, s.h) * between(r, 0.27, 0.36);
  const cx = s.fx + between(r, -0.12, 0.12) * s.w;
  const cy = s.fy + between(r, -0.04, 0.08) * s.h;
  const light: [number, number] = [cx - R * between(r, 0.2, 0.5), cy - R * between(r, 0.2, 0.5)];
  const tilt = between(r, -28, 28);
  const ring = (scale: number, flat: number, width: number, color: string, opacity: number) =>
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(R * scale)}" ry="${n(R * scale * flat)}" fill="none" stroke="${color}" stroke-width="${n(width * s.u)}" stroke-opacity="${n(opacity)}" transform="rotate(${n(tilt)} ${n(cx)} ${n(cy)})"/>`;
  const flat = between(r, 0.14, 0.26);
  const moonA = between(r, 0, Math.PI * 2);
  const mx = cx + Math.cos(moonA) * R * 1.9;
  const my = cy + Math.sin(moonA) * R * 1.1;
  return (
    stars(s, 110, s.h * 0.75) +
    glowAt(s, cx, cy, R * 2.4, pal.accent, 0.45) +
    ring(2.05, flat, 2, pal.glow, 0.35) +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="${radial(
      s,
      cx,
      cy,
      R * 1.25,
      [
        [0, pal.glow, 1],
        [0.25, pal.accent, 1],
        [0.75, mix(pal.sky[0], pal.accent, 0.25), 1],
        [1, pal.shade, 1],
      ],
      light,
    )}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R * 1.08)}" fill="${radial(s, cx, cy, R * 1.08, [
      [0.88, pal.accent, 0],
      [0.93, pal.accent, 0.55],
      [1, pal.accent, 0],
    ])}"/>` +
    ring(1.55, flat, 9, pal.accent, 0.75) +
    ring(1.7, flat, 3, s.accent2, 0.6) +
    ring(1.8, flat, 1.5, pal.glow, 0.5) +
    `<circle cx="${n(mx)}" cy="${n(my)}" r="${n(R * 0.11)}" fill="${radial(
      s,
      mx,
      my,
      R * 0.13,
      [
        [0, pal.glow, 1],
        [1, mix(pal.accent, pal.shade, 0.5), 1],
      ],
      [mx - R * 0.04, my - R * 0.04],
    )}"/>`
  );
}

/** Science fiction: a striped sun setting behind a perspective grid (retro-futurist). */
export function grid(s: Scene): string {
  const { r, pal } = s;
  const horizon = s.h * (s.kind === 'poster' ? between(r, 0.5, 0.56) : between(r, 0.56, 0.62));
  const R = Math.min(s.w, s.h) * between(r, 0.18, 0.24);
  const sy = horizon - R * between(r, 0.3, 0.6);
  const skyAt = (y: number) => mix(pal.sky[0], pal.sky[1], y / s.h);
  let out =
    stars(s, 70, horizon * 0.8) +
    glowAt(s, s.fx, horizon, s.w * 0.75, pal.accent, 0.6) +
    `<circle cx="${n(s.fx)}" cy="${n(sy)}" r="${n(R)}" fill="${linear(s, 0, sy - R, 0, sy + R, [
      [0, pal.glow, 1],
      [0.55, pal.accent, 1],
      [1, s.accent2, 1],
    ])}"/>`;
  // Slices cut from the sun's lower half, thicker toward the horizon.
  for (let i = 0; i < 6; i++) {
    const y = sy + R * (0.1 + i * 0.16);
    out += `<rect x="${n(s.fx - R)}" y="${n(y)}" width="${n(R * 2)}" height="${n(R * (0.02 + i * 0.018))}" fill="${skyAt(y)}"/>`;
  }
  out +=
    ridge(s, horizon - s.h * 0.02, s.h * 0.025, 14, mix(pal.shade, pal.sky[1], 0.3)) +
    `<rect y="${n(horizon)}" width="${s.w}" height="${n(s.h - horizon)}" fill="${linear(s, 0, horizon, 0, s.h, [
      [0, mix(pal.shade, pal.accent, 0.25), 1],
      [1, pal.shade, 1],
    ])}"/>`;
  let lines = '';
  for (let k = 1; k <= 14; k++) {
    const y = horizon + (s.h - horizon) * Math.pow(k / 14, 2.2);
    lines += `<line x1="0" y1="${n(y)}" x2="${s.w}" y2="${n(y)}" stroke-opacity="${n(0.25 + (k / 14) * 0.6)}"/>`;
  }
  for (let i = -16; i <= 16; i++) {
    lines += `<line x1="${n(s.fx + i * s.w * 0.02)}" y1="${n(horizon)}" x2="${n(s.fx + i * s.w * 0.14)}" y2="${n(s.h)}" stroke-opacity="0.6"/>`;
  }
  return (
    out +
    `<g stroke="${pal.accent}" stroke-width="${n(2.5 * s.u)}">${lines}</g>` +
    `<rect y="${n(horizon - 1.5 * s.u)}" width="${s.w}" height="${n(3 * s.u)}" fill="${pal.glow}" fill-opacity="0.8"/>`
  );
}

/** Science fiction and mystery: a twisting tunnel of polygons falling toward a light. */
export function tunnel(s: Scene): string {
  const { r, pal } = s;
  const sides = pick(r, [4, 6, 8]);
  const twist = between(r, 4, 9) * (r() < 0.5 ? -1 : 1);
  const start = between(r, 0, 90);
  let out = glowAt(s, s.fx, s.fy, s.w * 0.6, pal.accent, 0.7);
  for (let k = 0; k < 16; k++) {
    const radius = Math.min(s.w, s.h) * 0.035 * Math.pow(1.27, k);
    const angle = ((start + k * twist) * Math.PI) / 180;
    const pts: Array<[number, number]> = [];
    for (let i = 0; i < sides; i++) {
      const a = angle + (i / sides) * Math.PI * 2;
      pts.push([s.fx + Math.cos(a) * radius, s.fy + Math.sin(a) * radius]);
    }
    out += polygon(
      pts,
      `fill="none" stroke="${k % 3 === 0 ? pal.glow : pal.accent}" stroke-width="${n((1.5 + k * 0.5) * s.u)}" stroke-opacity="${n(Math.max(0.12, 0.95 - k * 0.05))}"`,
    );
  }
  return out + glowAt(s, s.fx, s.fy, s.w * 0.12, pal.glow, 1);
}

/** Fantasy: a glowing archway between cliffs under a starry sky. */
export function portal(s: Scene): string {
  const { r, pal } = s;
  const aw = Math.min(s.w, s.h) * between(r, 0.17, 0.24);
  const ah = aw * between(r, 2.2, 2.8);
  const bottom = s.fy + ah * 0.55;
  const left = s.fx - aw / 2;
  const arch = (inset: number) =>
    `M${n(left + inset)} ${n(bottom)}L${n(left + inset)} ${n(bottom - ah + aw / 2)}A${n(aw / 2 - inset)} ${n(aw / 2 - inset)} 0 0 1 ${n(left + aw - inset)} ${n(bottom - ah + aw / 2)}L${n(left + aw - inset)} ${n(bottom)}Z`;
  let out = stars(s, 90, s.h * 0.7) + glowAt(s, s.fx, bottom - ah * 0.4, ah * 1.2, pal.accent, 0.55);
  for (let i = 3; i >= 1; i--) {
    out += `<path d="${arch(-i * 22 * s.u)}" fill="none" stroke="${pal.accent}" stroke-width="${n(3 * s.u)}" stroke-opacity="${n(0.5 / i)}"/>`;
  }
  out +=
    `<path d="${arch(0)}" fill="${linear(s, 0, bottom - ah, 0, bottom, [
      [0, pal.glow, 1],
      [0.6, pal.accent, 1],
      [1, pal.accent, 0.6],
    ])}"/>` + glowAt(s, s.fx, bottom, aw * 2.2, pal.glow, 0.6);
  // Rocky slopes rising from the arch's foot to both edges, jagged by the seeded stream.
  let slope = `M0 ${n(s.h)}`;
  for (let i = 0; i <= 24; i++) {
    const x = (i / 24) * s.w;
    const away = Math.min(1, Math.abs(x - s.fx) / (s.w * 0.5));
    const y = bottom - Math.pow(away, 1.6) * s.h * 0.32 + between(r, -0.02, 0.02) * s.h * (0.3 + away);
    slope += `L${n(x)} ${n(Math.min(bottom + s.h * 0.01, y))}`;
  }
  slope += `L${n(s.w)} ${n(s.h)}Z`;
  for (let i = 0; i < 7; i++)
    out += sparkle(
      s.fx + between(r, -0.4, 0.4) * s.w,
      between(r, 0.05, 0.5) * s.h,
      between(r, 8, 20) * s.u,
      pal.glow,
      between(r, 0.6, 1),
    );
  return (
    out +
    `<path d="${slope}" fill="${pal.shade}" fill-opacity="0.94"/>` +
    `<rect x="0" y="${n(bottom)}" width="${s.w}" height="${n(s.h - bottom)}" fill="${linear(s, 0, bottom, 0, s.h, [
      [0, pal.shade, 0.4],
      [1, pal.shade, 1],
    ])}"/>`
  );
}
