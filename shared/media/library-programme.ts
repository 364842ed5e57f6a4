import { type Static, Type } from 'typebox';

import type { ProgrammeRequest } from '../web/player-address.ts';

/**
 * The player's question to the video host: does the operator's library play this film or
 * episode? Answered 200 with the programme, 404 when the library has none (the title plays its
 * mood's demo programme), 409 while the library's programme is still being made.
 */
export const PROGRAMME_LOOKUP_PATH = '/api/programmes';

/** /api/programmes/movie/{id}, or /api/programmes/tv/{id}/{season}/{episode}. */
export function programmeLookupUrl(request: ProgrammeRequest): string {
  const episode = request.episode ? `/${request.episode.season}/${request.episode.episode}` : '';
  return `${PROGRAMME_LOOKUP_PATH}/${request.mediaType}/${request.id}${episode}`;
}

export const LibraryProgrammeAnswer = Type.Object({
  /** The master playlist (every rung, audio track and subtitles), or a growing early one. */
  src: Type.String(),
  /** The trickplay thumbnails' index (404 while the programme is still being made). */
  thumbnails: Type.String(),
  /** Seconds; null while unknown. */
  duration: Type.Union([Type.Number(), Type.Null()]),
  /** False while only the early playlist (the lowest rung) exists. */
  complete: Type.Boolean(),
});
export type LibraryProgrammeAnswer = Static<typeof LibraryProgrammeAnswer>;
