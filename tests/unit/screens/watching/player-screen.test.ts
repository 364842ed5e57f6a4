import { describe, expect, it } from 'vitest';

import { requestFrom, startFrom } from '../../../../src/screens/watching/PlayerScreen.tsx';

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

  it('starts from ?t=seconds, else from the beginning', () => {
    expect(startFrom('t=83.5')).toBe(83.5);
    expect(startFrom('')).toBe(0);
    expect(startFrom('t=-4')).toBe(0);
    expect(startFrom('t=soon')).toBe(0);
  });
});
