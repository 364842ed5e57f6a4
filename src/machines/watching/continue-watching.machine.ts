import { assertEvent, assign, fromCallback, sendTo, setup } from 'xstate';

import type { ProgressEntry } from '../../../shared/watching/watching.schema';
import type { ProfileRef } from '../../services/watching/watching.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';
import type { ProfileCollectionContext, ProfileInput } from './profile-ref';
import { activeProfile, awaitingProfile, loadingCollection, sameProfile } from './profile-ref';
import type { ProgressCommand } from './programme';

/** A title the person asked to remove; the head of the queue is with the store, the rest wait. */
export interface Removal {
  key: string;
  title: string;
}

export interface ContinueWatchingContext extends ProfileCollectionContext {
  /** The entries as the store last reported them, newest first. */
  stored: ProgressEntry[];
  /** Removals not yet confirmed, oldest first. */
  removals: Removal[];
  /** What the person sees: `stored` without the titles being removed. */
  entries: ProgressEntry[];
  /** A refresh was asked for while a removal was with the store: it runs once they are done. */
  refreshWanted: boolean;
}

export type ContinueWatchingInput = ProfileInput;

export type ContinueWatchingEvent =
  | { type: 'continueWatching.profileChanged'; profile: ProfileRef | null }
  | { type: 'continueWatching.retry' }
  /** Read again (home shows it after the player saved a new position); the entries stay shown meanwhile. */
  | { type: 'continueWatching.refresh' }
  | { type: 'continueWatching.remove'; key: string }
  | { type: 'continueWatching.dismissNotice' }
  /** The player's latest position for a title (or its removal, once finished), to be written. */
  | { type: 'continueWatching.write'; command: ProgressCommand }
  /** The store's answers to those writes, for the profile they were written for. */
  | { type: 'continueWatching.saved'; profile: ProfileRef; entry: ProgressEntry }
  | { type: 'continueWatching.forgotten'; profile: ProfileRef; key: string };

/** What the `writeProgress` actor is handed: one write, for one profile, done in the order given. */
export interface ProgressWriteRequest {
  type: 'progress.write';
  profile: ProfileRef;
  command: ProgressCommand;
}

const without = (entries: ProgressEntry[], removals: Removal[]) =>
  entries.filter((entry) => !removals.some((removal) => removal.key === entry.key));

/** The entry of a title (`movie-603`, `tv-1399`) as shown, or undefined when it has none. */
export const progressOf = (context: Pick<ContinueWatchingContext, 'entries'>, key: string) =>
  context.entries.find((entry) => entry.key === key);

/** Nothing loaded yet for the profile. */
const startingContext = (profile: ProfileRef | null): ContinueWatchingContext => ({
  profile,
  stored: [],
  removals: [],
  entries: [],
  refreshWanted: false,
  error: null,
  notice: null,
});

export const removalRefusedMessage = (title: string) => `Could not remove ${title} from Continue Watching. Try again.`;

/**
 * The active profile's Continue Watching, and the one owner of its positions: loading, loaded or
 * failed with retry, and read again on request. The player hands it each position to write; the
 * store's answer replaces the title's entry. Removing a title is optimistic: it leaves the row at once and the
 * removal goes to the store, one at a time; a refusal puts exactly that title back where it was
 * and sets `notice`. A new profile starts over with its own entries.
 */
