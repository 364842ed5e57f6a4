import { assign, setup } from 'xstate';

import type { LibraryOverview } from '../../services/studio/studio.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

/** How often the library's state is read again while the page is open: ingest writes progress about this often. */
export const STUDIO_POLL_MS = 2000;

export interface StudioLibraryContext {
  overview: LibraryOverview | null;
  error: string | null;
  /** A retry or rescan that failed: shown beside the list, which stays. */
  actionError: string | null;
}

export type StudioLibraryEvent =
  | { type: 'library.retryFile'; fileKey: number }
  | { type: 'library.rescan' }
  | { type: 'library.reload' }
  | { type: 'library.dismiss' };

/**
 * The studio's library and folders pages: the overview (folders and their scans, every title and
 * file with its ingest state and progress), read again every STUDIO_POLL_MS while open, and the
 * operator's retry of a file and rescan of the folders.
 */
export const studioLibraryMachine = setup({
  types: { context: {} as StudioLibraryContext, events: {} as StudioLibraryEvent },
  actors: {
    loadOverview: fromPromise<LibraryOverview>(async () => notProvided('studio library', 'loadOverview')),
    retryFile: fromPromise<void, { fileKey: number }>(async () => notProvided('studio library', 'retryFile')),
    rescan: fromPromise<void>(async () => notProvided('studio library', 'rescan')),
  },
  actions: {
    takeOverview: assign((_, overview: LibraryOverview) => ({ overview, error: null })),
    rememberError: assign(failureOf),
    rememberActionError: assign(({ event }) => ({ actionError: failureOf({ event }).error })),
    clearActionError: assign({ actionError: null }),
  },
  delays: { poll: STUDIO_POLL_MS },
}).createMachine({
  id: 'studioLibrary',
  context: { overview: null, error: null, actionError: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadOverview',
        onDone: { target: 'ready', actions: { type: 'takeOverview', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    ready: {
      initial: 'waiting',
      states: {
        waiting: {
          after: { poll: 'refreshing' },
          on: {
            'library.retryFile': 'retrying',
            'library.rescan': 'rescanning',
            'library.reload': 'refreshing',
          },
        },
        /** A poll: a failure keeps the list shown and tries again at the next one. */
        refreshing: {
          invoke: {
            src: 'loadOverview',
            onDone: { target: 'waiting', actions: { type: 'takeOverview', params: ({ event }) => event.output } },
            onError: { target: 'waiting', actions: 'rememberError' },
          },
        },
        retrying: {
          tags: ['busy'],
          entry: 'clearActionError',
          invoke: {
            src: 'retryFile',
            input: ({ event }) => ({ fileKey: (event as Extract<StudioLibraryEvent, { fileKey: number }>).fileKey }),
            onDone: 'refreshing',
            onError: { target: 'waiting', actions: 'rememberActionError' },
          },
        },
        rescanning: {
          tags: ['busy'],
          entry: 'clearActionError',
          invoke: {
            src: 'rescan',
            onDone: 'refreshing',
            onError: { target: 'waiting', actions: 'rememberActionError' },
          },
        },
      },
      on: { 'library.dismiss': { actions: 'clearActionError' } },
    },
    failed: { tags: ['error'], on: { 'library.reload': 'loading' } },
  },
});
