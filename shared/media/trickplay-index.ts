import type { ThumbnailCue } from './trickplay.ts';

// The reader of a thumbnails index (see trickplay.ts), apart from the lookup so that the player
// loads it only with the index.

/** "01:02:03.500" or "02:03.500" (WebVTT timestamps) in seconds; NaN when malformed. */
function seconds(stamp: string): number {
  const match = /^(?:(\d+):)?(\d{2}):(\d{2})\.(\d{3})$/.exec(stamp.trim());
  if (!match) return Number.NaN;
  const [, h = '0', m, s, ms] = match;
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000;
}

/**
 * The cues of a thumbnails index, in time order; cues without a `#xywh=` region or with a bad
 * timestamp are left out rather than failing the whole index. `base` resolves relative sprite
 * addresses (the index's own address).
 */
export function parseThumbnailVtt(text: string, base?: string): ThumbnailCue[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (!lines[0]?.startsWith('WEBVTT')) return [];
  const cues: ThumbnailCue[] = [];
  for (let i = 1; i < lines.length; i++) {
    const timing = /^\s*(\S+)\s+-->\s+(\S+)/.exec(lines[i]);
    if (!timing) continue;
    const target = lines[i + 1]?.trim() ?? '';
    const region = /^(.*)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(target);
    const start = seconds(timing[1]);
    const end = seconds(timing[2]);
    if (!region || !(end > start)) continue;
    let url = region[1];
    try {
      if (base) url = new URL(url, base).href;
    } catch {
      continue;
    }
    const [x, y, width, height] = region.slice(2).map(Number);
    cues.push({ start, end, url, x, y, width, height });
    i++;
  }
  return cues.sort((a, b) => a.start - b.start);
}
