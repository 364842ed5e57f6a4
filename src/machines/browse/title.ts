import type { MediaType, Title, Video } from '../../services/catalogue/catalogue.port';

// docs/spec.md §2: the title, falling back to the name, then the original name. One rule for the
// client and the server's first paint of the hero (shared/catalogue/first-screen.ts).
export { displayName } from '../../../shared/catalogue/first-screen';

/** docs/spec.md §2: the part of the air (or release) date before the first dash. */
export function releaseYear(title: Title): string | undefined {
  const date = title.first_air_date || title.release_date;
  return date ? date.split('-')[0] : undefined;
}

/**
 * The title's own media type: its media_type when it says (trending, search), otherwise from its
 * fields (TMDB names a series `name`/`first_air_date` and a film `title`/`release_date`). Never
 * from the row it came from: Trending Now mixes both (docs/spec.md §4's row rule broke series there).
 */
export function mediaTypeOf(title: Title): MediaType {
  if (title.media_type === 'tv' || title.media_type === 'movie') return title.media_type;
  const series = title.name !== undefined || title.first_air_date !== undefined || title.original_name !== undefined;
  const film = title.title !== undefined || title.release_date !== undefined || title.original_title !== undefined;
  return series && !film ? 'tv' : 'movie';
}

/** docs/spec.md §5: the first video of type 'Trailer', or null when there is none. */
export function firstTrailer(videos: Video[]): Video | null {
  return videos.find((video) => video.type === 'Trailer') ?? null;
}
