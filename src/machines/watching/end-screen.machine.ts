import { and, assign, not, sendParent, setup } from 'xstate';

import type { PlaybackEvent } from '../../services/playback/playback.port';

// Here, not with the player's other figures (player-events.ts): this machine is a chunk of its own.
/** Seconds the next episode's countdown starts from. */
export const COUNTDOWN_SECONDS = 10;
/** Without a credits marker, the last this many seconds bring the end screen. */
export const END_WINDOW_SECONDS = 10;
/**
 * Episodes that started on their own in a row, with no touch, key or pointer on the player, after
 * which the next one asks "Are you still watching?" instead of starting, as the real service
 * does: a viewer who fell asleep or left does not stream a season to an empty room (nor lose
 * their place in it).
 */
export const STILL_WATCHING_AFTER = 3;

export interface EndScreenInput {
  /** A series with an episode after this one. */
  hasNext: boolean;
  /** The profile's autoplay setting: the next episode starts on its own after the countdown. */
  autoplay: boolean;
  /**
   * What the player knew before this machine started (its chunk loads once the programme is
   * known, and the media may be playing by then): whether the media moves, and the credits.
   */
  running?: boolean;
  creditsAt?: number | null;
  /** Episodes in a row, this one included, that started on their own with no interaction since; none: 0. */
  run?: number;
}

export interface EndScreenContext {
  hasNext: boolean;
  autoplay: boolean;
  /** Where the credits start (the programme's credits marker); null: the last seconds bring the end screen. */
  creditsAt: number | null;
  /** Whether the media moves (playing or ended); the countdown stands still otherwise. */
  running: boolean;
  /** Seconds before the next episode starts on its own; null when not counting. */
  countdown: number | null;
  /** Episodes in a row that started on their own, this one included, with no interaction since. */
  run: number;
}

/** What the player forwards (its media's reports) and what the end screen's buttons send. */
export type EndScreenEvent =
  | Extract<
      PlaybackEvent,
      { type: 'playback.time' | 'playback.playing' | 'playback.paused' | 'playback.waiting' | 'playback.ended' }
    >
  | { type: 'endScreen.credits'; at: number | null }
  | { type: 'nextEpisode.cancel' }
  | { type: 'endScreen.watchCredits' }
  /** The profile's autoplay changed: it decides the next end screen; off also stops a count. */
  | { type: 'endScreen.autoplay'; autoplay: boolean }
  /** The viewer touched the player (a pointer, a key): the run of episodes starts over. */
  | { type: 'controls.activity' }
  /** "Continue Watching" on the "Are you still watching?" prompt. */
  | { type: 'stillWatching.continue' };

/**
 * What the end screen tells the player: go to the next episode, whose run (episodes started on
 * their own in a row) is `run`; the player hands it to the next episode's end screen. Or pause:
 * the prompt holds the frame.
 */
export type EndScreenOutput = { type: 'endScreen.next'; run: number } | { type: 'player.pause' };

/**
 * The end of a programme, a child of the player fed its media's reports: credits (or the last
 * seconds) bring the end screen. For an episode with one after it, a countdown runs when the
 * profile's autoplay is on and, at 0, asks the player for the next episode; it stands still
 * while the viewer has paused. "Watch Credits" hides the screen until the media ends; Cancel stops
 * the count and keeps the screen, as autoplay turned off does. Seeking out of the window resets it.
 * After STILL_WATCHING_AFTER episodes started on their own with no interaction, the count's end
 * pauses the media and asks "Are you still watching?"; only "Continue Watching" goes on.
 */
