import type { Title, TitleDetails, Video } from '../../services/catalogue/catalogue.port';

// docs/spec.md §2: the title, falling back to the name, then the original name. One rule for the
// client and the server's first paint of the hero (shared/catalogue/first-screen.ts).
export { displayName } from '../../../shared/catalogue/first-screen';

/** docs/spec.md §2: the part of the air (or release) date before the first dash. */
export function releaseYear(title: Title): string | undefined {
  const date = title.first_air_date || title.release_date;
  return date ? date.split('-')[0] : undefined;
}

// The title's own media type: one rule for the client's rows and the server's first paint of them.
export { mediaTypeOf } from '../../../shared/catalogue/title-lists';

/** docs/spec.md §5: the first video of type 'Trailer', or null when there is none. */
export function firstTrailer(videos: Video[]): Video | null {
  return videos.find((video) => video.type === 'Trailer') ?? null;
}

/**
 * More Like This: the similar titles from the details answer, the title itself left out. Here, in
 * the chunk every signed-in page loads, and not with the rest of a title's details: the player's
 * end screen reads it too.
 */
export function similarTitles(details: TitleDetails): Title[] {
  const results: Title[] = details.similar?.results ?? [];
  return results.filter((title) => title.id !== details.id);
}
