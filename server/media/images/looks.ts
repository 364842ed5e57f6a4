import type { CatalogueTitle } from '../../catalogue/catalogue-title.ts';
import { rotateHue } from './colour.ts';
import { between, pick, seeded } from './seeded-random.ts';

/**
 * What each genre family looks like (palettes, motifs, typeface), and the look and colours a
 * title gets: its genres pick the look, its id picks among the look's palettes and motifs.
 */

/** sky: top and bottom of the background; accent: the motif; glow: light; ink: the title. */
export interface Palette {
  sky: [string, string];
  accent: string;
  glow: string;
  ink: string;
  shade: string;
}
export type MotifName =
  | 'orbit'
  | 'grid'
  | 'tunnel'
  | 'moon'
  | 'door'
  | 'bokeh'
  | 'sunburst'
  | 'burst'
  | 'blobs'
  | 'hills'
  | 'ridges'
  | 'contours'
  | 'shards'
  | 'speed'
  | 'burning'
  | 'blinds'
  | 'spotlight'
  | 'portal'
  | 'waves'
  | 'dusk';
/** A look offers several motifs so that a row of one genre is not one picture repeated. */
export interface Look {
  motifs: MotifName[];
  serif: boolean;
  bright?: boolean;
  palettes: Palette[];
}

const p = (sky0: string, sky1: string, accent: string, glow: string, ink: string, shade: string): Palette => ({
  sky: [sky0, sky1],
  accent,
  glow,
  ink,
  shade,
});

