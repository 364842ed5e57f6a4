import {
  discoverRequest,
  EMBEDDED_CATALOGUE,
  FIRST_SCREEN_ID,
  type FirstScreen,
  genresRequest,
  HERO_SLOTS,
  heroCandidates,
  heroDrawFor,
  type HeroText,
  heroText,
  imageCandidates,
  listRequest,
  NEW_FIRST_ROW_LISTS,
  requestKey,
  TRENDING_REQUEST,
} from '../../shared/catalogue/first-screen.ts';
import { type SectionRowText, sectionRowText } from '../../shared/catalogue/section-first-row.ts';
import { interleave, type TypedTitle } from '../../shared/catalogue/title-lists.ts';
import { EMBEDDED_WIDE_WIDTHS, IMAGE_WIDTHS } from '../../shared/media/image-sizes.ts';
import type { PlayerText } from '../../shared/watching/player-first-screen.ts';

/** What a signed-in home page adds to its head for its first screen, under a key its cached copy is stored by. */
export interface FirstScreenMarkup {
  key: string;
  /** Markup for the head's start, before the scripts and their preloads: the hero art's preload. */
  early: string;
  /** Markup for the head's end: the data block. */
  head: string;
  /** The drawn title's text and art, for the hero's first paint (fillHero); absent when it has no overview. */
  hero?: HeroText;
  /** The programme's title and episode line, for the player's first paint (player-first-screen.ts). */
  player?: PlayerText;
  /** The player page's "Choose a plan" refusal instead of its player: the account has no plan (player-first-screen.ts). */
  refusal?: true;
  /** A section page's first row, for its first paint (section-first-screen.ts's fillSectionRow). */
  row?: SectionRowText;
  /**
   * Made from what the visitor typed (a search's query): its page is made afresh each time and
   * compressed quickly, not kept, so that any number of queries neither costs the best (slow)
   * compression each nor pushes the other pages out of the kept ones (index-page.ts).
   */
  fromVisitor?: true;
}

/** The trending request's address on this server, as the client sends it (its key last, as the JSON client adds it). */
export const trendingUrl = (apiKey: string): string =>
  `${EMBEDDED_CATALOGUE.baseUrl}${requestKey(TRENDING_REQUEST.path, TRENDING_REQUEST.query)}&${new URLSearchParams({ api_key: apiKey })}`;

/**
 * JSON that is safe inside a `<script type="application/json">` element: no `<` (which could
 * close the element or open a comment, `</script>` or `<!--` in a title), `>` or `&`, and the two
 * line separators some parsers take for line ends, each written as its \u escape JSON.parse reads back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const text = (value: string): string => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A page's first-screen data block: answers the client's catalogue takes as its first (FIRST_SCREEN_ID). */
export const dataBlock = (data: FirstScreen): string =>
  `<script type="application/json" id="${FIRST_SCREEN_ID}">${jsonForScript(data)}</script>`;

/**
 * A preload of the page's largest image, with the `<img>`'s own candidates and sizes (they must
 * match for the browser to use it), at high priority; '' for none.
 */
export const artPreload = (art: { src: string; srcSet: string; sizes: string } | undefined): string =>
  art
    ? `<link rel="preload" as="image" fetchpriority="high" href="${attribute(art.src)}" ` +
      `imagesrcset="${attribute(art.srcSet)}" imagesizes="${attribute(art.sizes)}">`
    : '';

/**
 * The hero's first paint for a title: the build's rendering of the app's banner (the template
 * scripts/vite-prerender-shells.ts puts in index.html) with the title's text and art in place of
 * its slots (shared/catalogue/first-screen.ts), so the page paints the banner, the page's
 * largest paint, before its scripts have run. Empty when the template is not the one expected
 * (each slot once): the page then shows the banner when the app renders it, as before.
 */
export function fillHero(template: string, hero: HeroText): string {
  const slots = Object.keys(HERO_SLOTS) as (keyof typeof HERO_SLOTS)[];
  if (slots.some((slot) => template.split(HERO_SLOTS[slot]).length !== 2)) return '';
  const values: Record<string, string> = {};
  for (const slot of slots) {
    values[HERO_SLOTS[slot]] = slot === 'src' || slot === 'srcSet' ? attribute(hero[slot]) : text(hero[slot]);
  }
  return template.replace(new RegExp(Object.keys(values).join('|'), 'g'), (slot) => values[slot]!);
}

interface TrendingPage {
  results?: Array<{
    backdrop_path?: string | null;
    overview?: string | null;
    title?: string | null;
    name?: string | null;
    original_name?: string | null;
    original_title?: string | null;
  }>;
}

