import { END_SCREEN_EVENTS, type PlayerContext } from './player-events';
import type { PlayerSettingsEvent } from './player-settings.machine';

// Pieces of the player machine's chart that several of its states share (player.machine.ts);
// the names are its actions'.

/** The address keeps the position (after `time` is taken). */
export const MARK = [
  'noteMarked',
  { type: 'keepPosition', params: ({ context }: { context: PlayerContext }) => ({ time: context.time }) },
] as const;

/** The reports the end screen is fed (a wildcard would take playback.volume from the root's handler). */
export const FEED_END_SCREEN = Object.fromEntries(
  END_SCREEN_EVENTS.map((type) => [type, { actions: 'toEndScreen' }]),
) as Record<(typeof END_SCREEN_EVENTS)[number], { actions: 'toEndScreen' }>;

/** Transitions that hand these events to the settings child (player-settings.machine.ts). */
const toSettings = <T extends PlayerSettingsEvent['type']>(types: readonly T[]) =>
  Object.fromEntries(types.map((type) => [type, { actions: 'toSettings' }])) as Record<T, { actions: 'toSettings' }>;
/** The sound, whatever the media's state (the volume outlives a retry). */
export const FEED_SOUND = toSettings(['player.volume', 'player.mute', 'playback.volume']);
/** The engine's renditions and tracks, and the viewer's choices of them and of speed, while attached. */
export const FEED_TRACKS = toSettings([
  'playback.levels',
  'playback.levelSwitched',
  'player.level',
  'playback.subtitleTracks',
  'player.subtitles',
  'player.toggleSubtitles',
  'playback.audioTracks',
  'playback.audioSwitched',
  'player.audio',
  'player.speed',
]);

/** Play once ended: from the start. */
export const RESTART = { type: 'seekAndPlay', params: { to: 0 } } as const;

/** A seek's params that keep what follows the seek under way. */
export const KEEP_RESUME = ({ context }: { context: PlayerContext }) => ({ resume: context.resumeAfterSeek });

/** Pause or play pressed mid-seek: what follows the seek. */
export const PAUSE_AFTER_SEEK = ['stayPausedAfterSeek', { type: 'command', params: { type: 'pause' } }] as const;
export const PLAY_AFTER_SEEK = ['playOnAfterSeek', { type: 'command', params: { type: 'play' } }] as const;

/** Playing or buffering: pause, and a seek that plays on once done. */
export const WHILE_PLAYING = {
  'player.pause': { actions: { type: 'command', params: { type: 'pause' } } },
  'player.toggle': { actions: { type: 'command', params: { type: 'pause' } } },
  'player.seek': { target: 'seeking', actions: { type: 'seek', params: { resume: true } } },
  'player.seekBy': { target: 'seeking', actions: { type: 'seek', params: { resume: true } } },
} as const;