const LOOKS = {
  horror: {
    motifs: ['moon', 'door'],
    serif: false,
    palettes: [
      p('#12040a', '#4a0c12', '#c0182a', '#f1e4cf', '#f7efe6', '#050102'),
      p('#03100a', '#163c25', '#4fbf5a', '#dcf2c4', '#eef7e6', '#010503'),
      p('#0b0a10', '#3d1015', '#8fd06a', '#f0d9c0', '#f5efe8', '#030203'),
    ],
  },
  scifi: {
    motifs: ['orbit', 'grid', 'tunnel'],
    serif: false,
    palettes: [
      p('#020a18', '#073a55', '#1fd2f0', '#b5f6ff', '#effdff', '#01040a'),
      p('#08051f', '#1d1a5e', '#4c8dff', '#8ff5ff', '#f2f6ff', '#02010a'),
      p('#031412', '#0b4a4a', '#2ef2c2', '#c6fff1', '#effff9', '#010606'),
    ],
  },
  romance: {
    motifs: ['bokeh', 'bokeh', 'dusk'],
    serif: true,
    palettes: [
      p('#3a0a24', '#c2446e', '#ff8fb1', '#ffe0cf', '#fff6f2', '#1c0412'),
      p('#2e0c18', '#d9705f', '#ffb199', '#fff0d6', '#fff8f0', '#190508'),
      p('#240a2e', '#b04a8c', '#ff9ed8', '#ffe6f2', '#fff6fb', '#120416'),
    ],
  },
  comedy: {
    motifs: ['sunburst', 'burst'],
    serif: false,
    bright: true,
    palettes: [
      p('#ffb400', '#ffe14d', '#ff4f2e', '#fff7c2', '#1d1400', '#5a3a00'),
      p('#ff8a00', '#ffd21f', '#1a6bff', '#fff3b0', '#1a1000', '#5a2a00'),
      p('#ffd000', '#fff06a', '#ff2e7a', '#ffffff', '#221a00', '#6a5000'),
    ],
  },
  animation: {
    motifs: ['blobs', 'hills', 'sunburst'],
    serif: false,
    palettes: [
      p('#2a10c9', '#ff3c8e', '#ffd23f', '#00e5d0', '#ffffff', '#12054a'),
      p('#0050e0', '#00c4a0', '#ff5ad1', '#ffe94d', '#ffffff', '#021a4a'),
      p('#e0402a', '#ffa53c', '#6a2cff', '#2bf0ff', '#ffffff', '#4a0a10'),
    ],
  },
  family: {
    motifs: ['hills', 'blobs'],
    serif: false,
    palettes: [
      p('#0a7ac0', '#5fd0f0', '#ffcf3a', '#ffffff', '#ffffff', '#032a4a'),
      p('#2a9a4a', '#a8e060', '#ff7a5a', '#fffbe0', '#ffffff', '#0a3a14'),
    ],
  },
  documentary: {
    motifs: ['ridges', 'contours'],
    serif: true,
    palettes: [
      p('#3a2a17', '#c08a4a', '#8a5a2b', '#f6d9a0', '#fff6e6', '#1a1209'),
      p('#1c2614', '#8a9450', '#4d5a2a', '#f0e2b0', '#fbf8ea', '#0a0f06'),
      p('#2a1d14', '#b0704a', '#6a3d28', '#ffd8b0', '#fff4ea', '#140c07'),
    ],
  },
  western: {
    motifs: ['ridges'],
    serif: true,
    palettes: [p('#3a140a', '#e0783a', '#8a3a1a', '#ffe0a0', '#fff3e0', '#1a0804')],
  },
  action: {
    motifs: ['shards', 'speed', 'burning'],
    serif: false,
    palettes: [
      p('#041820', '#0e4452', '#ff7a1a', '#ffd79a', '#fff7ec', '#01080b'),
      p('#140606', '#4a1410', '#ff5a1f', '#ffc36b', '#fff4e8', '#060101'),
      p('#0a0f1c', '#24365a', '#ffb020', '#fff0c0', '#fffaf0', '#02040a'),
    ],
  },
  war: {
    motifs: ['burning', 'shards'],
    serif: true,
    palettes: [
      p('#161a10', '#4a4a2a', '#c9a24a', '#f2e2b0', '#f8f3e4', '#070803'),
      p('#101418', '#3a4450', '#d46a2a', '#ffd8a8', '#f7f3ee', '#040607'),
    ],
  },
  crime: {
    motifs: ['blinds', 'spotlight'],
    serif: false,
    palettes: [
      p('#05070c', '#1b2536', '#e2b04a', '#ffe3a3', '#f7f3ea', '#010204'),
      p('#0a0505', '#3a0d10', '#e23b3b', '#ffd2c4', '#f9f1ee', '#030101'),
      p('#03100f', '#10363a', '#5fd4c4', '#d8fff8', '#f0fbf9', '#010404'),
    ],
  },
  mystery: {
    motifs: ['spotlight', 'blinds', 'tunnel'],
    serif: true,
    palettes: [
      p('#080a18', '#283060', '#9a8cff', '#e6e0ff', '#f4f2ff', '#02030a'),
      p('#04100e', '#1a4038', '#7ad0a8', '#e0fff0', '#f0faf5', '#010504'),
    ],
  },
  fantasy: {
    motifs: ['portal', 'portal', 'ridges'],
    serif: true,
    palettes: [
      p('#120a2e', '#4a2a8a', '#f5c65a', '#fff1c4', '#fffaf0', '#07031a'),
      p('#06182a', '#1d5a6e', '#9ef0c0', '#f3ffe0', '#f6fff8', '#020a12'),
    ],
  },
  music: {
    motifs: ['waves'],
    serif: false,
    palettes: [
      p('#14052a', '#6a1a8a', '#ff3ca8', '#ffd1f0', '#fff4fb', '#06020e'),
      p('#04102a', '#163e8a', '#ff8a3c', '#ffe3c4', '#fff8f0', '#01040e'),
    ],
  },
  history: {
    motifs: ['dusk', 'contours'],
    serif: true,
    palettes: [p('#1a120a', '#8a6234', '#c08a4a', '#ffe2b0', '#fff6e8', '#0a0603')],
  },
  drama: {
    motifs: ['dusk', 'spotlight'],
    serif: true,
    palettes: [
      p('#0a1220', '#3a5a7a', '#e0a060', '#ffe8c8', '#fbf6ee', '#03060b'),
      p('#160c14', '#6a3a4a', '#f0b07a', '#ffe6cc', '#fff6f0', '#070306'),
      p('#0c1614', '#3a6458', '#e6c88a', '#fff2d6', '#f6fbf8', '#030706'),
      p('#12101c', '#4a4470', '#d8a0c0', '#f6e6ff', '#faf6ff', '#050409'),
    ],
  },
} satisfies Record<string, Look>;
type LookName = keyof typeof LOOKS | 'adventure';
const lookOf = (name: LookName): Look => (name === 'adventure' ? LOOKS.action : LOOKS[name]);

