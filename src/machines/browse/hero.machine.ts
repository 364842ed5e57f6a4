import { assign, setup } from 'xstate';

import { heroCandidates, pickHero } from '../../../shared/catalogue/first-screen';
import type { MediaType, Title, Video } from '../../services/catalogue/catalogue.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import { firstTrailer, mediaTypeOf } from './title';
import { fetchVideosPlaceholder } from './trailer';

export interface HeroContext {
  /** Returns a number in [0, 1); injected so the pick is repeatable in tests. */
  random: () => number;
  title: Title | null;
  mediaType: MediaType;
  /** The trailer's video key; null once loaded when the title has no trailer. */
  trailerKey: string | null;
  /** Whether the preview plays without sound: every preview starts muted, as browsers only autoplay muted. */
  muted: boolean;
  /** Whether the banner is in the viewport: a preview scrolled out of view waits, paused. */
  inView: boolean;
  /** The profile's "autoplay previews": the trailer starts by itself, muted, once, while in view. */
  autoplay: boolean;
  /** The trailer has started by itself once: after Stop or its end the banner keeps to its art. */
  autoplayed: boolean;
  error: string | null;
}

export type HeroEvent =
  | { type: 'hero.preview' }
  | { type: 'hero.stop' }
  | { type: 'hero.ended' }
  | { type: 'hero.mute.toggle' }
  | { type: 'hero.retry' }
  | { type: 'hero.visibility'; inView: boolean };

/**
 * The hero banner: loads the trending list, picks a random title that has a backdrop (never
 * an empty pick, the clone's index -1 defect in docs/decisions.md), shows it, and plays its
 * trailer as a preview in the banner's own box on Preview. Stop, or the clip's end, returns to
 * the banner (docs/decisions.md: Play goes to the player page, Preview stays here).
 */
export const heroMachine = setup({
  types: {
    context: {} as HeroContext,
    input: {} as { random?: () => number; autoplay?: boolean },
    events: {} as HeroEvent,
  },
  actors: {
    fetchTrending: fromPromise<Title[]>(async () => notProvided('hero', 'fetchTrending')),
    fetchVideos: fetchVideosPlaceholder,
  },
  actions: {
    pickTitle: assign(({ context }, titles: Title[]) => {
      // The guard has checked there is a candidate; the rule is the server's too (its preloaded art).
      const title = pickHero(titles, context.random())!;
      return { title, mediaType: mediaTypeOf(title), error: null };
    }),
    storeTrailer: assign((_, videos: Video[]) => ({ trailerKey: firstTrailer(videos)?.key ?? null, error: null })),
    rememberError: assign(failureOf),
    startMuted: assign({ muted: true }),
    toggleMute: assign({ muted: ({ context }) => !context.muted }),
    noteVisibility: assign((_, inView: boolean) => ({ inView })),
    noteAutoplayed: assign({ autoplayed: true }),
  },
  guards: {
    anyWithBackdrop: (_, titles: Title[]) => heroCandidates(titles).length > 0,
    hasTrailer: ({ context }) => context.trailerKey !== null,
    /** Autoplay is on, it has not played by itself yet, and the banner is in view. */
    shouldAutoplay: ({ context }) => context.autoplay && !context.autoplayed && context.inView,
  },
}).createMachine({
  id: 'hero',
  context: ({ input }) => ({
    random: input.random ?? Math.random,
    title: null,
    mediaType: 'movie',
    trailerKey: null,
    muted: true,
    inView: true,
    autoplay: input.autoplay ?? false,
    autoplayed: false,
    error: null,
  }),
  initial: 'loading',
  // Seen in any state, so a preview that starts while the banner is out of view starts paused.
  on: { 'hero.visibility': { actions: { type: 'noteVisibility', params: ({ event }) => event.inView } } },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchTrending',
        onDone: [
          {
            guard: { type: 'anyWithBackdrop', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'pickTitle', params: ({ event }) => event.output },
          },
          { target: 'empty' },
        ],
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    ready: {
      // Checked again after every event, so a banner scrolled into view later starts then.
      always: { guard: 'shouldAutoplay', target: 'previewing', actions: 'noteAutoplayed' },
      on: { 'hero.preview': 'previewing' },
    },
    /** The trailer plays in the banner's box; the banner's text and actions stay where they are. */
    previewing: {
      entry: 'startMuted',
      initial: 'loadingTrailer',
      on: { 'hero.stop': 'ready' },
      states: {
        loadingTrailer: {
          tags: ['busy'],
          invoke: {
            src: 'fetchVideos',
            input: ({ context }) => ({ mediaType: context.mediaType, id: context.title!.id }),
            onDone: { target: 'checking', actions: { type: 'storeTrailer', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: 'rememberError' },
          },
        },
        checking: {
          always: [{ guard: 'hasTrailer', target: 'playing' }, { target: 'unavailable' }],
        },
        playing: {
          on: {
            'hero.mute.toggle': { actions: 'toggleMute' },
            // The clip is over: back to the banner, never a black box with Replay.
            'hero.ended': '#hero.ready',
          },
        },
        /** The title has no trailer: the banner says so until Stop. */
        unavailable: {},
        failed: {
          tags: ['error'],
          on: { 'hero.retry': 'loadingTrailer' },
        },
      },
    },
    /** Nothing trending has artwork: the banner is left out. */
    empty: {},
    failed: {
      tags: ['error'],
      on: { 'hero.retry': 'loading' },
    },
  },
});
