import { describe, expect, it } from 'vitest';

import {
  itemOfRequest,
  itemOfSaved,
  parsePlayAddress,
  playAddress,
  requestOfItem,
  startAtOf,
} from '../../../shared/web/player-address.ts';

describe('playAddress', () => {
  it('addresses a film, a series and an episode, with whole seconds to start at', () => {
    expect(playAddress({ kind: 'movie', id: 603 })).toBe('/watch/movie/603');
    expect(playAddress({ kind: 'movie', id: 603, t: 754.9 })).toBe('/watch/movie/603?t=754');
    expect(playAddress({ kind: 'tv', id: 1399 })).toBe('/watch/tv/1399');
    expect(playAddress({ kind: 'tv', id: 1399, season: 2, episode: 3, t: 61 })).toBe('/watch/tv/1399/2/3?t=61');
  });

  it('leaves `t` out at the start or when it is not a number, and an episode out of a film', () => {
    expect(playAddress({ kind: 'movie', id: 603, t: 0.4 })).toBe('/watch/movie/603');
    expect(playAddress({ kind: 'movie', id: 603, t: Number.NaN })).toBe('/watch/movie/603');
    expect(playAddress({ kind: 'movie', id: 603, season: 1, episode: 2 })).toBe('/watch/movie/603');
    expect(playAddress({ kind: 'tv', id: 1399, season: 2 })).toBe('/watch/tv/1399');
  });
});

describe('parsePlayAddress', () => {
  it('reads back what playAddress builds', () => {
    const items = [
      { kind: 'movie', id: 603 },
      { kind: 'movie', id: 603, t: 754 },
      { kind: 'tv', id: 1399, season: 2, episode: 3, t: 61 },
      { kind: 'tv', id: 1399, season: 0, episode: 1 },
    ] as const;
    for (const item of items) {
      const [path, query = ''] = playAddress(item).split('?');
      expect(parsePlayAddress(path, query)).toEqual(item);
    }
  });

  it('gives a series without an episode its first, and refuses anything else', () => {
    expect(parsePlayAddress('/watch/tv/1399')).toEqual({ kind: 'tv', id: 1399, season: 1, episode: 1 });
    for (const path of ['/watch/', '/watch/movie', '/watch/person/5', '/watch/movie/603/1/2', '/title/movie/603']) {
      expect(parsePlayAddress(path)).toBeNull();
    }
  });

  it('reads `t` as seconds, ignoring one that is not a positive number', () => {
    expect(startAtOf('?t=62')).toBe(62);
    expect(startAtOf('t=62.5')).toBe(62.5);
    expect(startAtOf('?t=-3')).toBe(0);
    expect(startAtOf('?t=abc')).toBe(0);
    expect(startAtOf('')).toBe(0);
  });
});

describe('items, requests and saved entries', () => {
  it('a request plays the item, and back', () => {
    expect(requestOfItem({ kind: 'tv', id: 1399 })).toEqual({
      mediaType: 'tv',
      id: 1399,
      episode: { season: 1, episode: 1 },
    });
    expect(requestOfItem({ kind: 'movie', id: 603, t: 5 })).toEqual({ mediaType: 'movie', id: 603, episode: null });
    expect(itemOfRequest({ mediaType: 'tv', id: 1399, episode: { season: 2, episode: 3 } }, 40)).toEqual({
      kind: 'tv',
      id: 1399,
      season: 2,
      episode: 3,
      t: 40,
    });
  });

  it('a saved entry plays its episode', () => {
    const saved = { media_type: 'tv' as const, id: 1399, season_number: 2, episode_number: 3 };
    expect(playAddress(itemOfSaved(saved, 61))).toBe('/watch/tv/1399/2/3?t=61');
    expect(itemOfSaved({ ...saved, season_number: null, episode_number: null })).toEqual({ kind: 'tv', id: 1399 });
  });
});
