import { describe, expect, it } from 'vitest';

import { episodeLabel, nextEpisode } from '../../../../src/machines/watching/programme.ts';

const SEASONS = [
  { season_number: 0, episode_count: 4 }, // specials are never "next"
  { season_number: 1, episode_count: 3 },
  { season_number: 3, episode_count: 2 },
  { season_number: 2, episode_count: 0 }, // announced, no episodes yet
];

describe('nextEpisode', () => {
  it('is the next in the season, then the first of the next season with episodes', () => {
    expect(nextEpisode(SEASONS, { season: 1, episode: 2 })).toEqual({ season: 1, episode: 3 });
    expect(nextEpisode(SEASONS, { season: 1, episode: 3 })).toEqual({ season: 3, episode: 1 });
  });

  it('is none after the last episode of the last season', () => {
    expect(nextEpisode(SEASONS, { season: 3, episode: 2 })).toBeNull();
    expect(nextEpisode([], { season: 1, episode: 1 })).toBeNull();
  });
});

it('labels an episode like the real service', () => {
  expect(episodeLabel({ season: 2, episode: 3 })).toBe('S2:E3');
});
