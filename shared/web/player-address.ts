/**
 * The player page's addresses: /watch/{movie|tv}/{id}, and /watch/tv/{id}/{season}/{episode}. The
 * page is the whole viewport, without the top bar: the client leaves it out, and the server neither
 * preloads its chunk nor shows its placeholder there.
 */
export const PLAYER_ADDRESS_PREFIX = '/watch/';

export const isPlayerAddress = (path: string): boolean => path.startsWith(PLAYER_ADDRESS_PREFIX);
