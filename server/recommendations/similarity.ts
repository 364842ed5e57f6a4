import type { TitleFacts } from '../catalogue/catalogue-facts.ts';
import { searchWords } from '../catalogue/catalogue-facts.ts';
import type { CatalogueTitle } from '../catalogue/catalogue-title.ts';

/** What two titles are compared by. */
export interface TitleFeatures {
  genres: ReadonlySet<number>;
  /** The overview's telling words: the shipped catalogue has no keyword lists, so these stand in. */
  keywords: ReadonlySet<string>;
  cast: ReadonlySet<number>;
  /** Directors, writers and a series' creators. */
  crew: ReadonlySet<number>;
}

// Words too common in overviews to say what a title is about.
const COMMON = new Set(
  (
    'about after again against along among another around because before being between their there these ' +
    'those through under until where which while whose would could should other every first years never ' +
    'finds comes takes makes gets goes becomes begins young world life lives story family friends people ' +
    'while with from into that this what when them they have will just only over more most some than then ' +
    'must each time back still even ever own'
  ).split(' '),
);

export function featuresOf(title: CatalogueTitle, facts: TitleFacts): TitleFeatures {
  return {
    genres: new Set(title.genreIds),
    keywords: new Set(searchWords(title.overview).filter((word) => word.length >= 5 && !COMMON.has(word))),
    cast: new Set(facts.cast.slice(0, 10).map((credit) => credit.person.id)),
    crew: new Set([...facts.crew.map((credit) => credit.person.id), ...facts.createdBy.map((person) => person.id)]),
  };
}

const shared = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) => {
  let count = 0;
  for (const item of a) if (b.has(item)) count += 1;
  return count;
};
const jaccard = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>) => {
  const both = shared(a, b);
  return both === 0 ? 0 : both / (a.size + b.size - both);
};

/** How much each likeness counts: genres most, then the people who made it, then who is in it and what it is about. */
export const WEIGHTS = { genres: 4, keywords: 2, cast: 1.5, crew: 3 } as const;

/**
 * How alike two titles are (0 = nothing in common): the share of genres and of telling words
 * they have in common, and the people they share (a shared director counts for more than a
 * shared actor; each is capped so one crowded cast does not outweigh everything else).
 */
export function similarity(a: TitleFeatures, b: TitleFeatures): number {
  return (
    WEIGHTS.genres * jaccard(a.genres, b.genres) +
    WEIGHTS.keywords * jaccard(a.keywords, b.keywords) +
    (WEIGHTS.cast * Math.min(shared(a.cast, b.cast), 3)) / 3 +
    (WEIGHTS.crew * Math.min(shared(a.crew, b.crew), 2)) / 2
  );
}
