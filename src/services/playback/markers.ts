import { parseMarkers } from '../../../shared/media/marker-file';
import type { Marker } from '../../../shared/media/markers';

/**
 * A programme's skip markers (intro, recap, credits) from its markers.json. A programme without
 * markers (404) has none; other failures reject.
 */
export async function loadMarkers(url: string, signal?: AbortSignal): Promise<Marker[]> {
  const response = await fetch(url, { signal, credentials: 'same-origin' });
  if (response.status === 404) return [];
  if (!response.ok) throw new Error(`Could not load the markers (${response.status}).`);
  return parseMarkers(await response.json());
}
