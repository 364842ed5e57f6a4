import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { SEARCH_DEBOUNCE_MS, searchMachine } from '../../../../src/machines/browse/search.machine.ts';
import type { Title } from '../../../../src/services/catalogue/catalogue.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

function title(id: number, name: string): Title {
  return {
    id,
    title: name,
    overview: `${name}.`,
    backdrop_path: `/${id}-b.jpg`,
    poster_path: `/${id}-p.jpg`,
    media_type: 'movie',
  };
}

const STA_RESULTS = [title(1, 'Stalker'), title(2, 'Stan & Ollie')];
const STAR_RESULTS = [title(11, 'Star Wars'), title(12, 'Stardust')];

function createHarness() {
  const searches: { input: { query: string }; result: Deferred<Title[]> }[] = [];
  const machine = searchMachine.provide({
    actors: {
      search: fromPromise<Title[], { query: string }>(({ input }) => {
        const result = deferred<Title[]>();
        searches.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine);
  actor.start();

  const last = () => {
    const call = searches.at(-1);
    if (!call) throw new Error('search was never invoked');
    return call;
  };

  return {
    actor,
    searches,
    queries: () => searches.map((call) => call.input.query),
    snapshot: () => actor.getSnapshot(),
    type(value: string) {
      actor.send({ type: 'search.change', value });
    },
    async resolve(results: Title[]) {
      last().result.resolve(results);
      await flush();
    },
    async reject(error: unknown) {
      last().result.reject(error);
      await flush();
    },
  };
}

type Harness = ReturnType<typeof createHarness>;

function opened(): Harness {
  const harness = createHarness();
  harness.actor.send({ type: 'search.open' });
  return harness;
}

/** Types `value`, waits out the debounce, and answers the search with `results`. */
async function searchFor(harness: Harness, value: string, results: Title[]) {
  harness.type(value);
  vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
  expect(harness.snapshot().value).toEqual({ open: 'searching' });
  await harness.resolve(results);
  expect(harness.snapshot().value).toEqual({ open: 'ready' });
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('search machine: opening and closing', () => {
  it('starts closed with an empty query and no results', () => {
    const harness = createHarness();

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.snapshot().context).toEqual({ query: '', results: [], error: null });
  });

  it("'search.open' opens on idle", () => {
    const harness = createHarness();

    harness.actor.send({ type: 'search.open' });

    expect(harness.snapshot().value).toEqual({ open: 'idle' });
    expect(harness.snapshot().hasTag('busy')).toBe(false);
  });

  it('ignores typing while closed', () => {
    const harness = createHarness();

    harness.type('star');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.snapshot().context.query).toBe('');
    expect(harness.searches).toHaveLength(0);
  });

  it("'search.blur' with an empty query closes", () => {
    const harness = opened();

    harness.actor.send({ type: 'search.blur' });

    expect(harness.snapshot().value).toBe('closed');
  });

  it("'search.blur' with only spaces typed closes", () => {
    const harness = opened();
    harness.type('   ');

    harness.actor.send({ type: 'search.blur' });

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.snapshot().context.query).toBe('');
  });

  it("'search.blur' with text stays open, keeping the text and the results", async () => {
    const harness = opened();
    await searchFor(harness, 'star', STAR_RESULTS);

    harness.actor.send({ type: 'search.blur' });

    expect(harness.snapshot().value).toEqual({ open: 'ready' });
    expect(harness.snapshot().context.query).toBe('star');
    expect(harness.snapshot().context.results).toEqual(STAR_RESULTS);
  });

  it("'search.blur' with text while debouncing stays open and still searches", async () => {
    const harness = opened();
    harness.type('star');

    harness.actor.send({ type: 'search.blur' });
    expect(harness.snapshot().value).toEqual({ open: 'debouncing' });

    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(harness.queries()).toEqual(['star']);
  });

  it("'search.clear' closes with the query and results emptied", async () => {
    const harness = opened();
    await searchFor(harness, 'star', STAR_RESULTS);

    harness.actor.send({ type: 'search.clear' });

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.snapshot().context).toEqual({ query: '', results: [], error: null });
  });

  it("'search.clear' while a search is in flight drops its answer", async () => {
    const harness = opened();
    harness.type('star');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);

    harness.actor.send({ type: 'search.clear' });
    await harness.resolve(STAR_RESULTS);

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.snapshot().context.results).toEqual([]);
  });

  it("'search.clear' while debouncing sends no search", () => {
    const harness = opened();
    harness.type('star');

    harness.actor.send({ type: 'search.clear' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.searches).toHaveLength(0);
  });

  it('reopening after a clear starts empty on idle', async () => {
    const harness = opened();
    await searchFor(harness, 'star', STAR_RESULTS);
    harness.actor.send({ type: 'search.clear' });

    harness.actor.send({ type: 'search.open' });

    expect(harness.snapshot().value).toEqual({ open: 'idle' });
    expect(harness.snapshot().context).toEqual({ query: '', results: [], error: null });
  });
});

