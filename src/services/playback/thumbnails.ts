import type { ThumbnailCue } from '../../../shared/media/trickplay';
import { parseThumbnailVtt } from '../../../shared/media/trickplay-index';

/**
 * A programme's trickplay thumbnails: its WebVTT sprite index, read into cues whose sprite
 * addresses are absolute. A programme without thumbnails (404) has none; other failures reject.
 */
export async function loadThumbnails(url: string, signal?: AbortSignal): Promise<ThumbnailCue[]> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`Could not load the thumbnails (${response.status}).`);
  return parseThumbnailVtt(await response.text(), new URL(url, window.location.href).href);
}
