import { assertEvent, assign, setup } from 'xstate';

import type { RatingEntry, TitleRating } from '../../services/ratings/ratings.port';
import type { ProfileRef } from '../../services/watching/watching.port';
import { errorMessage, failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import type { ProfileCollectionContext, ProfileInput } from './profile-ref';
import { awaitingProfile, loadingCollection, sameProfile } from './profile-ref';

/** One change on its way to the store: the title's new rating (null: cleared) and the one it replaces. */
export interface RatingChange {
  key: string;
  rating: TitleRating | null;
  previous: TitleRating | null;
}

export interface RatingsContext extends ProfileCollectionContext {
  /** Each rated title's rating, by key (`movie-603`), the pending change already applied. */
  ratings: Record<string, TitleRating>;
  pending: RatingChange | null;
  /** Counts the changes the store confirmed: what depends on the ratings (home's rows) reloads when it moves. */
  revision: number;
}

export type RatingsEvent =
  | { type: 'ratings.profileChanged'; profile: ProfileRef | null }
  | { type: 'ratings.retry' }
  /** The real service's buttons: pressing the title's chosen rating again clears it. */
  | { type: 'ratings.rate'; key: string; rating: TitleRating }
  | { type: 'ratings.dismissNotice' };

/** The title's rating as shown (null: none). */
export const ratingOf = (context: Pick<RatingsContext, 'ratings'>, key: string): TitleRating | null =>
  context.ratings[key] ?? null;

/** Whether a change to the title is waiting for the store. */
export const isRating = (context: Pick<RatingsContext, 'pending'>, key: string): boolean =>
  context.pending?.key === key;

const withRating = (ratings: Record<string, TitleRating>, key: string, rating: TitleRating | null) => {
  const { [key]: _dropped, ...others } = ratings;
  return rating === null ? others : { ...others, [key]: rating };
};

/**
 * The active profile's thumbs ratings: loading, loaded or failed with retry. A rating shows at
 * once and goes to the store; one change is with the store at a time (the buttons wait), and a
 * refusal puts the previous rating back and says so in `notice`. One instance serves the detail
 * view and every preview card; a new profile starts over with its own ratings.
 */
export const ratingsMachine = setup({
  types: {
    context: {} as RatingsContext,
    input: {} as ProfileInput,
    events: {} as RatingsEvent,
  },
  actors: {
    loadRatings: fromPromise<RatingEntry[], { profile: ProfileRef }>(async () => notProvided('Ratings', 'loadRatings')),
    saveRating: fromPromise<void, { profile: ProfileRef; key: string; rating: TitleRating | null }>(async () =>
      notProvided('Ratings', 'saveRating'),
    ),
  },
  actions: {
    takeStored: assign((_, stored: RatingEntry[]) => ({
      ratings: Object.fromEntries(stored.map((entry) => [entry.key, entry.rating])),
      pending: null,
      error: null,
    })),
    rememberError: assign(failureOf),
    startOver: assign(({ event }) => {
      assertEvent(event, 'ratings.profileChanged');
      return { profile: event.profile, ratings: {}, pending: null, error: null, notice: null };
    }),
    /** Shows the new rating at once; pressing the chosen one again clears it. */
    startChange: assign(({ context, event }) => {
      assertEvent(event, 'ratings.rate');
      const previous = ratingOf(context, event.key);
      const rating = previous === event.rating ? null : event.rating;
      return {
        pending: { key: event.key, rating, previous },
        ratings: withRating(context.ratings, event.key, rating),
        notice: null,
      };
    }),
    confirmChange: assign(({ context }) => ({ pending: null, revision: context.revision + 1 })),
    rollBackChange: assign(({ context }, error: unknown) => {
      const change = context.pending;
      if (!change) return {};
      return {
        pending: null,
        ratings: withRating(context.ratings, change.key, change.previous),
        notice: `Could not save your rating. ${errorMessage(error)}`,
      };
    }),
    dismissNotice: assign({ notice: null }),
  },
  guards: {
    hasProfile: ({ context }) => context.profile !== null,
    isOtherProfile: ({ context, event }) =>
      event.type === 'ratings.profileChanged' && !sameProfile(context.profile, event.profile),
  },
}).createMachine({
  id: 'ratings',
  context: ({ input }) => ({
    profile: input.profile,
    ratings: {},
    pending: null,
    revision: 0,
    error: null,
    notice: null,
  }),
  initial: 'idle',
  on: {
    'ratings.profileChanged': { guard: 'isOtherProfile', target: '.idle', reenter: true, actions: 'startOver' },
    'ratings.dismissNotice': { actions: 'dismissNotice' },
  },
  states: {
    idle: awaitingProfile,
    loading: loadingCollection('loadRatings'),
    failed: {
      tags: ['error'],
      on: { 'ratings.retry': 'loading' },
    },
    loaded: {
      initial: 'settled',
      states: {
        settled: {
          on: { 'ratings.rate': { target: 'saving', actions: 'startChange' } },
        },
        saving: {
          tags: ['saving'],
          invoke: {
            src: 'saveRating',
            input: ({ context }) => ({
              profile: context.profile!,
              key: context.pending!.key,
              rating: context.pending!.rating,
            }),
            onDone: { target: 'settled', actions: 'confirmChange' },
            onError: {
              target: 'settled',
              actions: { type: 'rollBackChange', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
      },
    },
  },
});
