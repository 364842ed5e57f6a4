import { assign, setup } from 'xstate';

import type { DeviceSession } from '../../services/auth/auth.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface DevicesContext {
  sessions: DeviceSession[];
  error: string | null;
  /** The device being signed out. */
  ending: string | null;
}

export type DevicesEvent =
  { type: 'devices.signOut'; session: DeviceSession } | { type: 'devices.retry' } | { type: 'devices.dismiss' };

/**
 * The devices page (docs/account.md): the account's signed-in sessions are read, and one is
 * signed out at a time, after which the list is read again. Signing this device out ends the
 * session here too (the auth service reports it; the app then shows the landing page).
 */
export const devicesMachine = setup({
  types: { context: {} as DevicesContext, events: {} as DevicesEvent },
  actors: {
    listDevices: fromPromise<DeviceSession[]>(async () => notProvided('devices', 'listDevices')),
    signOutDevice: fromPromise<void, DeviceSession>(async () => notProvided('devices', 'signOutDevice')),
  },
  actions: {
    take: assign((_, sessions: DeviceSession[]) => ({ sessions, ending: null })),
    fail: assign(({ event }) => ({ error: failureOf({ event }).error, ending: null })),
    clearError: assign({ error: null }),
    markEnding: assign(({ event }) => (event.type === 'devices.signOut' ? { ending: event.session.id } : {})),
  },
}).createMachine({
  id: 'devices',
  context: { sessions: [], error: null, ending: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      entry: 'clearError',
      invoke: {
        src: 'listDevices',
        onDone: { target: 'ready', actions: { type: 'take', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'fail' },
      },
    },
    failed: { tags: ['error'], on: { 'devices.retry': 'loading' } },
    ready: {
      on: {
        'devices.signOut': { target: 'signingOut', actions: 'markEnding' },
        'devices.dismiss': { actions: 'clearError' },
      },
    },
    signingOut: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        src: 'signOutDevice',
        input: ({ event }) => (event as Extract<DevicesEvent, { type: 'devices.signOut' }>).session,
        onDone: 'loading',
        onError: { target: 'ready', actions: 'fail' },
      },
    },
  },
});
