import type { CatalogueTitle } from '../../catalogue/catalogue-title.ts';
import { ART_SIZE, type ArtKind, yearOf } from './art-path.ts';
import { mix } from './colour.ts';
import { genreLabelsOf, type Look } from './looks.ts';
import { linear, n, type Scene } from './scene.ts';
import { CAP_HEIGHT, escapeXml, type Face, fit, SANS, splitSubtitle, titleText } from './typography.ts';

/** The type on the art, laid out from the bottom up: genre label, title (and subtitle), year. */

export interface TextLine {
  text: string;
  size: number;
  face: Face;
  y: number;
  tracking: number;
  kind: 'title' | 'small';
}

/** The first two genres, as the small label above the title. */
function labelsOf(title: CatalogueTitle): string {
  const labels = genreLabelsOf(title).slice(0, 2);
  return labels.join('  ·  ').toUpperCase();
}

/** The line under the title: the year, and SERIES for series. */
function metaOf(title: CatalogueTitle): string {
  const year = yearOf(title);
  const parts = [year, title.mediaType === 'tv' ? 'SERIES' : null].filter(Boolean);
  return parts.join('  ·  ');
}

/** Lays the text block out from the bottom up; returns the lines with their baselines. */
export function layoutText(kind: ArtKind, title: CatalogueTitle, face: Face): TextLine[] {
  const { width: W, height: H } = ART_SIZE[kind];
  const poster = kind === 'poster';
  const boxWidth = poster ? W - 150 : W * 0.4;
  const [main, sub] = splitSubtitle(titleText(title));
  const lines: TextLine[] = [];
  let y = poster ? H - 92 : H - 130;
  // Small type stays legible when the art is shown at w342 / w780.
  const small = poster ? 38 : 34;

  const meta = metaOf(title);
  if (meta) {
    lines.push({ text: meta, size: small, face: SANS, y, tracking: 0.3, kind: 'small' });
    y -= small * 2.1;
  }
  if (sub) {
    const fitted = fit(sub.toUpperCase(), face, {
      width: boxWidth * 0.9,
      height: poster ? 140 : 110,
      maxSize: poster ? 46 : 40,
      maxLines: 3,
      leading: 1.3,
    });
    for (let i = fitted.lines.length - 1; i >= 0; i--) {
      lines.push({ text: fitted.lines[i], size: fitted.size, face, y, tracking: 0.04, kind: 'small' });
      y -= fitted.size * fitted.leading;
    }
    y -= poster ? 14 : 10;
  }
  if (main) {
    const fitted = fit(main.toUpperCase(), face, {
      width: boxWidth,
      height: poster ? (sub ? 360 : 440) : sub ? 240 : 300,
      maxSize: poster ? 320 : 190,
      maxLines: sub ? 3 : 4,
      leading: 0.98,
    });
    for (let i = fitted.lines.length - 1; i >= 0; i--) {
      lines.push({ text: fitted.lines[i], size: fitted.size, face, y, tracking: 0, kind: 'title' });
      y -= fitted.size * fitted.leading;
    }
    y += fitted.size * fitted.leading - fitted.size * CAP_HEIGHT - small * 1.4;
  }
  const label = labelsOf(title);
  if (label) lines.push({ text: label, size: small * 0.85, face: SANS, y, tracking: 0.35, kind: 'small' });
  return lines;
}

/**
 * The lines as SVG text: titles in a gradient over a drop shadow, small type in plain ink. Posters
 * centre the block; backdrops set it right, clear of the text the app's hero lays over the left.
 */
export function renderText(s: Scene, lines: TextLine[], look: Look): string {
  const poster = s.kind === 'poster';
  const anchor = poster ? 'middle' : 'end';
  const x = poster ? s.w / 2 : s.w - 110;
  const ink = s.pal.ink;
  const titleFill = linear(
    s,
    0,
    0,
    0,
    1,
    [
      [0, ink, 1],
      [1, look.bright ? mix(ink, s.pal.shade, 0.3) : mix(ink, s.pal.glow, 0.55), 1],
    ],
    true,
  );
  const shadow = look.bright ? '#ffffff' : s.pal.shade;
  let out = '';
  for (const line of lines) {
    const squeeze = line.kind === 'title' ? line.face.squeeze : 1;
    // letter-spacing is added after every glyph, including the last; shift to keep it centred.
    const shift = anchor === 'end' ? line.tracking * line.size : (line.tracking * line.size) / 2;
    const place = `transform="translate(${n(x + (line.tracking ? shift : 0))} ${n(line.y)}) scale(${squeeze} 1)"`;
    const font = `font-family="${line.face.family}" font-weight="bold" font-size="${n(line.size)}" text-anchor="${anchor}"${line.tracking ? ` letter-spacing="${n(line.tracking * line.size)}"` : ''}`;
    const text = escapeXml(line.text);
    if (line.kind === 'title') {
      const off = line.size * 0.035;
      out += `<text ${place.replace(`${n(line.y)})`, `${n(line.y + off)})`)} ${font} fill="${shadow}" fill-opacity="0.45">${text}</text>`;
      out += `<text ${place} ${font} fill="${titleFill}">${text}</text>`;
    } else {
      out += `<text ${place} ${font} fill="${ink}" fill-opacity="0.88">${text}</text>`;
    }
  }
  return out;
}
