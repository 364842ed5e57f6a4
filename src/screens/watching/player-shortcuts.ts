import { SEEK_STEP_SECONDS } from '../../machines/watching/player-events';

/** What a key does on the player page (Netflix's and Jellyfin's keys). */
export type PlayerShortcut =
  | { type: 'player.toggle' }
  | { type: 'player.seekBy'; seconds: number }
  | { type: 'volumeBy'; delta: number }
  | { type: 'player.mute' }
  | { type: 'player.toggleSubtitles' }
  | { type: 'player.skip' }
  | { type: 'fullscreen' }
  | { type: 'help' }
  | { type: 'back' };

export const VOLUME_STEP = 0.1;

const KEYS: Record<string, PlayerShortcut> = {
  ' ': { type: 'player.toggle' },
  k: { type: 'player.toggle' },
  ArrowLeft: { type: 'player.seekBy', seconds: -SEEK_STEP_SECONDS },
  j: { type: 'player.seekBy', seconds: -SEEK_STEP_SECONDS },
  ArrowRight: { type: 'player.seekBy', seconds: SEEK_STEP_SECONDS },
  l: { type: 'player.seekBy', seconds: SEEK_STEP_SECONDS },
  ArrowUp: { type: 'volumeBy', delta: VOLUME_STEP },
  ArrowDown: { type: 'volumeBy', delta: -VOLUME_STEP },
  m: { type: 'player.mute' },
  f: { type: 'fullscreen' },
  c: { type: 'player.toggleSubtitles' },
  s: { type: 'player.skip' },
  '?': { type: 'help' },
  Escape: { type: 'back' },
};

const SLIDER_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown']);

export interface KeyLike {
  key: string;
  target: EventTarget | null;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  defaultPrevented: boolean;
}

/**
 * The shortcut a key press means, or null where the focused control owns the key: anything in
 * an open menu (arrows, Space, Enter, Escape, typeahead) or dialog (the help overlay), arrows and Home/End on a slider, and
 * Space or Enter on a button, which presses it.
 */
export function shortcutFor(event: KeyLike): PlayerShortcut | null {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return null;
  const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest('[role="menu"], dialog, input:not([type="range"]), textarea, select, [contenteditable="true"]')) {
    return null;
  }
  if (target?.closest('[role="slider"], input[type="range"]') && SLIDER_KEYS.has(key)) return null;
  if (target?.closest('button, a[href]') && (key === ' ' || key === 'Enter')) return null;
  return KEYS[key] ?? null;
}
