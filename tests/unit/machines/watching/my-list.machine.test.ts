import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import type { MyListItem, MyListWrite } from '../../../../shared/watching/watching.schema.ts';
import { MY_LIST_FULL_MESSAGE } from '../../../../shared/watching/watching-rules.ts';
import {
  applyChanges,
  isChanging,
  isInList,
  type ListedTitle,
  myListMachine,
} from '../../../../src/machines/watching/my-list.machine.ts';
import type { ProfileRef } from '../../../../src/services/watching/watching.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const ANN: ProfileRef = { uid: 'uid-alice', profileId: 'p1' };
const KIDS: ProfileRef = { uid: 'uid-alice', profileId: 'p2' };

const write = (id: number, title: string, media_type: 'movie' | 'tv' = 'movie'): MyListWrite => ({
  media_type,
  id,
  title,
  backdrop_path: `/b${id}.jpg`,
  poster_path: `/p${id}.jpg`,
});
const stored = (item: MyListWrite): MyListItem => ({
  key: `${item.media_type}-${item.id}`,
  ...item,
  added_at: '2026-11-23T10:00:00.000Z',
});

const INCEPTION = write(27205, 'Inception');
const ARRIVAL = write(329865, 'Arrival');
const DARK = write(70523, 'Dark', 'tv');
const MATRIX = write(603, 'The Matrix');

interface Call<I> {
  input: I;
  result: Deferred<MyListItem[]>;
}

function fake<I>(calls: Call<I>[]) {
  return fromPromise<MyListItem[], I>(({ input }) => {
    const result = deferred<MyListItem[]>();
    calls.push({ input, result });
    return result.promise;
  });
}

function createHarness(profile: ProfileRef | null = ANN) {
  const calls = {
    list: [] as Call<{ profile: ProfileRef }>[],
    add: [] as Call<{ profile: ProfileRef; item: MyListWrite }>[],
    remove: [] as Call<{ profile: ProfileRef; key: string }>[],
  };
  const machine = myListMachine.provide({
    actors: { loadList: fake(calls.list), addItem: fake(calls.add), removeItem: fake(calls.remove) },
  });
  const actor = createActor(machine, { input: { profile } });
  actor.start();
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    calls,
    snapshot,
    titles: () => snapshot().context.items.map((item) => item.title),
    async settle<I>(call: Call<I> | undefined, outcome: { resolve: MyListItem[] } | { reject: unknown }) {
      if (!call) throw new Error('the actor was never invoked');
      if ('resolve' in outcome) call.result.resolve(outcome.resolve);
      else call.result.reject(outcome.reject);
      await flush();
    },
  };
}

async function loadedWith(items: MyListWrite[]) {
  const harness = createHarness();
  await harness.settle(harness.calls.list[0], { resolve: items.map(stored) });
  return harness;
}

describe('myListMachine: loading', () => {
  it('loads the active profile’s list and shows it', async () => {
    const harness = createHarness();
    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.calls.list[0]?.input).toEqual({ profile: ANN });
    await harness.settle(harness.calls.list[0], { resolve: [stored(ARRIVAL), stored(DARK)] });
    expect(harness.snapshot().matches('loaded')).toBe(true);
    expect(harness.titles()).toEqual(['Arrival', 'Dark']);
    expect(isInList(harness.snapshot().context, 'tv-70523')).toBe(true);
    expect(isInList(harness.snapshot().context, 'movie-27205')).toBe(false);
  });

  it('waits without a profile and loads once one is active', async () => {
    const harness = createHarness(null);
    expect(harness.snapshot().value).toBe('idle');
    expect(harness.calls.list).toHaveLength(0);
    harness.actor.send({ type: 'myList.profileChanged', profile: ANN });
    expect(harness.snapshot().value).toBe('loading');
    expect(harness.calls.list[0]?.input).toEqual({ profile: ANN });
  });

  it('fails with the store’s message and loads again on retry', async () => {
    const harness = createHarness();
    await harness.settle(harness.calls.list[0], { reject: new Error('Could not reach Marquee.') });
    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().context.error).toBe('Could not reach Marquee.');
    harness.actor.send({ type: 'myList.retry' });
    expect(harness.snapshot().value).toBe('loading');
    await harness.settle(harness.calls.list[1], { resolve: [stored(ARRIVAL)] });
    expect(harness.titles()).toEqual(['Arrival']);
    expect(harness.snapshot().context.error).toBeNull();
  });

  it('loads the other profile’s list when the profile changes, and ignores the old one’s late answer', async () => {
    const harness = createHarness();
    const first = harness.calls.list[0];
    harness.actor.send({ type: 'myList.profileChanged', profile: KIDS });
    expect(harness.calls.list[1]?.input).toEqual({ profile: KIDS });
    await harness.settle(first, { resolve: [stored(INCEPTION)] });
    expect(harness.snapshot().value).toBe('loading');
    await harness.settle(harness.calls.list[1], { resolve: [stored(DARK)] });
    expect(harness.titles()).toEqual(['Dark']);
  });

  it('does not reload for the same profile', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'myList.profileChanged', profile: { ...ANN } });
    expect(harness.calls.list).toHaveLength(1);
    expect(harness.titles()).toEqual(['Arrival']);
  });

  it('empties the list when no profile is active any more', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'myList.profileChanged', profile: null });
    expect(harness.snapshot().value).toBe('idle');
    expect(harness.titles()).toEqual([]);
  });
});

