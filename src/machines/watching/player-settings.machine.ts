import { assign, enqueueActions, raise, sendParent, setup } from 'xstate';

import type { AudioTrack, PlaybackEvent, QualityLevel, SubtitleTrack } from '../../services/playback/playback.port';
import {
  type AudioChoice,
  audioChoiceOf,
  PLAYBACK_SPEEDS,
  type PlaybackCommand,
  type PlayerEvent,
  trackFor,
} from './player-events';

export interface PlayerSettingsInput {
  /** The audio the profile chose earlier; played where the programme has it. */
  audioChoice: AudioChoice | null;
}

/** What the control bar's menus show: what the engine offers and plays, and what the viewer chose. */
export interface PlayerSettingsContext {
  volume: number;
  muted: boolean;
  levels: QualityLevel[];
  /** The viewer's choice: a rendition's index, or -1 for Auto. */
  level: number;
  /** The rendition playing now. */
  playingLevel: number;
  subtitleTracks: SubtitleTrack[];
  /** The subtitles shown: a track's id, or -1 for Off. */
  subtitles: number;
  audioTracks: AudioTrack[];
  /** The audio rendition playing, as the engine reports it; -1 until it does. */
  audio: number;
  /** The profile's audio choice: by language and kind, since track ids differ between programmes. */
  audioChoice: AudioChoice | null;
  /** Playback speed (1 is normal). */
  speed: number;
}

/** The engine's reports and the viewer's choices that the player hands on to its settings. */
export type PlayerSettingsEvent = Extract<
  PlaybackEvent | PlayerEvent,
  {
    type:
      | 'player.volume'
      | 'player.mute'
      | 'playback.volume'
      | 'playback.levels'
      | 'playback.levelSwitched'
      | 'player.level'
      | 'playback.subtitleTracks'
      | 'player.subtitles'
      | 'player.toggleSubtitles'
      | 'playback.audioTracks'
      | 'playback.audioSwitched'
      | 'player.audio'
      | 'player.speed';
  }
>;

/**
 * What the settings tell the player: a command for its media (the player holds the engine, which
 * a retry attaches again), and the audio the viewer just chose, for the profile's next programmes.
 */
export type PlayerSettingsOutput =
  { type: 'settings.command'; command: PlaybackCommand } | { type: 'settings.audioChosen'; choice: AudioChoice };

/** Settings before the engine reports anything: full volume, nothing offered, Auto, Off, normal speed. */
export const initialSettings = (input: PlayerSettingsInput): PlayerSettingsContext => ({
  volume: 1,
  muted: false,
  levels: [],
  level: -1,
  playingLevel: -1,
  subtitleTracks: [],
  subtitles: -1,
  audioTracks: [],
  audio: -1,
  audioChoice: input.audioChoice,
  speed: 1,
});

const ask = (command: PlaybackCommand) => ({ type: 'settings.command', command }) satisfies PlayerSettingsOutput;

/**
 * The player's sound, quality, subtitles, audio and speed, a child of the player (invoked as
 * `settings` for as long as it runs, so choices outlive a retry). It follows what the engine reports it
 * offers and plays, takes the viewer's choices where offered and asks the player to pass them on
 * to the media. The menus show what plays, not the wish: the engine's report follows a choice.
 * The profile's earlier audio choice plays where a programme has it.
 */
