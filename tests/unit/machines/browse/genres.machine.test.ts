import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { genresMachine } from '../../../../src/machines/browse/genres.machine.ts';
import type { Genre, MediaType } from '../../../../src/services/catalogue/catalogue.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const GENRES: Genre[] = [
  { id: 18, name: 'Drama' },
  { id: 35, name: 'Comedy' },
];

function createHarness(mediaType: MediaType = 'tv') {
  const fetches: { input: { mediaType: MediaType }; result: Deferred<Genre[]> }[] = [];
  const checks: { input: { mediaType: MediaType; genres: Genre[] }; result: Deferred<Genre[]> }[] = [];
  const machine = genresMachine.provide({
    actors: {
      findOfferedGenres: fromPromise<Genre[], { mediaType: MediaType; genres: Genre[] }>(({ input }) => {
        const result = deferred<Genre[]>();
        checks.push({ input, result });
        return result.promise;
      }),
      fetchGenres: fromPromise<Genre[], { mediaType: MediaType }>(({ input }) => {
        const result = deferred<Genre[]>();
        fetches.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { mediaType } }).start();
  return { actor, fetches, checks, snapshot: () => actor.getSnapshot() };
}

describe('genres machine', () => {
  it("starts loading (busy) and asks for its media type's genres", () => {
    const harness = createHarness('movie');
    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.fetches.map((call) => call.input)).toEqual([{ mediaType: 'movie' }]);
  });

  it('lands in ready with the genres', async () => {
    const harness = createHarness();
    harness.fetches[0].result.resolve(GENRES);
    await flush();
    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.genres).toEqual(GENRES);
  });

  it("fails with the error's message, and 'genres.retry' asks again", async () => {
    const harness = createHarness();
    harness.fetches[0].result.reject(new Error('The catalogue answered 503.'));
    await flush();
    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().context.error).toBe('The catalogue answered 503.');

    harness.actor.send({ type: 'genres.retry' });
    expect(harness.snapshot().value).toBe('loading');
    harness.fetches[1].result.resolve(GENRES);
    await flush();
    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.error).toBeNull();
  });

  it("ignores 'genres.retry' unless it failed", () => {
    const harness = createHarness();
    expect(harness.snapshot().can({ type: 'genres.retry' })).toBe(false);
  });

  it('offers only the genres with titles, once it has checked them', async () => {
    const harness = createHarness('tv');
    harness.fetches[0].result.resolve([...GENRES, { id: 10763, name: 'News' }]);
    await flush();
    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.offered).toBeNull();
    expect(harness.checks.map((check) => check.input)).toEqual([
      { mediaType: 'tv', genres: [...GENRES, { id: 10763, name: 'News' }] },
    ]);
    harness.checks[0].result.resolve(GENRES);
    await flush();
    expect(harness.snapshot().context.offered).toEqual(GENRES);
    expect(harness.snapshot().context.genres).toHaveLength(3);
  });

  it('offers every genre when the check fails, hiding nothing', async () => {
    const harness = createHarness();
    harness.fetches[0].result.resolve(GENRES);
    await flush();
    harness.checks[0].result.reject(new Error('The catalogue answered 503.'));
    await flush();
    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.offered).toEqual(GENRES);
    expect(harness.snapshot().context.error).toBeNull();
  });
});
