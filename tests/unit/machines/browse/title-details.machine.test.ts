import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import {
  type DetailsRequest,
  type SeasonRequest,
  titleDetailsMachine,
} from '../../../../src/machines/browse/title-details.machine.ts';
import type { MediaType, Season, Title, TitleDetails } from '../../../../src/services/catalogue/catalogue.port.ts';
import {
  episode,
  movieDetails,
  seasonDetails,
  seasonSummary,
  tvDetails,
} from '../../../../stories/support/tmdb-fixtures.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const DARK: Title = {
  id: 70523,
  name: 'Dark',
  overview: 'A town and its caves.',
  backdrop_path: '/dark-b.jpg',
  poster_path: '/dark-p.jpg',
  first_air_date: '2017-12-01',
};
const ARRIVAL: Title = {
  id: 329865,
  title: 'Arrival',
  overview: 'A linguist meets visitors.',
  backdrop_path: '/arrival-b.jpg',
  poster_path: '/arrival-p.jpg',
  release_date: '2016-11-10',
};

const DARK_DETAILS = tvDetails({
  id: DARK.id,
  name: 'Dark',
  number_of_seasons: 3,
  seasons: [0, 1, 2, 3].map((n) => seasonSummary(n, { episode_count: 10 })),
});
const ARRIVAL_DETAILS = movieDetails({ id: ARRIVAL.id, title: 'Arrival', runtime: 116 });

const season = (n: number): Season => seasonDetails(DARK.id, n, [episode(DARK.id, n, 1, { runtime: 51 })]);

function createHarness(title: Title, mediaType: MediaType, wanted?: number, given?: TitleDetails) {
  const details: { input: DetailsRequest; result: Deferred<TitleDetails> }[] = [];
  const seasons: { input: SeasonRequest; result: Deferred<Season> }[] = [];
  const machine = titleDetailsMachine.provide({
    actors: {
      fetchDetails: fromPromise<TitleDetails, DetailsRequest>(({ input }) => {
        const result = deferred<TitleDetails>();
        details.push({ input, result });
        return result.promise;
      }),
      fetchSeason: fromPromise<Season, SeasonRequest>(({ input }) => {
        const result = deferred<Season>();
        seasons.push({ input, result });
        return result.promise;
      }),
    },
  });
  const actor = createActor(machine, { input: { title, mediaType, season: wanted, details: given } });
  actor.start();
  return {
    actor,
    details,
    seasons,
    snapshot: () => actor.getSnapshot(),
    async settle<T>(call: { result: Deferred<T> } | undefined, outcome: T | Error) {
      if (!call) throw new Error('nothing was asked');
      if (outcome instanceof Error) call.result.reject(outcome);
      else call.result.resolve(outcome);
      await flush();
    },
  };
}

async function seriesLoaded(wanted?: number) {
  const harness = createHarness(DARK, 'tv', wanted);
  await harness.settle(harness.details[0], DARK_DETAILS);
  return harness;
}

describe('title details machine: the details', () => {
  it('starts loading (busy) the title’s details', () => {
    const harness = createHarness(ARRIVAL, 'movie');

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.details.map((call) => call.input)).toEqual([{ mediaType: 'movie', id: 329865 }]);
  });

  it('a film loads its details and has no episodes to load', async () => {
    const harness = createHarness(ARRIVAL, 'movie');

    await harness.settle(harness.details[0], ARRIVAL_DETAILS);

    expect(harness.snapshot().value).toEqual({ loaded: 'noEpisodes' });
    expect(harness.snapshot().context.details).toEqual(ARRIVAL_DETAILS);
    expect(harness.snapshot().context.seasonNumber).toBeNull();
    expect(harness.seasons).toHaveLength(0);
  });

  it('a failure shows its message (tag error); retry asks again and can load', async () => {
    const harness = createHarness(ARRIVAL, 'movie');
    await harness.settle(harness.details[0], new Error('The catalogue answered 503.'));

    expect(harness.snapshot().value).toBe('failed');
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().context.detailsError).toBe('The catalogue answered 503.');

    harness.actor.send({ type: 'details.retry' });
    expect(harness.snapshot().value).toBe('loading');
    await harness.settle(harness.details[1], ARRIVAL_DETAILS);

    expect(harness.snapshot().value).toEqual({ loaded: 'noEpisodes' });
    expect(harness.snapshot().context.detailsError).toBeNull();
  });

  it('details handed over by the opener are shown at once, not asked for again', () => {
    const harness = createHarness(ARRIVAL, 'movie', undefined, ARRIVAL_DETAILS);

    expect(harness.snapshot().value).toEqual({ loaded: 'noEpisodes' });
    expect(harness.snapshot().context.details).toEqual(ARRIVAL_DETAILS);
    expect(harness.details).toHaveLength(0);
  });

  it('a series handed over with its details goes on to the season asked for', () => {
    const harness = createHarness(DARK, 'tv', 2, DARK_DETAILS);

    expect(harness.snapshot().value).toEqual({ loaded: 'loadingSeason' });
    expect(harness.details).toHaveLength(0);
    expect(harness.seasons.map((call) => call.input)).toEqual([{ tvId: 70523, seasonNumber: 2 }]);
  });

  it('a series that lists no seasons has no episodes to load', async () => {
    const harness = createHarness(DARK, 'tv');

    await harness.settle(harness.details[0], tvDetails({ id: DARK.id, seasons: [] }));

    expect(harness.snapshot().value).toEqual({ loaded: 'noEpisodes' });
    expect(harness.seasons).toHaveLength(0);
  });
});

