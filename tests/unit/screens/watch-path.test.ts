import { describe, expect, it } from 'vitest';

import { watchPath } from '../../../src/screens/browse/watch-path.ts';

describe('watchPath', () => {
  it('a film plays at /watch/movie/{id}', () => {
    expect(watchPath({ mediaType: 'movie', id: 27205 })).toBe('/watch/movie/27205');
  });

  it('an episode plays at /watch/tv/{id}/{season}/{episode}', () => {
    expect(watchPath({ mediaType: 'tv', id: 1399, season: 2, episode: 3 })).toBe('/watch/tv/1399/2/3');
  });

  it('a series without a season or episode starts at S1 E1', () => {
    expect(watchPath({ mediaType: 'tv', id: 1399 })).toBe('/watch/tv/1399/1/1');
  });
});
