/**
 * The part of YouTube's IFrame API wire format that the hero's preview uses, spoken by both
 * YouTube's embed and Marquee's own (server/media/video/embed/embed.js), when the embed address
 * carries `enablejsapi=1`: the page says "listening", then hears the player's state and sends
 * mute and unMute.
 */

/** YouTube's player states, as onStateChange and infoDelivery report them. */
export const PLAYER_STATE = { unstarted: -1, ended: 0, playing: 1, paused: 2 } as const;

export type EmbedCommand = 'mute' | 'unMute' | 'playVideo' | 'pauseVideo';

export const listeningMessage = (): string => JSON.stringify({ event: 'listening', id: 1, channel: 'widget' });

export const commandMessage = (func: EmbedCommand): string =>
  JSON.stringify({ event: 'command', func, args: [], id: 1, channel: 'widget' });

/** The player state a message from the embed reports, or null when it reports none. */
export function playerStateOf(data: unknown): number | null {
  if (typeof data !== 'string') return null;
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const { event, info } = message as { event?: unknown; info?: unknown };
  if (event === 'onStateChange' && typeof info === 'number') return info;
  if (event === 'infoDelivery' && typeof info === 'object' && info !== null) {
    const state = (info as { playerState?: unknown }).playerState;
    return typeof state === 'number' ? state : null;
  }
  return null;
}
