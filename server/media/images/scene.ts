import type { ArtKind } from './art-path.ts';
import type { Palette } from './looks.ts';
import type { Rng } from './seeded-random.ts';

/**
 * A scene is what every drawing step shares: the canvas, the palette, the seeded stream, the
 * focal point, and the `<defs>` that gradients are collected into as they are used.
 */
export interface Scene {
  kind: ArtKind;
  w: number;
  h: number;
  r: Rng;
  pal: Palette;
  accent2: string;
  /** Where the eye should go: upper middle on posters, upper right on backdrops. */
  fx: number;
  fy: number;
  /** Scale for strokes and small shapes; `clear`: the top of the text block, which figures stay above. */
  u: number;
  clear: number;
  defs: string[];
}

/** Numbers in the SVG are rounded so the text stays short and byte-stable. */
export const n = (value: number) => String(Math.round(value * 10) / 10);

type Stop = [offset: number, color: string, opacity: number];
const stops = (list: Stop[]) =>
  list
    .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${Math.round(a * 100) / 100}"/>`)
    .join('');

// Gradient ids count up in the order they are used, so the same drawing gives the same ids.

/** Adds a radial gradient to the scene's defs; returns the `url(#…)` to fill with. */
export function radial(s: Scene, cx: number, cy: number, r: number, list: Stop[], focus?: [number, number]): string {
  const id = `g${s.defs.length}`;
  const f = focus ? ` fx="${n(focus[0])}" fy="${n(focus[1])}"` : '';
  s.defs.push(
    `<radialGradient id="${id}" gradientUnits="userSpaceOnUse" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"${f}>${stops(list)}</radialGradient>`,
  );
  return `url(#${id})`;
}

/** Like `radial`, linear. `box` units make the gradient run over each filled shape's own bounds (the title lines). */
export function linear(s: Scene, x1: number, y1: number, x2: number, y2: number, list: Stop[], box = false): string {
  const id = `g${s.defs.length}`;
  const units = box ? 'objectBoundingBox' : 'userSpaceOnUse';
  s.defs.push(
    `<linearGradient id="${id}" gradientUnits="${units}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops(list)}</linearGradient>`,
  );
  return `url(#${id})`;
}