export const playerSettingsMachine = setup({
  types: {
    context: {} as PlayerSettingsContext,
    events: {} as PlayerSettingsEvent,
    input: {} as PlayerSettingsInput,
  },
  actions: {
    setVolume: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'player.volume') return;
      const volume = Math.max(0, Math.min(1, event.volume));
      enqueue.assign({ volume, muted: false });
      enqueue.sendParent(ask({ type: 'volume', volume, muted: false }));
    }),
    toggleMute: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({ muted: !context.muted });
      enqueue.sendParent(ask({ type: 'volume', volume: context.volume, muted: !context.muted }));
    }),
    /** The media's own volume changed (its keys, the system): the controls follow. */
    followVolume: assign(({ event }) =>
      event.type === 'playback.volume' ? { volume: event.volume, muted: event.muted } : {},
    ),
    takeLevels: assign(({ event }) => (event.type === 'playback.levels' ? { levels: event.levels } : {})),
    takePlayingLevel: assign(({ event }) =>
      event.type === 'playback.levelSwitched' ? { playingLevel: event.index } : {},
    ),
    takeSubtitleTracks: assign(({ event }) =>
      event.type === 'playback.subtitleTracks' ? { subtitleTracks: event.tracks } : {},
    ),
    takeAudioTracks: assign(({ event }) =>
      event.type === 'playback.audioTracks' ? { audioTracks: event.tracks } : {},
    ),
    takePlayingAudio: assign(({ event }) => (event.type === 'playback.audioSwitched' ? { audio: event.id } : {})),
    pickLevel: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'player.level') return;
      enqueue.assign({ level: event.index });
      enqueue.sendParent(ask({ type: 'level', index: event.index }));
    }),
    pickSubtitles: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'player.subtitles') return;
      enqueue.assign({ subtitles: event.id });
      enqueue.sendParent(ask({ type: 'subtitles', id: event.id }));
    }),
    /** Subtitles off when on, else the first track. */
    toggleSubtitles: raise(({ context }) => ({
      type: 'player.subtitles' as const,
      id: context.subtitles >= 0 ? -1 : context.subtitleTracks[0].id,
    })),
    /** The menu's choice: asked of the engine (the menu follows when it reports the switch), and kept. */
    pickAudio: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'player.audio') return;
      const choice = audioChoiceOf(context.audioTracks.find((t) => t.id === event.id)!);
      enqueue.assign({ audioChoice: choice });
      enqueue.sendParent(ask({ type: 'audio', id: event.id }));
      enqueue.sendParent({ type: 'settings.audioChosen', choice } satisfies PlayerSettingsOutput);
    }),
    /** The profile's earlier choice, on a programme that has it. */
    applyAudioChoice: sendParent(({ context, event }) =>
      ask({
        type: 'audio',
        id: event.type === 'playback.audioTracks' ? trackFor(event.tracks, context.audioChoice)!.id : -1,
      }),
    ),
    pickSpeed: enqueueActions(({ event, enqueue }) => {
      if (event.type !== 'player.speed') return;
      enqueue.assign({ speed: event.speed });
      enqueue.sendParent(ask({ type: 'rate', rate: event.speed }));
    }),
  },
  guards: {
    hasSubtitles: ({ context }) => context.subtitleTracks.length > 0,
    isOfferedAudio: ({ context, event }) =>
      event.type === 'player.audio' && context.audioTracks.some((t) => t.id === event.id),
    /** The programme has the profile's audio choice, and it is not what plays. */
    prefersOtherAudio: ({ context, event }) => {
      if (event.type !== 'playback.audioTracks') return false;
      const preferred = trackFor(event.tracks, context.audioChoice);
      return preferred !== undefined && preferred.id !== context.audio;
    },
    isOfferedSpeed: ({ event }) =>
      event.type === 'player.speed' && (PLAYBACK_SPEEDS as readonly number[]).includes(event.speed),
  },
}).createMachine({
  id: 'playerSettings',
  context: ({ input }) => initialSettings(input),
  on: {
    'player.volume': { actions: 'setVolume' },
    'player.mute': { actions: 'toggleMute' },
    'playback.volume': { actions: 'followVolume' },
    'playback.levels': { actions: 'takeLevels' },
    'playback.levelSwitched': { actions: 'takePlayingLevel' },
    'player.level': { actions: 'pickLevel' },
    'playback.subtitleTracks': { actions: 'takeSubtitleTracks' },
    'player.subtitles': { actions: 'pickSubtitles' },
    'player.toggleSubtitles': { guard: 'hasSubtitles', actions: 'toggleSubtitles' },
    'playback.audioTracks': [
      { guard: 'prefersOtherAudio', actions: ['takeAudioTracks', 'applyAudioChoice'] },
      { actions: 'takeAudioTracks' },
    ],
    'playback.audioSwitched': { actions: 'takePlayingAudio' },
    'player.audio': { guard: 'isOfferedAudio', actions: 'pickAudio' },
    'player.speed': { guard: 'isOfferedSpeed', actions: 'pickSpeed' },
  },
});

export type PlayerSettingsLogic = typeof playerSettingsMachine;
