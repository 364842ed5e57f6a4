import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { heroMachine } from '../../../../src/machines/browse/hero.machine.ts';
import type { TrailerRequest } from '../../../../src/machines/browse/trailer.ts';
import type { Title, Video } from '../../../../src/services/catalogue/catalogue.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

function title(id: number, fields: Partial<Title> = {}): Title {
  return {
    id,
    overview: `Overview of ${id}.`,
    backdrop_path: `/backdrop-${id}.jpg`,
    poster_path: `/poster-${id}.jpg`,
    ...fields,
  };
}

// Three candidates with backdrops (ids 11, 12, 13), interleaved with titles the hero must skip.
const FIRST = title(11, { title: 'Dune', media_type: 'movie' });
const MIDDLE = title(12, { name: 'Severance', media_type: 'tv' });
const LAST = title(13, { title: 'Past Lives', media_type: 'movie' });
const TRENDING: Title[] = [
  title(1, { title: 'No backdrop', backdrop_path: null }),
  FIRST,
  title(2, { name: 'Empty backdrop', backdrop_path: '' }),
  MIDDLE,
  LAST,
  title(3, { name: 'No backdrop either', backdrop_path: null, media_type: 'tv' }),
];

const TEASER: Video = { key: 'teaser-key', type: 'Teaser', site: 'YouTube' };
const TRAILER: Video = { key: 'trailer-key', type: 'Trailer', site: 'YouTube' };
const SECOND_TRAILER: Video = { key: 'second-trailer-key', type: 'Trailer', site: 'YouTube' };

function createHarness(random: () => number = () => 0) {
  const trending: Deferred<Title[]>[] = [];
  const videos: { input: TrailerRequest; result: Deferred<Video[]> }[] = [];
  const machine = heroMachine.provide({
    actors: {
      fetchTrending: fromPromise<Title[]>(() => {
        const result = deferred<Title[]>();
        trending.push(result);
        return result.promise;
      }),
      fetchVideos: fromPromise<Video[], TrailerRequest>(({ input }) => {
        const result = deferred<Video[]>();
        videos.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { random } });
  actor.start();

  const last = <T>(list: T[], name: string): T => {
    const item = list.at(-1);
    if (item === undefined) throw new Error(`The fake "${name}" was never invoked`);
    return item;
  };

  return {
    actor,
    trending,
    videos,
    snapshot: () => actor.getSnapshot(),
    async resolveTrending(titles: Title[]) {
      last(trending, 'fetchTrending').resolve(titles);
      await flush();
    },
    async rejectTrending(error: unknown) {
      last(trending, 'fetchTrending').reject(error);
      await flush();
    },
    async resolveVideos(list: Video[]) {
      last(videos, 'fetchVideos').result.resolve(list);
      await flush();
    },
    async rejectVideos(error: unknown) {
      last(videos, 'fetchVideos').result.reject(error);
      await flush();
    },
  };
}

async function startReady(random: () => number = () => 0, titles: Title[] = TRENDING) {
  const harness = createHarness(random);
  await harness.resolveTrending(titles);
  expect(harness.snapshot().value).toBe('ready');
  return harness;
}

describe('hero machine: loading the trending list', () => {
  it('starts loading (busy), fetching trending once, with nothing picked', () => {
    const harness = createHarness();

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.trending).toHaveLength(1);
    expect(harness.videos).toHaveLength(0);
    expect(harness.snapshot().context.title).toBeNull();
    expect(harness.snapshot().context.trailerKey).toBeNull();
  });

  it.each([
    [0, FIRST],
    [0.5, MIDDLE],
    [0.999, LAST],
    [0.9999999, LAST],
  ])('with random() = %s picks only among titles with a backdrop', async (value, expected) => {
    const harness = await startReady(() => value);

    const { context } = harness.snapshot();
    expect(context.title).toBeDefined();
    expect(context.title).toEqual(expected);
    expect(context.title?.backdrop_path).toBeTruthy();
    expect(context.error).toBeNull();
  });

  it('never picks past the last candidate, even if random() returns 1', async () => {
    const harness = await startReady(() => 1);

    expect(harness.snapshot().context.title).toEqual(LAST);
  });

  it('picks the only candidate whatever random() returns', async () => {
    const only = title(42, { title: 'Only one', media_type: 'movie' });
    for (const value of [0, 0.5, 0.9999999]) {
      const harness = await startReady(() => value, [title(41, { backdrop_path: null }), only]);
      expect(harness.snapshot().context.title).toEqual(only);
    }
  });

  it('takes the media type from the picked title’s media_type', async () => {
    expect((await startReady(() => 0.5)).snapshot().context.mediaType).toBe('tv');
    expect((await startReady(() => 0)).snapshot().context.mediaType).toBe('movie');
  });

  it('without a media_type, tells a series from a film by its fields', async () => {
    const film = title(50, { title: 'Untyped film', release_date: '2020-01-01' });
    expect((await startReady(() => 0, [film])).snapshot().context.mediaType).toBe('movie');

    const series = title(51, { name: 'Untyped series', first_air_date: '2020-01-01' });
    expect((await startReady(() => 0, [series])).snapshot().context.mediaType).toBe('tv');
  });

  it('goes to empty when no trending title has a backdrop', async () => {
    const harness = createHarness();

    await harness.resolveTrending([title(1, { backdrop_path: null }), title(2, { backdrop_path: '' })]);

    expect(harness.snapshot().value).toBe('empty');
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.title).toBeNull();
  });

  it('goes to empty when the trending list is empty', async () => {
    const harness = createHarness();

    await harness.resolveTrending([]);

    expect(harness.snapshot().value).toBe('empty');
    expect(harness.snapshot().context.title).toBeNull();
  });

  it('on a trending failure goes to failed (tag error) with the message', async () => {
    const harness = createHarness();

    await harness.rejectTrending(new Error('Invalid API key: You must be granted a valid key.'));

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.error).toBe('Invalid API key: You must be granted a valid key.');
    expect(harness.snapshot().context.title).toBeNull();
  });

  it("'hero.retry' after a failure reloads the trending list and then shows a pick", async () => {
    const harness = createHarness(() => 0.5);
    await harness.rejectTrending(new Error('Could not reach the catalogue.'));

    harness.actor.send({ type: 'hero.retry' });

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.trending).toHaveLength(2);

    await harness.resolveTrending(TRENDING);

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.title).toEqual(MIDDLE);
    expect(harness.snapshot().context.error).toBeNull();
  });

  it("ignores 'hero.preview' while loading", async () => {
    const harness = createHarness();

    expect(harness.snapshot().can({ type: 'hero.preview' })).toBe(false);
    harness.actor.send({ type: 'hero.preview' });

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.videos).toHaveLength(0);

    await harness.resolveTrending(TRENDING);
    expect(harness.snapshot().value).toBe('ready');
    expect(harness.videos).toHaveLength(0);
  });

  it("ignores 'hero.retry' when nothing failed", async () => {
    const harness = await startReady();

    harness.actor.send({ type: 'hero.retry' });

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.trending).toHaveLength(1);
  });
});

