/**
 * Trickplay: the thumbnails a seek bar shows for the time under the pointer. As hls.js, Shaka,
 * Video.js, Vidstack and Jellyfin read them: a WebVTT index whose cues each name a region of a
 * sprite sheet (`sprite.jpg#xywh=x,y,w,h`). Pure text in, cues out, so the client, the server and
 * the scripts read them alike.
 */

/** Seconds between two thumbnails. */
export const TRICKPLAY_INTERVAL_SECONDS = 10;

/** A programme folder's trickplay files (scripts/trickplay.mjs writes them). */
export const TRICKPLAY_INDEX = 'trickplay.vtt';
export const TRICKPLAY_SPRITE = 'trickplay.jpg';

/** One thumbnail: the time range it stands for and where it is on its sprite. */
export interface ThumbnailCue {
  start: number;
  end: number;
  /** The sprite's address, resolved against the index's own. */
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

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

/** The thumbnail for a time (the last cue that starts at or before it), or null. */
export function thumbnailAt(cues: readonly ThumbnailCue[], time: number): ThumbnailCue | null {
  let low = 0;
  let high = cues.length - 1;
  let found: ThumbnailCue | null = null;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (cues[mid].start <= time) {
      found = cues[mid];
      low = mid + 1;
    } else high = mid - 1;
  }
  return found && time < found.end ? found : null;
}
