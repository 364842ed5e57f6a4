import sharp from 'sharp';

import type { CatalogueTitle } from '../../catalogue/catalogue-title.ts';
import { type ArtVariant, renderArtSvg } from './art.ts';
import { ART_SIZE, type ArtKind } from './art-path.ts';

// One libvips thread per render: the render queue (render-queue.ts) decides how many run at once,
// so a render never fans out over every core while a video segment waits for one. No operation
// cache: each render draws a different SVG, so cached operations only held memory after a burst.
sharp.concurrency(1);
sharp.cache(false);

/**
 * The widest each kind is served: backdrops up to 2560 px for wide and high-density screens
 * (the hero and the detail view), posters at most their full 1000 px.
 */
export const MAX_ART_WIDTH: Record<ArtKind, number> = { poster: ART_SIZE.poster.width, backdrop: 2560 };

/**
 * Rasterises a title's art to WebP. The SVG is always laid out at the full size, so every size
 * shows the same composition (type fitted at one size never reflows): narrower sizes are scaled
 * down from it, wider ones (backdrops above 1920 px) are rasterised from the vector at a higher
 * density, never a bitmap upscale. Widths above the kind's maximum clamp to it.
 */
export async function renderArt(
  kind: ArtKind,
  title: CatalogueTitle,
  width: number | 'original',
  variant?: ArtVariant,
): Promise<Buffer> {
  const full = ART_SIZE[kind];
  const target = width === 'original' ? full.width : Math.max(1, Math.min(Math.round(width), MAX_ART_WIDTH[kind]));
  const svg = Buffer.from(renderArtSvg(kind, title, variant));
  // librsvg draws an SVG at 72 dpi by default: a higher density draws the same picture wider.
  let image = target > full.width ? sharp(svg, { density: (72 * target) / full.width }) : sharp(svg);
  if (target < full.width) image = image.resize({ width: target });
  // Effort 2 of 6: encoding a 1920×1080 WebP at the default effort costs ~4× the rasterising,
  // for files only a few per cent smaller (measured on this art).
  return image.webp({ quality: 80, effort: 2 }).toBuffer();
}