describe('hero machine: previewing the trailer in place', () => {
  it("'hero.preview' goes to previewing.loadingTrailer (busy, muted) and asks for the picked title’s videos", async () => {
    const harness = await startReady(() => 0.5);

    harness.actor.send({ type: 'hero.preview' });

    expect(harness.snapshot().value).toEqual({ previewing: 'loadingTrailer' });
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.snapshot().context.muted).toBe(true);
    expect(harness.videos.map((call) => call.input)).toEqual([{ mediaType: 'tv', id: 12 }]);
  });

  it("asks for a movie's videos as a movie", async () => {
    const harness = await startReady(() => 0.999);

    harness.actor.send({ type: 'hero.preview' });

    expect(harness.videos.map((call) => call.input)).toEqual([{ mediaType: 'movie', id: 13 }]);
  });

  it("plays the first video of type 'Trailer', even when a teaser comes first", async () => {
    const harness = await startReady();
    harness.actor.send({ type: 'hero.preview' });

    await harness.resolveVideos([TEASER, TRAILER, SECOND_TRAILER]);

    expect(harness.snapshot().value).toEqual({ previewing: 'playing' });
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.trailerKey).toBe('trailer-key');
    expect(harness.snapshot().context.title).toEqual(FIRST);
  });

  it.each([
    ['only a teaser', [TEASER]],
    ['no videos at all', []],
  ])('is unavailable when the title has %s', async (_, list) => {
    const harness = await startReady();
    harness.actor.send({ type: 'hero.preview' });

    await harness.resolveVideos(list);

    expect(harness.snapshot().value).toEqual({ previewing: 'unavailable' });
    expect(harness.snapshot().context.trailerKey).toBeNull();
    expect(harness.snapshot().can({ type: 'hero.mute.toggle' })).toBe(false);

    harness.actor.send({ type: 'hero.stop' });
    expect(harness.snapshot().value).toBe('ready');
  });

  it("'hero.mute.toggle' turns the sound on and off while playing", async () => {
    const harness = await startReady();
    harness.actor.send({ type: 'hero.preview' });
    await harness.resolveVideos([TRAILER]);

    harness.actor.send({ type: 'hero.mute.toggle' });
    expect(harness.snapshot().context.muted).toBe(false);
    harness.actor.send({ type: 'hero.mute.toggle' });
    expect(harness.snapshot().context.muted).toBe(true);
    expect(harness.snapshot().value).toEqual({ previewing: 'playing' });
  });

  it("'hero.stop' returns to the banner from every preview phase, keeping the title", async () => {
    const harness = await startReady();

    harness.actor.send({ type: 'hero.preview' });
    harness.actor.send({ type: 'hero.stop' });
    expect(harness.snapshot().value).toBe('ready');

    harness.actor.send({ type: 'hero.preview' });
    await harness.resolveVideos([TRAILER]);
    harness.actor.send({ type: 'hero.mute.toggle' });
    harness.actor.send({ type: 'hero.stop' });

    expect(harness.snapshot().value).toBe('ready');
    expect(harness.snapshot().context.title).toEqual(FIRST);
    expect(harness.trending).toHaveLength(1);
  });

  it("'hero.ended' (the clip is over) returns to the banner, and Preview plays again muted", async () => {
    const harness = await startReady();
    harness.actor.send({ type: 'hero.preview' });
    await harness.resolveVideos([TRAILER]);
    harness.actor.send({ type: 'hero.mute.toggle' });

    harness.actor.send({ type: 'hero.ended' });

    expect(harness.snapshot().value).toBe('ready');
    harness.actor.send({ type: 'hero.preview' });
    expect(harness.snapshot().context.muted).toBe(true);
    await harness.resolveVideos([TRAILER]);
    expect(harness.snapshot().value).toEqual({ previewing: 'playing' });
  });

  it("ignores 'hero.ended' before the clip plays", async () => {
    const harness = await startReady();
    harness.actor.send({ type: 'hero.preview' });

    harness.actor.send({ type: 'hero.ended' });

    expect(harness.snapshot().value).toEqual({ previewing: 'loadingTrailer' });
  });

  it('on a videos failure goes to previewing.failed (tag error) with the message', async () => {
    const harness = await startReady();
    harness.actor.send({ type: 'hero.preview' });

    await harness.rejectVideos(new Error('The catalogue answered 500.'));

    expect(harness.snapshot().value).toEqual({ previewing: 'failed' });
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.error).toBe('The catalogue answered 500.');
  });

  it("'hero.retry' after a videos failure loads the trailer again for the same title", async () => {
    const harness = await startReady(() => 0.5);
    harness.actor.send({ type: 'hero.preview' });
    await harness.rejectVideos(new Error('The catalogue answered 500.'));

    harness.actor.send({ type: 'hero.retry' });

    expect(harness.snapshot().value).toEqual({ previewing: 'loadingTrailer' });
    expect(harness.videos.map((call) => call.input)).toEqual([
      { mediaType: 'tv', id: 12 },
      { mediaType: 'tv', id: 12 },
    ]);
    expect(harness.trending).toHaveLength(1);

    await harness.resolveVideos([TRAILER]);

    expect(harness.snapshot().value).toEqual({ previewing: 'playing' });
    expect(harness.snapshot().context.trailerKey).toBe('trailer-key');
  });

  it("ignores 'hero.preview' while previewing (no second request)", async () => {
    const harness = await startReady();
    harness.actor.send({ type: 'hero.preview' });
    harness.actor.send({ type: 'hero.preview' });
    expect(harness.videos).toHaveLength(1);

    await harness.resolveVideos([TRAILER]);
    harness.actor.send({ type: 'hero.preview' });

    expect(harness.snapshot().value).toEqual({ previewing: 'playing' });
    expect(harness.videos).toHaveLength(1);
  });
});

