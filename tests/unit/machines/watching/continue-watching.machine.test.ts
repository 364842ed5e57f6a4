import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';

import type { ProgressEntry } from '../../../../shared/watching/watching.schema.ts';
import {
  continueWatchingMachine,
  progressOf,
  type ProgressWriteRequest,
} from '../../../../src/machines/watching/continue-watching.machine.ts';
import type { ProgressCommand } from '../../../../src/machines/watching/programme.ts';
import type { ProfileRef } from '../../../../src/services/watching/watching.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const ANN: ProfileRef = { uid: 'uid-alice', profileId: 'p1' };
const KIDS: ProfileRef = { uid: 'uid-alice', profileId: 'p2' };

const entry = (id: number, title: string, position = 600): ProgressEntry => ({
  key: `movie-${id}`,
  media_type: 'movie',
  id,
  season_number: null,
  episode_number: null,
  position_seconds: position,
  duration_seconds: 7200,
  title,
  backdrop_path: `/b${id}.jpg`,
  updated_at: '2026-11-23T10:00:00.000Z',
});
const DARK: ProgressEntry = {
  ...entry(70523, 'Dark'),
  key: 'tv-70523',
  media_type: 'tv',
  season_number: 2,
  episode_number: 3,
};
const ARRIVAL = entry(329865, 'Arrival');
const MATRIX = entry(603, 'The Matrix', 1200);

interface Call<I, O> {
  input: I;
  result: Deferred<O>;
}

function fake<I, O>(calls: Call<I, O>[]) {
  return fromPromise<O, I>(({ input }) => {
    const result = deferred<O>();
    calls.push({ input, result });
    return result.promise;
  });
}

function createHarness(profile: ProfileRef | null = ANN) {
  const calls = {
    list: [] as Call<{ profile: ProfileRef }, ProgressEntry[]>[],
    remove: [] as Call<{ profile: ProfileRef; key: string }, void>[],
    writes: [] as ProgressWriteRequest[],
  };
  const machine = continueWatchingMachine.provide({
    actors: {
      loadProgress: fake(calls.list),
      removeProgress: fake(calls.remove),
      writeProgress: fromCallback<ProgressWriteRequest, void>(({ receive }) => {
        receive((request) => calls.writes.push(request));
      }),
    },
  });
  const actor = createActor(machine, { input: { profile } });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    calls,
    snapshot,
    titles: () => snapshot().context.entries.map((e) => e.title),
    async settle<I, O>(call: Call<I, O> | undefined, outcome: { resolve: O } | { reject: unknown }) {
      if (!call) throw new Error('the actor was never invoked');
      if ('resolve' in outcome) call.result.resolve(outcome.resolve);
      else call.result.reject(outcome.reject);
      await flush();
    },
  };
}

async function loadedWith(entries: ProgressEntry[]) {
  const harness = createHarness();
  await harness.settle(harness.calls.list[0], { resolve: entries });
  return harness;
}

