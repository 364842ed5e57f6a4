import { assign, enqueueActions, forwardTo, fromCallback, not, sendTo, setup, stateIn } from 'xstate';

import { creditsOf, type Marker, markerAt } from '../../../shared/media/markers';
import type { ThumbnailCue } from '../../../shared/media/trickplay';
import { RESUME_AFTER_SECONDS } from '../../../shared/watching/watching-rules';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import type { EndScreenLogic } from './end-screen.machine';
import {
  ADDRESS_STEP_SECONDS,
  type AudioChoice,
  endScreenInput,
  HIDE_CONTROLS_MS,
  initialContext,
  nextOf,
  pastMarker,
  type PlaybackCommand,
  type PlayerContext,
  type PlayerEvent,
  type PlayerInput,
  type ProgressSaverEvent,
  SAVE_EVERY_MS,
} from './player-events';
import { playerSettingsMachine } from './player-settings.machine';
import {
  FEED_END_SCREEN,
  FEED_SOUND,
  FEED_TRACKS,
  KEEP_RESUME,
  MARK,
  PAUSE_AFTER_SEEK,
  PLAY_AFTER_SEEK,
  RESTART,
  WHILE_PLAYING,
} from './player-transitions';
import { type EpisodeRef, type Programme, type ProgrammeRequest, progressCommand } from './programme';

const placeholder = (name: string) => () => notProvided('player', name);

/**
 * The player page: loads the programme, drives the media through the `playback` actor and follows
 * what it reports (loading → playing ⇄ paused, buffering, seeking, ended; error with retry).
 * Children: `settings` (player-settings.machine.ts: sound, quality, subtitles, audio, speed), whose
 * commands go on to the media; the end screen (end-screen.machine.ts, loaded once the programme is
 * known, out of the page's first load), which may ask for the next episode. Both are handed the
 * media's reports. The controls hide after a while of playing. Progress goes to the `progress`
 * actor (every SAVE_EVERY of playing, on pause, at the end, and by itself when the page is left),
 * the position to the address (`keepPosition`). Thumbnails and skip markers are read once attached.
 */
