/**
 * Trickplay: the thumbnails a seek bar shows for the time under the pointer. As hls.js, Shaka,
 * Video.js, Vidstack and Jellyfin read them: a WebVTT index whose cues each name a region of a
 * sprite sheet (`sprite.jpg#xywh=x,y,w,h`). Pure text in, cues out, so the client, the server and
 * the scripts read them alike. The index's reader is trickplay-index.ts (the player loads it with
 * the index, apart from the seek bar's lookup here).
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
