import { n, radial, type Scene } from '../scene.ts';
import { between } from '../seeded-random.ts';

/** Shapes more than one motif draws: lights, silhouettes, skylines, skies and horizons. */

/** A soft light: a circle filled with a radial fade, the cheap stand-in for a blur. */
export const glowAt = (s: Scene, x: number, y: number, r: number, color: string, strength: number) =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${radial(s, x, y, r, [
    [0, color, strength],
    [0.45, color, strength * 0.35],
    [1, color, 0],
  ])}"/>`;

/** A filled polygon through `points`, rounded like every number in the SVG. */
export const polygon = (points: Array<[number, number]>, attrs: string) =>
  `<polygon points="${points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" ${attrs}/>`;

/** A four-pointed sparkle. */
export const sparkle = (x: number, y: number, r: number, color: string, opacity: number) =>
  `<path d="M${n(x)} ${n(y - r)}Q${n(x)} ${n(y)} ${n(x + r)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y + r)}Q${n(x)} ${n(y)} ${n(x - r)} ${n(y)}Q${n(x)} ${n(y)} ${n(x)} ${n(y - r)}Z" fill="${color}" fill-opacity="${n(opacity)}"/>`;

/** A standing silhouette (head, shoulders, coat), feet at (x, foot). */
export function figure(x: number, foot: number, height: number, color: string): string {
  const u = height / 10;
  return (
    `<g fill="${color}"><circle cx="${n(x)}" cy="${n(foot - u * 8.9)}" r="${n(u * 0.75)}"/>` +
    `<path d="M${n(x - u * 1.5)} ${n(foot - u * 7.6)}Q${n(x)} ${n(foot - u * 8.3)} ${n(x + u * 1.5)} ${n(foot - u * 7.6)}L${n(x + u * 1.2)} ${n(foot - u * 3)}L${n(x + u * 0.9)} ${n(foot)}L${n(x - u * 0.9)} ${n(foot)}L${n(x - u * 1.2)} ${n(foot - u * 3)}Z"/></g>`
  );
}

/** A night skyline of blocks with a few lit windows, standing on `base`. */
export function skyline(s: Scene, base: number, tallest: number): string {
  let city = '';
  for (let x = -10 * s.u; x < s.w;) {
    const bw = between(s.r, 40, 110) * s.u;
    const bh = between(s.r, 0.08, tallest) * s.h;
    city += `<rect x="${n(x)}" y="${n(base - bh)}" width="${n(bw + 1)}" height="${n(bh + s.h - base)}" fill="${s.pal.shade}"/>`;
    for (let k = 0; k < 4; k++) {
      if (s.r() < 0.5) continue;
      city += `<rect x="${n(x + between(s.r, 0.15, 0.75) * bw)}" y="${n(base - bh + between(s.r, 0.1, 0.8) * bh)}" width="${n(6 * s.u)}" height="${n(9 * s.u)}" fill="${s.pal.accent}" fill-opacity="${n(between(s.r, 0.4, 0.9))}"/>`;
    }
    x += bw;
  }
  return city;
}

/** A starfield of `count` points in the glow colour, above `maxY`. */
export function stars(s: Scene, count: number, maxY: number): string {
  let out = '';
  for (let i = 0; i < count; i++) {
    out += `<circle cx="${n(s.r() * s.w)}" cy="${n(s.r() * maxY)}" r="${n(between(s.r, 0.8, 2.6) * s.u)}" fill="${s.pal.glow}" fill-opacity="${n(between(s.r, 0.25, 0.9))}"/>`;
  }
  return out;
}

/** A horizon line that wanders: `count` points from left to right edge, smoothed with curves. */
export function ridge(s: Scene, baseY: number, amplitude: number, count: number, fill: string): string {
  const pts: Array<[number, number]> = [];
  let y = baseY + between(s.r, -amplitude, amplitude);
  for (let i = 0; i <= count; i++) {
    y = Math.min(baseY + amplitude, Math.max(baseY - amplitude, y + between(s.r, -amplitude, amplitude) * 0.9));
    pts.push([(i / count) * s.w, y]);
  }
  let d = `M0 ${n(s.h)}L${n(pts[0][0])} ${n(pts[0][1])}`;
  for (let i = 1; i < pts.length; i++) {
    const [px, py] = pts[i - 1];
    const [x, yy] = pts[i];
    d += `Q${n(px)} ${n(py)} ${n((px + x) / 2)} ${n((py + yy) / 2)}`;
  }
  d += `L${n(s.w)} ${n(pts[pts.length - 1][1])}L${n(s.w)} ${n(s.h)}Z`;
  return `<path d="${d}" fill="${fill}"/>`;
}
