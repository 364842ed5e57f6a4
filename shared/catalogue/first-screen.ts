/**
 * What a signed-in visitor's home page carries for its first screen (server/web/first-screen.ts),
 * and the rules both sides must apply alike for it to be of use: the hero's pick and the hero
 * art's image candidates. The client reads it in src/services/catalogue/first-screen.ts.
 */

import { EMBEDDED_WIDE_WIDTHS, IMAGE_WIDTHS, type ImageKind } from '../media/image-sizes.ts';
import { OVERVIEW_LIMITS, truncateOverview } from './overview-cut.ts';

/** The id of the page's `<script type="application/json">` block. */
export const FIRST_SCREEN_ID = 'marquee-first-screen';

/** The trending request the hero and the Trending Now row make (docs/spec.md §7), as the catalogue keys it. */
export const TRENDING_REQUEST = { path: '/trending/all/week', query: { language: 'en-US' } } as const;

/** A section page's genres (TV Shows, Films), as the catalogue asks for them. */
export const genresRequest = (mediaType: 'movie' | 'tv') =>
  ({ path: `/genre/${mediaType}/list`, query: { language: 'en-US' } }) as const;

/** A page of a media type's titles, most popular first, of one genre or of all: a section page's row. */
export const discoverRequest = (mediaType: 'movie' | 'tv', genreId: number | undefined, page = 1) => ({
  path: `/discover/${mediaType}`,
  query: {
    sort_by: 'popularity.desc',
    ...(genreId === undefined ? {} : { with_genres: String(genreId) }),
    page: String(page),
    language: 'en-US',
  },
});

/** The section pages' named lists (New & Popular); trending says each title's media type, the others do not. */
export const LIST_PATHS = {
  nowPlayingMovies: '/movie/now_playing',
  onTheAirTv: '/tv/on_the_air',
  upcomingMovies: '/movie/upcoming',
  trendingTvToday: '/trending/tv/day',
  trendingMoviesToday: '/trending/movie/day',
} as const;

/** A named list's request. */
/** A search's whole first page, as the embedded catalogue answers it (Marquee's own /search/whole): the search page's. */
export const wholeSearchRequest = (query: string) =>
  ({ path: '/search/whole', query: { query, language: 'en-US' } }) as const;

export const listRequest = (name: keyof typeof LIST_PATHS) =>
  ({ path: LIST_PATHS[name], query: { language: 'en-US' } }) as const;

/**
 * New & Popular's first row (src/screens/browse/NewScreen.tsx): its lists, whose answers a
 * signed-in visitor's /new page carries (server/web/first-screen.ts).
 */
export const NEW_FIRST_ROW_LISTS: readonly (keyof typeof LIST_PATHS)[] = ['nowPlayingMovies', 'onTheAirTv'];

/** The data block: catalogue answers by request (path and query), and the hero's draw. */
export interface FirstScreen {
  /** The catalogue API the answers came from (the embedded one: /tmdb/3). */
  baseUrl: string;
  /** Answers by `path?query`, the key the client's catalogue shares requests under. */
  answers: Record<string, unknown>;
  /**
   * The random number in [0, 1) that picks the hero among `answers`' trending titles (pickHero);
   * none on a page without the hero (a section page's first screen).
   */
  heroDraw?: number;
}

/** The catalogue's key for a request: its path and query. */
export const requestKey = (path: string, query: Record<string, string>): string =>
  `${path}?${new URLSearchParams(query)}`;

/** The titles the hero may show: only those with a backdrop (docs/spec.md §4: the hero picks only a valid title). */
export function heroCandidates<T extends { backdrop_path?: string | null }>(titles: readonly T[]): T[] {
  return titles.filter((title) => title.backdrop_path);
}

/** The hero's pick from trending with a random number in [0, 1): never an empty pick while any has a backdrop. */
export function pickHero<T extends { backdrop_path?: string | null }>(
  titles: readonly T[],
  draw: number,
): T | undefined {
  const candidates = heroCandidates(titles);
  return candidates[Math.max(0, Math.min(candidates.length - 1, Math.floor(draw * candidates.length)))];
}

/** The draw that picks candidate `index` of `count` under pickHero (the middle of its share of [0, 1)). */
export const heroDrawFor = (index: number, count: number): number => (index + 0.5) / count;

/** Where the embedded catalogue and image host are mounted. */
export const EMBEDDED_CATALOGUE = { baseUrl: '/tmdb/3', imageBase: '/images/t/p' } as const;

/** An image's `src`, `srcSet` and `sizes` for an `<img>` (or a preload of it, which must match exactly). */
export function imageCandidates(
  imageBase: string,
  path: string,
  kind: ImageKind,
  wideWidths: readonly number[] = [],
): { src: string; srcSet: string; sizes: string } {
  const spec: { widths: readonly number[]; sizes: string; wide?: true } = IMAGE_WIDTHS[kind];
  const widths = spec.wide ? [...spec.widths, ...wideWidths] : spec.widths;
  const url = (width: number) => `${imageBase}/w${width}${path}`;
  return {
    src: url(widths.at(-1)!),
    srcSet: widths.map((width) => `${url(width)} ${width}w`).join(', '),
    sizes: spec.sizes,
  };
}

/** The names a catalogue title may carry. */
export interface NamedTitle {
  title?: string | null;
  name?: string | null;
  original_name?: string | null;
  original_title?: string | null;
}

/** docs/spec.md §2: the title, falling back to the name, then the original name. */
export function displayName(title: NamedTitle): string {
  return title.title || title.name || title.original_name || title.original_title || 'Untitled';
}

/**
 * The hero's first paint (docs/decisions.md, "Home's first screen"): the build renders the app's
 * own banner (HeroBanner) with these words in place of the title's text and art
 * (src/screens/prerender-shells.tsx), and the server puts the drawn title's in their place
 * (server/web/first-screen.ts). Plain words, which React writes as they are in text and attributes.
 * The overview is written three times: its narrow cut, its wide cut, and whole for screen readers.
 * No slot's word starts another's.
 */
export const HERO_SLOTS = {
  title: 'marquee-hero-slot-title',
  narrow: 'marquee-hero-slot-narrow',
  wide: 'marquee-hero-slot-wide',
  overview: 'marquee-hero-slot-overview',
  src: 'marquee-hero-slot-art',
  srcSet: 'marquee-hero-slot-candidates',
} as const;

export type HeroText = Record<keyof typeof HERO_SLOTS, string>;

/**
 * What the hero shows of a title, as the banner writes it: its name, its overview's two cuts and the
 * whole overview, and its art's candidates (the banner's `sizes` are the build's own). Undefined for
 * a title without art or overview: its banner is another shape than the one the build rendered.
 */
export function heroText(
  title: NamedTitle & { overview?: string | null; backdrop_path?: string | null },
): HeroText | undefined {
  const overview = title.overview ?? '';
  if (!title.backdrop_path || !overview) return undefined;
  const art = imageCandidates(EMBEDDED_CATALOGUE.imageBase, title.backdrop_path, 'hero', EMBEDDED_WIDE_WIDTHS);
  return {
    title: displayName(title),
    narrow: truncateOverview(overview, OVERVIEW_LIMITS.narrow),
    wide: truncateOverview(overview, OVERVIEW_LIMITS.wide),
    overview,
    src: art.src,
    srcSet: art.srcSet,
  };
}
