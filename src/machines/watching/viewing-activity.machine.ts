import { assign, setup } from 'xstate';

import type { ActivityItem } from '../../../shared/activity/activity.schema';
import type { ProfileRef } from '../../services/watching/watching.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface ViewingActivityContext {
  profile: ProfileRef | null;
  /** The profile's lines, newest first, as the store last reported them. */
  items: ActivityItem[];
  /** Why the activity could not be read. */
  error: string | null;
  /** The line being hidden. */
  hiding: string | null;
  /** Why the last Hide failed (the lines stay as they were). */
  hideError: string | null;
}

export type ViewingActivityEvent =
  { type: 'activity.retry' } | { type: 'activity.hide'; key: string } | { type: 'activity.dismissError' };

/**
 * A profile's viewing activity page: reads its lines, then hides them one at a time. Once a line
 * is hidden, `announceHidden` tells the rest of the app (Continue Watching reads itself again).
 */
export const viewingActivityMachine = setup({
  types: {
    context: {} as ViewingActivityContext,
    events: {} as ViewingActivityEvent,
    input: {} as { profile: ProfileRef | null },
  },
  actors: {
    loadActivity: fromPromise<ActivityItem[], { profile: ProfileRef }>(async () =>
      notProvided('viewingActivity', 'loadActivity'),
    ),
    hideLine: fromPromise<ActivityItem[], { profile: ProfileRef; key: string }>(async () =>
      notProvided('viewingActivity', 'hideLine'),
    ),
  },
  actions: {
    takeItems: assign((_, items: ActivityItem[]) => ({ items, error: null, hiding: null, hideError: null })),
    rememberError: assign(failureOf),
    markHiding: assign((_, key: string) => ({ hiding: key, hideError: null })),
    rememberHideError: assign((args) => ({ hiding: null, hideError: failureOf(args).error })),
    dismissError: assign({ hideError: null }),
    /** Injected: what else learns that a title left the activity (the screen refreshes Continue Watching). */
    announceHidden: () => {},
  },
  guards: {
    hasProfile: ({ context }) => context.profile !== null,
  },
}).createMachine({
  id: 'viewingActivity',
  context: ({ input }) => ({ profile: input.profile, items: [], error: null, hiding: null, hideError: null }),
  initial: 'starting',
  states: {
    starting: { always: [{ target: 'loading', guard: 'hasProfile' }, { target: 'noProfile' }] },
    noProfile: {},
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadActivity',
        input: ({ context }) => ({ profile: context.profile! }),
        onDone: { target: 'ready', actions: { type: 'takeItems', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    failed: { tags: ['error'], on: { 'activity.retry': 'loading' } },
    ready: {
      on: {
        'activity.hide': { target: 'hiding', actions: { type: 'markHiding', params: ({ event }) => event.key } },
        'activity.dismissError': { actions: 'dismissError' },
      },
    },
    hiding: {
      tags: ['busy'],
      invoke: {
        src: 'hideLine',
        input: ({ context }) => ({ profile: context.profile!, key: context.hiding! }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'takeItems', params: ({ event }) => event.output }, 'announceHidden'],
        },
        onError: { target: 'ready', actions: 'rememberHideError' },
      },
    },
  },
});
