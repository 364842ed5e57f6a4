import type { WatchTarget } from '../../components/browse/watch-target';

/** The player page's address: /watch/movie/{id}, or /watch/tv/{id}/{season}/{episode} (episode 1 of season 1 unless told). */
export function watchPath({ mediaType, id, season, episode }: WatchTarget): string {
  return mediaType === 'movie' ? `/watch/movie/${id}` : `/watch/tv/${id}/${season ?? 1}/${episode ?? 1}`;
}
