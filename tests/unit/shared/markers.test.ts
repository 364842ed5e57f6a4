import { describe, expect, it } from 'vitest';

import { parseMarkers } from '../../../shared/media/marker-file.ts';
import { markerAt } from '../../../shared/media/markers.ts';

describe('parseMarkers', () => {
  it('keeps well-formed markers in order of start', () => {
    expect(
      parseMarkers({
        markers: [
          { kind: 'credits', start: 120, end: 124, extra: true },
          { kind: 'intro', start: 0.8, end: 6.5 },
        ],
      }),
    ).toEqual([
      { kind: 'intro', start: 0.8, end: 6.5 },
      { kind: 'credits', start: 120, end: 124 },
    ]);
  });

  it('leaves out unknown kinds, empty or negative spans and non-numbers; a wrong document is none', () => {
    expect(
      parseMarkers({
        markers: [
          { kind: 'outro', start: 1, end: 2 },
          { kind: 'intro', start: 5, end: 5 },
          { kind: 'recap', start: -1, end: 3 },
          { kind: 'recap', start: '1', end: 3 },
          null,
          { kind: 'recap', start: 10, end: 20 },
        ],
      }),
    ).toEqual([{ kind: 'recap', start: 10, end: 20 }]);
    expect(parseMarkers(null)).toEqual([]);
    expect(parseMarkers([{ kind: 'intro', start: 0, end: 1 }])).toEqual([]);
    expect(parseMarkers({ markers: 'intro' })).toEqual([]);
  });
});

describe('markerAt', () => {
  const markers = parseMarkers({
    markers: [
      { kind: 'recap', start: 0, end: 10 },
      { kind: 'intro', start: 10, end: 40 },
    ],
  });
  it('is the marker whose span holds the time, start included and end not', () => {
    expect(markerAt(markers, 0)?.kind).toBe('recap');
    expect(markerAt(markers, 10)?.kind).toBe('intro');
    expect(markerAt(markers, 39.9)?.kind).toBe('intro');
    expect(markerAt(markers, 40)).toBeNull();
    expect(markerAt([], 5)).toBeNull();
  });
});
