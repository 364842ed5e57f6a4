import { describe, expect, it } from 'vitest';
import { type ActorRefFrom, createActor, fromPromise } from 'xstate';

import { detailModalMachine, type FoundTitle } from '../../../../src/machines/browse/detail-modal.machine.ts';
import {
  type DetailsRequest,
  type SeasonRequest,
  titleDetailsMachine,
} from '../../../../src/machines/browse/title-details.machine.ts';
import type { TrailerRequest } from '../../../../src/machines/browse/trailer.ts';
import type { Season, Title, TitleDetails, Video } from '../../../../src/services/catalogue/catalogue.port.ts';
import { movieDetails, tvDetails } from '../../../../stories/support/tmdb-fixtures.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const ARRIVAL: Title = {
  id: 329865,
  title: 'Arrival',
  overview: 'A linguist meets visitors.',
  backdrop_path: '/arrival-b.jpg',
  poster_path: '/arrival-p.jpg',
  release_date: '2016-11-10',
};
const DARK: Title = {
  id: 70523,
  name: 'Dark',
  overview: 'A town and its caves.',
  backdrop_path: '/dark-b.jpg',
  poster_path: '/dark-p.jpg',
  first_air_date: '2017-12-01',
};

const DARK_DETAILS = tvDetails({ id: DARK.id, name: 'Dark', seasons: [] });

const TEASER: Video = { key: 'teaser-key', type: 'Teaser' };
const TRAILER: Video = { key: 'trailer-key', type: 'Trailer' };

function createHarness() {
  const videos: { input: TrailerRequest; result: Deferred<Video[]> }[] = [];
  const details: DetailsRequest[] = [];
  const machine = detailModalMachine.provide({
    actors: {
      // The sections' own behaviour is tested in title-details.machine.test.ts; here only what they are asked.
      titleDetails: titleDetailsMachine.provide({
        actors: {
          fetchDetails: fromPromise<TitleDetails, DetailsRequest>(({ input }) => {
            details.push(input);
            return deferred<TitleDetails>().promise;
          }),
          fetchSeason: fromPromise<Season, SeasonRequest>(() => deferred<Season>().promise),
        },
      }),
      fetchVideos: fromPromise<Video[], TrailerRequest>(({ input }) => {
        const result = deferred<Video[]>();
        videos.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine);
  actor.start();

  const last = () => {
    const call = videos.at(-1);
    if (!call) throw new Error('fetchVideos was never invoked');
    return call;
  };

  return {
    actor,
    videos,
    details,
    snapshot: () => actor.getSnapshot(),
    async resolveVideos(list: Video[]) {
      last().result.resolve(list);
      await flush();
    },
    async rejectVideos(error: unknown) {
      last().result.reject(error);
      await flush();
    },
  };
}

/** The trailer region's state while open. */
function trailerOf(harness: ReturnType<typeof createHarness>) {
  const value = harness.snapshot().value;
  return typeof value === 'string' ? value : value.open.trailer;
}

function openOn(title: Title = ARRIVAL) {
  const harness = createHarness();
  harness.actor.send({ type: 'modal.open', title });
  expect(trailerOf(harness)).toBe('image');
  return harness;
}

async function playing(list: Video[] = [TRAILER]) {
  const harness = openOn();
  harness.actor.send({ type: 'modal.play' });
  await harness.resolveVideos(list);
  expect(trailerOf(harness)).toBe('playing');
  return harness;
}

describe('detail modal machine: opening and closing', () => {
  it('starts closed with nothing selected', () => {
    const harness = createHarness();

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.snapshot().context).toEqual({
      title: null,
      mediaType: 'movie',
      season: undefined,
      trailerKey: null,
      error: null,
      details: null,
    });
    expect(harness.snapshot().can({ type: 'modal.play' })).toBe(false);
  });

  it("'modal.open' opens on the image with the title and its media type", () => {
    const harness = createHarness();

    harness.actor.send({ type: 'modal.open', title: DARK });

    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().context).toEqual({
      title: DARK,
      mediaType: 'tv',
      season: undefined,
      trailerKey: null,
      error: null,
      details: null,
    });
    expect(harness.videos).toHaveLength(0);
  });

  it("'modal.play' while closed does nothing", () => {
    const harness = createHarness();

    harness.actor.send({ type: 'modal.play' });

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.videos).toHaveLength(0);
  });

  it("'modal.close' from the image closes", () => {
    const harness = openOn();

    harness.actor.send({ type: 'modal.close' });

    expect(harness.snapshot().value).toBe('closed');
  });

  it("'modal.close' while the trailer loads closes, and the late answer does not reopen it", async () => {
    const harness = openOn();
    harness.actor.send({ type: 'modal.play' });

    harness.actor.send({ type: 'modal.close' });
    expect(harness.snapshot().value).toBe('closed');

    await harness.resolveVideos([TRAILER]);

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.snapshot().context.trailerKey).toBeNull();
  });

  it("'modal.close' while playing closes and resets the play state: reopening starts at the image", async () => {
    const harness = await playing();
    expect(harness.snapshot().context.trailerKey).toBe('trailer-key');

    harness.actor.send({ type: 'modal.close' });

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.snapshot().context.trailerKey).toBeNull();
    expect(harness.snapshot().context.error).toBeNull();

    harness.actor.send({ type: 'modal.open', title: ARRIVAL });

    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().context.trailerKey).toBeNull();
  });

  it("'modal.close' from failed closes and clears the error; reopening starts at the image", async () => {
    const harness = openOn();
    harness.actor.send({ type: 'modal.play' });
    await harness.rejectVideos(new Error('The catalogue answered 500.'));
    expect(trailerOf(harness)).toBe('failed');

    harness.actor.send({ type: 'modal.close' });

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.snapshot().context.error).toBeNull();

    harness.actor.send({ type: 'modal.open', title: DARK });
    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().hasTag('error')).toBe(false);
  });

  it("'modal.open' with another title while open shows the new title's image", () => {
    const harness = openOn(ARRIVAL);

    harness.actor.send({ type: 'modal.open', title: DARK });

    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().context.title).toEqual(DARK);
    expect(harness.snapshot().context.mediaType).toBe('tv');
  });

  it("'modal.open' with another title while playing goes back to the image with the new title", async () => {
    const harness = await playing();

    harness.actor.send({ type: 'modal.open', title: DARK });

    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().context).toEqual({
      title: DARK,
      mediaType: 'tv',
      season: undefined,
      trailerKey: null,
      error: null,
      details: null,
    });
  });

  it("'modal.open' with another title while its trailer loads drops the old request", async () => {
    const harness = openOn(ARRIVAL);
    harness.actor.send({ type: 'modal.play' });

    harness.actor.send({ type: 'modal.open', title: DARK });
    await harness.resolveVideos([TRAILER]);

    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().context.title).toEqual(DARK);
    expect(harness.snapshot().context.trailerKey).toBeNull();
  });
});

