import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { PREVIEW_DELAY_MS, previewCardMachine } from '../../../../src/machines/browse/preview-card.machine.ts';
import type { DetailsRequest } from '../../../../src/machines/browse/title-details.machine.ts';
import type { Title, TitleDetails } from '../../../../src/services/catalogue/catalogue.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const DARK: Title = { id: 1399, name: 'Dark', overview: 'A town.', backdrop_path: '/d.jpg', poster_path: null };
const HEAT: Title = { id: 949, title: 'Heat', overview: 'LA.', backdrop_path: '/h.jpg', poster_path: null };
const dark = { key: 'tv-1399', title: DARK, mediaType: 'tv' as const };
const heat = { key: 'movie-949', title: HEAT, mediaType: 'movie' as const };
const DETAILS = { id: 1399, genres: [{ id: 1, name: 'Drama' }] } as unknown as TitleDetails;

function createHarness() {
  const fetches: { input: DetailsRequest; result: Deferred<TitleDetails> }[] = [];
  const machine = previewCardMachine.provide({
    actors: {
      fetchDetails: fromPromise<TitleDetails, DetailsRequest>(({ input }) => {
        const result = deferred<TitleDetails>();
        fetches.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, fetches, snapshot: () => actor.getSnapshot() };
}

describe('previewCardMachine', () => {
  // The hover delay is the machine's own timer: fake timers decide when it has passed.
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens a hovered card only once the pointer has rested on it, then loads its details', async () => {
    const { actor, fetches, snapshot } = createHarness();
    actor.send({ type: 'preview.hover', ...dark });
    expect(snapshot().value).toBe('waiting');
    vi.advanceTimersByTime(PREVIEW_DELAY_MS - 1);
    expect(snapshot().value).toBe('waiting');
    expect(fetches).toHaveLength(0);

    vi.advanceTimersByTime(1);
    expect(snapshot().value).toEqual({ open: 'loading' });
    expect(snapshot().context.viaKeyboard).toBe(false);
    expect(fetches[0]!.input).toEqual({ mediaType: 'tv', id: 1399 });

    fetches[0]!.result.resolve(DETAILS);
    await flush();
    expect(snapshot().value).toEqual({ open: 'ready' });
    expect(snapshot().context.details['tv-1399']).toBe(DETAILS);
  });

  it('never opens when the pointer leaves first, and asks for nothing', () => {
    const { actor, fetches, snapshot } = createHarness();
    actor.send({ type: 'preview.hover', ...dark });
    actor.send({ type: 'preview.cancel' });
    vi.advanceTimersByTime(PREVIEW_DELAY_MS * 2);
    expect(snapshot().value).toBe('idle');
    expect(snapshot().context.target).toBeNull();
    expect(fetches).toHaveLength(0);
  });

  it('moving to another card restarts the wait for that card', () => {
    const { actor, snapshot } = createHarness();
    actor.send({ type: 'preview.hover', ...dark });
    vi.advanceTimersByTime(PREVIEW_DELAY_MS - 100);
    actor.send({ type: 'preview.hover', ...heat });
    vi.advanceTimersByTime(PREVIEW_DELAY_MS - 100);
    expect(snapshot().value).toBe('waiting');
    vi.advanceTimersByTime(100);
    expect(snapshot().value).toEqual({ open: 'loading' });
    expect(snapshot().context.target?.key).toBe('movie-949');
  });

  it('opens at once from the keyboard, and a card seen before opens without asking again', async () => {
    const { actor, fetches, snapshot } = createHarness();
    actor.send({ type: 'preview.show', ...dark });
    expect(snapshot().value).toEqual({ open: 'loading' });
    expect(snapshot().context.viaKeyboard).toBe(true);
    fetches[0]!.result.resolve(DETAILS);
    await flush();

    actor.send({ type: 'preview.cancel' });
    expect(snapshot().value).toBe('idle');
    actor.send({ type: 'preview.show', ...dark });
    expect(snapshot().value).toEqual({ open: 'ready' });
    expect(fetches).toHaveLength(1);
  });

  it('keeps an open preview when the pointer comes back to its card', async () => {
    const { actor, snapshot } = createHarness();
    actor.send({ type: 'preview.show', ...dark });
    actor.send({ type: 'preview.hover', ...dark });
    expect(snapshot().value).toEqual({ open: 'loading' });
    expect(snapshot().context.viaKeyboard).toBe(true);
  });

  it('shows why the details failed, and tries again', async () => {
    const { actor, fetches, snapshot } = createHarness();
    actor.send({ type: 'preview.show', ...heat });
    fetches[0]!.result.reject(new Error('The catalogue could not be reached.'));
    await flush();
    expect(snapshot().value).toEqual({ open: 'failed' });
    expect(snapshot().hasTag('error')).toBe(true);
    expect(snapshot().context.error).toBe('The catalogue could not be reached.');

    actor.send({ type: 'preview.retry' });
    expect(snapshot().value).toEqual({ open: 'loading' });
    expect(fetches).toHaveLength(2);
  });
});
