import { describe, expect, it } from 'vitest';

import { activeProfileRef } from '../../../../src/screens/watching/active-profile.ts';
import { episodeLabel, titleOfSaved, watchPath } from '../../../../src/screens/watching/watching-links.ts';

const FILM = { media_type: 'movie' as const, id: 603, season_number: null, episode_number: null };
const EPISODE = { media_type: 'tv' as const, id: 1399, season_number: 2, episode_number: 3 };

describe('watchPath', () => {
  it('addresses a film, with the whole seconds to start at', () => {
    expect(watchPath(FILM)).toBe('/watch/movie/603');
    expect(watchPath(FILM, 754.9)).toBe('/watch/movie/603?t=754');
  });

  it('addresses a series episode, or the series when no episode is known', () => {
    expect(watchPath(EPISODE, 61)).toBe('/watch/tv/1399/2/3?t=61');
    expect(watchPath({ ...EPISODE, season_number: null, episode_number: null })).toBe('/watch/tv/1399');
  });

  it('leaves `t` out at the start or for a position that is not a number', () => {
    expect(watchPath(FILM, 0.4)).toBe('/watch/movie/603');
    expect(watchPath(FILM, Number.NaN)).toBe('/watch/movie/603');
  });
});

describe('episodeLabel', () => {
  it('labels an episode as the real service does, and nothing for a film', () => {
    expect(episodeLabel(EPISODE)).toBe('S2:E3');
    expect(episodeLabel({ ...EPISODE, season_number: 0, episode_number: 1 })).toBe('S0:E1');
    expect(episodeLabel(FILM)).toBeUndefined();
  });
});

describe('titleOfSaved', () => {
  it('gives films a title and series a name, with their media type', () => {
    expect(titleOfSaved({ media_type: 'movie', id: 603, title: 'The Matrix', backdrop_path: '/b.jpg' })).toEqual({
      id: 603,
      title: 'The Matrix',
      overview: '',
      backdrop_path: '/b.jpg',
      poster_path: null,
      media_type: 'movie',
    });
    expect(
      titleOfSaved({ media_type: 'tv', id: 1399, title: 'Dark', backdrop_path: null, poster_path: '/p.jpg' }),
    ).toMatchObject({ name: 'Dark', poster_path: '/p.jpg', media_type: 'tv' });
  });
});

describe('activeProfileRef', () => {
  const profiles = [
    { id: 'p1', name: 'Ann', activeProfile: false },
    { id: 'p2', name: 'Kids', activeProfile: true },
  ];
  it('is the account and its active profile', () => {
    expect(activeProfileRef('uid-1', profiles)).toEqual({ uid: 'uid-1', profileId: 'p2' });
  });
  it('is null signed out or without an active profile', () => {
    expect(activeProfileRef(undefined, profiles)).toBeNull();
    expect(activeProfileRef('uid-1', [])).toBeNull();
  });
});