describe('myListMachine: optimistic changes', () => {
  it('adds at once, newest first, and keeps it when the store agrees', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'myList.add', item: INCEPTION });
    expect(harness.titles()).toEqual(['Inception', 'Arrival']);
    expect(isChanging(harness.snapshot().context, 'movie-27205')).toBe(true);
    expect(harness.calls.add[0]?.input).toEqual({ profile: ANN, item: INCEPTION });
    await harness.settle(harness.calls.add[0], { resolve: [stored(INCEPTION), stored(ARRIVAL)] });
    expect(harness.titles()).toEqual(['Inception', 'Arrival']);
    expect(isChanging(harness.snapshot().context, 'movie-27205')).toBe(false);
    expect(harness.snapshot().context.notice).toBeNull();
  });

  it('rolls a refused add back and says which title', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'myList.add', item: INCEPTION });
    await harness.settle(harness.calls.add[0], { reject: new Error('Could not reach Marquee.') });
    expect(harness.titles()).toEqual(['Arrival']);
    expect(isInList(harness.snapshot().context, 'movie-27205')).toBe(false);
    expect(harness.snapshot().context.notice).toBe('Could not add Inception to My List. Try again.');
    harness.actor.send({ type: 'myList.dismissNotice' });
    expect(harness.snapshot().context.notice).toBeNull();
  });

  it('shows the store’s own message when the list is full', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'myList.toggle', item: INCEPTION });
    await harness.settle(harness.calls.add[0], { reject: new Error(MY_LIST_FULL_MESSAGE) });
    expect(harness.snapshot().context.notice).toBe(MY_LIST_FULL_MESSAGE);
  });

  it('removes at once and puts a refused removal back in its place', async () => {
    const harness = await loadedWith([INCEPTION, ARRIVAL, DARK]);
    harness.actor.send({ type: 'myList.toggle', item: ARRIVAL });
    expect(harness.titles()).toEqual(['Inception', 'Dark']);
    expect(harness.calls.remove[0]?.input).toEqual({ profile: ANN, key: 'movie-329865' });
    await harness.settle(harness.calls.remove[0], { reject: new Error('nope') });
    expect(harness.titles()).toEqual(['Inception', 'Arrival', 'Dark']);
    expect(harness.snapshot().context.notice).toBe('Could not remove Arrival from My List. Try again.');
  });

  it('sends changes to different titles one at a time, and a refusal rolls back only its own', async () => {
    const harness = await loadedWith([ARRIVAL, DARK]);
    harness.actor.send({ type: 'myList.add', item: INCEPTION });
    harness.actor.send({ type: 'myList.remove', key: 'tv-70523' });
    harness.actor.send({ type: 'myList.add', item: MATRIX });
    expect(harness.titles()).toEqual(['The Matrix', 'Inception', 'Arrival']);
    // Only the first is with the store; the others wait for its answer.
    expect(harness.calls.add).toHaveLength(1);
    expect(harness.calls.remove).toHaveLength(0);

    await harness.settle(harness.calls.add[0], { resolve: [stored(INCEPTION), stored(ARRIVAL), stored(DARK)] });
    expect(harness.titles()).toEqual(['The Matrix', 'Inception', 'Arrival']);
    expect(harness.calls.remove[0]?.input.key).toBe('tv-70523');

    await harness.settle(harness.calls.remove[0], { reject: new Error('nope') });
    expect(harness.titles()).toEqual(['The Matrix', 'Inception', 'Arrival', 'Dark']);
    expect(harness.snapshot().context.notice).toBe('Could not remove Dark from My List. Try again.');
    expect(harness.calls.add[1]?.input.item).toEqual(MATRIX);

    await harness.settle(harness.calls.add[1], {
      resolve: [stored(MATRIX), stored(INCEPTION), stored(ARRIVAL), stored(DARK)],
    });
    expect(harness.titles()).toEqual(['The Matrix', 'Inception', 'Arrival', 'Dark']);
    expect(harness.snapshot().context.changes).toEqual([]);
  });

  it('takes the store’s list as the base, with changes still waiting applied on top', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'myList.add', item: INCEPTION });
    harness.actor.send({ type: 'myList.add', item: MATRIX });
    // Another device added Dark meanwhile: the store's answer carries it.
    await harness.settle(harness.calls.add[0], { resolve: [stored(INCEPTION), stored(DARK), stored(ARRIVAL)] });
    expect(harness.titles()).toEqual(['The Matrix', 'Inception', 'Dark', 'Arrival']);
  });

  it('ignores adding a listed title and removing one that is not listed', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'myList.add', item: ARRIVAL });
    harness.actor.send({ type: 'myList.remove', key: 'movie-27205' });
    expect(harness.calls.add).toHaveLength(0);
    expect(harness.calls.remove).toHaveLength(0);
    expect(harness.snapshot().context.changes).toEqual([]);
  });

  it('drops changes waiting for the old profile when the profile changes', async () => {
    const harness = await loadedWith([ARRIVAL]);
    harness.actor.send({ type: 'myList.add', item: INCEPTION });
    harness.actor.send({ type: 'myList.profileChanged', profile: KIDS });
    await harness.settle(harness.calls.add[0], { reject: new Error('nope') });
    expect(harness.snapshot().context.notice).toBeNull();
    await harness.settle(harness.calls.list[1], { resolve: [stored(DARK)] });
    expect(harness.titles()).toEqual(['Dark']);
    expect(harness.snapshot().context.changes).toEqual([]);
  });
});

describe('applyChanges', () => {
  const base: ListedTitle[] = [{ key: 'movie-329865', ...ARRIVAL }];
  it('applies adds and removes in order', () => {
    const items = applyChanges(base, [
      { kind: 'add', key: 'movie-27205', item: INCEPTION },
      { kind: 'remove', key: 'movie-329865', title: 'Arrival' },
      { kind: 'add', key: 'movie-329865', item: ARRIVAL },
    ]);
    expect(items.map((item) => item.key)).toEqual(['movie-329865', 'movie-27205']);
  });
});
