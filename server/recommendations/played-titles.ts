import type { WatchingRepository } from '../documents/watching-repository.ts';

/** A title a profile played, and when it last did (ms since the epoch). */
export interface PlayedTitle {
  mediaType: 'movie' | 'tv';
  id: number;
  playedAt: number;
}

/**
 * The one answer to "which titles did this profile play", newest first: its stored progress
 * (server/documents/watching-repository.ts). Whatever later takes a title out of a profile's
 * history (a "hide" from viewing activity) applies here, and the recommendations follow.
 */
export function titlesPlayed(
  watching: Pick<WatchingRepository, 'listProgress'>,
  uid: string,
  profileId: string,
): PlayedTitle[] {
  return watching.listProgress(uid, profileId).map((entry) => ({
    mediaType: entry.media_type,
    id: entry.id,
    playedAt: Date.parse(entry.updated_at),
  }));
}
