import { mix } from '../colour.ts';
import { linear, n, type Scene } from '../scene.ts';
import { between, pick } from '../seeded-random.ts';
import { glowAt, ridge } from './shapes.ts';

/** Documentary, western, history and drama (and fantasy's ridges, romance's dusk): land, water and a low sun. */

/** Documentary and western: a low sun over layered ridges, birds in the sky. */
export function ridges(s: Scene): string {
  const { r, pal } = s;
  const horizon = s.h * (s.kind === 'poster' ? between(r, 0.42, 0.5) : between(r, 0.45, 0.55));
  const sunR = Math.min(s.w, s.h) * between(r, 0.07, 0.11);
  let out =
    glowAt(s, s.fx, horizon, s.w * 0.7, pal.glow, 0.55) +
    `<circle cx="${n(s.fx)}" cy="${n(horizon - sunR * 0.6)}" r="${n(sunR)}" fill="${pal.glow}" fill-opacity="0.95"/>`;
  const layers = 5;
  for (let i = 0; i < layers; i++) {
    const y = horizon + (i / layers) * (s.h - horizon) * 0.75;
    const tone = mix(mix(pal.sky[1], pal.accent, 0.5), pal.shade, 0.15 + (i / (layers - 1)) * 0.75);
    out += ridge(s, y, s.h * (0.05 - i * 0.005), 9 + i * 2, tone);
  }
  for (let i = 0; i < 5; i++) {
    const x = s.fx + between(r, -0.35, 0.35) * s.w;
    const y = horizon - between(r, 0.1, 0.3) * s.h;
    const wing = between(r, 8, 16) * s.u;
    out += `<path d="M${n(x - wing)} ${n(y - wing * 0.4)}Q${n(x - wing * 0.4)} ${n(y - wing * 0.5)} ${n(x)} ${n(y)}Q${n(x + wing * 0.4)} ${n(y - wing * 0.5)} ${n(x + wing)} ${n(y - wing * 0.4)}" fill="none" stroke="${pal.shade}" stroke-width="${n(2.5 * s.u)}" stroke-opacity="0.7"/>`;
  }
  return out;
}

/** Documentary: a topographic map, nested contour lines around one or two summits. */
export function contours(s: Scene): string {
  const { r, pal } = s;
  let out = glowAt(s, s.fx, s.fy, s.w * 0.7, pal.glow, 0.35);
  const peaks = r() < 0.5 ? 1 : 2;
  for (let p = 0; p < peaks; p++) {
    const cx = s.fx + (p ? between(r, -0.4, 0.4) * s.w : 0);
    const cy = s.fy + (p ? between(r, 0.1, 0.3) * s.h : 0);
    // Shared harmonics make every ring of a summit the same wobbly shape, so they nest.
    const waves = [2, 3, 5].map((k) => ({ k, a: between(r, 0.03, 0.1), phase: between(r, 0, Math.PI * 2) }));
    const rings = p ? 8 : 13;
    for (let i = 1; i <= rings; i++) {
      const base = Math.min(s.w, s.h) * 0.05 * i;
      let d = '';
      for (let j = 0; j <= 60; j++) {
        const a = (j / 60) * Math.PI * 2;
        const radius = base * (1 + waves.reduce((sum, w) => sum + w.a * Math.sin(w.k * a + w.phase), 0));
        d += `${j ? 'L' : 'M'}${n(cx + Math.cos(a) * radius)} ${n(cy + Math.sin(a) * radius * 0.85)}`;
      }
      const major = i % 4 === 0;
      out += `<path d="${d}Z" fill="none" stroke="${major ? pal.glow : pal.accent}" stroke-width="${n((major ? 4 : 2) * s.u)}" stroke-opacity="${n(major ? 0.8 : 0.55)}"/>`;
    }
  }
  return out;
}

/** Drama and history: a sun setting into still water, streaky clouds, a long reflection. */
export function dusk(s: Scene): string {
  const { r, pal } = s;
  const horizon = s.h * (s.kind === 'poster' ? between(r, 0.5, 0.58) : between(r, 0.55, 0.62));
  const R = Math.min(s.w, s.h) * between(r, 0.12, 0.2);
  const sx = s.fx + between(r, -0.1, 0.1) * s.w;
  let out =
    glowAt(s, sx, horizon, s.w * 0.85, pal.accent, 0.6) +
    `<circle cx="${n(sx)}" cy="${n(horizon - R * between(r, 0.1, 0.6))}" r="${n(R)}" fill="${linear(
      s,
      0,
      horizon - R * 1.6,
      0,
      horizon,
      [
        [0, pal.glow, 1],
        [1, pal.accent, 1],
      ],
    )}"/>`;
  for (let i = 0; i < 6; i++) {
    const y = horizon - between(r, 0.08, 0.4) * s.h;
    const width = between(r, 0.25, 0.6) * s.w;
    out += `<rect x="${n(between(r, -0.2, 0.9) * s.w)}" y="${n(y)}" width="${n(width)}" height="${n(between(r, 4, 14) * s.u)}" rx="${n(7 * s.u)}" fill="${pick(r, [pal.shade, pal.glow])}" fill-opacity="${n(between(r, 0.12, 0.35))}"/>`;
  }
  out += `<rect x="0" y="${n(horizon)}" width="${s.w}" height="${n(s.h - horizon)}" fill="${linear(
    s,
    0,
    horizon,
    0,
    s.h,
    [
      [0, mix(pal.sky[1], pal.shade, 0.45), 1],
      [1, pal.shade, 1],
    ],
  )}"/>`;
  for (let i = 0; i < 14; i++) {
    const y = horizon + 6 * s.u + i * between(r, 9, 16) * s.u;
    const half = R * (1.1 - i * 0.06) * between(r, 0.5, 1.1);
    out += `<rect x="${n(sx - half)}" y="${n(y)}" width="${n(half * 2)}" height="${n(3.5 * s.u)}" rx="${n(1.7 * s.u)}" fill="${pal.glow}" fill-opacity="${n(Math.max(0.05, 0.75 - i * 0.05))}"/>`;
  }
  return (
    out +
    `<rect x="0" y="${n(horizon - 1.5 * s.u)}" width="${s.w}" height="${n(2 * s.u)}" fill="${pal.glow}" fill-opacity="0.4"/>`
  );
}
