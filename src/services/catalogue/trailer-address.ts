/**
 * Added for the hero's preview: no player controls (the banner has its own) and the IFrame API,
 * which both YouTube's embed and Marquee's own speak, for its sound toggle and end.
 */
export const PREVIEW_OPTIONS = 'controls=0&enablejsapi=1';

/** A trailer's embed address for its use: the host's (which carries PLAYER_OPTIONS), plus PREVIEW_OPTIONS for the hero's preview. */
export function trailerAddress(
  embedUrl: (key: string) => string,
  key: string,
  use: 'modal' | 'preview' = 'modal',
): string {
  const url = embedUrl(key);
  return use === 'preview' ? `${url}${url.includes('?') ? '&' : '?'}${PREVIEW_OPTIONS}` : url;
}
