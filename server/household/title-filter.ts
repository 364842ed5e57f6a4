/**
 * Takes the titles a viewer may not see out of a catalogue answer, whatever its shape: list and
 * search pages, a person's credits and the titles they are known for, similar titles, the app's
 * whole search. Answers are TMDB's JSON, so a title is recognised by TMDB's own fields: an object
 * in an array with a numeric `id` and `media_type` "movie" or "tv", or a film's `original_title`,
 * or a series' `first_air_date` (people, episodes, seasons and release dates have none of these).
 */

type MediaType = 'movie' | 'tv';
export type Allows = (mediaType: MediaType, id: number) => boolean;

/** The title a route's address names (details, its sub-resources, a season), if it names one. */
const TITLE_ROUTE = /\/(movie|tv)\/:id(?:\/|$)/;

export function titleOfRoute(routeUrl: string, params: unknown): { mediaType: MediaType; id: number } | null {
  const match = TITLE_ROUTE.exec(routeUrl);
  const id = Number((params as { id?: unknown } | null)?.id);
  return match && Number.isInteger(id) ? { mediaType: match[1] as MediaType, id } : null;
}

function titleOf(value: unknown): { mediaType: MediaType; id: number } | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const item = value as Record<string, unknown>;
  if (typeof item.id !== 'number') return null;
  if (item.media_type === 'movie' || item.media_type === 'tv') return { mediaType: item.media_type, id: item.id };
  if (item.media_type !== undefined) return null;
  if ('original_title' in item) return { mediaType: 'movie', id: item.id };
  if ('first_air_date' in item) return { mediaType: 'tv', id: item.id };
  return null;
}

/** Whether an item of a list is a title `allows` refuses. */
export function isRefused(value: unknown, allows: Allows): boolean {
  const title = titleOf(value);
  return title !== null && !allows(title.mediaType, title.id);
}

/**
 * The answer without the titles `allows` refuses, at any depth. Nothing is changed in place (an
 * answer's parts may be shared with other answers): a part with nothing taken out is the same
 * object.
 */
export function withoutRefused<T>(answer: T, allows: Allows): T {
  return strip(answer, allows) as T;
}

function strip(value: unknown, allows: Allows): unknown {
  if (Array.isArray(value)) {
    let changed = false;
    const kept: unknown[] = [];
    for (const element of value) {
      const title = titleOf(element);
      if (title && !allows(title.mediaType, title.id)) {
        changed = true;
        continue;
      }
      const stripped = strip(element, allows);
      if (stripped !== element) changed = true;
      kept.push(stripped);
    }
    return changed ? kept : value;
  }
  if (typeof value !== 'object' || value === null) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [name, part] of Object.entries(value)) {
    const stripped = strip(part, allows);
    if (stripped !== part) (copy ??= { ...(value as Record<string, unknown>) })[name] = stripped;
  }
  return copy ?? value;
}
