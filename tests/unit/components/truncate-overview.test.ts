import { describe, expect, it } from 'vitest';

import { OVERVIEW_LIMITS, truncateOverview } from '../../../shared/catalogue/overview-cut.ts';

const LONG =
  'When a lighthouse keeper vanishes from a remote island, his estranged daughter returns to run the light ' +
  'and finds his logbook full of ships that never existed and storms that never came.';

describe('truncateOverview', () => {
  it('keeps a text under the limit as it is', () => {
    expect(truncateOverview('Two sisters, one boat.', 82)).toBe('Two sisters, one boat.');
  });

  it('keeps a text exactly at the limit, with no ellipsis', () => {
    const text = 'x'.repeat(82);
    expect(truncateOverview(text, 82)).toBe(text);
  });

  it("cuts at the last word boundary within the limit and appends '…' straight after the last word", () => {
    const narrow = truncateOverview(LONG, OVERVIEW_LIMITS.narrow);
    const wide = truncateOverview(LONG, OVERVIEW_LIMITS.wide);
    expect(narrow).toBe('When a lighthouse keeper vanishes from a remote island, his estranged daughter…');
    expect(wide).toBe(
      'When a lighthouse keeper vanishes from a remote island, his estranged daughter returns to run the light ' +
        'and finds his logbook full of ships that never existed…',
    );
  });

  it('never goes past the limits, and every cut ends on a whole word of the text', () => {
    for (const max of [OVERVIEW_LIMITS.narrow, OVERVIEW_LIMITS.wide]) {
      for (let start = 0; start < 40; start++) {
        const text = LONG.slice(start).trim();
        const cut = truncateOverview(text, max);
        if (cut === text) continue;
        const kept = cut.slice(0, -'…'.length);
        expect(Array.from(kept).length).toBeLessThanOrEqual(max);
        const words = text.split(/\s+/);
        const keptWords = kept.split(/\s+/);
        // Every kept word is whole: the text has it at the same position, less trailing punctuation.
        keptWords.forEach((word, index) => expect(words[index].startsWith(word)).toBe(true));
        expect(words[keptWords.length - 1].replace(/[,;:]$/, '')).toBe(keptWords.at(-1));
      }
    }
  });

  it('keeps a word that ends exactly at the limit', () => {
    expect(truncateOverview('A quiet story of the sea', 7)).toBe('A quiet…');
    expect(truncateOverview('A quiet story of the sea', 8)).toBe('A quiet…');
    expect(truncateOverview('A quiet story of the sea', 12)).toBe('A quiet…');
  });

  it('drops the comma or dash before the ellipsis', () => {
    expect(truncateOverview('Salt, wind, and a long road home', 12)).toBe('Salt, wind…');
    expect(truncateOverview('Two sisters — one boat and no map', 14)).toBe('Two sisters…');
  });

  it('cuts through a word only when it is longer than half the limit', () => {
    const text = `Go ${'x'.repeat(100)}`;
    expect(truncateOverview(text, 82)).toBe(`Go ${'x'.repeat(79)}…`);
  });

  it('ignores whitespace around the whole text', () => {
    expect(truncateOverview('  short  ', 5)).toBe('short');
  });

  it('never splits a character made of two code units', () => {
    expect(truncateOverview('🎬🎬🎬', 2)).toBe('🎬🎬…');
  });
});