describe('search machine: debounced queries', () => {
  it('typing goes to debouncing (busy) with the query, and sends nothing before SEARCH_DEBOUNCE_MS', () => {
    expect(SEARCH_DEBOUNCE_MS).toBeGreaterThan(0);
    const harness = opened();

    harness.type('sta');

    expect(harness.snapshot().value).toEqual({ open: 'debouncing' });
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.snapshot().context.query).toBe('sta');

    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);

    expect(harness.snapshot().value).toEqual({ open: 'debouncing' });
    expect(harness.searches).toHaveLength(0);
  });

  it('after SEARCH_DEBOUNCE_MS searches (busy) with the trimmed query', () => {
    const harness = opened();
    harness.type('  sta ');

    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);

    expect(harness.snapshot().value).toEqual({ open: 'searching' });
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.queries()).toEqual(['sta']);
  });

  it('lands the results in ready', async () => {
    const harness = opened();
    harness.type('sta');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);

    await harness.resolve(STA_RESULTS);

    expect(harness.snapshot().value).toEqual({ open: 'ready' });
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.results).toEqual(STA_RESULTS);
    expect(harness.snapshot().context.error).toBeNull();
  });

  it('typing again during the debounce restarts the timer: one search, for the last text', () => {
    const harness = opened();

    harness.type('st');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    harness.type('sta');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 50);
    harness.type('star');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);

    expect(harness.searches).toHaveLength(0);
    expect(harness.snapshot().value).toEqual({ open: 'debouncing' });

    vi.advanceTimersByTime(1);

    expect(harness.queries()).toEqual(['star']);
    expect(harness.snapshot().value).toEqual({ open: 'searching' });

    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 3);
    expect(harness.queries()).toEqual(['star']);
  });

  it('a newer keystroke cancels the search in flight: the stale answer never overwrites the newer one', async () => {
    const harness = opened();
    harness.type('sta');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    const older = harness.searches[0]!;
    expect(older.input.query).toBe('sta');

    harness.type('star');
    expect(harness.snapshot().value).toEqual({ open: 'debouncing' });
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(harness.queries()).toEqual(['sta', 'star']);

    await harness.resolve(STAR_RESULTS);
    expect(harness.snapshot().value).toEqual({ open: 'ready' });
    expect(harness.snapshot().context.results).toEqual(STAR_RESULTS);

    older.result.resolve(STA_RESULTS);
    await flush();

    expect(harness.snapshot().value).toEqual({ open: 'ready' });
    expect(harness.snapshot().context.query).toBe('star');
    expect(harness.snapshot().context.results).toEqual(STAR_RESULTS);
  });

  it('a stale answer arriving while the newer text is still debouncing is ignored too', async () => {
    const harness = opened();
    harness.type('sta');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    const older = harness.searches[0]!;
    harness.type('star');

    older.result.resolve(STA_RESULTS);
    await flush();

    expect(harness.snapshot().value).toEqual({ open: 'debouncing' });
    expect(harness.snapshot().context.results).toEqual([]);
  });

  it('a stale failure does not replace newer results either', async () => {
    const harness = opened();
    harness.type('sta');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    const older = harness.searches[0]!;
    harness.type('star');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    await harness.resolve(STAR_RESULTS);

    older.result.reject(new Error('The catalogue answered 500.'));
    await flush();

    expect(harness.snapshot().value).toEqual({ open: 'ready' });
    expect(harness.snapshot().hasTag('error')).toBe(false);
    expect(harness.snapshot().context.error).toBeNull();
    expect(harness.snapshot().context.results).toEqual(STAR_RESULTS);
  });

  it("changing the text to '' goes to idle, clears the results and sends no search", async () => {
    const harness = opened();
    await searchFor(harness, 'star', STAR_RESULTS);

    harness.type('');

    expect(harness.snapshot().value).toEqual({ open: 'idle' });
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.query).toBe('');
    expect(harness.snapshot().context.results).toEqual([]);

    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(harness.queries()).toEqual(['star']);
  });

  it("changing the text to '' during the debounce cancels the pending search", () => {
    const harness = opened();
    harness.type('star');

    harness.type('');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);

    expect(harness.snapshot().value).toEqual({ open: 'idle' });
    expect(harness.searches).toHaveLength(0);
  });

  it("changing the text to '' while a search is in flight drops its answer", async () => {
    const harness = opened();
    harness.type('star');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);

    harness.type('');
    await harness.resolve(STAR_RESULTS);

    expect(harness.snapshot().value).toEqual({ open: 'idle' });
    expect(harness.snapshot().context.results).toEqual([]);
  });

  it('changing the text to spaces only behaves like an empty box', () => {
    const harness = opened();

    harness.type('   ');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);

    expect(harness.snapshot().value).toEqual({ open: 'idle' });
    expect(harness.searches).toHaveLength(0);
  });
});

describe('search machine: failures', () => {
  it('a failed search goes to failed (tag error) with the message', async () => {
    const harness = opened();
    harness.type('star');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);

    await harness.reject(new Error('Could not reach the catalogue. Check your connection and try again.'));

    expect(harness.snapshot().value).toEqual({ open: 'failed' });
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.error).toBe(
      'Could not reach the catalogue. Check your connection and try again.',
    );
  });

  it("'search.retry' searches again, at once, with the same query", async () => {
    const harness = opened();
    harness.type(' star ');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    await harness.reject(new Error('The catalogue answered 503.'));

    harness.actor.send({ type: 'search.retry' });

    expect(harness.snapshot().value).toEqual({ open: 'searching' });
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.queries()).toEqual(['star', 'star']);

    await harness.resolve(STAR_RESULTS);

    expect(harness.snapshot().value).toEqual({ open: 'ready' });
    expect(harness.snapshot().context.results).toEqual(STAR_RESULTS);
    expect(harness.snapshot().context.error).toBeNull();
  });

  it("ignores 'search.retry' when nothing failed", async () => {
    const harness = opened();
    await searchFor(harness, 'star', STAR_RESULTS);

    harness.actor.send({ type: 'search.retry' });

    expect(harness.snapshot().value).toEqual({ open: 'ready' });
    expect(harness.searches).toHaveLength(1);
  });
});
