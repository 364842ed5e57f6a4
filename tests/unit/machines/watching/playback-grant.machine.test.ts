import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';

import type { Grant, GrantRequest } from '../../../../shared/watching/playback.schema';
import { fromPromise } from '../../../../src/machines/from-promise';
import { playbackGrantMachine, RENEWALS_BEFORE_LAPSE } from '../../../../src/machines/watching/playback-grant.machine';
import type { GrantAnswer } from '../../../../src/services/playback/grants.port';

const GRANT: Grant = {
  lease: { id: 'lease-1', renew_seconds: 20 },
  master: '/media/grants/t/master.m3u8',
  thumbnails: '/media/grants/t/trickplay.vtt',
  max_height: 1080,
};
const SCREENS = [
  { id: 'a', device: 'Firefox on Windows', title: 'Heat', started_at: 1 },
  { id: 'b', device: 'Safari on iOS', title: 'Dark: S1:E2', started_at: 2 },
];

function start(answers: GrantAnswer[], renewals: Array<boolean | Error> = []) {
  const calls = { requests: 0, renewals: [] as string[], releases: [] as string[] };
  const machine = playbackGrantMachine.provide({
    actors: {
      requestGrant: fromPromise(async () => {
        calls.requests += 1;
        return answers.shift() ?? { kind: 'granted', grant: GRANT };
      }),
      renewLease: fromPromise(async ({ input }: { input: { leaseId: string } }) => {
        calls.renewals.push(input.leaseId);
        const next = renewals.shift() ?? true;
        if (next instanceof Error) throw next;
        return next;
      }),
      releaseLease: fromPromise(async ({ input }: { input: { leaseId: string } }) => {
        calls.releases.push(input.leaseId);
      }),
    },
  });
  const actor = createActor(machine, { input: { request: { media_type: 'movie', id: 550 } } }).start();
  return { actor, calls };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the playback grant machine', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds a grant, renews its lease every renew_seconds, and gives it back on release', async () => {
    const { actor, calls } = start([]);
    await settle();
    expect(actor.getSnapshot().matches({ granted: 'holding' })).toBe(true);
    expect(actor.getSnapshot().context.grant).toEqual(GRANT);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(calls.renewals).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.renewals).toEqual(['lease-1']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls.renewals).toEqual(['lease-1', 'lease-1']);
    actor.send({ type: 'grant.release' });
    await settle();
    expect(calls.releases).toEqual(['lease-1']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('ends the grant when a renewal is refused (stopped from another screen)', async () => {
    const { actor } = start([], [false]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(actor.getSnapshot().value).toBe('ended');
    expect(actor.getSnapshot().context.grant).toBeNull();
    expect(actor.getSnapshot().context.message).toMatch(/stopped/);
  });

  it('rides out failed renewals until the lease would have lapsed', async () => {
    const failures = Array.from({ length: RENEWALS_BEFORE_LAPSE }, () => new Error('offline'));
    const { actor, calls } = start([], failures);
    for (let turn = 1; turn < RENEWALS_BEFORE_LAPSE; turn += 1) {
      await vi.advanceTimersByTimeAsync(20_000);
      expect(actor.getSnapshot().matches('granted')).toBe(true);
    }
    await vi.advanceTimersByTimeAsync(20_000);
    expect(calls.renewals).toHaveLength(RENEWALS_BEFORE_LAPSE);
    expect(actor.getSnapshot().value).toBe('ended');
  });

  it('offers the plans to an account without a membership', async () => {
    const { actor } = start([{ kind: 'no-membership', message: 'Choose a plan to start watching.' }]);
    await settle();
    expect(actor.getSnapshot().value).toBe('noMembership');
    expect(actor.getSnapshot().context.message).toBe('Choose a plan to start watching.');
  });

  it('shows the screens in use, stops the one chosen, then asks again', async () => {
    const { actor, calls } = start([
      { kind: 'too-many-screens', message: 'Too many people are using your account right now.', screens: SCREENS },
    ]);
    await settle();
    expect(actor.getSnapshot().value).toBe('tooManyScreens');
    expect(actor.getSnapshot().context.screens).toEqual(SCREENS);
    actor.send({ type: 'grant.stopScreen', id: 'b' });
    await settle();
    expect(calls.releases).toEqual(['b']);
    expect(calls.requests).toBe(2);
    expect(actor.getSnapshot().matches('granted')).toBe(true);
    expect(actor.getSnapshot().context.screens).toEqual([]);
  });

  it('fails clearly when the host cannot be reached, and retries on asking', async () => {
    const machine = playbackGrantMachine.provide({
      actors: {
        requestGrant: fromPromise<GrantAnswer, GrantRequest>(async () => {
          throw new Error('The server could not be reached.');
        }),
      },
    });
    const actor = createActor(machine, { input: { request: { media_type: 'movie', id: 550 } } }).start();
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.message).toBe('The server could not be reached.');
  });
});