/** TMDB genre ids (movie and TV lists) → the label printed on the art and the look it asks for. */
const GENRES: Record<number, { label: string; look: LookName }> = {
  28: { label: 'Action', look: 'action' },
  12: { label: 'Adventure', look: 'adventure' },
  16: { label: 'Animation', look: 'animation' },
  35: { label: 'Comedy', look: 'comedy' },
  80: { label: 'Crime', look: 'crime' },
  99: { label: 'Documentary', look: 'documentary' },
  18: { label: 'Drama', look: 'drama' },
  10751: { label: 'Family', look: 'family' },
  14: { label: 'Fantasy', look: 'fantasy' },
  36: { label: 'History', look: 'history' },
  27: { label: 'Horror', look: 'horror' },
  10402: { label: 'Music', look: 'music' },
  9648: { label: 'Mystery', look: 'mystery' },
  10749: { label: 'Romance', look: 'romance' },
  878: { label: 'Science Fiction', look: 'scifi' },
  10770: { label: 'TV Movie', look: 'drama' },
  53: { label: 'Thriller', look: 'crime' },
  10752: { label: 'War', look: 'war' },
  37: { label: 'Western', look: 'western' },
  10759: { label: 'Action & Adventure', look: 'action' },
  10762: { label: 'Kids', look: 'family' },
  10763: { label: 'News', look: 'documentary' },
  10764: { label: 'Reality', look: 'documentary' },
  10765: { label: 'Sci-Fi & Fantasy', look: 'scifi' },
  10766: { label: 'Soap', look: 'romance' },
  10767: { label: 'Talk', look: 'comedy' },
  10768: { label: 'War & Politics', look: 'war' },
};

/** Genres that set the tone whatever else a title is: a horror comedy still looks like horror. */
const DEFINING: LookName[] = ['horror', 'animation', 'documentary', 'scifi'];
/** Genres too broad to say much: they decide the look only when nothing else does. */
const BROAD: LookName[] = ['drama', 'family', 'history', 'adventure'];

/**
 * The looks a title asks for, most telling first: a defining genre, else the first specific genre
 * in the catalogue's own order (its main one), else the broad ones. A romantic comedy is romance.
 */
function looksOf(title: CatalogueTitle): LookName[] {
  const named = [...new Set(title.genreIds.flatMap((id) => (GENRES[id] ? [GENRES[id].look] : [])))];
  const specific = named.filter((look) => !DEFINING.includes(look) && !BROAD.includes(look));
  if (specific[0] === 'comedy' && specific.includes('romance')) specific.unshift('romance');
  const ranked = [
    ...DEFINING.filter((look) => named.includes(look)),
    ...specific,
    ...named.filter((look) => BROAD.includes(look)),
  ];
  return ranked.length ? [...new Set(ranked)] : ['drama'];
}

/** The labels of a title's genres, in the catalogue's order; unknown ids are skipped. */
export const genreLabelsOf = (title: CatalogueTitle): string[] =>
  title.genreIds.flatMap((id) => (GENRES[id] ? [GENRES[id].label] : []));

/**
 * A title's look, motif and palette. The palette is one of the look's, hue-shifted a little so
 * titles of one genre differ; `accent2` comes from the second look, so a sci-fi drama shows both.
 */
export function chooseLook(title: CatalogueTitle): { look: Look; motif: MotifName; pal: Palette; accent2: string } {
  const [lookName, secondName] = looksOf(title);
  const look = lookOf(lookName);
  // One stream for the palette, shared by poster and backdrop so a title keeps its colours.
  const pr = seeded(`${title.mediaType}-${title.id}-palette`);
  const base = pick(pr, look.palettes);
  const motif = pick(pr, look.motifs);
  const hue = between(pr, -12, 12);
  const pal: Palette = {
    sky: [rotateHue(base.sky[0], hue), rotateHue(base.sky[1], hue)],
    accent: rotateHue(base.accent, hue),
    glow: rotateHue(base.glow, hue),
    ink: base.ink,
    shade: rotateHue(base.shade, hue),
  };
  const second = lookOf(secondName ?? lookName);
  const accent2 = second === look ? rotateHue(pal.accent, 40) : pick(pr, second.palettes).accent;
  return { look, motif, pal, accent2 };
}
