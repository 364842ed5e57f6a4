import { TOP_TEN_SIZE } from '../../shared/activity/activity-rules.ts';
import type { TmdbTitleItem } from '../../shared/catalogue/tmdb.schema.ts';
import type { WatchMediaType } from '../../shared/watching/watching-rules.ts';

/** A title by its media type and id. */
export interface TitleRef {
  mediaType: WatchMediaType;
  id: number;
}

export interface TopTenSources {
  /** Titles by how many profiles played them lately, most first (the plays log). */
  played: readonly TitleRef[];
  /** Whether the viewer may see a title (its profile's maturity and blocked titles). */
  sees: (mediaType: WatchMediaType, id: number) => boolean;
  /** A title as a mixed list shows it; null when no catalogue (or library) has it any more. */
  itemOf: (mediaType: WatchMediaType, id: number) => TmdbTitleItem | null;
  /** One page (from 1) of the catalogue's titles, films and series together, most popular first; [] past the end. */
  popularPage: (page: number) => readonly TitleRef[];
}

/** Popular pages read at most to fill the row (a kids profile sees few titles of each page). */
const MAX_POPULAR_PAGES = 30;

/**
 * The Top 10: the titles most played on this service lately, then, while there are fewer than
 * ten of those the viewer may see, the catalogue's most popular ones. One list, films and series
 * together, each title once.
 */
export function topTen({ played, sees, itemOf, popularPage }: TopTenSources): TmdbTitleItem[] {
  const chosen: TmdbTitleItem[] = [];
  const taken = new Set<string>();
  const take = ({ mediaType, id }: TitleRef) => {
    const key = `${mediaType}-${id}`;
    if (chosen.length === TOP_TEN_SIZE || taken.has(key) || !sees(mediaType, id)) return;
    const item = itemOf(mediaType, id);
    if (!item) return;
    taken.add(key);
    chosen.push(item);
  };
  played.forEach(take);
  for (let page = 1; page <= MAX_POPULAR_PAGES && chosen.length < TOP_TEN_SIZE; page += 1) {
    const titles = popularPage(page);
    if (!titles.length) break;
    titles.forEach(take);
  }
  return chosen;
}
