/**
 * When a title comes out, and whether it has: one rule for every "Coming …" the app says.
 * dates are TMDB's calendar days (YYYY-MM-DD), compared as text.
 */

/** The fields that say when a title comes out: a film's release date, a series' first air date. */
export interface DatedTitle {
  release_date?: string | null;
  first_air_date?: string | null;
}

/** The title's release (or first air) date, or undefined when the catalogue gives none. */
export function releaseDateOf(title: DatedTitle): string | undefined {
  return title.release_date || title.first_air_date || undefined;
}

/** The calendar day (UTC) the catalogue is served on, as TMDB writes dates. */
export function catalogueDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whether the title is still to come on `today`: dated after it. An undated title is not coming
 * (nothing can be said of when), and a title out today or before is released, whatever list it
 * came in (the embedded catalogue's upcoming list is its newest titles, all long released).
 */
export function isUnreleased(title: DatedTitle, today: string): boolean {
  const date = releaseDateOf(title);
  return date !== undefined && date > today;
}
