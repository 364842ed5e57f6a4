/** The player machine's events, context and the commands it gives its actors. */
import type { ActorRefFrom } from 'xstate';

import { creditsOf, type Marker, markerAt } from '../../../shared/media/markers';
import type { ThumbnailCue } from '../../../shared/media/trickplay';
import type { AudioTrack, PlaybackEvent, TimeRange } from '../../services/playback/playback.port';
import type { EndScreenInput, EndScreenLogic } from './end-screen.machine';
import type { PlayerSettingsOutput } from './player-settings.machine';
import type { Programme, ProgrammeRequest, ProgressCommand } from './programme';

/** Commands the machine sends its `playback` actor (the media element and streaming engine). */
export type PlaybackCommand =
  | { type: 'play' }
  | { type: 'pause' }
  | { type: 'seek'; to: number }
  | { type: 'level'; index: number }
  | { type: 'subtitles'; id: number }
  | { type: 'audio'; id: number }
  | { type: 'volume'; volume: number; muted: boolean }
  | { type: 'rate'; rate: number };

/** What the `progress` actor receives: the latest change to keep, and when to write it. */
export type ProgressSaverEvent = { type: 'progress.update'; command: ProgressCommand } | { type: 'progress.flush' };

export type PlayerEvent =
  | PlaybackEvent
  | { type: 'player.play' }
  | { type: 'player.pause' }
  | { type: 'player.toggle' }
  | { type: 'player.seek'; to: number }
  | { type: 'player.seekBy'; seconds: number }
  | { type: 'player.volume'; volume: number }
  | { type: 'player.mute' }
  | { type: 'player.level'; index: number }
  | { type: 'player.subtitles'; id: number }
  | { type: 'player.toggleSubtitles' }
  /** An audio rendition's id (the audio menu). */
  | { type: 'player.audio'; id: number }
  /** Playback speed, one of PLAYBACK_SPEEDS. */
  | { type: 'player.speed'; speed: number }
  | { type: 'player.retry' }
  | { type: 'controls.activity' }
  /** Past the intro, recap or credits playing now. */
  | { type: 'player.skip' }
  | { type: 'nextEpisode.play' }
  | { type: 'nextEpisode.cancel' }
  /** The end screen's "Watch Credits": it goes until the end. */
  | { type: 'endScreen.watchCredits' }
  /** From the end screen: its countdown is over; `run` is the next episode's (player.machine.ts). */
  | { type: 'endScreen.next'; run: number }
  /** "Continue Watching" on the "Are you still watching?" prompt. */
  | { type: 'stillWatching.continue' }
  /** The profile's "autoplay next episode", when it changes while the player is open (the server's answer). */
  | { type: 'player.autoplay'; autoplay: boolean }
  | PlayerSettingsOutput;

export interface PlayerInput {
  request: ProgrammeRequest;
  /** Where to start, in seconds (the address's ?t=, for "Resume from"). */
  startAt: number;
  /** The profile's autoplay: the end screen counts down to the next episode. */
  autoplay: boolean;
  /**
   * Episodes in a row, this one included, that started on their own (the end screen's countdown)
   * with no interaction since; the end screen asks "Are you still watching?" after enough. None: 0
   * (the viewer started this one).
   */
  autoplayRun?: number;
  /** The audio the profile chose earlier in this session; the player plays it where the programme has it. */
  audioChoice?: AudioChoice | null;
}

/** An audio choice as a profile keeps it: by language and kind, since track ids differ between programmes. */
export interface AudioChoice {
  language?: string;
  describes: boolean;
}

export const audioChoiceOf = (track: AudioTrack): AudioChoice => ({
  language: track.language,
  describes: track.describes,
});

/** The track of `tracks` that a choice names, if the programme has one. */
export const trackFor = (tracks: readonly AudioTrack[], choice: AudioChoice | null | undefined) =>
  choice ? tracks.find((t) => t.language === choice.language && t.describes === choice.describes) : undefined;

export interface PlayerContext extends PlayerInput {
  programme: Programme | null;
  /** The end screen, once its machine has loaded (a chunk of its own) and the programme is known. */
  endScreen: ActorRefFrom<EndScreenLogic> | null;
  time: number;
  /** The position the page's address last kept. */
  markedAt: number;
  duration: number;
  buffered: TimeRange[];
  /** The seek bar's trickplay thumbnails; none until read, or when the programme has none. */
  thumbnails: ThumbnailCue[];
  /** The programme's intro, recap and credits; none until read, or when it has none. */
  markers: Marker[];
  /** Whether the media plays on once a seek is done (it was playing when the seek began). */
  resumeAfterSeek: boolean;
  error: string | null;
}

/** What the player hands on to its end screen, as they come. */
export const END_SCREEN_EVENTS = [
  'playback.time',
  'playback.playing',
  'playback.paused',
  'playback.waiting',
  'playback.ended',
  'nextEpisode.cancel',
  'endScreen.watchCredits',
  'controls.activity',
  'stillWatching.continue',
] as const satisfies readonly PlayerEvent['type'][];

/** The end screen's input, from the player's context, and whether the media is moving (playing, or ended). */
export const endScreenInput = (context: PlayerContext, running: boolean): EndScreenInput => ({
  hasNext: context.programme!.next != null,
  autoplay: context.autoplay,
  running,
  creditsAt: creditsOf(context.markers),
  run: context.autoplayRun,
});

/** A new player's context: its input, nothing loaded, nothing chosen. */
export const initialContext = (input: PlayerInput): PlayerContext => ({
  ...input,
  programme: null,
  time: input.startAt,
  markedAt: input.startAt,
  duration: 0,
  buffered: [],
  thumbnails: [],
  markers: [],
  endScreen: null,
  resumeAfterSeek: false,
  error: null,
});

/**
 * Where `goToEpisode` goes: the next episode, and its run (episodes started on their own in a
 * row), the end screen's word when its countdown is over, else 0 (the viewer chose it).
 */
export const nextOf = ({ context, event }: { context: PlayerContext; event: PlayerEvent }) => ({
  episode: context.programme!.next!,
  run: event.type === 'endScreen.next' ? event.run : 0,
});

/** Where `player.skip` seeks: past the marker playing now (intro, recap, credits; the guard `inMarker` holds). */
export const pastMarker = ({ context }: { context: PlayerContext }) => {
  const { end } = markerAt(context.markers, context.time)!;
  return { to: context.duration > 0 ? Math.min(end, context.duration) : end };
};

/** The media states a viewer sees; each is also a tag (the `data-state` of the player page). */
export const PLAYER_STATES = ['loading', 'playing', 'paused', 'buffering', 'seeking', 'ended', 'error'] as const;
export type PlayerState = (typeof PLAYER_STATES)[number];

export const SEEK_STEP_SECONDS = 10;
/** The speeds the player offers, as the real service does. */
export const PLAYBACK_SPEEDS = [0.5, 0.75, 1, 1.25, 1.5] as const;
export const HIDE_CONTROLS_MS = 3000;
export const SAVE_EVERY_MS = 10_000;
/** How far playback moves before the address keeps the new position (a reload then resumes within it). */
export const ADDRESS_STEP_SECONDS = 2;
