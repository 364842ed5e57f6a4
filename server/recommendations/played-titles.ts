import { titleKey } from '../../shared/watching/watching-rules.ts';
import type { ActivityRepository } from '../activity/activity-repository.ts';
import type { WatchingRepository } from '../documents/watching-repository.ts';

/** A title a profile played, and when it last did (ms since the epoch). */
export interface PlayedTitle {
  mediaType: 'movie' | 'tv';
  id: number;
  playedAt: number;
}

/**
 * The one answer to "which titles did this profile play", newest first: its viewing activity
 * (server/activity, the plays log), and its stored progress for what was watched before the log
 * was kept. A title the profile hid from its activity is left out, so the recommendations follow.
 */
export function titlesPlayed(
  activity: Pick<ActivityRepository, 'activity' | 'hiddenTitles'>,
  watching: Pick<WatchingRepository, 'listProgress'>,
  uid: string,
  profileId: string,
): PlayedTitle[] {
  const hidden = activity.hiddenTitles(uid, profileId);
  const latest = new Map<string, PlayedTitle>();
  const note = (played: PlayedTitle) => {
    const key = titleKey(played.mediaType, played.id);
    if (hidden.has(key)) return;
    const known = latest.get(key);
    if (!known || known.playedAt < played.playedAt) latest.set(key, played);
  };
  for (const line of activity.activity(uid, profileId)) {
    note({ mediaType: line.media_type, id: line.id, playedAt: Date.parse(line.played_at) });
  }
  for (const entry of watching.listProgress(uid, profileId)) {
    note({ mediaType: entry.media_type, id: entry.id, playedAt: Date.parse(entry.updated_at) });
  }
  return [...latest.values()].sort((a, b) => b.playedAt - a.playedAt);
}