describe('title details machine: seasons', () => {
  it('a series then loads season 1 (not the specials) by default', async () => {
    const harness = await seriesLoaded();

    expect(harness.snapshot().value).toEqual({ loaded: 'loadingSeason' });
    expect(harness.snapshot().hasTag('busy')).toBe(true);
    expect(harness.seasons.map((call) => call.input)).toEqual([{ tvId: 70523, seasonNumber: 1 }]);

    await harness.settle(harness.seasons[0], season(1));

    expect(harness.snapshot().value).toEqual({ loaded: 'seasonLoaded' });
    expect(harness.snapshot().context.seasons).toEqual({ 1: season(1) });
  });

  it('starts at the season asked for when the series has it, else at its first', async () => {
    expect((await seriesLoaded(3)).seasons.map((call) => call.input.seasonNumber)).toEqual([3]);
    expect((await seriesLoaded(9)).seasons.map((call) => call.input.seasonNumber)).toEqual([1]);
  });

  it('picking another season loads it; picking a loaded one again is instant', async () => {
    const harness = await seriesLoaded();
    await harness.settle(harness.seasons[0], season(1));

    harness.actor.send({ type: 'season.pick', seasonNumber: 2 });
    expect(harness.snapshot().value).toEqual({ loaded: 'loadingSeason' });
    expect(harness.snapshot().context.seasonNumber).toBe(2);
    await harness.settle(harness.seasons[1], season(2));
    expect(harness.snapshot().context.seasons).toEqual({ 1: season(1), 2: season(2) });

    harness.actor.send({ type: 'season.pick', seasonNumber: 1 });

    expect(harness.snapshot().value).toEqual({ loaded: 'seasonLoaded' });
    expect(harness.snapshot().context.seasonNumber).toBe(1);
    expect(harness.seasons).toHaveLength(2);
  });

  it('a season the series does not list is refused', async () => {
    const harness = await seriesLoaded();
    await harness.settle(harness.seasons[0], season(1));

    harness.actor.send({ type: 'season.pick', seasonNumber: 7 });

    expect(harness.snapshot().context.seasonNumber).toBe(1);
    expect(harness.seasons).toHaveLength(1);
  });

  it('a pick while a season loads drops the earlier request', async () => {
    const harness = await seriesLoaded();

    harness.actor.send({ type: 'season.pick', seasonNumber: 3 });
    await harness.settle(harness.seasons[0], season(1));

    expect(harness.snapshot().value).toEqual({ loaded: 'loadingSeason' });
    expect(harness.snapshot().context.seasons).toEqual({});
    await harness.settle(harness.seasons[1], season(3));
    expect(harness.snapshot().context.seasons).toEqual({ 3: season(3) });
    expect(harness.snapshot().context.seasonNumber).toBe(3);
  });

  it('a failed season keeps the details; its retry reloads only that season', async () => {
    const harness = await seriesLoaded();
    await harness.settle(harness.seasons[0], new Error('Could not reach the catalogue.'));

    expect(harness.snapshot().value).toEqual({ loaded: 'seasonFailed' });
    expect(harness.snapshot().hasTag('error')).toBe(true);
    expect(harness.snapshot().context.seasonError).toBe('Could not reach the catalogue.');
    expect(harness.snapshot().context.details).toEqual(DARK_DETAILS);

    harness.actor.send({ type: 'season.retry' });
    await harness.settle(harness.seasons[1], season(1));

    expect(harness.snapshot().value).toEqual({ loaded: 'seasonLoaded' });
    expect(harness.snapshot().context.seasonError).toBeNull();
    expect(harness.details).toHaveLength(1);
    expect(harness.seasons.map((call) => call.input)).toEqual([
      { tvId: 70523, seasonNumber: 1 },
      { tvId: 70523, seasonNumber: 1 },
    ]);
  });

  it('after a failed season, picking another one loads it', async () => {
    const harness = await seriesLoaded();
    await harness.settle(harness.seasons[0], new Error('Could not reach the catalogue.'));

    harness.actor.send({ type: 'season.pick', seasonNumber: 2 });
    await harness.settle(harness.seasons[1], season(2));

    expect(harness.snapshot().value).toEqual({ loaded: 'seasonLoaded' });
    expect(harness.snapshot().context.seasonNumber).toBe(2);
  });

  it('season events before the details arrive do nothing', () => {
    const harness = createHarness(DARK, 'tv');

    harness.actor.send({ type: 'season.pick', seasonNumber: 2 });
    harness.actor.send({ type: 'season.retry' });

    expect(harness.snapshot().value).toBe('loading');
    expect(harness.seasons).toHaveLength(0);
  });
});
