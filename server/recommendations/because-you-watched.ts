import {
  BECAUSE_YOU_WATCHED_ROW_LENGTH,
  isLiked,
  MAX_BECAUSE_YOU_WATCHED_ROWS,
} from '../../shared/ratings/ratings-rules.ts';
import type { TitleFacts } from '../catalogue/catalogue-facts.ts';
import type { CatalogueTitle, MediaType } from '../catalogue/catalogue-title.ts';
import type { StoredRating } from '../documents/ratings-repository.ts';
import type { PlayedTitle } from './played-titles.ts';
import { featuresOf, similarity, type TitleFeatures } from './similarity.ts';

/** The catalogue as the rows need it. */
export interface RecommendationSources {
  findTitle(mediaType: MediaType, id: number): CatalogueTitle | null;
  factsFor(mediaType: MediaType, id: number): TitleFacts;
  /** A page of the titles that share genres with `title` (the catalogue's similar titles), most shared first. */
  alike(title: CatalogueTitle, page: number): CatalogueTitle[];
}

/** What a profile did, and what it may see. */
export interface ProfileHistory {
  /** Newest first (played-titles.ts). */
  played: readonly PlayedTitle[];
  ratings: readonly StoredRating[];
  sees(mediaType: MediaType, id: number): boolean;
}

export interface BecauseYouWatchedRow {
  seed: CatalogueTitle;
  titles: CatalogueTitle[];
}

/** How many pages of a title's similar titles are scored (20 each). */
export const CANDIDATE_PAGES = 5;
/** Below this a candidate is too little like the seed to be offered for it. */
export const MIN_SCORE = 1;
/** A thumbs-down title takes this many of its closest titles out with it... */
export const DOWN_NEIGHBOURS = 3;
/** ...those at least this alike (sharing about all their genres, or genres and people). */
export const MIN_NEIGHBOUR_SCORE = 3;

/** Bounds on the work of one answer: the newest thumbs-down titles looked at, and the seeds tried. */
export const MAX_DOWN_TITLES = 20;
export const MAX_SEEDS_TRIED = 10;

const keyOf = (mediaType: MediaType, id: number) => `${mediaType}-${id}`;

/**
 * A profile's "Because you watched" rows: seeds are the titles it played and those it rated up
 * or two up, newest first; each seed's similar titles are scored by genres, telling words, cast
 * and crew (similarity.ts) and the best make its row. Out of every row: titles it played or
 * rated, titles it may not see, a thumbs-down title and its closest neighbours, and a title an
 * earlier row already shows. A seed with nothing left makes no row; at most
 * MAX_BECAUSE_YOU_WATCHED_ROWS rows.
 */
export function becauseYouWatched(sources: RecommendationSources, history: ProfileHistory): BecauseYouWatchedRow[] {
  const features = new Map<string, TitleFeatures>();
  const featuresFor = (title: CatalogueTitle) => {
    const key = keyOf(title.mediaType, title.id);
    let found = features.get(key);
    if (!found) features.set(key, (found = featuresOf(title, sources.factsFor(title.mediaType, title.id))));
    return found;
  };
  const candidatesOf = (title: CatalogueTitle) => {
    const candidates: CatalogueTitle[] = [];
    for (let page = 1; page <= CANDIDATE_PAGES; page += 1) {
      const titles = sources.alike(title, page);
      candidates.push(...titles);
      if (titles.length < 20) break;
    }
    return candidates;
  };
  /** `title`'s candidates with their score, best first (then the most popular, then by id: a stable order). */
  const ranked = (title: CatalogueTitle) => {
    const own = featuresFor(title);
    return candidatesOf(title)
      .map((candidate) => ({ candidate, score: similarity(own, featuresFor(candidate)) }))
      .sort(
        (a, b) =>
          b.score - a.score || b.candidate.popularity - a.candidate.popularity || a.candidate.id - b.candidate.id,
      );
  };

  const excluded = new Set<string>();
  for (const { mediaType, id } of history.played) excluded.add(keyOf(mediaType, id));
  for (const { mediaType, id } of history.ratings) excluded.add(keyOf(mediaType, id));
  for (const down of history.ratings.filter((rating) => rating.rating === 'down').slice(0, MAX_DOWN_TITLES)) {
    const title = sources.findTitle(down.mediaType, down.id);
    if (!title) continue;
    ranked(title)
      .filter(({ score }) => score >= MIN_NEIGHBOUR_SCORE)
      .slice(0, DOWN_NEIGHBOURS)
      .forEach(({ candidate }) => excluded.add(keyOf(candidate.mediaType, candidate.id)));
  }

  const disliked = new Set(
    history.ratings.filter((rating) => !isLiked(rating.rating)).map((rating) => keyOf(rating.mediaType, rating.id)),
  );
  const seeds = [
    ...history.played.map((played) => ({ mediaType: played.mediaType, id: played.id, at: played.playedAt })),
    ...history.ratings
      .filter((rating) => isLiked(rating.rating))
      .map((rating) => ({ mediaType: rating.mediaType, id: rating.id, at: rating.ratedAt })),
  ]
    .sort((a, b) => b.at - a.at)
    .filter(({ mediaType, id }) => !disliked.has(keyOf(mediaType, id)) && history.sees(mediaType, id));

  const rows: BecauseYouWatchedRow[] = [];
  const seedsUsed = new Set<string>();
  for (const { mediaType, id } of seeds) {
    if (rows.length >= MAX_BECAUSE_YOU_WATCHED_ROWS) break;
    const key = keyOf(mediaType, id);
    if (seedsUsed.has(key)) continue;
    if (seedsUsed.size >= MAX_SEEDS_TRIED) break;
    seedsUsed.add(key);
    const seed = sources.findTitle(mediaType, id);
    if (!seed) continue;
    const titles = ranked(seed)
      .filter(
        ({ candidate, score }) =>
          score >= MIN_SCORE &&
          !excluded.has(keyOf(candidate.mediaType, candidate.id)) &&
          history.sees(candidate.mediaType, candidate.id),
      )
      .slice(0, BECAUSE_YOU_WATCHED_ROW_LENGTH)
      .map(({ candidate }) => candidate);
    if (!titles.length) continue;
    titles.forEach((title) => excluded.add(keyOf(title.mediaType, title.id)));
    rows.push({ seed, titles });
  }
  return rows;
}
