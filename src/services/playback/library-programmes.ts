import { type LibraryProgrammeAnswer, programmeLookupUrl } from '../../../shared/media/library-programme';
import type { ProgrammeRequest } from '../../../shared/web/player-address';

export type { LibraryProgrammeAnswer };

/**
 * The operator's library programme for a film or episode, from the video host (Marquee's own in
 * both modes): null when the library has none (the title plays its mood's demo programme).
 * Rejects with a message for the viewer while it is still being made, or when the host fails.
 */
export async function findLibraryProgramme(
  request: ProgrammeRequest,
  signal?: AbortSignal,
): Promise<LibraryProgrammeAnswer | null> {
  const response = await fetch(programmeLookupUrl(request), { signal, credentials: 'same-origin' });
  if (response.status === 404) return null;
  const body = (await response.json().catch(() => null)) as
    LibraryProgrammeAnswer | { error?: { message?: string } } | null;
  if (!response.ok || !body || !('src' in body)) {
    const message = body && 'error' in body ? body.error?.message : undefined;
    throw new Error(message ?? `Could not find the programme (${response.status}).`);
  }
  return body;
}