describe('continueWatchingMachine: loading', () => {
  it('loads the active profile’s entries', async () => {
    const harness = createHarness();
    expect(harness.snapshot().value).toBe('loading');
    expect(harness.calls.list[0]?.input).toEqual({ profile: ANN });
    await harness.settle(harness.calls.list[0], { resolve: [DARK, ARRIVAL] });
    expect(harness.snapshot().matches('loaded')).toBe(true);
    expect(harness.titles()).toEqual(['Dark', 'Arrival']);
    expect(progressOf(harness.snapshot().context, 'tv-70523')?.episode_number).toBe(3);
  });

  it('waits without a profile', () => {
    const harness = createHarness(null);
    expect(harness.snapshot().value).toBe('idle');
    expect(harness.calls.list).toHaveLength(0);
  });

  it('fails with the store’s message and loads again on retry', async () => {
    const harness = createHarness();
    await harness.settle(harness.calls.list[0], { reject: new Error('Could not reach Marquee.') });
    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().context.error).toBe('Could not reach Marquee.');
    harness.actor.send({ type: 'continueWatching.retry' });
    await harness.settle(harness.calls.list[1], { resolve: [ARRIVAL] });
    expect(harness.titles()).toEqual(['Arrival']);
    expect(harness.snapshot().context.error).toBeNull();
  });

  it('loads the new profile’s entries when the profile changes', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'continueWatching.profileChanged', profile: KIDS });
    expect(harness.snapshot().value).toBe('loading');
    expect(harness.titles()).toEqual([]);
    expect(harness.calls.list[1]?.input).toEqual({ profile: KIDS });
    await harness.settle(harness.calls.list[1], { resolve: [DARK] });
    expect(harness.titles()).toEqual(['Dark']);
  });

  it('refreshes in the background, keeping the entries shown meanwhile', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'continueWatching.refresh' });
    expect(harness.snapshot().matches({ loaded: 'refreshing' })).toBe(true);
    expect(harness.titles()).toEqual(['Arrival']);
    await harness.settle(harness.calls.list[1], { resolve: [MATRIX, ARRIVAL] });
    expect(harness.titles()).toEqual(['The Matrix', 'Arrival']);
  });

  it('keeps the entries when a refresh fails', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'continueWatching.refresh' });
    await harness.settle(harness.calls.list[1], { reject: new Error('offline') });
    expect(harness.snapshot().matches({ loaded: 'settled' })).toBe(true);
    expect(harness.titles()).toEqual(['Arrival']);
  });
});

describe('continueWatchingMachine: removing', () => {
  it('removes a title at once and keeps it removed when the store agrees', async () => {
    const harness = await loadedWith([DARK, ARRIVAL, MATRIX]);
    harness.actor.send({ type: 'continueWatching.remove', key: 'movie-329865' });
    expect(harness.titles()).toEqual(['Dark', 'The Matrix']);
    expect(harness.calls.remove[0]?.input).toEqual({ profile: ANN, key: 'movie-329865' });
    await harness.settle(harness.calls.remove[0], { resolve: undefined });
    expect(harness.titles()).toEqual(['Dark', 'The Matrix']);
    expect(harness.snapshot().context.notice).toBeNull();
  });

  it('puts a refused removal back in its place with a message', async () => {
    const harness = await loadedWith([DARK, ARRIVAL, MATRIX]);
    harness.actor.send({ type: 'continueWatching.remove', key: 'movie-329865' });
    await harness.settle(harness.calls.remove[0], { reject: new Error('nope') });
    expect(harness.titles()).toEqual(['Dark', 'Arrival', 'The Matrix']);
    expect(harness.snapshot().context.notice).toBe('Could not remove Arrival from Continue Watching. Try again.');
    harness.actor.send({ type: 'continueWatching.dismissNotice' });
    expect(harness.snapshot().context.notice).toBeNull();
  });

  it('removes several titles one at a time; a refusal restores only its own', async () => {
    const harness = await loadedWith([DARK, ARRIVAL, MATRIX]);
    harness.actor.send({ type: 'continueWatching.remove', key: 'tv-70523' });
    harness.actor.send({ type: 'continueWatching.remove', key: 'movie-603' });
    expect(harness.titles()).toEqual(['Arrival']);
    expect(harness.calls.remove).toHaveLength(1);
    await harness.settle(harness.calls.remove[0], { reject: new Error('nope') });
    expect(harness.titles()).toEqual(['Dark', 'Arrival']);
    expect(harness.calls.remove[1]?.input.key).toBe('movie-603');
    await harness.settle(harness.calls.remove[1], { resolve: undefined });
    expect(harness.titles()).toEqual(['Dark', 'Arrival']);
  });

  it('ignores removing a title it does not show', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'continueWatching.remove', key: 'movie-1' });
    expect(harness.calls.remove).toHaveLength(0);
  });

  it('runs a refresh asked for during a removal once the removal is done, without the removed title', async () => {
    const harness = await loadedWith([ARRIVAL, MATRIX]);
    harness.actor.send({ type: 'continueWatching.remove', key: 'movie-603' });
    harness.actor.send({ type: 'continueWatching.refresh' });
    expect(harness.calls.list).toHaveLength(1);
    await harness.settle(harness.calls.remove[0], { resolve: undefined });
    expect(harness.calls.list).toHaveLength(2);
    await harness.settle(harness.calls.list[1], { resolve: [ARRIVAL] });
    expect(harness.titles()).toEqual(['Arrival']);
  });

  it('keeps a title being removed out of a refresh that still has it', async () => {
    const harness = await loadedWith([ARRIVAL, MATRIX]);
    harness.actor.send({ type: 'continueWatching.refresh' });
    harness.actor.send({ type: 'continueWatching.remove', key: 'movie-603' });
    expect(harness.titles()).toEqual(['Arrival']);
    await harness.settle(harness.calls.list[1], { resolve: [MATRIX, ARRIVAL] });
    expect(harness.titles()).toEqual(['Arrival']);
    expect(harness.calls.remove[0]?.input.key).toBe('movie-603');
  });
});

