import { describe, expect, it } from 'vitest';

import { playDay, playKey, playLabel } from '../../../../shared/activity/activity-rules';
import { activityLines, localDay } from '../../../../src/screens/watching/activity-lines';

describe('activity lines', () => {
  it('names films and episodes, and keys them apart', () => {
    const film = {
      media_type: 'movie' as const,
      id: 603,
      season_number: null,
      episode_number: null,
      title: 'The Matrix',
    };
    const episode = { ...film, media_type: 'tv' as const, id: 1399, season_number: 1, episode_number: 2, title: 'GoT' };
    expect(playKey(film)).toBe('movie-603');
    expect(playKey(episode)).toBe('tv-1399-s1e2');
    expect(playLabel(film)).toBe('The Matrix');
    expect(playLabel(episode)).toBe('GoT: Season 1: Episode 2');
    expect(playDay('2026-11-29T23:30:00.000Z')).toBe('2026-11-29');
  });

  it('dates each line in the viewer’s own day', () => {
    const playedAt = new Date(2026, 10, 2, 9, 5);
    const [line] = activityLines([
      {
        key: 'movie-603',
        media_type: 'movie',
        id: 603,
        season_number: null,
        episode_number: null,
        title: 'The Matrix',
        played_at: playedAt.toISOString(),
      },
    ]);
    expect(line).toEqual({ key: 'movie-603', label: 'The Matrix', date: '02/11/2026', dateTime: '2026-11-02' });
    expect(localDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
