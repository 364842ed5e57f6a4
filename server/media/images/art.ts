import type { CatalogueTitle } from '../../catalogue/catalogue-title.ts';
import { ART_SIZE, type ArtKind } from './art-path.ts';
import { chooseLook } from './looks.ts';
import { MOTIFS } from './motifs/registry.ts';
import { linear, n, radial, type Scene } from './scene.ts';
import { between, seeded } from './seeded-random.ts';
import { layoutText, renderText } from './title-block.ts';
import { SANS, SERIF } from './typography.ts';

/**
 * Key art for a title, drawn as SVG from its facts alone: the genres pick a look (palette, motif,
 * typeface), the id seeds every other choice, so each title gets its own poster and backdrop and
 * the same title always gets the same bytes. Pure functions only; `render.ts` rasterises.
 */

/**
 * Another picture in a title's look: its own composition (seed) and no text. An episode's still
 * is a backdrop variant, so a series' stills share its palette and motif.
 */
export interface ArtVariant {
  seed: string;
}

/** The whole art as an SVG document, the same bytes for the same title and kind. */
export function renderArtSvg(kind: ArtKind, title: CatalogueTitle, variant?: ArtVariant): string {
  const { width: w, height: h } = ART_SIZE[kind];
  const { look, motif: motifName, pal, accent2 } = chooseLook(title);

  const r = seeded(variant?.seed ?? `${title.mediaType}-${title.id}-${kind}`);
  const poster = kind === 'poster';
  const lines = variant ? [] : layoutText(kind, title, look.serif ? SERIF : SANS);
  const s: Scene = {
    kind,
    w,
    h,
    r,
    pal,
    accent2,
    defs: [],
    u: poster ? 1 : 1.15,
    clear: Math.min(h * 0.85, ...lines.map((line) => line.y - line.size)) - h * 0.03,
    fx: poster ? w * between(r, 0.38, 0.62) : w * between(r, 0.56, 0.7),
    fy: poster ? h * between(r, 0.26, 0.36) : h * between(r, 0.28, 0.4),
  };

  const skyAngle = between(r, -0.25, 0.25) * w;
  const background = `<rect width="${w}" height="${h}" fill="${linear(s, w / 2 - skyAngle, 0, w / 2 + skyAngle, h, [
    [0, pal.sky[0], 1],
    [1, pal.sky[1], 1],
  ])}"/>`;
  const motif = MOTIFS[motifName](s);
  // Vignette, then scrims that keep the text areas calm: the bottom for the title, and on
  // backdrops the left side too, where the app's hero overlays its own text.
  const vignette = `<rect width="${w}" height="${h}" fill="${radial(s, w / 2, h * 0.45, Math.hypot(w, h) * 0.6, [
    [0.55, pal.shade, 0],
    [1, pal.shade, look.bright ? 0.25 : 0.7],
  ])}"/>`;
  const scrimColor = look.bright ? pal.glow : pal.shade;
  const scrims = poster
    ? `<rect y="${n(h * 0.5)}" width="${w}" height="${n(h * 0.5)}" fill="${linear(s, 0, h * 0.5, 0, h, [
        [0, scrimColor, 0],
        [0.55, scrimColor, look.bright ? 0.55 : 0.7],
        [1, scrimColor, look.bright ? 0.8 : 0.92],
      ])}"/>`
    : `<rect width="${n(w * 0.6)}" height="${h}" fill="${linear(s, 0, 0, w * 0.6, 0, [
        [0, pal.shade, 0.75],
        [1, pal.shade, 0],
      ])}"/>` +
      `<rect y="${n(h * 0.45)}" width="${w}" height="${n(h * 0.55)}" fill="${linear(s, 0, h * 0.45, 0, h, [
        [0, scrimColor, 0],
        [1, scrimColor, look.bright ? 0.75 : 0.9],
      ])}"/>`;
  const text = renderText(s, lines, look);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<defs>${s.defs.join('')}</defs>${background}${motif}${vignette}${scrims}${text}</svg>`
  );
}