describe('detail modal machine: Play', () => {
  it("'modal.play' goes to loadingTrailer (busy) and asks for the title's videos", () => {
    const harness = openOn(DARK);

    harness.actor.send({ type: 'modal.play' });

    expect(trailerOf(harness)).toBe('loadingTrailer');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.videos.map((call) => call.input)).toEqual([{ mediaType: 'tv', id: 70523 }]);
  });

  it("plays the first video of type 'Trailer'", async () => {
    const harness = openOn();
    harness.actor.send({ type: 'modal.play' });

    await harness.resolveVideos([TEASER, TRAILER, { key: 'later-trailer', type: 'Trailer' }]);

    expect(trailerOf(harness)).toBe('playing');
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.trailerKey).toBe('trailer-key');
  });

  it('plays with trailerKey null when the title has no trailer', async () => {
    const harness = await playing([TEASER]);

    expect(harness.snapshot().context.trailerKey).toBeNull();
  });

  it("'modal.play' while playing toggles back to the image and clears the trailer key", async () => {
    const harness = await playing();

    harness.actor.send({ type: 'modal.play' });

    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().context.trailerKey).toBeNull();
    expect(harness.snapshot().context.title).toEqual(ARRIVAL);
  });

  it('toggles again: image → playing → image → playing, fetching each time', async () => {
    const harness = await playing();
    harness.actor.send({ type: 'modal.play' });
    harness.actor.send({ type: 'modal.play' });

    expect(trailerOf(harness)).toBe('loadingTrailer');
    await harness.resolveVideos([TRAILER]);

    expect(trailerOf(harness)).toBe('playing');
    expect(harness.snapshot().context.trailerKey).toBe('trailer-key');
    expect(harness.videos).toHaveLength(2);
  });

  it("'modal.play' during loadingTrailer cancels back to the image; a late answer is ignored", async () => {
    const harness = openOn();
    harness.actor.send({ type: 'modal.play' });
    const cancelled = harness.videos[0]!;

    harness.actor.send({ type: 'modal.play' });
    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().hasTag('busy')).toBe(false);

    cancelled.result.resolve([TRAILER]);
    await flush();

    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().context.trailerKey).toBeNull();
  });

  it('a cancelled request answering late does not land on top of a newer Play', async () => {
    const harness = openOn();
    harness.actor.send({ type: 'modal.play' });
    const cancelled = harness.videos[0]!;
    harness.actor.send({ type: 'modal.play' });
    harness.actor.send({ type: 'modal.play' });
    expect(harness.videos).toHaveLength(2);

    cancelled.result.resolve([{ key: 'stale-key', type: 'Trailer' }]);
    await flush();
    expect(trailerOf(harness)).toBe('loadingTrailer');

    await harness.resolveVideos([TRAILER]);
    expect(trailerOf(harness)).toBe('playing');
    expect(harness.snapshot().context.trailerKey).toBe('trailer-key');
  });

  it('on a videos failure goes to failed (tag error) with the message', async () => {
    const harness = openOn();
    harness.actor.send({ type: 'modal.play' });

    await harness.rejectVideos(new Error('Could not reach the catalogue. Check your connection and try again.'));

    expect(trailerOf(harness)).toBe('failed');
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().hasTag('busy')).toBe(false);
    expect(harness.snapshot().context.error).toBe(
      'Could not reach the catalogue. Check your connection and try again.',
    );
  });

  it("'modal.play' after a failure retries for the same title and can then play", async () => {
    const harness = openOn(DARK);
    harness.actor.send({ type: 'modal.play' });
    await harness.rejectVideos(new Error('The catalogue answered 503.'));

    harness.actor.send({ type: 'modal.play' });

    expect(trailerOf(harness)).toBe('loadingTrailer');
    expect(harness.videos.map((call) => call.input)).toEqual([
      { mediaType: 'tv', id: 70523 },
      { mediaType: 'tv', id: 70523 },
    ]);

    await harness.resolveVideos([TRAILER]);

    expect(trailerOf(harness)).toBe('playing');
    expect(harness.snapshot().context.trailerKey).toBe('trailer-key');
  });
});

