import { mix } from '../colour.ts';
import { n, radial, type Scene } from '../scene.ts';
import { between, pick } from '../seeded-random.ts';
import { glowAt, polygon, skyline } from './shapes.ts';

/** Action, adventure and war: explosions, speed and fire. */

/** Action, adventure and war: an explosion of light, beams and flying shards. */
export function shards(s: Scene): string {
  const { r, pal } = s;
  let out = glowAt(s, s.w * 0.5, s.h * 1.05, s.w * 0.9, pal.accent, 0.55);
  const beams = Math.floor(between(r, 7, 11));
  for (let i = 0; i < beams; i++) {
    const a = between(r, 0, Math.PI * 2);
    const spread = between(r, 0.03, 0.09);
    const reach = Math.hypot(s.w, s.h);
    out += polygon(
      [
        [s.fx, s.fy],
        [s.fx + Math.cos(a - spread) * reach, s.fy + Math.sin(a - spread) * reach],
        [s.fx + Math.cos(a + spread) * reach, s.fy + Math.sin(a + spread) * reach],
      ],
      `fill="${radial(s, s.fx, s.fy, reach * 0.6, [
        [0, pal.glow, 0.55],
        [1, pal.glow, 0],
      ])}"`,
    );
  }
  out += glowAt(s, s.fx, s.fy, s.w * 0.55, pal.accent, 0.85) + glowAt(s, s.fx, s.fy, s.w * 0.18, pal.glow, 0.95);
  for (let i = 0; i < 16; i++) {
    const a = between(r, 0, Math.PI * 2);
    const dist = between(r, 0.15, 0.7) * s.w;
    const x = s.fx + Math.cos(a) * dist;
    const y = s.fy + Math.sin(a) * dist * 0.8;
    const size = between(r, 12, 60) * s.u * (dist / s.w + 0.4);
    out += polygon(
      [
        [x, y - size],
        [x + size * between(r, 0.3, 0.9), y + size * 0.4],
        [x - size * between(r, 0.2, 0.7), y + size * between(r, 0.2, 0.8)],
      ],
      `fill="${pick(r, [pal.shade, pal.shade, mix(pal.accent, pal.shade, 0.4), s.accent2])}" fill-opacity="${n(between(r, 0.55, 0.95))}"`,
    );
  }
  for (let i = 0; i < 40; i++) {
    const a = between(r, 0, Math.PI * 2);
    const dist = between(r, 0.1, 0.6) * s.w;
    const len = between(r, 8, 26) * s.u;
    const x = s.fx + Math.cos(a) * dist;
    const y = s.fy + Math.sin(a) * dist;
    out += `<line x1="${n(x)}" y1="${n(y)}" x2="${n(x + Math.cos(a) * len)}" y2="${n(y + Math.sin(a) * len)}" stroke="${pal.glow}" stroke-width="${n(2.5 * s.u)}" stroke-linecap="round" stroke-opacity="${n(between(r, 0.4, 0.95))}"/>`;
  }
  return out;
}

/** Action and war: speed lines streaking past a hot core. */
export function speed(s: Scene): string {
  const { r, pal } = s;
  const angle = between(r, -14, 14);
  let streaks = '';
  for (let i = 0; i < 70; i++) {
    const y = s.fy + (r() + r() + r() - 1.5) * s.h * 0.35;
    const len = between(r, 0.2, 0.9) * s.w;
    const x = between(r, -0.3, 1) * s.w;
    const thick = between(r, 1, 7) * s.u;
    streaks += polygon(
      [
        [x, y],
        [x + len, y - thick / 2],
        [x + len, y + thick / 2],
      ],
      `fill="${pick(r, [pal.glow, pal.glow, pal.accent, s.accent2])}" fill-opacity="${n(between(r, 0.2, 0.85))}"`,
    );
  }
  return (
    glowAt(s, s.w * 0.5, s.h * 1.05, s.w * 0.9, pal.accent, 0.5) +
    glowAt(s, s.fx, s.fy, s.w * 0.5, pal.accent, 0.75) +
    `<g transform="rotate(${n(angle)} ${n(s.fx)} ${n(s.fy)})">${streaks}</g>` +
    glowAt(s, s.fx, s.fy, s.w * 0.15, pal.glow, 0.95)
  );
}

/** Action and war: a city skyline against a burning sky, embers rising. */
export function burning(s: Scene): string {
  const { r, pal } = s;
  const base = s.h * (s.kind === 'poster' ? 0.62 : 0.72);
  let embers = '';
  for (let i = 0; i < 60; i++) {
    const x = between(r, 0, s.w);
    const y = between(r, 0.05, 0.95) * base;
    embers += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(between(r, 1.5, 5) * s.u)}" fill="${pick(r, [pal.glow, pal.accent])}" fill-opacity="${n(between(r, 0.4, 1) * (y / base))}"/>`;
  }
  return (
    glowAt(s, s.fx, base, s.w * 0.95, pal.accent, 0.9) +
    glowAt(s, s.fx, base, s.w * 0.4, pal.glow, 0.7) +
    embers +
    skyline(s, base, s.kind === 'poster' ? 0.22 : 0.3) +
    `<rect y="${n(base)}" width="${s.w}" height="${n(s.h - base)}" fill="${pal.shade}"/>`
  );
}
