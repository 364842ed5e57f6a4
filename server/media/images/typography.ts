import type { CatalogueTitle } from '../../catalogue/catalogue-title.ts';

/**
 * Setting a title in type without a text engine: which text to set, how wide it runs, how to
 * break and size it to fit a box, and how to put it into SVG safely.
 *
 * DejaVu is the one font family every machine here has (fonts-dejavu-core); its advance widths
 * (per 1000 em, ASCII 32..126) let us wrap and fit the title before librsvg sets it.
 */

const SANS_BOLD = [
  348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696, 696, 696, 696,
  696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995,
  837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457, 365, 457, 838, 500, 500, 675, 716, 593, 716,
  678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712,
  365, 712, 838,
];
const SERIF_BOLD = [
  348, 439, 521, 838, 696, 950, 903, 306, 473, 473, 523, 838, 348, 415, 348, 365, 696, 696, 696, 696, 696, 696, 696,
  696, 696, 696, 369, 369, 838, 838, 838, 586, 1000, 776, 845, 796, 867, 762, 710, 854, 945, 468, 473, 869, 703, 1107,
  914, 871, 752, 871, 831, 722, 744, 872, 776, 1123, 776, 714, 730, 473, 365, 473, 838, 500, 500, 648, 699, 609, 699,
  636, 430, 699, 727, 380, 362, 693, 380, 1058, 727, 667, 699, 699, 527, 563, 462, 727, 581, 861, 596, 581, 568, 643,
  364, 643, 838,
];

export interface Face {
  family: string;
  widths: number[];
  squeeze: number;
}
export const SANS: Face = { family: 'DejaVu Sans', widths: SANS_BOLD, squeeze: 0.84 }; // condensed by scaling
export const SERIF: Face = { family: 'DejaVu Serif', widths: SERIF_BOLD, squeeze: 0.9 };
/** Capital height of both faces, in em: where the top of an upper-case line sits. */
export const CAP_HEIGHT = 0.73;

/** Width in em at font-size 1 (before squeezing). Accented Latin measures as its base letter. */
function measure(text: string, face: Face): number {
  let width = 0;
  for (const char of text) {
    const base = char.normalize('NFD').codePointAt(0) ?? 0;
    width += base >= 32 && base < 127 ? face.widths[base - 32] / 1000 : base >= 0x2e80 ? 1 : 0.75;
  }
  return width;
}

/**
 * Scripts DejaVu has glyphs for (Latin, Greek, Cyrillic, Hebrew, Arabic, symbols). CJK, kana,
 * Hangul and Indic scripts would come out as boxes on a machine with only DejaVu installed.
 * Control characters are left out too: XML forbids most of them.
 */
const COVERED =
  /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Inherited}\u0020-\u007e\u00a0-\u2e7f]*$/u;

/**
 * The text to set: the display name, else the original name when only that one has glyphs, else
 * the name's readable characters. Empty means no title is set (the UI prints the name beside it).
 */
export function titleText(title: CatalogueTitle): string {
  for (const candidate of [title.name, title.originalName]) if (COVERED.test(candidate)) return candidate.trim();
  const readable = [...title.name]
    .filter((char) => COVERED.test(char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return /[\p{L}\p{N}]/u.test(readable) ? readable : '';
}

/**
 * Real posters set a subtitle smaller: "Dr. Strangelove" / "or: How I Learned…", "Léon" / "The
 * Professional". Splits at the first ": " or a closing parenthetical, when the main part is short.
 */
export function splitSubtitle(text: string): [string, string] {
  const paren = /^(.{2,40}?)\s+(\(.+\))$/.exec(text);
  if (paren) return [paren[1], paren[2]];
  const colon = text.indexOf(': ');
  if (colon < 1 || colon > 40) return [text, ''];
  let main = text.slice(0, colon);
  let sub = text.slice(colon + 2);
  const or = /^(.+)\s+(or)$/i.exec(main); // "Dr. Strangelove or: How I…" keeps "or:" with the subtitle
  if (or) [main, sub] = [or[1], `${or[2]}: ${sub}`];
  return [main, sub];
}

/** Words into exactly `count` lines, minimising the widest line (a tiny DP: titles are short). */
function balance(words: string[], count: number, width: (s: string) => number): string[] {
  const memo = new Map<string, { worst: number; lines: string[] }>();
  const best = (start: number, left: number): { worst: number; lines: string[] } => {
    const key = `${start}:${left}`;
    const known = memo.get(key);
    if (known) return known;
    let result = { worst: Infinity, lines: [] as string[] };
    if (left === 1) {
      const line = words.slice(start).join(' ');
      result = { worst: width(line), lines: [line] };
    } else {
      for (let end = start + 1; end <= words.length - left + 1; end++) {
        const line = words.slice(start, end).join(' ');
        const rest = best(end, left - 1);
        const worst = Math.max(width(line), rest.worst);
        if (worst < result.worst) result = { worst, lines: [line, ...rest.lines] };
      }
    }
    memo.set(key, result);
    return result;
  };
  return best(0, count).lines;
}

interface Fitted {
  lines: string[];
  size: number;
  leading: number;
}

/**
 * The largest size at which the text fits the box in at most `maxLines` balanced lines. Fewer
 * lines win unless more lines make the type clearly bigger; a long single word just shrinks.
 */
export function fit(
  text: string,
  face: Face,
  box: { width: number; height: number; maxSize: number; maxLines: number; leading: number },
): Fitted {
  const words = text.split(/\s+/).filter(Boolean);
  const width = (line: string) => measure(line, face) * face.squeeze;
  let chosen: Fitted = { lines: [], size: 0, leading: box.leading };
  let chosenScore = 0;
  for (let count = 1; count <= Math.min(box.maxLines, words.length); count++) {
    const lines = balance(words, count, width);
    const widest = Math.max(...lines.map(width));
    const size = Math.min(box.maxSize, box.width / widest, box.height / (CAP_HEIGHT + box.leading * (count - 1)));
    const score = size * (1 - 0.07 * (count - 1));
    if (score > chosenScore) [chosen, chosenScore] = [{ lines, size, leading: box.leading }, score];
  }
  return chosen;
}

/** Title text becomes character data in the SVG: the XML specials must not be read as markup. */
export const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);