describe('hero machine: the profile autoplays previews', () => {
  const start = (autoplay: boolean, inView = true) => {
    const machine = heroMachine.provide({
      actors: {
        fetchTrending: fromPromise(async () => TRENDING),
        fetchVideos: fromPromise(async () => [TRAILER]),
      },
    });
    const actor = createActor(machine, { input: { random: () => 0, autoplay } });
    if (!inView) actor.send({ type: 'hero.visibility', inView: false });
    return actor.start();
  };

  it('plays the trailer by itself, muted, once the title is there', async () => {
    const actor = start(true);
    await flush();
    expect(actor.getSnapshot().value).toEqual({ previewing: 'playing' });
    expect(actor.getSnapshot().context.muted).toBe(true);
  });

  it('keeps to the art after the clip ends: it autoplays once', async () => {
    const actor = start(true);
    await flush();
    actor.send({ type: 'hero.ended' });
    expect(actor.getSnapshot().value).toBe('ready');
  });

  it('waits until the banner is in view', async () => {
    const machine = heroMachine.provide({
      actors: { fetchTrending: fromPromise(async () => TRENDING), fetchVideos: fromPromise(async () => [TRAILER]) },
    });
    const actor = createActor(machine, { input: { random: () => 0, autoplay: true } }).start();
    actor.send({ type: 'hero.visibility', inView: false });
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'hero.visibility', inView: true });
    await flush();
    expect(actor.getSnapshot().value).toEqual({ previewing: 'playing' });
  });

  it('shows the art alone when the profile has autoplay off', async () => {
    const actor = start(false);
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
