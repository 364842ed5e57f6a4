import { catalogueDay, isUnreleased } from '../../../shared/catalogue/release';
import { interleave } from '../../../shared/catalogue/title-lists';
import type { CatalogueService, Title, TitleList } from '../../services/catalogue/catalogue.port';

// New & Popular's order: one rule for the client's rows and the server's first paint of them.
export { interleave };

/**
 * Fetches what a row or grid shows (a home row, a genre, or named lists) through the catalogue
 * port. `now` is the clock an unreleased-only list is judged by.
 */
export async function fetchTitleList(
  catalogue: CatalogueService,
  list: TitleList,
  signal?: AbortSignal,
  now: () => Date = () => new Date(),
): Promise<Title[]> {
  if (typeof list === 'string') return catalogue.fetchRow(list, signal);
  if ('genreId' in list) return catalogue.discover(list.mediaType, { genreId: list.genreId }, signal);
  if ('recentlyAdded' in list) return catalogue.recentlyAdded ? catalogue.recentlyAdded(signal) : [];
  if ('topTen' in list) return catalogue.topTen ? catalogue.topTen(signal) : [];
  const lists = await Promise.all(list.lists.map((name) => catalogue.list(name, signal)));
  if (!list.unreleasedOnly) return interleave(lists, list.limit);
  // A list named "upcoming" may still hold released titles: the date decides, not the list.
  const today = catalogueDay(now());
  return interleave(
    lists.map((titles) => titles.filter((title) => isUnreleased(title, today))),
    list.limit,
  );
}
