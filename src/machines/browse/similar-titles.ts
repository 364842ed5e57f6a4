import type { Title, TitleDetails } from '../../services/catalogue/catalogue.port';

// A module of its own: the player's end screen reads it, and so should not load the rest of a
// title's details (its chunk would then carry them all).

/** More Like This: the similar titles from the details answer, the title itself left out. */
export function similarTitles(details: TitleDetails): Title[] {
  const results: Title[] = details.similar?.results ?? [];
  return results.filter((title) => title.id !== details.id);
}
