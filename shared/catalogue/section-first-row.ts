/**
 * A section page's first row painted with the page (docs/decisions.md, "Section pages' first
 * screen"): the build renders the app's own page heading and row (src/screens/prerender-shells.tsx)
 * with these words in place of the row's heading and its cards' names and art, and the server puts
 * the first row's in their place (server/web/section-first-screen.ts). Plain words, which React
 * writes as they are in text and attributes; no slot's word starts another's.
 */

import { displayName, EMBEDDED_CATALOGUE, imageCandidates, type NamedTitle } from './first-screen.ts';

export const SECTION_ROW_SLOTS = {
  /** The row's heading (a genre's name); New & Popular's first row has its heading written in. */
  heading: 'marquee-row-slot-heading',
  /** A card's name (its art's alt text). */
  title: 'marquee-row-slot-title',
  src: 'marquee-row-slot-art',
  srcSet: 'marquee-row-slot-candidates',
} as const;

/** The cards painted: as many as the widest screens show (a 2560 px screen shows about seven backdrops). */
export const PAINTED_CARDS = 8;

/** The section pages the server paints the first row of (the paths the app routes them at). */
export const PAINTED_SECTIONS = ['/tv', '/films', '/new'] as const;
export type PaintedSection = (typeof PAINTED_SECTIONS)[number];

/** The id of a section page's template in index.html. */
export const sectionTemplateId = (path: PaintedSection): string => `signed-in-section${path.replace('/', '-')}`;

export interface CardText {
  title: string;
  src: string;
  srcSet: string;
}

/** What the painted row shows: its heading and its first cards. */
export interface SectionRowText {
  /** A genre's name; none for a row whose heading the build wrote in (New & Popular's). */
  heading?: string;
  cards: CardText[];
}

/**
 * The row as the app's SectionRow shows it: only titles with a backdrop, each its name and its
 * backdrop's candidates (the `sizes` are the build's own), the first PAINTED_CARDS of them.
 */
export function sectionRowText(
  heading: string | undefined,
  titles: readonly (NamedTitle & { backdrop_path?: string | null })[],
): SectionRowText {
  const cards = titles
    .filter((title) => title.backdrop_path)
    .slice(0, PAINTED_CARDS)
    .map((title) => {
      const art = imageCandidates(EMBEDDED_CATALOGUE.imageBase, title.backdrop_path!, 'backdrop');
      return { title: displayName(title), src: art.src, srcSet: art.srcSet };
    });
  return heading === undefined ? { cards } : { heading, cards };
}
