/**
 * The image sizes the app asks for, and so the only ones the embedded image host renders: the
 * client builds its `srcSet`s from IMAGE_WIDTHS (shared/catalogue/first-screen.ts, imageCandidates),
 * the server preloads the same candidates, and the image host answers 404 for any other size
 * (server/media/images/image-routes.ts). Every size served is a picture that may be drawn and
 * kept on disk per title, so a size nobody shows is only cost.
 */

/** The image widths and `sizes` of each use of art; the hero and detail art also take the host's wide widths. */
export const IMAGE_WIDTHS = {
  poster: { widths: [185, 342, 500], sizes: '(min-width: 1280px) 220px, (min-width: 744px) 180px, 140px' },
  // A row's backdrop card is a share of the window (src/components/browse/TitleRow.tsx).
  backdrop: { widths: [300, 780], sizes: '(min-width: 1280px) 16vw, (min-width: 744px) 23vw, 249px' },
  // The banner is the viewport's width (its art covers a box no wider than 16:9).
  hero: { widths: [780, 1280], sizes: '100vw', wide: true },
  // The detail view's art covers docs/spec.md §9's player box: 90/70/50vw wide, 200/360/400px tall.
  detail: {
    widths: [780, 1280],
    sizes: '(min-width: 1280px) max(50vw, 712px), (min-width: 744px) max(70vw, 640px), max(90vw, 356px)',
    wide: true,
  },
  // An episode's still: TMDB's still sizes stop at w300.
  still: { widths: [185, 300], sizes: '(min-width: 744px) 160px, 112px' },
} as const satisfies Record<string, { widths: readonly number[]; sizes: string; wide?: true }>;

export type ImageKind = keyof typeof IMAGE_WIDTHS;

/** The embedded image host's widths past w1280, for the hero and detail art on wide and high-density screens. */
export const EMBEDDED_WIDE_WIDTHS = [1920, 2560] as const;

/** The pictures the image host draws: a title's poster and backdrop, and an episode's still. */
export type ArtFileKind = 'poster' | 'backdrop' | 'still';

/** Which picture each use shows: the hero and the detail view show the backdrop. */
const ART_OF_USE: Record<ImageKind, ArtFileKind> = {
  poster: 'poster',
  backdrop: 'backdrop',
  hero: 'backdrop',
  detail: 'backdrop',
  still: 'still',
};

function renderedWidths(): Record<ArtFileKind, readonly number[]> {
  const widths: Record<ArtFileKind, Set<number>> = { poster: new Set(), backdrop: new Set(), still: new Set() };
  for (const [use, spec] of Object.entries(IMAGE_WIDTHS) as Array<[ImageKind, (typeof IMAGE_WIDTHS)[ImageKind]]>) {
    const all: readonly number[] = 'wide' in spec ? [...spec.widths, ...EMBEDDED_WIDE_WIDTHS] : spec.widths;
    for (const width of all) widths[ART_OF_USE[use]].add(width);
  }
  const sorted = (set: Set<number>) => [...set].sort((a, b) => a - b);
  return { poster: sorted(widths.poster), backdrop: sorted(widths.backdrop), still: sorted(widths.still) };
}

/**
 * The allowlist: each kind of picture at exactly the widths some use of it asks for
 * (posters 185/342/500, backdrops 300/780/1280/1920/2560, stills 185/300).
 */
export const RENDERED_WIDTHS: Readonly<Record<ArtFileKind, readonly number[]>> = renderedWidths();

/** A size's name in TMDB's image layout (`w342`). */
export const sizeName = (width: number): string => `w${width}`;

/** The width a size name stands for when `kind` is drawn at it, or null when the app never asks for it. */
export function renderedWidth(kind: ArtFileKind, size: string): number | null {
  const match = /^w([1-9][0-9]{1,3})$/.exec(size);
  if (!match) return null;
  const width = Number(match[1]);
  return RENDERED_WIDTHS[kind].includes(width) ? width : null;
}

/** The size names each kind is drawn at, narrowest first (the catalogue's configuration lists these). */
export const RENDERED_SIZE_NAMES: Readonly<Record<ArtFileKind, readonly string[]>> = {
  poster: RENDERED_WIDTHS.poster.map(sizeName),
  backdrop: RENDERED_WIDTHS.backdrop.map(sizeName),
  still: RENDERED_WIDTHS.still.map(sizeName),
};
