import type { MediaType } from '../../../server/catalogue/catalogue-title.ts';

/** Every title in an answer, at any depth, by TMDB's fields (as a client would read them). */
export function titlesIn(value: unknown, found: Array<[MediaType, number]> = []): Array<[MediaType, number]> {
  if (Array.isArray(value)) {
    for (const element of value) {
      if (element && typeof element === 'object' && typeof (element as { id?: unknown }).id === 'number') {
        const item = element as Record<string, unknown>;
        const mediaType =
          item.media_type === 'movie' || item.media_type === 'tv'
            ? item.media_type
            : 'original_title' in item || 'title' in item
              ? 'movie'
              : 'first_air_date' in item
                ? 'tv'
                : null;
        if (mediaType) found.push([mediaType, item.id as number]);
      }
      titlesIn(element, found);
    }
  } else if (value && typeof value === 'object') {
    for (const part of Object.values(value)) titlesIn(part, found);
  }
  return found;
}
