/**
 * Full pages for a limited viewer. A list, search or discover answer is made page by page from the
 * whole catalogue; taking out what a viewer may not see leaves a page short, or empty while later
 * pages still hold titles. Here a viewer's page q is filled from the source pages that follow,
 * in order, so that pages 1..q of the viewer together hold every allowed title of the source's
 * pages 1..q, each once:
 *
 * - Page q starts where page q−1 stopped (a source page and an index in it), takes the titles the
 *   viewer may see up to PAGE_SIZE, and never stops before the end of source page q (so it may
 *   hold more than PAGE_SIZE when a source page does, as the library's first page can).
 * - It opens at most 1 + MAX_EXTRA_SOURCE_PAGES source pages: past that it is sent short (or
 *   empty), and the next page goes on from there. So a page costs a bounded number of source
 *   pages, and a viewer's page never skips source titles.
 * - Where each page stopped is kept per list and viewer (`FillMemo`), so paging in order costs
 *   one page's sources per request; jumping to page q first makes pages 1..q−1 once.
 * - `total_pages`/`total_results` are exact once the source is exhausted; before that they are
 *   upper bounds (the titles kept so far plus every source title not yet read), so a client that
 *   pages up to `total_pages` sees every allowed title, at worst ending on a short or empty page.
 */
import { LRUCache } from 'lru-cache';

import { type Allows, isRefused, withoutRefused } from './title-filter.ts';

/** A viewer's page is the source's page size (TMDB's twenty). */
export const PAGE_SIZE = 20;
/** How many source pages past its first one a viewer's page may read to fill itself. */
export const MAX_EXTRA_SOURCE_PAGES = 4;
/** TMDB answers no page past 500. */
const MAX_PAGES = 500;

/** A source page as TMDB shapes it (other envelope fields, such as `dates`, are kept). */
export interface SourcePage {
  page: number;
  results: readonly unknown[];
  total_pages: number;
  total_results: number;
}

/** Where a viewer's page stopped in the source. */
interface Stop {
  /** The next source item to read: its page and index. */
  sourcePage: number;
  index: number;
  /** Source items read (kept or not) up to here. */
  read: number;
  /** Items kept on this viewer's pages up to here. */
  kept: number;
  /** Whether the source has nothing after this stop. */
  exhausted: boolean;
}

/** Where each viewer page of each list stopped: list key → stops[q−1] for page q. */
export type FillMemo = LRUCache<string, Stop[]>;

export const createFillMemo = (max = 2000): FillMemo => new LRUCache<string, Stop[]>({ max });

const START: Stop = { sourcePage: 1, index: 0, read: 0, kept: 0, exhausted: false };

/**
 * The viewer's page `page` of a list, filled from the list's source pages. `source(n)` is the
 * list's unfiltered page n (null when the list does not exist); `listKey` names the list and the
 * viewer (not the page) in `memo`.
 */
export function fillPage(options: {
  page: number;
  source: (page: number) => SourcePage | null;
  allows: Allows;
  memo: FillMemo;
  listKey: string;
  maxExtra?: number;
}): SourcePage | null {
  const { page, allows, memo, listKey, maxExtra = MAX_EXTRA_SOURCE_PAGES } = options;
  const opened = new Map<number, SourcePage | null>();
  const source = (n: number) => {
    if (!opened.has(n)) opened.set(n, options.source(n));
    return opened.get(n)!;
  };
  const stops = memo.get(listKey) ?? [];
  let results: unknown[] = [];
  let envelope: SourcePage | null = null;
  for (let q = stops.length + 1; q <= page; q++) {
    const from = stops[q - 2] ?? START;
    const made = fillFrom(from, q, source, allows, maxExtra);
    if (made === null) return null;
    stops[q - 1] = made.stop;
    if (q === page) ({ results, envelope } = made);
  }
  memo.set(listKey, stops);
  if (!envelope) {
    // Made before: made again from where the page before it stopped (its sources only).
    const made = fillFrom(stops[page - 2] ?? START, page, source, allows, maxExtra);
    if (made === null) return null;
    ({ results, envelope } = made);
  }
  const stop = stops[page - 1];
  const unread = Math.max(0, envelope.total_results - stop.read);
  const totalPages = stop.exhausted ? page : Math.min(MAX_PAGES, page + Math.ceil(unread / PAGE_SIZE));
  return {
    ...envelope,
    page,
    results,
    total_pages: Math.max(1, totalPages),
    total_results: stop.kept + (stop.exhausted ? 0 : unread),
  };
}

function fillFrom(
  from: Stop,
  page: number,
  source: (page: number) => SourcePage | null,
  allows: Allows,
  maxExtra: number,
): { results: unknown[]; envelope: SourcePage; stop: Stop } | null {
  const results: unknown[] = [];
  let { sourcePage, index, read } = from;
  let envelope: SourcePage | null = null;
  if (from.exhausted) {
    const first = source(1);
    return first && { results, envelope: first, stop: from };
  }
  for (let opens = 0; ;) {
    const body = source(sourcePage);
    // Only a list that does not exist has no page: 404, as its unfiltered answer.
    if (body === null) return null;
    envelope ??= body;
    opens++;
    const items = body.results;
    for (; index < items.length; index++) {
      const item = items[index];
      read++;
      if (!isRefused(item, allows)) results.push(withoutRefused(item, allows));
      if (results.length >= PAGE_SIZE && sourcePage > page && index + 1 < items.length) {
        return {
          results,
          envelope,
          stop: { sourcePage, index: index + 1, read, kept: from.kept + results.length, exhausted: false },
        };
      }
    }
    const last = items.length === 0 || sourcePage >= Math.min(body.total_pages, MAX_PAGES);
    sourcePage++;
    index = 0;
    if (last) return { results, envelope, stop: end(read) };
    if ((results.length >= PAGE_SIZE && sourcePage > page) || opens > maxExtra) {
      return {
        results,
        envelope,
        stop: { sourcePage, index, read, kept: from.kept + results.length, exhausted: false },
      };
    }
  }

  function end(read: number): Stop {
    return { sourcePage, index: 0, read, kept: from.kept + results.length, exhausted: true };
  }
}
