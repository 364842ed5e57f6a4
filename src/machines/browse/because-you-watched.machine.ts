import { assertEvent, assign, setup } from 'xstate';

import type { BecauseYouWatchedRow } from '../../services/ratings/ratings.port';
import type { ProfileRef } from '../../services/watching/watching.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import { sameProfile } from '../watching/profile-ref';

export interface BecauseYouWatchedContext {
  profile: ProfileRef | null;
  rows: BecauseYouWatchedRow[];
  error: string | null;
}

export type BecauseYouWatchedEvent =
  | { type: 'becauseYouWatched.profileChanged'; profile: ProfileRef | null }
  /** What the rows come from changed (a rating was saved): read them again, keeping the old ones meanwhile. */
  | { type: 'becauseYouWatched.refresh' }
  | { type: 'becauseYouWatched.retry' };

/**
 * Home's "Because you watched" rows for the active profile, computed by the server: read once a
 * profile is active, read again on `refresh` (the rows already shown stay until the new ones
 * arrive), and started over for another profile.
 */
export const becauseYouWatchedMachine = setup({
  types: {
    context: {} as BecauseYouWatchedContext,
    input: {} as { profile: ProfileRef | null },
    events: {} as BecauseYouWatchedEvent,
  },
  actors: {
    loadRows: fromPromise<BecauseYouWatchedRow[], { profile: ProfileRef }>(async () =>
      notProvided('Because you watched', 'loadRows'),
    ),
  },
  actions: {
    takeRows: assign((_, rows: BecauseYouWatchedRow[]) => ({ rows, error: null })),
    rememberError: assign(failureOf),
    startOver: assign(({ event }) => {
      assertEvent(event, 'becauseYouWatched.profileChanged');
      return { profile: event.profile, rows: [], error: null };
    }),
  },
  guards: {
    hasProfile: ({ context }) => context.profile !== null,
    isOtherProfile: ({ context, event }) =>
      event.type === 'becauseYouWatched.profileChanged' && !sameProfile(context.profile, event.profile),
  },
}).createMachine({
  id: 'becauseYouWatched',
  context: ({ input }) => ({ profile: input.profile, rows: [], error: null }),
  initial: 'idle',
  on: {
    'becauseYouWatched.profileChanged': {
      guard: 'isOtherProfile',
      target: '.idle',
      reenter: true,
      actions: 'startOver',
    },
  },
  states: {
    idle: { always: { guard: 'hasProfile', target: 'loading' } },
    loading: {
      tags: ['busy'],
      on: { 'becauseYouWatched.refresh': { target: 'loading', reenter: true } },
      invoke: {
        src: 'loadRows',
        input: ({ context }) => ({ profile: context.profile! }),
        onDone: { target: 'ready', actions: { type: 'takeRows', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    ready: { on: { 'becauseYouWatched.refresh': 'loading' } },
    failed: {
      tags: ['error'],
      on: { 'becauseYouWatched.refresh': 'loading', 'becauseYouWatched.retry': 'loading' },
    },
  },
});