export const endScreenMachine = setup({
  types: {
    context: {} as EndScreenContext,
    events: {} as EndScreenEvent,
    input: {} as EndScreenInput,
  },
  actions: {
    takeAutoplay: assign({
      autoplay: ({ event, context }) => (event.type === 'endScreen.autoplay' ? event.autoplay : context.autoplay),
    }),
    takeCredits: assign({
      creditsAt: ({ event, context }) => (event.type === 'endScreen.credits' ? event.at : context.creditsAt),
    }),
    run: assign({ running: true }),
    halt: assign({ running: false }),
    startCountdown: assign({ countdown: COUNTDOWN_SECONDS }),
    stopCountdown: assign({ countdown: null }),
    tick: assign({ countdown: ({ context }) => (context.countdown ?? COUNTDOWN_SECONDS) - 1 }),
    askForNext: sendParent(
      (_, params: { run: number }) => ({ type: 'endScreen.next', ...params }) satisfies EndScreenOutput,
    ),
    pauseMedia: sendParent({ type: 'player.pause' } satisfies EndScreenOutput),
    resetRun: assign({ run: 0 }),
  },
  guards: {
    inEndWindow: ({ context, event }) => event.type === 'playback.time' && inWindow(context, event),
    autoplaysNext: ({ context }) => context.hasNext && context.autoplay,
    turnsAutoplayOff: ({ event }) => event.type === 'endScreen.autoplay' && !event.autoplay,
    running: ({ context }) => context.running,
    countdownOver: ({ context }) => (context.countdown ?? 0) <= 1,
    stillWatchingDue: ({ context }) => context.run >= STILL_WATCHING_AFTER,
  },
  delays: { tick: 1000 },
}).createMachine({
  id: 'endScreen',
  context: ({ input }) => ({
    hasNext: input.hasNext,
    autoplay: input.autoplay,
    creditsAt: input.creditsAt ?? null,
    running: input.running ?? false,
    countdown: null,
    run: input.run ?? 0,
  }),
  on: {
    'endScreen.credits': { actions: 'takeCredits' },
    'endScreen.autoplay': { actions: 'takeAutoplay' },
    'playback.playing': { actions: 'run' },
    'playback.ended': { actions: 'run' },
    'playback.paused': { actions: 'halt' },
    'playback.waiting': { actions: 'halt' },
    'controls.activity': { actions: 'resetRun' },
  },
  initial: 'hidden',
  states: {
    hidden: {
      on: {
        'playback.time': { target: 'shown', guard: 'inEndWindow' },
        'playback.ended': { target: 'shown', actions: 'run' },
      },
    },
    shown: {
      tags: ['endScreen'],
      on: {
        'playback.time': { target: 'hidden', guard: not('inEndWindow') },
        'endScreen.watchCredits': 'watchingCredits',
      },
      initial: 'choosing',
      states: {
        choosing: { always: { target: 'counting', guard: 'autoplaysNext' } },
        counting: {
          entry: 'startCountdown',
          exit: 'stopCountdown',
          on: {
            'nextEpisode.cancel': 'stopped',
            'endScreen.autoplay': { target: 'stopped', guard: 'turnsAutoplayOff', actions: 'takeAutoplay' },
          },
          initial: 'ticking',
          states: {
            ticking: {
              after: {
                tick: [
                  { target: '#endScreen.shown.asking', guard: and(['countdownOver', 'running', 'stillWatchingDue']) },
                  { target: '#endScreen.shown.done', guard: and(['countdownOver', 'running']) },
                  { target: 'ticking', reenter: true, guard: 'running', actions: 'tick' },
                  { target: 'ticking', reenter: true },
                ],
              },
            },
          },
        },
        // The viewer stopped the count: the screen stays, without one.
        stopped: {},
        done: { entry: { type: 'askForNext', params: ({ context }) => ({ run: context.run + 1 }) } },
        // "Are you still watching?" over the paused frame; the next episode waits for the viewer.
        asking: {
          tags: ['stillWatching'],
          entry: 'pauseMedia',
          on: { 'stillWatching.continue': 'continued' },
        },
        // The viewer chose to go on: the next episode's run starts again from 0.
        continued: { entry: { type: 'askForNext', params: { run: 0 } } },
      },
    },
    // Hidden until the media ends (then shown without a countdown) or the viewer seeks back.
    watchingCredits: {
      on: {
        'playback.time': { target: 'hidden', guard: not('inEndWindow') },
        'playback.ended': { target: 'shown.stopped', actions: 'run' },
      },
    },
  },
});

/** Whether a time is in the credits, or the last seconds of a programme without credits marked. */
function inWindow(context: EndScreenContext, event: { time: number; duration: number }): boolean {
  if (event.duration <= 0) return false;
  const from = context.creditsAt ?? event.duration - END_WINDOW_SECONDS;
  return event.time >= Math.min(from, event.duration - 1);
}

/** The end screen's machine, which the player loads as a chunk of its own (player.machine.ts). */
export type EndScreenLogic = typeof endScreenMachine;