describe('continueWatchingMachine: the one owner of positions', () => {
  const SAVE_MATRIX: ProgressCommand = {
    kind: 'save',
    entry: {
      media_type: 'movie',
      id: 603,
      season_number: null,
      episode_number: null,
      position_seconds: 1500,
      duration_seconds: 7200,
      title: 'The Matrix',
      backdrop_path: '/b603.jpg',
    },
  };

  it('hands the player’s position to its writer for the active profile, and shows the stored answer first', async () => {
    const harness = await loadedWith([ARRIVAL, MATRIX]);
    harness.actor.send({ type: 'continueWatching.write', command: SAVE_MATRIX });
    expect(harness.calls.writes).toEqual([{ type: 'progress.write', profile: ANN, command: SAVE_MATRIX }]);
    const stored = { ...MATRIX, position_seconds: 1500, updated_at: '2026-11-28T22:00:00.000Z' };
    harness.actor.send({ type: 'continueWatching.saved', profile: ANN, entry: stored });
    expect(harness.titles()).toEqual(['The Matrix', 'Arrival']);
    expect(progressOf(harness.snapshot().context, 'movie-603')?.position_seconds).toBe(1500);
  });

  it('drops a finished title once the store has removed it', async () => {
    const harness = await loadedWith([ARRIVAL, MATRIX]);
    harness.actor.send({ type: 'continueWatching.write', command: { kind: 'remove', key: 'movie-603' } });
    expect(harness.calls.writes.at(-1)?.command).toEqual({ kind: 'remove', key: 'movie-603' });
    harness.actor.send({ type: 'continueWatching.forgotten', profile: ANN, key: 'movie-603' });
    expect(harness.titles()).toEqual(['Arrival']);
  });

  it('takes an answer while the list is still loading (a player opened directly)', async () => {
    const harness = createHarness();
    harness.actor.send({ type: 'continueWatching.write', command: SAVE_MATRIX });
    harness.actor.send({ type: 'continueWatching.saved', profile: ANN, entry: { ...MATRIX, position_seconds: 1500 } });
    await harness.settle(harness.calls.list[0], { resolve: [{ ...MATRIX, position_seconds: 1500 }, ARRIVAL] });
    expect(harness.titles()).toEqual(['The Matrix', 'Arrival']);
  });

  it('writes nothing without a profile, and ignores an answer for a profile left since', async () => {
    const nobody = createHarness(null);
    nobody.actor.send({ type: 'continueWatching.write', command: SAVE_MATRIX });
    expect(nobody.calls.writes).toEqual([]);

    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'continueWatching.profileChanged', profile: KIDS });
    await harness.settle(harness.calls.list[1], { resolve: [DARK] });
    harness.actor.send({ type: 'continueWatching.saved', profile: ANN, entry: MATRIX });
    expect(harness.titles()).toEqual(['Dark']);
  });
});
