import type { WatchMediaType } from '../watching/watching-rules.ts';

/**
 * The player page's addresses: /watch/{movie|tv}/{id}, and /watch/tv/{id}/{season}/{episode}. The
 * page is the whole viewport, without the top bar: the client leaves it out, and the server neither
 * preloads its chunk nor shows its placeholder there.
 */
export const PLAYER_ADDRESS_PREFIX = '/watch/';

export const isPlayerAddress = (path: string): boolean => path.startsWith(PLAYER_ADDRESS_PREFIX);

export interface EpisodeRef {
  season: number;
  episode: number;
}

/** What the player page's address asks for: a film, or a series' episode. */
export interface ProgrammeRequest {
  mediaType: WatchMediaType;
  id: number;
  /** For a series; null for a film. */
  episode: EpisodeRef | null;
}

/**
 * The address's request from its parts (the client's route, /watch/:mediaType/:id/:season?/:episode?):
 * /watch/movie/{id}, /watch/tv/{id} (S1:E1) or /watch/tv/{id}/{season}/{episode}; null for anything else.
 * One reading for the client's player and the server's first paint of it.
 */
export function requestFrom(params: {
  mediaType?: string;
  id?: string;
  season?: string;
  episode?: string;
}): ProgrammeRequest | null {
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id < 1) return null;
  if (params.mediaType === 'movie') return params.season ? null : { mediaType: 'movie', id, episode: null };
  if (params.mediaType !== 'tv') return null;
  const season = Number(params.season ?? 1);
  const episode = Number(params.episode ?? 1);
  if (!Number.isSafeInteger(season) || season < 0 || !Number.isSafeInteger(episode) || episode < 1) return null;
  return { mediaType: 'tv', id, episode: { season, episode } };
}

/** A player address's request from its path (no query), as the route above reads it; null for any other path. */
export function requestOfPath(path: string): ProgrammeRequest | null {
  if (!isPlayerAddress(path)) return null;
  // The route takes one trailing slash.
  const parts = path.slice(PLAYER_ADDRESS_PREFIX.length).replace(/\/$/, '').split('/');
  if (parts.length < 2 || parts.length > 4 || parts.some((part) => part === '')) return null;
  let decoded: string[];
  try {
    decoded = parts.map((part) => decodeURIComponent(part));
  } catch {
    return null;
  }
  const [mediaType, id, season, episode] = decoded;
  return requestFrom({ mediaType, id, season, episode });
}

/** "S2:E3" */
export const episodeLabel = (episode: EpisodeRef): string => `S${episode.season}:E${episode.episode}`;

/** The line under an episode's title on the player page: "S2:E3 Episode 3". */
export const episodeLine = (episode: EpisodeRef): string => `${episodeLabel(episode)} Episode ${episode.episode}`;
