import { mediaTypeOf } from '../../machines/browse/title';
import type { CatalogueService, Title, TitleList } from '../../services/catalogue/catalogue.port';

/**
 * Titles from several lists taken in turn (the first of each, then the second of each…), each
 * title once (a film can be both now playing and trending), cut at `limit`.
 */
export function interleave(lists: Title[][], limit = Infinity): Title[] {
  const seen = new Set<string>();
  const out: Title[] = [];
  const longest = Math.max(0, ...lists.map((list) => list.length));
  for (let index = 0; index < longest && out.length < limit; index++) {
    for (const list of lists) {
      const title = list[index];
      if (!title) continue;
      const key = `${mediaTypeOf(title)}:${title.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(title);
      if (out.length >= limit) break;
    }
  }
  return out;
}

/** Fetches what a row or grid shows (a home row, a genre, or named lists) through the catalogue port. */
export async function fetchTitleList(
  catalogue: CatalogueService,
  list: TitleList,
  signal?: AbortSignal,
): Promise<Title[]> {
  if (typeof list === 'string') return catalogue.fetchRow(list, signal);
  if ('genreId' in list) return catalogue.discover(list.mediaType, { genreId: list.genreId }, signal);
  const lists = await Promise.all(list.lists.map((name) => catalogue.list(name, signal)));
  return interleave(lists, list.limit);
}
