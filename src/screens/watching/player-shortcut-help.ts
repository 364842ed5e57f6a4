export type ShortcutWords = readonly { keys: readonly string[]; action: string }[];

/**
 * The keys as the help overlay lists them: player-shortcuts.ts's table, in words. A module of its
 * own, loaded when the help is first asked for (so it takes the seek step rather than import it).
 */
export const shortcutWords = (seekStep: number): ShortcutWords => [
  { keys: ['Space', 'K'], action: 'Play or pause' },
  { keys: ['←', 'J'], action: `Back ${seekStep} seconds` },
  { keys: ['→', 'L'], action: `Forward ${seekStep} seconds` },
  { keys: ['↑', '↓'], action: 'Volume up or down' },
  { keys: ['M'], action: 'Mute or unmute' },
  { keys: ['C'], action: 'Subtitles on or off' },
  { keys: ['S'], action: 'Skip the intro, recap or credits' },
  { keys: ['F'], action: 'Full screen' },
  { keys: ['?'], action: 'These shortcuts' },
  { keys: ['Esc'], action: 'Leave full screen, or go back' },
];
