import { describe, expect, it } from 'vitest';

// The maker's own index writer: what media:build commits is what the parser reads.
import { thumbnailIndex } from '../../../scripts/trickplay.mjs';
import { thumbnailAt } from '../../../shared/media/trickplay.ts';
import { parseThumbnailVtt } from '../../../shared/media/trickplay-index.ts';

describe('parseThumbnailVtt', () => {
  it('reads what the maker writes: one cue per 10 s, each a region of the sprite', () => {
    const text = thumbnailIndex({ count: 13, columns: 5, width: 160, height: 90, duration: 124 });
    const cues = parseThumbnailVtt(text, 'http://host/media/programmes/drama/trickplay.vtt');
    expect(cues).toHaveLength(13);
    expect(cues[0]).toEqual({
      start: 0,
      end: 10,
      url: 'http://host/media/programmes/drama/trickplay.jpg',
      x: 0,
      y: 0,
      width: 160,
      height: 90,
    });
    expect(cues[6]).toMatchObject({ start: 60, end: 70, x: 160, y: 90 });
    expect(cues[12]).toMatchObject({ start: 120, end: 124, x: 320, y: 180 });
  });

  it('reads hours, CRLF and cue identifiers; leaves out cues without a region; nothing from a non-WebVTT text', () => {
    const text = [
      'WEBVTT',
      '',
      '1',
      '01:00:00.000 --> 01:00:10.500',
      'sheet-1.jpg#xywh=10,20,120,68',
      '',
      '00:00.000 --> 00:10.000',
      'sheet-0.jpg',
      '',
    ].join('\r\n');
    expect(parseThumbnailVtt(text)).toEqual([
      { start: 3600, end: 3610.5, url: 'sheet-1.jpg', x: 10, y: 20, width: 120, height: 68 },
    ]);
    expect(parseThumbnailVtt('<html>not found</html>')).toEqual([]);
  });
});

describe('thumbnailAt', () => {
  const cues = parseThumbnailVtt(thumbnailIndex({ count: 3, columns: 5, width: 160, height: 90, duration: 25 }));
  it('finds the cue a time falls in, and none past the end', () => {
    expect(thumbnailAt(cues, 0)?.x).toBe(0);
    expect(thumbnailAt(cues, 9.99)?.x).toBe(0);
    expect(thumbnailAt(cues, 10)?.x).toBe(160);
    expect(thumbnailAt(cues, 24.9)?.x).toBe(320);
    expect(thumbnailAt(cues, 25)).toBeNull();
    expect(thumbnailAt([], 5)).toBeNull();
  });
});
