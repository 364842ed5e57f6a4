import type { RatingEntry } from '../../../shared/ratings/ratings.schema';
import type { TitleRating } from '../../../shared/ratings/ratings-rules';
import type { Title } from '../catalogue/catalogue.port';
import type { ProfileRef } from '../watching/watching.port';

export type { RatingEntry, TitleRating };

/** One "Because you watched {title}" row, as home shows it. */
export interface BecauseYouWatchedRow {
  because: { key: string; media_type: 'movie' | 'tv'; id: number; name: string };
  titles: Title[];
}

/**
 * Each profile's thumbs ratings, and the rows they (and its plays) bring. Failures reject with an
 * Error whose message can be shown to the person.
 */
export interface RatingsStore {
  /** The profile's ratings, newest first. */
  list(profile: ProfileRef): Promise<RatingEntry[]>;
  /** Rates a title (`movie-603`), replacing its rating; resolves with the stored rating. */
  rate(profile: ProfileRef, key: string, rating: TitleRating): Promise<RatingEntry>;
  /** Clears a title's rating. */
  clear(profile: ProfileRef, key: string): Promise<void>;
  /** The profile's "Because you watched" rows (none when it has played and liked nothing). */
  becauseYouWatched(profile: ProfileRef): Promise<BecauseYouWatchedRow[]>;
}
