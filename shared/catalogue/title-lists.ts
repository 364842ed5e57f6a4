/**
 * How a row made of several catalogue lists orders its titles (New & Popular's rows), and what
 * a title's media type is: one rule for the client's rows (src/screens/browse/title-lists.ts)
 * and the server's first paint of a section page's first row (server/web/first-screen.ts).
 */

/** The fields that say what a title is. */
export interface TypedTitle {
  id: number;
  media_type?: string;
  name?: string | null;
  first_air_date?: string | null;
  original_name?: string | null;
  title?: string | null;
  release_date?: string | null;
  original_title?: string | null;
}

/**
 * The title's own media type: its media_type when it says (trending, search), otherwise from its
 * fields (TMDB names a series `name`/`first_air_date` and a film `title`/`release_date`). Never
 * from the row it came from: Trending Now mixes both (docs/spec.md §4's row rule broke series there).
 */
export function mediaTypeOf(title: TypedTitle): 'movie' | 'tv' {
  if (title.media_type === 'tv' || title.media_type === 'movie') return title.media_type;
  const series = title.name !== undefined || title.first_air_date !== undefined || title.original_name !== undefined;
  const film = title.title !== undefined || title.release_date !== undefined || title.original_title !== undefined;
  return series && !film ? 'tv' : 'movie';
}

/**
 * Titles from several lists taken in turn (the first of each, then the second of each…), each
 * title once (a film can be both now playing and trending), cut at `limit`.
 */
export function interleave<T extends TypedTitle>(lists: readonly (readonly T[])[], limit = Infinity): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
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
