import { assign, fromPromise, setup } from 'xstate';

import type { MediaType, Title } from '../../services/catalogue/catalogue.port';
import { errorMessage } from '../error-message';
import { firstTrailer, mediaTypeOf } from './title';
import { fetchVideosPlaceholder } from './trailer';

export interface HeroContext {
  /** Returns a number in [0, 1); injected so the pick is repeatable in tests. */
  random: () => number;
  title: Title | null;
  mediaType: MediaType;
  /** The trailer's video key; null once loaded when the title has no trailer. */
  trailerKey: string | null;
  error: string | null;
}

export type HeroEvent = { type: 'hero.play' } | { type: 'hero.retry' };

/**
 * The hero banner: loads the trending list, picks a random title that has a backdrop (never
 * an empty pick, the clone's index -1 defect in docs/decisions.md), shows it, and swaps to its trailer on Play.
 */
export const heroMachine = setup({
  types: {
    context: {} as HeroContext,
    input: {} as { random?: () => number },
    events: {} as HeroEvent,
  },
  actors: {
    fetchTrending: fromPromise<Title[]>(async () => {
      throw new Error('fetchTrending was not provided');
    }),
    fetchVideos: fetchVideosPlaceholder,
  },
  guards: {
    anyWithBackdrop: ({ event }) =>
      'output' in event &&
      Array.isArray(event.output) &&
      (event.output as Title[]).some((title) => title.backdrop_path),
  },
}).createMachine({
  id: 'hero',
  context: ({ input }) => ({
    random: input.random ?? Math.random,
    title: null,
    mediaType: 'movie',
    trailerKey: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchTrending',
        onDone: [
          {
            guard: 'anyWithBackdrop',
            target: 'ready',
            actions: assign(({ context, event }) => {
              const candidates = event.output.filter((title) => title.backdrop_path);
              const title =
                candidates[Math.min(candidates.length - 1, Math.floor(context.random() * candidates.length))];
              return { title, mediaType: mediaTypeOf(title), error: null };
            }),
          },
          { target: 'empty' },
        ],
        onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
      },
    },
    ready: {
      on: { 'hero.play': 'playing' },
    },
    playing: {
      initial: 'loadingTrailer',
      states: {
        loadingTrailer: {
          tags: ['busy'],
          invoke: {
            src: 'fetchVideos',
            input: ({ context }) => ({ mediaType: context.mediaType, id: context.title!.id }),
            onDone: {
              target: 'showing',
              actions: assign({ trailerKey: ({ event }) => firstTrailer(event.output)?.key ?? null, error: null }),
            },
            onError: { target: 'failed', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        showing: {},
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
