import { assign, setup } from 'xstate';

import type { Genre, MediaType } from '../../services/catalogue/catalogue.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface GenresContext {
  mediaType: MediaType;
  genres: Genre[];
  /**
   * The genres the Genres menu offers: those with titles, once checked (null until then). A genre
   * list names every genre the catalogue knows, some with no titles in it.
   */
  offered: Genre[] | null;
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
    findOfferedGenres: fromPromise<Genre[], { mediaType: MediaType; genres: Genre[] }>(async () =>
      notProvided('genres', 'findOfferedGenres'),
    ),
  },
  actions: {
    takeGenres: assign((_, genres: Genre[]) => ({ genres, offered: null, error: null })),
    takeOffered: assign((_, offered: Genre[]) => ({ offered })),
    // A check that failed hides nothing: a genre's own page still says when it has no titles.
    offerAll: assign(({ context }) => ({ offered: context.genres })),
    rememberError: assign(failureOf),
  },
}).createMachine({
  id: 'genres',
  context: ({ input }) => ({ mediaType: input.mediaType, genres: [], offered: null, error: null }),
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
    ready: {
      invoke: {
        src: 'findOfferedGenres',
        input: ({ context }) => ({ mediaType: context.mediaType, genres: context.genres }),
        onDone: { actions: { type: 'takeOffered', params: ({ event }) => event.output } },
        onError: { actions: 'offerAll' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'genres.retry': 'loading' },
    },
  },
});
