import { assign, setup } from 'xstate';

import type { Genre, MediaType } from '../../services/catalogue/catalogue.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface GenresContext {
  mediaType: MediaType;
  genres: Genre[];
  error: string | null;
}

/** A section page's genres (TV Shows, Films): its rows and its genre filter come from them. */
export const genresMachine = setup({
  types: {
    context: {} as GenresContext,
    input: {} as { mediaType: MediaType },
    events: {} as { type: 'genres.retry' },
  },
  actors: {
    fetchGenres: fromPromise<Genre[], { mediaType: MediaType }>(async () => notProvided('genres', 'fetchGenres')),
  },
  actions: {
    takeGenres: assign((_, genres: Genre[]) => ({ genres, error: null })),
    rememberError: assign(failureOf),
  },
}).createMachine({
  id: 'genres',
  context: ({ input }) => ({ mediaType: input.mediaType, genres: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'fetchGenres',
        input: ({ context }) => ({ mediaType: context.mediaType }),
        onDone: { target: 'ready', actions: { type: 'takeGenres', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    ready: {},
    failed: {
      tags: ['error'],
      on: { 'genres.retry': 'loading' },
    },
  },
});