describe('detail modal machine: media type from the title itself', () => {
  it('a series from Trending Now (media_type tv) asks for /tv videos and details', () => {
    const harness = openOn({ ...DARK, media_type: 'tv' });

    harness.actor.send({ type: 'modal.play' });

    expect(harness.videos.map((call) => call.input)).toEqual([{ mediaType: 'tv', id: 70523 }]);
    expect(harness.details).toEqual([{ mediaType: 'tv', id: 70523 }]);
  });

  it('a series without media_type (discover/tv, similar series) is still a series', () => {
    const harness = openOn(DARK);

    harness.actor.send({ type: 'modal.play' });

    expect(harness.snapshot().context.mediaType).toBe('tv');
    expect(harness.videos.map((call) => call.input)).toEqual([{ mediaType: 'tv', id: 70523 }]);
  });

  it('a film is a film', () => {
    const harness = openOn(ARRIVAL);

    harness.actor.send({ type: 'modal.play' });

    expect(harness.videos.map((call) => call.input)).toEqual([{ mediaType: 'movie', id: 329865 }]);
    expect(harness.details).toEqual([{ mediaType: 'movie', id: 329865 }]);
  });
});

describe('detail modal machine: the sections child', () => {
  const child = (harness: ReturnType<typeof createHarness>) =>
    harness.snapshot().children.details as ActorRefFrom<typeof titleDetailsMachine> | undefined;

  it('opening starts the sections for the title, with the season asked for', () => {
    const harness = createHarness();

    harness.actor.send({ type: 'modal.open', title: DARK, season: 2 });

    expect(child(harness)?.getSnapshot().context).toMatchObject({ title: DARK, mediaType: 'tv', wantedSeason: 2 });
    expect(harness.details).toEqual([{ mediaType: 'tv', id: 70523 }]);
  });

  it("'similar.open' replaces the title in place: still open, trailer reset, new sections", async () => {
    const harness = await playing();

    harness.actor.send({ type: 'similar.open', title: DARK });

    expect(trailerOf(harness)).toBe('image');
    expect(harness.snapshot().context).toMatchObject({ title: DARK, mediaType: 'tv', trailerKey: null });
    expect(child(harness)?.getSnapshot().context.title).toEqual(DARK);
    expect(harness.details).toEqual([
      { mediaType: 'movie', id: 329865 },
      { mediaType: 'tv', id: 70523 },
    ]);
  });

  it("'similar.open' while closed does nothing", () => {
    const harness = createHarness();

    harness.actor.send({ type: 'similar.open', title: DARK });

    expect(harness.snapshot().value).toBe('closed');
    expect(harness.details).toEqual([]);
  });

  it('closing stops the sections', () => {
    const harness = openOn(DARK);
    const sections = child(harness)!;

    harness.actor.send({ type: 'modal.close' });

    expect(child(harness)).toBeUndefined();
    expect(sections.getSnapshot().status).toBe('stopped');
  });
});

