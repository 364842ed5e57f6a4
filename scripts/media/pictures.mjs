// Pictures for the demo media: helpers that return filter chains. Sprites are drawn with geq into
// RGBA; the costly ones are drawn once and looped (`still`).

export const FONTS = '/usr/share/fonts/truetype/dejavu';
export const W = 1280;
export const H = 720;
export const FPS = 24;

export const sourceOf = (w, h, d) => `color=c=black:s=${w}x${h}:r=${FPS}:d=${d},format=rgba`;
export const still = (d) => `loop=loop=-1:size=1,trim=duration=${d},setpts=N/(${FPS}*TB)`;
/** A soft round glow: alpha falls from the centre, to the power `p`. */
export const glow = (size, [r, g, b], peak, p, d) =>
  `${sourceOf(size, size, 0.1)},geq=r=${r}:g=${g}:b=${b}:a='${peak}*pow(max(0,1-hypot(X-W/2,Y-H/2)/(W/2)),${p})',${still(d)}`;
/** A background gradient rendered small and scaled up: the gradient filter is costly at 720p. */
export const gradient = (opts, d, w = W, h = H) =>
  `gradients=s=320x180:r=${FPS}:d=${d}:${opts},scale=${w}:${h}:flags=bicubic`;
/** Overlays a chain of sprites: `[base][s0]overlay=...[o0];[o0][s1]overlay=...` ending in `out`. */
export function overlays(base, placements, out) {
  return placements.map(([sprite, where], i) => {
    const from = i === 0 ? base : `o${i - 1}`;
    const to = i === placements.length - 1 ? out : `o${i}`;
    return `[${from}][${sprite}]overlay=${where}:shortest=1[${to}]`;
  });
}
export const splitTo = (labels) => `split=${labels.length}${labels.map((l) => `[${l}]`).join('')}`;

/** Fades `alpha` in at `from`, out at `to` (seconds), over `fade` seconds. */
export const fadeWindow = (from, to, fade = 0.5) =>
  `if(lt(t,${from}),0,if(lt(t,${from + fade}),(t-${from})/${fade},if(lt(t,${to - fade}),1,max(0,(${to}-t)/${fade}))))`;
