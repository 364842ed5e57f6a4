import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { SEARCH_DEBOUNCE_MS, searchMachine } from '../../../../src/machines/browse/search.machine.ts';
import type { SearchPage, SearchRequest } from '../../../../src/machines/browse/search-results.ts';
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

const pageOf = (titles: Title[], totalPages = 1, page = 1): SearchPage => ({
  groups: [{ key: 'names', why: 'Titles named like', titles }],
  page,
  sources: [{ kind: 'names', key: 'names', totalPages }],
});

const STA = pageOf([title(1, 'Stalker'), title(2, 'Stan & Ollie')]);
const STAR = pageOf([title(11, 'Star Wars'), title(12, 'Stardust')], 2);

function createHarness(query = '') {
  const searches: { input: { query: string }; result: Deferred<SearchPage> }[] = [];
  const more: { input: SearchRequest; result: Deferred<SearchPage> }[] = [];
  const machine = searchMachine.provide({
    actors: {
      findTitles: fromPromise<SearchPage, { query: string }>(({ input }) => {
        const result = deferred<SearchPage>();
        searches.push({ input, result });
        return result.promise;
      }),
      findMoreTitles: fromPromise<SearchPage, SearchRequest>(({ input }) => {
        const result = deferred<SearchPage>();
        more.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { query } });
  actor.start();
  return {
    actor,
    searches,
    more,
    queries: () => searches.map((call) => call.input.query),
    snapshot: () => actor.getSnapshot(),
    address(value: string) {
      actor.send({ type: 'search.query', value });
    },
    async answer(page: SearchPage) {
      searches.at(-1)!.result.resolve(page);
      await flush();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('search machine: the query comes from the address', () => {
  it('starts idle with no query', () => {
    const harness = createHarness();
    expect(harness.snapshot().value).toEqual({ active: 'idle' });
    expect(harness.searches).toHaveLength(0);
  });

  it('searches a query already in the address at once (a reload or a shared link)', async () => {
    const harness = createHarness(' nolan ');
    expect(harness.snapshot().value).toEqual({ active: 'searching' });
    expect(harness.queries()).toEqual(['nolan']);
    await harness.answer(STA);
    expect(harness.snapshot().value).toEqual({ active: 'ready' });
    expect(harness.snapshot().context.results).toEqual(STA);
  });

  it('debounces address changes and searches only the last one', () => {
    const harness = createHarness();
    harness.address('s');
    harness.address('st');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 1);
    harness.address('sta');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.searches).toHaveLength(0);
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    expect(harness.queries()).toEqual(['sta']);
  });

  it('ignores the same query again (the address re-read), with or without spaces', async () => {
    const harness = createHarness('star');
    await harness.answer(STAR);
    harness.address('star ');
    expect(harness.snapshot().value).toEqual({ active: 'ready' });
    expect(harness.searches).toHaveLength(1);
  });

  it('a newer query cancels the search in flight: its late answer is dropped', async () => {
    const harness = createHarness('sta');
    harness.address('star');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    harness.searches[0].result.resolve(STA);
    await flush();
    expect(harness.snapshot().value).toEqual({ active: 'searching' });
    await harness.answer(STAR);
    expect(harness.snapshot().context.results).toEqual(STAR);
  });

  it('an emptied query goes back to idle with nothing shown, and sends nothing', async () => {
    const harness = createHarness('star');
    await harness.answer(STAR);
    harness.address('  ');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS * 2);
    expect(harness.snapshot().value).toEqual({ active: 'idle' });
    expect(harness.snapshot().context.results.groups).toEqual([]);
    expect(harness.searches).toHaveLength(1);
  });
});

describe('search machine: failures and more results', () => {
  it('a failed search says why, and search.retry tries the same query again', async () => {
    const harness = createHarness('star');
    harness.searches[0].result.reject(new Error('Could not reach the catalogue.'));
    await flush();
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().context.error).toBe('Could not reach the catalogue.');
    harness.actor.send({ type: 'search.retry' });
    expect(harness.queries()).toEqual(['star', 'star']);
    await harness.answer(STAR);
    expect(harness.snapshot().context.error).toBeNull();
  });

  it('offers more only while a source has pages left', async () => {
    const harness = createHarness('sta');
    await harness.answer(STA);
    expect(harness.snapshot().can({ type: 'search.more' })).toBe(false);
    harness.address('star');
    vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
    await harness.answer(STAR);
    expect(harness.snapshot().can({ type: 'search.more' })).toBe(true);
  });

  it('search.more asks for the next page of the sources found, and appends it without repeats', async () => {
    const harness = createHarness('star');
    await harness.answer(STAR);
    harness.actor.send({ type: 'search.more' });
    expect(harness.snapshot().hasTag('loadingMore')).toBe(true);
    expect(harness.more[0].input).toEqual({ query: 'star', page: 2, sources: STAR.sources });
    harness.more[0].result.resolve(pageOf([title(12, 'Stardust'), title(13, 'Star Trek')], 2, 2));
    await flush();
    const names = harness.snapshot().context.results.groups[0].titles.map((found) => found.title);
    expect(names).toEqual(['Star Wars', 'Stardust', 'Star Trek']);
    expect(harness.snapshot().can({ type: 'search.more' })).toBe(false);
  });

  it('a failed next page keeps the results shown, and can be tried again', async () => {
    const harness = createHarness('star');
    await harness.answer(STAR);
    harness.actor.send({ type: 'search.more' });
    harness.more[0].result.reject(new Error('Could not reach the catalogue.'));
    await flush();
    expect(harness.snapshot().hasTag('moreError')).toBe(true);
    expect(harness.snapshot().context.results).toEqual(STAR);
    harness.actor.send({ type: 'search.retry' });
    expect(harness.more).toHaveLength(2);
  });
});
