/**
 * Ids of the operator's own titles (server/library). TMDB numbers films and series separately
 * and its ids are below ten million; Marquee's originals sit at 9,000,000 and up. Library titles
 * take ids from LIBRARY_ID_BASE, far above both and still within a signed 32-bit integer, which
 * is what third-party TMDB clients store ids in. A title matched to the catalogue keeps the
 * catalogue's id instead.
 */
export const LIBRARY_ID_BASE = 2_000_000_000;
/** The last id of the range (2^31 - 1). */
export const LIBRARY_ID_MAX = 2_147_483_647;

/** Whether an id is a library title's (never a catalogue title's). */
export const isLibraryId = (id: number): boolean =>
  Number.isInteger(id) && id > LIBRARY_ID_BASE && id <= LIBRARY_ID_MAX;

/** The id a library item with this key is served under. */
export function libraryIdOf(itemKey: number): number {
  const id = LIBRARY_ID_BASE + itemKey;
  if (!Number.isInteger(itemKey) || itemKey < 1 || id > LIBRARY_ID_MAX) {
    throw new RangeError(`library item key ${itemKey} is outside the library id range`);
  }
  return id;
}

/** The library item key behind a library id, or null when the id is not in the range. */
export const itemKeyOf = (id: number): number | null => (isLibraryId(id) ? id - LIBRARY_ID_BASE : null);