/**
 * The first screen of a signed-in home page, one variant per title the hero may show: the
 * trending page the hero and Trending Now ask for first, the server's draw for the hero (so
 * the server knows which art the page shows), and a preload of that art with the same
 * candidates and sizes as the banner's `<img>` (shared/catalogue/first-screen.ts), so the
 * browser fetches it alongside the scripts instead of after them; and the title's text and art
 * for the banner's first paint (fillHero). Undefined when nothing trending
 * has art: the hero is then left out.
 */
export function firstScreenVariants(trending: TrendingPage): FirstScreenMarkup[] | undefined {
  const candidates = heroCandidates(trending.results ?? []);
  if (candidates.length === 0) return undefined;
  const answers = { [requestKey(TRENDING_REQUEST.path, TRENDING_REQUEST.query)]: trending };
  return candidates.map((title, index) => {
    const data: FirstScreen = {
      baseUrl: EMBEDDED_CATALOGUE.baseUrl,
      answers,
      heroDraw: heroDrawFor(index, candidates.length),
    };
    const art = imageCandidates(EMBEDDED_CATALOGUE.imageBase, title.backdrop_path!, 'hero', EMBEDDED_WIDE_WIDTHS);
    return {
      key: `hero ${index}`,
      early: artPreload(art),
      head: dataBlock(data),
      hero: heroText(title),
    };
  });
}

/** A request of the embedded catalogue, answered by the server itself (web-routes.ts asks with app.inject). */
export type CatalogueAnswer = (request: { path: string; query: Readonly<Record<string, string>> }) => Promise<unknown>;

interface TitlesPage {
  results?: Array<TypedTitle & { backdrop_path?: string | null }>;
}
interface GenresAnswer {
  genres?: Array<{ id: number; name: string }>;
}

/** The section pages whose first row the server can inline: the address and what its first row is. */
const SECTION_FIRST_ROWS: Record<string, { genresOf: 'movie' | 'tv' } | { lists: typeof NEW_FIRST_ROW_LISTS }> = {
  '/tv': { genresOf: 'tv' },
  '/films': { genresOf: 'movie' },
  '/new': { lists: NEW_FIRST_ROW_LISTS },
};

/** Whether a signed-in address is a section page with a first screen of its own (sectionFirstScreen). */
export const hasSectionFirstScreen = (path: string): boolean => Object.hasOwn(SECTION_FIRST_ROWS, path);

/**
 * The first screen of a section page (TV Shows, Films, New & Popular; docs/decisions.md, "Section
 * pages' first screen"): the answers its first row waits on (a genre page's genre list and its
 * first genre's titles; New & Popular's first lists), which otherwise come one after another after
 * the scripts, and a preload of the row's first card's art (the page's largest paint on a phone),
 * with the card's own candidates and sizes. The requests are the client's own definitions
 * (shared/catalogue/first-screen.ts), so the client's catalogue takes them as their first answers.
 * Undefined for any other address.
 */
export async function sectionFirstScreen(
  path: string,
  answer: CatalogueAnswer,
): Promise<FirstScreenMarkup | undefined> {
  const section = SECTION_FIRST_ROWS[path];
  if (!section) return undefined;
  const answers: Record<string, unknown> = {};
  const ask = async (request: { path: string; query: Readonly<Record<string, string>> }) => {
    const body = await answer(request);
    answers[requestKey(request.path, request.query)] = body;
    return body;
  };
  // The row as the app's SectionRow shows it: a genre's titles, or the lists taken in turn (interleave).
  let row: SectionRowText;
  if ('genresOf' in section) {
    const genres = ((await ask(genresRequest(section.genresOf))) as GenresAnswer).genres ?? [];
    const first = genres[0];
    const page = first ? ((await ask(discoverRequest(section.genresOf, first.id))) as TitlesPage) : undefined;
    row = sectionRowText(first?.name, page?.results ?? []);
  } else {
    const pages = (await Promise.all(section.lists.map((name) => ask(listRequest(name))))) as TitlesPage[];
    row = sectionRowText(undefined, interleave(pages.map((page) => page.results ?? [])));
  }
  const art = row.cards[0];
  const data: FirstScreen = { baseUrl: EMBEDDED_CATALOGUE.baseUrl, answers };
  return {
    key: `section ${path}`,
    early: artPreload(art && { ...art, sizes: IMAGE_WIDTHS.backdrop.sizes }),
    head: dataBlock(data),
    // A page whose first row has no cards is painted by the app alone.
    row: row.cards.length > 0 ? row : undefined,
  };
}
