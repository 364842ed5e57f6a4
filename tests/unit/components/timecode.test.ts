import { describe, expect, it } from 'vitest';

import { myListButtonLabel } from '../../../src/components/watching/MyListButton.tsx';
import { formatTimecode } from '../../../src/components/watching/timecode.ts';

describe('formatTimecode', () => {
  it('shows m:ss under an hour', () => {
    expect(formatTimecode(0)).toBe('0:00');
    expect(formatTimecode(7)).toBe('0:07');
    expect(formatTimecode(754.9)).toBe('12:34');
    expect(formatTimecode(3599)).toBe('59:59');
  });

  it('shows h:mm:ss from an hour', () => {
    expect(formatTimecode(3600)).toBe('1:00:00');
    expect(formatTimecode(3723)).toBe('1:02:03');
  });

  it('reads bad input as the start', () => {
    expect(formatTimecode(-5)).toBe('0:00');
    expect(formatTimecode(Number.NaN)).toBe('0:00');
    expect(formatTimecode(Number.POSITIVE_INFINITY)).toBe('0:00');
  });
});

describe('myListButtonLabel', () => {
  it('says what pressing the button does', () => {
    expect(myListButtonLabel(false)).toBe('Add to My List');
    expect(myListButtonLabel(true)).toBe('Remove from My List');
    expect(myListButtonLabel(false, 'Inception')).toBe('Add Inception to My List');
    expect(myListButtonLabel(true, 'Inception')).toBe('Remove Inception from My List');
  });
});
