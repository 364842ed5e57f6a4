import type { MediaType } from '../../services/catalogue/catalogue.port';

/** A title's own address: the detail view over the page it was opened from (docs/decisions.md). */
export interface TitleAddress {
  mediaType: MediaType;
  id: number;
}

/**
 * What an address pushed over a page keeps in history.state: the page beneath, path and query,
 * and that page's own history state (a search page's, say, which remembers the page under it).
 */
export interface OverPage {
  beneath: string;
  beneathState?: unknown;
}

const TITLE_PATH = /^\/title\/(movie|tv)\/([1-9]\d{0,9})$/;

export const titlePath = ({ mediaType, id }: TitleAddress): string => `/title/${mediaType}/${id}`;

/** The title an address names, or null for any other address (or a malformed one). */
export function parseTitlePath(path: string): TitleAddress | null {
  const match = TITLE_PATH.exec(path);
  return match ? { mediaType: match[1] as MediaType, id: Number(match[2]) } : null;
}

/** Where a page starts when a title's address was opened without one beneath (a shared link). */
export const DEFAULT_BENEATH = '/';

/** The page beneath a title address, from its history state; null when the state holds none. */
export function beneathOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('beneath' in state)) return null;
  const { beneath } = state as { beneath: unknown };
  // Only the app's own paths: a state from elsewhere must not send the page off-site.
  return typeof beneath === 'string' && beneath.startsWith('/') && !beneath.startsWith('//') ? beneath : null;
}

/**
 * The page to render under the current address: the address itself, or for a title's address the
 * page it was opened over (home when it came from outside), as a path and a query string.
 */
export function pageLocation(path: string, search: string, state: unknown): { path: string; search: string } {
  if (!parseTitlePath(path)) return { path, search };
  const beneath = beneathOf(state) ?? DEFAULT_BENEATH;
  const queryAt = beneath.indexOf('?');
  return queryAt === -1
    ? { path: beneath, search: '' }
    : { path: beneath.slice(0, queryAt), search: beneath.slice(queryAt + 1) };
}

/** The history state of the page beneath a title address, as it was when the title was opened. */
export function beneathStateOf(state: unknown): unknown {
  return typeof state === 'object' && state !== null && 'beneathState' in state
    ? (state as { beneathState: unknown }).beneathState
    : null;
}

/** The page's own history state: beneath a title's address, the state the page had. */
export const pageState = (path: string, state: unknown): unknown =>
  parseTitlePath(path) ? beneathStateOf(state) : state;