describe('detailModalMachine: a title named by its address', () => {
  function createFinder(result: Deferred<FoundTitle>) {
    const asked: { mediaType: string; id: number }[] = [];
    const detailsAsked: DetailsRequest[] = [];
    const machine = detailModalMachine.provide({
      actors: {
        findTitle: fromPromise<FoundTitle, { mediaType: 'movie' | 'tv'; id: number }>(({ input }) => {
          asked.push(input);
          return result.promise;
        }),
        titleDetails: titleDetailsMachine.provide({
          actors: {
            fetchDetails: fromPromise<TitleDetails, DetailsRequest>(({ input }) => {
              detailsAsked.push(input);
              return deferred<TitleDetails>().promise;
            }),
            fetchSeason: fromPromise<Season, SeasonRequest>(() => deferred<Season>().promise),
          },
        }),
      },
    });
    const actor = createActor(machine).start();
    return { actor, asked, detailsAsked };
  }

  it("'modal.find' reads the title, then opens on it with its own media type", async () => {
    const result = deferred<FoundTitle>();
    const { actor, asked } = createFinder(result);
    actor.send({ type: 'modal.find', mediaType: 'tv', id: DARK.id });
    expect(actor.getSnapshot().value).toBe('finding');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(asked).toEqual([{ mediaType: 'tv', id: DARK.id }]);
    result.resolve({ title: { ...DARK, media_type: 'tv' }, details: DARK_DETAILS });
    await flush();
    expect(actor.getSnapshot().matches('open')).toBe(true);
    expect(actor.getSnapshot().context.title?.id).toBe(DARK.id);
    expect(actor.getSnapshot().context.mediaType).toBe('tv');
  });

  it('the sections start from the details the title was found by: they are read once', async () => {
    const result = deferred<FoundTitle>();
    const { actor, detailsAsked } = createFinder(result);
    actor.send({ type: 'modal.find', mediaType: 'tv', id: DARK.id });
    result.resolve({ title: { ...DARK, media_type: 'tv' }, details: DARK_DETAILS });
    await flush();
    const sections = actor.getSnapshot().children.details as ActorRefFrom<typeof titleDetailsMachine>;
    expect(sections.getSnapshot().context.details).toEqual(DARK_DETAILS);
    expect(detailsAsked).toEqual([]);

    // A title opened from More Like This is only a summary: its sections read its details.
    actor.send({ type: 'similar.open', title: ARRIVAL });
    expect(detailsAsked).toEqual([{ mediaType: 'movie', id: ARRIVAL.id }]);
  });

  it('an address the catalogue does not know ends in notFound with the reason; closing clears it', async () => {
    const result = deferred<FoundTitle>();
    const { actor } = createFinder(result);
    actor.send({ type: 'modal.find', mediaType: 'movie', id: 999999 });
    result.reject(new Error('The resource you requested could not be found.'));
    await flush();
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(actor.getSnapshot().context.error).toBe('The resource you requested could not be found.');
    actor.send({ type: 'modal.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('closing while the title is being read stops there: a late answer opens nothing', async () => {
    const result = deferred<FoundTitle>();
    const { actor } = createFinder(result);
    actor.send({ type: 'modal.find', mediaType: 'movie', id: ARRIVAL.id });
    actor.send({ type: 'modal.close' });
    result.resolve({ title: ARRIVAL, details: movieDetails({ id: ARRIVAL.id, title: 'Arrival' }) });
    await flush();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().context.title).toBeNull();
  });
});
