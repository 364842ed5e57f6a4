import { assertEvent, assign, setup } from 'xstate';

import type { Grant, GrantRequest, Screen } from '../../../shared/watching/playback.schema';
import type { GrantAnswer } from '../../services/playback/grants.port';
import { failureOf } from '../error-message';
import { fromPromise } from '../from-promise';
import { notProvided } from '../not-provided';

export interface PlaybackGrantContext {
  request: GrantRequest;
  grant: Grant | null;
  /** Why there is no grant, in the server's words. */
  message: string | null;
  /** With `tooManyScreens`: the screens playing, any of which may be stopped. */
  screens: Screen[];
  /** Renewals that failed in a row (the network, not a refusal): the lease outlives two. */
  failedRenewals: number;
}

export type PlaybackGrantEvent =
  | { type: 'grant.retry' }
  /** From the "too many people" answer: stop that screen, then ask again. */
  | { type: 'grant.stopScreen'; id: string }
  /** The player is leaving: this screen's lease is given back. */
  | { type: 'grant.release' };

/** A lease whose renewals fail this many times in a row has lapsed on the server. */
export const RENEWALS_BEFORE_LAPSE = 3;

const refusalMessage = (answer: Exclude<GrantAnswer, { kind: 'granted' }>) => answer.message;

/**
 * The grant a player holds while it plays: asked for once, then its lease renewed every
 * `renew_seconds` until the player leaves (`grant.release`) and gives it back. Refusals are states
 * of their own, as the screens show them: no membership (choose a plan), too many screens (stop
 * one, then ask again), above the plan's resolution. A renewal the server refuses ends the grant
 * (`ended`: stopped from another screen, or the membership ended); failing to reach it is tried
 * again at the next turn, until the lease would have lapsed.
 */
export const playbackGrantMachine = setup({
  types: {
    context: {} as PlaybackGrantContext,
    input: {} as { request: GrantRequest },
    events: {} as PlaybackGrantEvent,
  },
  actors: {
    requestGrant: fromPromise<GrantAnswer, GrantRequest>(async () => notProvided('playback grant', 'requestGrant')),
    renewLease: fromPromise<boolean, { leaseId: string }>(async () => notProvided('playback grant', 'renewLease')),
    releaseLease: fromPromise<void, { leaseId: string }>(async () => notProvided('playback grant', 'releaseLease')),
  },
  delays: {
    renewEvery: ({ context }) => (context.grant?.lease.renew_seconds ?? 20) * 1000,
  },
  guards: {
    granted: (_, answer: GrantAnswer) => answer.kind === 'granted',
    noMembership: (_, answer: GrantAnswer) => answer.kind === 'no-membership',
    tooManyScreens: (_, answer: GrantAnswer) => answer.kind === 'too-many-screens',
    renewed: (_, renewed: boolean) => renewed,
    lapsed: ({ context }) => context.failedRenewals + 1 >= RENEWALS_BEFORE_LAPSE,
  },
  actions: {
    takeGrant: assign((_, answer: GrantAnswer) =>
      answer.kind === 'granted' ? { grant: answer.grant, message: null, screens: [], failedRenewals: 0 } : {},
    ),
    takeRefusal: assign((_, answer: GrantAnswer) =>
      answer.kind === 'granted'
        ? {}
        : {
            grant: null,
            message: refusalMessage(answer),
            screens: answer.kind === 'too-many-screens' ? answer.screens : [],
          },
    ),
    takeFailure: assign(({ event }) => ({ grant: null, message: failureOf({ event }).error })),
    countRenewal: assign({ failedRenewals: 0 }),
    countFailedRenewal: assign(({ context }) => ({ failedRenewals: context.failedRenewals + 1 })),
    endGrant: assign({
      grant: null,
      message: 'Playback stopped: this screen was stopped from another, or the membership has ended.',
    }),
  },
}).createMachine({
  id: 'playbackGrant',
  context: ({ input }) => ({ request: input.request, grant: null, message: null, screens: [], failedRenewals: 0 }),
  initial: 'requesting',
  states: {
    requesting: {
      invoke: {
        src: 'requestGrant',
        input: ({ context }) => context.request,
        onDone: [
          {
            guard: { type: 'granted', params: ({ event }) => event.output },
            target: 'granted',
            actions: { type: 'takeGrant', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'noMembership', params: ({ event }) => event.output },
            target: 'noMembership',
            actions: { type: 'takeRefusal', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'tooManyScreens', params: ({ event }) => event.output },
            target: 'tooManyScreens',
            actions: { type: 'takeRefusal', params: ({ event }) => event.output },
          },
          { target: 'abovePlan', actions: { type: 'takeRefusal', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'takeFailure' },
      },
      on: { 'grant.release': 'released' },
    },
    granted: {
      initial: 'holding',
      on: { 'grant.release': 'releasing' },
      states: {
        holding: { after: { renewEvery: 'renewing' } },
        renewing: {
          invoke: {
            src: 'renewLease',
            input: ({ context }) => ({ leaseId: context.grant!.lease.id }),
            onDone: [
              {
                guard: { type: 'renewed', params: ({ event }) => event.output },
                target: 'holding',
                actions: 'countRenewal',
              },
              { target: '#playbackGrant.ended', actions: 'endGrant' },
            ],
            onError: [
              { guard: 'lapsed', target: '#playbackGrant.ended', actions: 'endGrant' },
              { target: 'holding', actions: 'countFailedRenewal' },
            ],
          },
        },
      },
    },
    releasing: {
      invoke: {
        src: 'releaseLease',
        input: ({ context }) => ({ leaseId: context.grant!.lease.id }),
        // Given back or not, this screen is done: a lease not given back lapses within a minute.
        onDone: 'released',
        onError: 'released',
      },
    },
    released: { type: 'final' },
    noMembership: { on: { 'grant.retry': 'requesting' } },
    abovePlan: { on: { 'grant.retry': 'requesting' } },
    tooManyScreens: {
      on: {
        'grant.retry': 'requesting',
        'grant.stopScreen': 'stoppingScreen',
        'grant.release': 'released',
      },
    },
    stoppingScreen: {
      invoke: {
        src: 'releaseLease',
        input: ({ event }) => {
          assertEvent(event, 'grant.stopScreen');
          return { leaseId: event.id };
        },
        onDone: 'requesting',
        onError: { target: 'failed', actions: 'takeFailure' },
      },
    },
    ended: { on: { 'grant.retry': 'requesting', 'grant.release': 'released' } },
    failed: { on: { 'grant.retry': 'requesting', 'grant.release': 'released' } },
  },
});
