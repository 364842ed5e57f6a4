import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, sendTo } from 'xstate';

import type { ProgressEntry, ProgressWrite } from '../../../../shared/watching/watching.schema.ts';
import type { ContinueWatchingEvent } from '../../../../src/machines/watching/continue-watching.machine.ts';
import { progressWriter } from '../../../../src/screens/watching/watching-actors.ts';
import type { ProgressStore } from '../../../../src/services/watching/watching.port.ts';
import { deferred, flush } from '../../support/deferred.ts';

const ANN = { uid: 'u1', profileId: 'p1' };
const write = (position: number): ProgressWrite => ({
  media_type: 'movie',
  id: 603,
  season_number: null,
  episode_number: null,
  position_seconds: position,
  duration_seconds: 120,
  title: 'The Matrix',
  backdrop_path: null,
});
const stored = (entry: ProgressWrite): ProgressEntry => ({ ...entry, key: 'movie-603', updated_at: 'now' });

/** The writer invoked by a parent that records what it sends back. */
function writerUnder(store: ProgressStore) {
  const answers: ContinueWatchingEvent[] = [];
  const parent = createMachine({
    types: {} as { events: ContinueWatchingEvent | { type: 'hand'; request: unknown } },
    invoke: { id: 'writer', src: progressWriter(store) },
    on: {
      '*': { actions: ({ event }) => answers.push(event as ContinueWatchingEvent) },
      hand: { actions: sendTo('writer', ({ event }) => (event as unknown as { request: never }).request) },
    },
  });
  const actor = createActor(parent).start();
  const hand = (request: object) => actor.send({ type: 'hand', request } as never);
  return { answers, hand };
}

describe('progressWriter', () => {
  it('writes one at a time in the order handed, and reports each stored answer', async () => {
    const first = deferred<ProgressEntry>();
    const save = vi.fn((_profile, entry: ProgressWrite) =>
      entry.position_seconds === 30 ? first.promise : Promise.resolve(stored(entry)),
    );
    const store = { list: vi.fn(), save, remove: vi.fn(async () => undefined) } satisfies ProgressStore;
    const { answers, hand } = writerUnder(store);
    hand({ type: 'progress.write', profile: ANN, command: { kind: 'save', entry: write(30) } });
    hand({ type: 'progress.write', profile: ANN, command: { kind: 'save', entry: write(60) } });
    hand({ type: 'progress.write', profile: ANN, command: { kind: 'remove', key: 'movie-603' } });
    await flush();
    expect(save).toHaveBeenCalledTimes(1);
    first.resolve(stored(write(30)));
    await flush();
    expect(save).toHaveBeenCalledTimes(2);
    expect(store.remove).toHaveBeenCalledWith(ANN, 'movie-603');
    expect(answers.map((a) => a.type)).toEqual([
      'continueWatching.saved',
      'continueWatching.saved',
      'continueWatching.forgotten',
    ]);
    expect(answers[1]).toMatchObject({ profile: ANN, entry: { position_seconds: 60 } });
  });

  it('a failed write is logged and the next one still goes', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const save = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(async (_profile, entry: ProgressWrite) => stored(entry));
    const { answers, hand } = writerUnder({ list: vi.fn(), save, remove: vi.fn() });
    hand({ type: 'progress.write', profile: ANN, command: { kind: 'save', entry: write(30) } });
    hand({ type: 'progress.write', profile: ANN, command: { kind: 'save', entry: write(60) } });
    await flush();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(answers).toHaveLength(1);
    expect(answers[0]).toMatchObject({ entry: { position_seconds: 60 } });
    warn.mockRestore();
  });
});
