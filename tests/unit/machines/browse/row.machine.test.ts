import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { rowMachine } from '../../../../src/machines/browse/row.machine.ts';
import type { Title, TitleList } from '../../../../src/services/catalogue/catalogue.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const TITLES: Title[] = [
  {
    id: 66732,
    name: 'Stranger Things',
    overview: 'Kids, a lab, a gate.',
    backdrop_path: '/st-b.jpg',
    poster_path: '/st-p.jpg',
  },
  {
    id: 1399,
    name: 'Dark',
    overview: 'A town and its caves.',
    backdrop_path: '/dark-b.jpg',
    poster_path: '/dark-p.jpg',
  },
];

function createHarness(row: TitleList = 'originals', asleep?: boolean) {
  const fetches: { input: { row: TitleList }; result: Deferred<Title[]> }[] = [];
  const machine = rowMachine.provide({
    actors: {
      fetchRow: fromPromise<Title[], { row: TitleList }>(({ input }) => {
        const result = deferred<Title[]>();
        fetches.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { row, asleep } });
  actor.start();

  const last = () => {
    const call = fetches.at(-1);
    if (!call) throw new Error('fetchRow was never invoked');
    return call;
  };

  return {
    actor,
    fetches,
    snapshot: () => actor.getSnapshot(),
    async resolve(titles: Title[]) {
      last().result.resolve(titles);
      await flush();
    },
    async reject(error: unknown) {
      last().result.reject(error);
      await flush();
    },
  };
}

describe('row machine', () => {
  it('starts loading (busy) with no titles and asks fetchRow for its own row', () => {
    const harness = createHarness('comedy');

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.snapshot().hasTag('error')).toBe(false);
    expect(harness.snapshot().context).toEqual({ row: 'comedy', asleep: false, titles: [], error: null });
    expect(harness.fetches.map((call) => call.input)).toEqual([{ row: 'comedy' }]);
  });

  it('passes each row id through to fetchRow', () => {
    for (const row of ['originals', 'trending', 'documentaries'] as const) {
      const harness = createHarness(row);
      expect(harness.fetches.map((call) => call.input)).toEqual([{ row }]);
    }
  });

  it("passes a section page's genre or lists through to fetchRow as they are", () => {
    const genre = { mediaType: 'tv', genreId: 18 } as const;
    const lists = { lists: ['nowPlayingMovies', 'onTheAirTv'], limit: 10 } as const;
    expect(createHarness(genre).fetches.map((call) => call.input)).toEqual([{ row: genre }]);
    expect(createHarness(lists).fetches.map((call) => call.input)).toEqual([{ row: lists }]);
  });

  it('lands in ready with the fetched titles', async () => {
    const harness = createHarness();

    await harness.resolve(TITLES);

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.titles).toEqual(TITLES);
    expect(harness.snapshot().context.error).toBeNull();
  });

  it('lands in ready with an empty list when the row has no titles', async () => {
    const harness = createHarness();

    await harness.resolve([]);

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.titles).toEqual([]);
  });

  it("on failure goes to failed (tag error) with the error's message", async () => {
    const harness = createHarness();

    await harness.reject(new Error('Could not reach the catalogue. Check your connection and try again.'));

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.error).toBe(
      'Could not reach the catalogue. Check your connection and try again.',
    );
    expect(harness.snapshot().context.titles).toEqual([]);
  });

  it('keeps a non-Error rejection readable', async () => {
    const harness = createHarness();

    await harness.reject('timeout');

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().context.error).toBe('timeout');
  });

  it("'row.retry' from failed loads again, for the same row, and then shows the titles", async () => {
    const harness = createHarness('horror');
    await harness.reject(new Error('The catalogue answered 503.'));

    harness.actor.send({ type: 'row.retry' });

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.fetches.map((call) => call.input)).toEqual([{ row: 'horror' }, { row: 'horror' }]);

    await harness.resolve(TITLES);

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.titles).toEqual(TITLES);
    expect(harness.snapshot().context.error).toBeNull();
  });

  it("ignores 'row.retry' while loading and once ready", async () => {
    const harness = createHarness();

    harness.actor.send({ type: 'row.retry' });
    expect(harness.snapshot().value).toBe('loading');
    expect(harness.fetches).toHaveLength(1);

    await harness.resolve(TITLES);
    expect(harness.snapshot().can({ type: 'row.retry' })).toBe(false);
    harness.actor.send({ type: 'row.retry' });

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.fetches).toHaveLength(1);
  });

  it("started asleep asks for nothing (busy, as a skeleton) until 'row.load', then loads once", async () => {
    const harness = createHarness('trending', true);

    expect(harness.snapshot().value).toBe('asleep');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    harness.actor.send({ type: 'row.retry' });
    expect(harness.fetches).toHaveLength(0);

    harness.actor.send({ type: 'row.load' });
    expect(harness.snapshot().value).toBe('loading');
    expect(harness.fetches.map((call) => call.input)).toEqual([{ row: 'trending' }]);
    harness.actor.send({ type: 'row.load' });
    await harness.resolve(TITLES);
    harness.actor.send({ type: 'row.load' });

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.titles).toEqual(TITLES);
    expect(harness.fetches).toHaveLength(1);
  });
});
