import type { MediaType, Title, Video } from '../../services/catalogue/catalogue.port';

/** SPEC §2: the title, falling back to the name, then the original name. */
export function displayName(title: Title): string {
  return title.title || title.name || title.original_name || title.original_title || 'Untitled';
}

/** SPEC §2: the part of the air (or release) date before the first dash. */
export function releaseYear(title: Title): string | undefined {
  const date = title.first_air_date || title.release_date;
  return date ? date.split('-')[0] : undefined;
}

/** The title's own media_type when present, otherwise the one of the row it came from. */
export function mediaTypeOf(title: Title, fallback: MediaType): MediaType {
  return title.media_type === 'tv' || title.media_type === 'movie' ? title.media_type : fallback;
}

/** SPEC §5: the first video of type 'Trailer', or null when there is none. */
export function firstTrailer(videos: Video[]): Video | null {
  return videos.find((video) => video.type === 'Trailer') ?? null;
}