export const playerMachine = setup({
  types: {
    context: {} as PlayerContext,
    events: {} as PlayerEvent,
    input: {} as PlayerInput,
    children: {} as { settings: 'settings' },
  },
  actors: {
    settings: playerSettingsMachine,
    loadProgramme: fromPromise<Programme, ProgrammeRequest>(placeholder('loadProgramme')),
    playback: fromCallback<PlaybackCommand, { src: string; startAt: number }>(placeholder('playback')),
    progress: fromCallback<ProgressSaverEvent, { programme: Programme }>(placeholder('progress')),
    loadThumbnails: fromPromise<ThumbnailCue[], { url: string | null }>(placeholder('loadThumbnails')),
    loadMarkers: fromPromise<Marker[], { url: string | null }>(placeholder('loadMarkers')),
    loadEndScreen: fromPromise<EndScreenLogic>(placeholder('loadEndScreen')),
  },
  actions: {
    /** Leaves for another episode's player page (injected: the screen's navigation). */
    goToEpisode: (_, _params: { episode: EpisodeRef; run: number }) => {},
    /** Keeps the position in the page's address, so a reload resumes there (injected: the screen's history). */
    keepPosition: (_, _params: { time: number }) => {},
    /** Keeps the profile's audio choice for its next programmes (injected: the screen's memory). */
    rememberAudio: (_, _params: { choice: AudioChoice }) => {},
    noteMarked: assign({ markedAt: ({ context }) => context.time }),
    command: sendTo('playback', (_, command: PlaybackCommand) => command),
    toSettings: forwardTo('settings'),
    trackTime: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'playback.time') return;
      enqueue.assign({ time: event.time, duration: event.duration, buffered: event.buffered });
      // A page left in its first seconds keeps no new entry (a resumed one keeps its old one).
      if (event.duration <= 0 || event.time < RESUME_AFTER_SECONDS) return;
      const command = progressCommand(context.programme!, event.time, event.duration);
      enqueue.sendTo('progress', { type: 'progress.update', command });
    }),
    finishProgress: sendTo('progress', ({ context }) => ({
      type: 'progress.update' as const,
      command: progressCommand(context.programme!, context.duration, context.duration),
    })),
    flushProgress: sendTo('progress', { type: 'progress.flush' } as const),
    toEndScreen: forwardTo(({ context }) => context.endScreen!),
    takeMarkers: enqueueActions(({ context, enqueue }, markers: Marker[]) => {
      enqueue.assign({ markers });
      // An end screen still loading is told the credits when it starts (startEndScreen).
      if (context.endScreen) enqueue.sendTo(context.endScreen, { type: 'endScreen.credits', at: creditsOf(markers) });
    }),
    /** The setting goes to the end screen too, which may be counting already. */
    takeAutoplay: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'player.autoplay') return;
      enqueue.assign({ autoplay: event.autoplay });
      if (context.endScreen)
        enqueue.sendTo(context.endScreen, { type: 'endScreen.autoplay', autoplay: event.autoplay });
    }),
    startEndScreen: assign({
      // What the end screen counts as moving: playing, or ended.
      endScreen: ({ context, spawn, self }, logic: EndScreenLogic) =>
        spawn(logic, {
          input: endScreenInput(context, self.getSnapshot().hasTag('playing') || self.getSnapshot().hasTag('ended')),
        }),
    }),
    stopEndScreen: enqueueActions(({ context, enqueue }) => {
      if (context.endScreen) enqueue.stopChild(context.endScreen);
      enqueue.assign({ endScreen: null });
    }),
    takeProgramme: assign((_, programme: Programme) => ({ programme })),
    takeThumbnails: assign((_, thumbnails: ThumbnailCue[]) => ({ thumbnails })),
    rememberError: assign(failureOf),
    rememberPlaybackError: assign({ error: ({ event }) => (event.type === 'playback.error' ? event.message : null) }),
    /** Tries again where the viewer was. */
    retryFromHere: assign(({ context }) => ({ startAt: context.time, error: null })),
    stayPausedAfterSeek: assign({ resumeAfterSeek: false }),
    playOnAfterSeek: assign({ resumeAfterSeek: true }),
    /** A seek that plays on: past a marker, or back to the start once ended. */
    seekAndPlay: enqueueActions(({ enqueue }, { to }: { to: number }) => {
      enqueue.assign({ time: to, resumeAfterSeek: true });
      enqueue.sendTo('playback', { type: 'seek', to });
      enqueue.sendTo('playback', { type: 'play' });
    }),
    seek: enqueueActions(({ context, event, enqueue }, params: { resume: boolean }) => {
      if (event.type !== 'player.seek' && event.type !== 'player.seekBy') return;
      const target = event.type === 'player.seek' ? event.to : context.time + event.seconds;
      const to = Math.max(0, context.duration > 0 ? Math.min(target, context.duration) : target);
      enqueue.assign({ time: to, resumeAfterSeek: params.resume });
      enqueue.sendTo('playback', { type: 'seek', to });
    }),
  },
  guards: {
    hasNext: ({ context }) => context.programme?.next != null,
    movedOn: ({ context, event }) =>
      event.type === 'playback.time' && Math.abs(event.time - context.markedAt) >= ADDRESS_STEP_SECONDS,
    hasProgramme: ({ context }) => context.programme !== null,
    inMarker: ({ context }) => markerAt(context.markers, context.time) !== null,
    resumeAfterSeek: ({ context }) => context.resumeAfterSeek,
    mediaPlaying: stateIn('#player.media.attached.playing'),
  },
  delays: { hideControls: HIDE_CONTROLS_MS, saveEvery: SAVE_EVERY_MS },
}).createMachine({
  id: 'player',
  type: 'parallel',
  context: ({ input }) => initialContext(input),
  // For as long as the player runs: the viewer's choices outlive a retry.
  invoke: { id: 'settings', src: 'settings', input: ({ context }) => ({ audioChoice: context.audioChoice ?? null }) },
  on: {
    ...FEED_SOUND,
    'settings.command': { actions: { type: 'command', params: ({ event }) => event.command } },
    'settings.audioChosen': { actions: { type: 'rememberAudio', params: ({ event }) => event } },
    'nextEpisode.play': { guard: 'hasNext', actions: { type: 'goToEpisode', params: nextOf } },
    'player.autoplay': { actions: 'takeAutoplay' },
  },
  states: {
    media: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadProgramme',
            input: ({ context }) => context.request,
            onDone: { target: 'attached', actions: { type: 'takeProgramme', params: ({ event }) => event.output } },
            onError: { target: 'error', actions: 'rememberError' },
          },
        },
        attached: {
          invoke: [
            {
              id: 'playback',
              src: 'playback',
              input: ({ context }) => ({ src: context.programme!.src, startAt: context.startAt }),
            },
            // Writes the latest position when stopped too: leaving the page, or an error.
            { id: 'progress', src: 'progress', input: ({ context }) => ({ programme: context.programme! }) },
            // Thumbnails are a nicety: without them the seek bar shows the time alone.
            {
              src: 'loadThumbnails',
              input: ({ context }) => ({ url: context.programme!.thumbnails }),
              onDone: { actions: { type: 'takeThumbnails', params: ({ event }) => event.output } },
              onError: { actions: [] },
            },
            // Markers too: without them no Skip button, and the last seconds bring the end screen.
            {
              src: 'loadMarkers',
              input: ({ context }) => ({ url: context.programme!.markers }),
              onDone: { actions: { type: 'takeMarkers', params: ({ event }) => event.output } },
              onError: { actions: [] },
            },
          ],
          initial: 'starting',
          on: {
            'playback.error': { target: 'error', actions: 'rememberPlaybackError' },
            ...FEED_TRACKS,
            'playback.time': [{ guard: 'movedOn', actions: ['trackTime', ...MARK] }, { actions: 'trackTime' }],
            'player.skip': {
              guard: 'inMarker',
              target: '.seeking',
              actions: { type: 'seekAndPlay', params: pastMarker },
            },
            // From playing or buffering the media plays on after a seek; from elsewhere it stays paused.
            'player.seek': { target: '.seeking', actions: { type: 'seek', params: { resume: false } } },
            'player.seekBy': { target: '.seeking', actions: { type: 'seek', params: { resume: false } } },
            'playback.ended': '.ended',
          },
          states: {
            starting: {
              tags: ['loading'],
              on: { 'playback.playing': 'playing', 'playback.paused': 'paused' },
            },
            playing: {
              tags: ['playing'],
              on: { ...WHILE_PLAYING, 'playback.paused': 'paused', 'playback.waiting': 'buffering' },
              initial: 'watching',
              // Progress is written every SAVE_EVERY of playing; the count starts over on each return.
              states: {
                watching: { after: { saveEvery: { target: 'watching', reenter: true, actions: 'flushProgress' } } },
              },
            },
            paused: {
              tags: ['paused'],
              entry: ['flushProgress', ...MARK],
              on: {
                'player.play': { actions: { type: 'command', params: { type: 'play' } } },
                'player.toggle': { actions: { type: 'command', params: { type: 'play' } } },
                'playback.playing': 'playing',
              },
            },
            buffering: {
              tags: ['buffering'],
              on: { ...WHILE_PLAYING, 'playback.playing': 'playing', 'playback.paused': 'paused' },
            },
            seeking: {
              tags: ['seeking'],
              on: {
                'playback.seeked': [{ target: 'playing', guard: 'resumeAfterSeek' }, { target: 'paused' }],
                'playback.paused': { actions: 'stayPausedAfterSeek' },
                'playback.playing': { actions: 'playOnAfterSeek' },
                // Play or pause pressed mid-seek decides what follows it.
                'player.toggle': [
                  { guard: 'resumeAfterSeek', actions: PAUSE_AFTER_SEEK },
                  { actions: PLAY_AFTER_SEEK },
                ],
                'player.pause': { actions: PAUSE_AFTER_SEEK },
                'player.play': { actions: PLAY_AFTER_SEEK },
                // Another seek mid-seek (a key held, pressed twice) keeps what follows the first.
                'player.seek': { actions: { type: 'seek', params: KEEP_RESUME } },
                'player.seekBy': { actions: { type: 'seek', params: KEEP_RESUME } },
              },
            },
            ended: {
              tags: ['ended'],
              entry: ['finishProgress', 'flushProgress'],
              on: {
                'player.play': { target: 'seeking', actions: RESTART },
                'player.toggle': { target: 'seeking', actions: RESTART },
                'playback.playing': 'playing',
              },
            },
          },
        },
        error: { tags: ['error'], on: { 'player.retry': { target: 'loading', actions: 'retryFromHere' } } },
      },
    },
    controls: {
      initial: 'shown',
      states: {
        shown: {
          on: {
            'controls.activity': { target: 'shown', reenter: true },
            'playback.playing': { target: 'shown', reenter: true },
          },
          after: { hideControls: { target: 'hidden', guard: 'mediaPlaying' } },
        },
        // Back whenever the media stops playing (paused, buffering, ended, error) or on activity.
        hidden: { always: { target: 'shown', guard: not('mediaPlaying') }, on: { 'controls.activity': 'shown' } },
      },
    },
    // The end screen: a child fed the media's reports; it asks for the next episode. Its machine
    // loads once the programme is known; should it fail to load, the programme plays without it.
    end: {
      initial: 'waiting',
      states: {
        waiting: { always: { target: 'loading', guard: 'hasProgramme' } },
        loading: {
          invoke: {
            src: 'loadEndScreen',
            onDone: { target: 'active', actions: { type: 'startEndScreen', params: ({ event }) => event.output } },
            onError: 'unavailable',
          },
        },
        unavailable: {},
        active: {
          exit: 'stopEndScreen',
          on: {
            ...FEED_END_SCREEN,
            'endScreen.next': { guard: 'hasNext', actions: { type: 'goToEpisode', params: nextOf } },
          },
        },
      },
    },
  },
});
