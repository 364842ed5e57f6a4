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

/**
 * What to play, as every Play button, Continue Watching card and the player page itself say it: a
 * film, or a series (one of its episodes; without one, S1:E1), and where to start.
 */
export interface PlayItem {
  kind: WatchMediaType;
  id: number;
  /** A series' episode: both or neither. */
  season?: number;
  episode?: number;
  /** Seconds to start at; the address keeps whole seconds, and none near the start. */
  t?: number;
}

/** Whole seconds to start at, or 0 (at the start, or not a number). */
const wholeSeconds = (t: number | undefined): number =>
  t !== undefined && Number.isFinite(t) && t >= 1 ? Math.floor(t) : 0;

/**
 * The player page's address of an item: /watch/movie/{id}, /watch/tv/{id} or
 * /watch/tv/{id}/{season}/{episode}, with `?t=` the whole seconds to start at when past the start.
 * The one builder: every link to the player, and the player keeping its own address current.
 */
export function playAddress(item: PlayItem): string {
  const episode =
    item.kind === 'tv' && item.season !== undefined && item.episode !== undefined
      ? `/${item.season}/${item.episode}`
      : '';
  const t = wholeSeconds(item.t);
  return `${PLAYER_ADDRESS_PREFIX}${item.kind}/${item.id}${episode}${t > 0 ? `?t=${t}` : ''}`;
}

/** `?t=` of an address's query, in seconds; 0 when absent or not a positive number. */
export function startAtOf(search: string): number {
  const t = Number(new URLSearchParams(search).get('t'));
  return Number.isFinite(t) && t > 0 ? t : 0;
}

/** The item a player address (path, then optionally its query) asks for; null for anything else. */
export function parsePlayAddress(path: string, search = ''): PlayItem | null {
  const request = requestOfPath(path);
  if (!request) return null;
  const t = startAtOf(search);
  return { ...itemOfRequest(request), ...(t > 0 ? { t } : {}) };
}

/** The programme an item plays: a series without an episode plays S1:E1. */
export function requestOfItem(item: PlayItem): ProgrammeRequest {
  if (item.kind === 'movie') return { mediaType: 'movie', id: item.id, episode: null };
  return { mediaType: 'tv', id: item.id, episode: { season: item.season ?? 1, episode: item.episode ?? 1 } };
}

/** The item that plays a programme (from `t` seconds, when given). */
export function itemOfRequest(request: ProgrammeRequest, t?: number): PlayItem {
  const episode = request.episode ? { season: request.episode.season, episode: request.episode.episode } : {};
  return { kind: request.mediaType, id: request.id, ...episode, ...(t !== undefined ? { t } : {}) };
}

/** Where a saved entry (Continue Watching, a stored document's fields) plays, from `t` seconds when given. */
export function itemOfSaved(
  saved: { media_type: WatchMediaType; id: number; season_number: number | null; episode_number: number | null },
  t?: number,
): PlayItem {
  const episode =
    saved.media_type === 'tv' && saved.season_number !== null && saved.episode_number !== null
      ? { season: saved.season_number, episode: saved.episode_number }
      : {};
  return { kind: saved.media_type, id: saved.id, ...episode, ...(t !== undefined ? { t } : {}) };
}

/** "S2:E3" */
export const episodeLabel = (episode: EpisodeRef): string => `S${episode.season}:E${episode.episode}`;

/** The line under an episode's title on the player page: "S2:E3 Lies", or "S2:E3 Episode 3" without its name. */
export const episodeLine = (episode: EpisodeRef, name?: string | null): string =>
  `${episodeLabel(episode)} ${name || `Episode ${episode.episode}`}`;
