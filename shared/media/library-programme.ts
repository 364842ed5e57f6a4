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

export type { LibraryProgrammeAnswer } from './library-programme.schema.ts';
