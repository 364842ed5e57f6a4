import { describe, expect, it } from 'vitest';

import { episodeLine, requestFrom, requestOfPath, startAtOf } from '../../../../shared/web/player-address.ts';

describe('the player page’s address', () => {
  it('asks for a film, or a series’ episode (S1:E1 when not given)', () => {
    expect(requestFrom({ mediaType: 'movie', id: '603' })).toEqual({ mediaType: 'movie', id: 603, episode: null });
    expect(requestFrom({ mediaType: 'tv', id: '1399' })).toEqual({
      mediaType: 'tv',
      id: 1399,
      episode: { season: 1, episode: 1 },
    });
    expect(requestFrom({ mediaType: 'tv', id: '1399', season: '2', episode: '3' })).toEqual({
      mediaType: 'tv',
      id: 1399,
      episode: { season: 2, episode: 3 },
    });
  });

  it('refuses anything else', () => {
    expect(requestFrom({ mediaType: 'person', id: '5' })).toBeNull();
    expect(requestFrom({ mediaType: 'movie', id: 'abc' })).toBeNull();
    expect(requestFrom({ mediaType: 'movie', id: '0' })).toBeNull();
    expect(requestFrom({ mediaType: 'movie', id: '603', season: '1' })).toBeNull();
    expect(requestFrom({ mediaType: 'tv', id: '1399', season: '1', episode: '0' })).toBeNull();
  });

  it('reads a path as the route does (the server’s first paint of the player uses it), and labels an episode', () => {
    expect(requestOfPath('/watch/movie/603')).toEqual({ mediaType: 'movie', id: 603, episode: null });
    expect(requestOfPath('/watch/movie/603/')).toEqual({ mediaType: 'movie', id: 603, episode: null });
    expect(requestOfPath('/watch/tv/1399/2/3')).toEqual({
      mediaType: 'tv',
      id: 1399,
      episode: { season: 2, episode: 3 },
    });
    expect(requestOfPath('/watch/tv/1399/2')).toEqual({
      mediaType: 'tv',
      id: 1399,
      episode: { season: 2, episode: 1 },
    });
    for (const path of [
      '/watch/',
      '/watch/movie',
      '/watch/movie//603',
      '/watch/tv/1/2/3/4',
      '/watch/movie/%E0',
      '/title/movie/603',
    ]) {
      expect(requestOfPath(path), path).toBeNull();
    }
    expect(episodeLine({ season: 2, episode: 3 })).toBe('S2:E3 Episode 3');
  });

  it('starts from ?t=seconds, else from the beginning', () => {
    expect(startAtOf('t=83.5')).toBe(83.5);
    expect(startAtOf('')).toBe(0);
    expect(startAtOf('t=-4')).toBe(0);
    expect(startAtOf('t=soon')).toBe(0);
  });
});