export const continueWatchingMachine = setup({
  types: {
    context: {} as ContinueWatchingContext,
    input: {} as ContinueWatchingInput,
    events: {} as ContinueWatchingEvent,
  },
  actors: {
    loadProgress: fromPromise<ProgressEntry[], { profile: ProfileRef }>(async () =>
      notProvided('Continue Watching', 'loadProgress'),
    ),
    removeProgress: fromPromise<void, { profile: ProfileRef; key: string }>(async () =>
      notProvided('Continue Watching', 'removeProgress'),
    ),
    /** Writes the player's positions one at a time, in order, and reports each stored answer. */
    writeProgress: fromCallback<ProgressWriteRequest, void>(() => notProvided('Continue Watching', 'writeProgress')),
  },
  actions: {
    rememberError: assign(failureOf),
    startOver: assign(({ event }) => {
      assertEvent(event, 'continueWatching.profileChanged');
      return startingContext(event.profile);
    }),
    /** The store's entries, without the titles still being removed. */
    takeStored: assign(({ context }, stored: ProgressEntry[]) => ({
      stored,
      entries: without(stored, context.removals),
      error: null,
    })),
    queueRemoval: assign(({ context, event }) => {
      assertEvent(event, 'continueWatching.remove');
      const entry = progressOf(context, event.key);
      if (!entry) return {};
      const removals = [...context.removals, { key: entry.key, title: entry.title }];
      return { removals, entries: without(context.stored, removals) };
    }),
    confirmRemoval: assign(({ context }) => {
      const [done, ...removals] = context.removals;
      const stored = context.stored.filter((entry) => entry.key !== done?.key);
      return { stored, removals, entries: without(stored, removals) };
    }),
    /** Dropping the refused removal puts its title back in its place among the stored entries. */
    rollBackRemoval: assign(({ context }) => {
      const [refused, ...removals] = context.removals;
      return {
        removals,
        entries: without(context.stored, removals),
        notice: refused ? removalRefusedMessage(refused.title) : context.notice,
      };
    }),
    handToWriter: sendTo('writer', ({ context, event }) => {
      assertEvent(event, 'continueWatching.write');
      return { type: 'progress.write' as const, profile: context.profile!, command: event.command };
    }),
    /** The stored answer replaces the title's entry and comes first (newest first). */
    takeSaved: assign(({ context, event }) => {
      assertEvent(event, 'continueWatching.saved');
      const stored = [event.entry, ...context.stored.filter((entry) => entry.key !== event.entry.key)];
      return { stored, entries: without(stored, context.removals) };
    }),
    takeForgotten: assign(({ context, event }) => {
      assertEvent(event, 'continueWatching.forgotten');
      const stored = context.stored.filter((entry) => entry.key !== event.key);
      return { stored, entries: without(stored, context.removals) };
    }),
    wantRefresh: assign({ refreshWanted: true }),
    startRefresh: assign({ refreshWanted: false }),
    dismissNotice: assign({ notice: null }),
  },
  guards: {
    hasProfile: ({ context }) => context.profile !== null,
    /** An answer for the profile shown (not one left since the write). */
    isForThisProfile: ({ context, event }) =>
      (event.type === 'continueWatching.saved' || event.type === 'continueWatching.forgotten') &&
      sameProfile(context.profile, event.profile),
    isOtherProfile: ({ context, event }) =>
      event.type === 'continueWatching.profileChanged' && !sameProfile(context.profile, event.profile),
    isShown: ({ context, event }) =>
      event.type === 'continueWatching.remove' && progressOf(context, event.key) !== undefined,
    hasRemoval: ({ context }) => context.removals.length > 0,
    refreshWanted: ({ context }) => context.refreshWanted,
  },
}).createMachine({
  id: 'continueWatching',
  context: ({ input }) => startingContext(input.profile),
  initial: 'idle',
  // The one writer of positions: the player hands each one here, so what the rows and the detail
  // view read is what the store answered, in whichever state the list is.
  invoke: { id: 'writer', src: 'writeProgress', input: undefined },
  on: {
    'continueWatching.write': { guard: 'hasProfile', actions: 'handToWriter' },
    'continueWatching.saved': { guard: 'isForThisProfile', actions: 'takeSaved' },
    'continueWatching.forgotten': { guard: 'isForThisProfile', actions: 'takeForgotten' },
    'continueWatching.profileChanged': {
      guard: 'isOtherProfile',
      target: '.idle',
      reenter: true,
      actions: 'startOver',
    },
    'continueWatching.dismissNotice': { actions: 'dismissNotice' },
  },
  states: {
    idle: awaitingProfile,
    loading: loadingCollection('loadProgress'),
    failed: {
      tags: ['error'],
      on: { 'continueWatching.retry': 'loading', 'continueWatching.refresh': 'loading' },
    },
    loaded: {
      initial: 'settled',
      on: {
        'continueWatching.remove': { guard: 'isShown', actions: 'queueRemoval' },
        'continueWatching.refresh': { actions: 'wantRefresh' },
      },
      states: {
        /** Every removal confirmed or rolled back: the next one goes to the store, then a refresh asked for. */
        settled: {
          always: [
            { guard: 'hasRemoval', target: 'removing' },
            { guard: 'refreshWanted', target: 'refreshing' },
          ],
        },
        removing: {
          tags: ['saving'],
          invoke: {
            src: 'removeProgress',
            input: ({ context }) => ({ profile: context.profile!, key: context.removals[0]!.key }),
            onDone: { target: 'settled', actions: 'confirmRemoval' },
            onError: { target: 'settled', actions: 'rollBackRemoval' },
          },
        },
        refreshing: {
          entry: 'startRefresh',
          invoke: {
            src: 'loadProgress',
            input: activeProfile,
            onDone: { target: 'settled', actions: { type: 'takeStored', params: ({ event }) => event.output } },
            // The entries shown are the last ones read; a failed second read keeps them rather
            // than replacing a working row with an error.
            onError: { target: 'settled' },
          },
        },
      },
    },
  },
});
