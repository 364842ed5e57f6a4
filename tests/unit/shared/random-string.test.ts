import { afterEach, describe, expect, it, vi } from 'vitest';

import { randomString } from '../../../shared/text/random-string';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('randomString', () => {
  it('draws the length asked for, from the alphabet only', () => {
    const drawn = randomString('abc', 500);
    expect(drawn).toHaveLength(500);
    expect(drawn).toMatch(/^[abc]+$/);
    // Every character of a small alphabet turns up in 500 draws.
    expect(new Set(drawn).size).toBe(3);
  });

  it('skips the bytes past the largest multiple of the alphabet, so each character is equally likely', () => {
    // 62 characters: 248 = 4 × 62, so bytes 248–255 would favour the first eight.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
    const draws = [
      [248, 255, 0, 61, 62, 250, 250, 250, 250, 250, 250, 250],
      [1, 250, 250, 250, 250, 250, 250, 250, 250],
    ];
    vi.spyOn(crypto, 'getRandomValues').mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array;
      const draw = draws.shift()!;
      // Each draw is as long as the string still needs, and 8 more.
      expect(draw).toHaveLength(bytes.length);
      bytes.set(draw);
      return array;
    });
    // 0 → A, 61 → 9, 62 → A (62 mod 62); the rest of the first draw is skipped, so a second is made.
    expect(randomString(alphabet, 4)).toBe('A9AB');
  });
});
