import { describe, expect, it } from 'vitest';

import { truncateOverview } from '../../../src/components/browse/HeroBanner.tsx';

describe('truncateOverview', () => {
  it('keeps a text under the limit as it is', () => {
    expect(truncateOverview('Two sisters, one boat.', 82)).toBe('Two sisters, one boat.');
  });

  it('keeps a text exactly at the limit, with no ellipsis', () => {
    const text = 'x'.repeat(82);
    expect(truncateOverview(text, 82)).toBe(text);
  });

  it("cuts a longer text to the limit and appends ' ...'", () => {
    const text = 'abcdefghij'.repeat(10);
    expect(truncateOverview(text, 82)).toBe(`${text.slice(0, 82)} ...`);
    expect(truncateOverview(text, 158)).toBe(text);
  });

  it('trims the whitespace before the ellipsis', () => {
    expect(truncateOverview('A quiet story of the sea', 8)).toBe('A quiet ...');
    expect(truncateOverview('A quiet story of the sea', 7)).toBe('A quiet ...');
  });

  it('ignores whitespace around the whole text', () => {
    expect(truncateOverview('  short  ', 5)).toBe('short');
  });

  it('never splits a character made of two code units', () => {
    expect(truncateOverview('🎬🎬🎬', 2)).toBe('🎬🎬 ...');
  });
});
