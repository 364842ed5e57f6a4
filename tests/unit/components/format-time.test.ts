import { describe, expect, it } from 'vitest';

import { formatTime } from '../../../src/components/watching/format-time.ts';
import { myListButtonLabel } from '../../../src/components/watching/MyListButton.tsx';

describe('formatTime', () => {
  it('shows m:ss under an hour', () => {
    expect(formatTime(0)).toBe('0:00');
    expect(formatTime(7)).toBe('0:07');
    expect(formatTime(754.9)).toBe('12:34');
    expect(formatTime(3599)).toBe('59:59');
  });

  it('shows h:mm:ss from an hour', () => {
    expect(formatTime(3600)).toBe('1:00:00');
    expect(formatTime(3723)).toBe('1:02:03');
  });

  it('reads bad input as the start', () => {
    expect(formatTime(-5)).toBe('0:00');
    expect(formatTime(Number.NaN)).toBe('0:00');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
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
