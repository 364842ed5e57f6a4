import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import {
  type EpisodeEntry,
  episodesPanelMachine,
  type SeasonChoice,
} from '../../../../src/machines/watching/episodes-panel.machine.ts';
import type { EpisodeRef } from '../../../../src/machines/watching/programme.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const SEASONS: SeasonChoice[] = [
  { number: 1, name: 'Season 1', episodeCount: 3 },
  { number: 2, name: 'Season 2', episodeCount: 2 },
];
const episodesOf = (season: number, count: number): EpisodeEntry[] =>
  Array.from({ length: count }, (_, index) => ({
    number: index + 1,
    name: `S${season} Episode ${index + 1}`,
    runtime: 50,
    stillPath: `/s${season}e${index + 1}.jpg`,
  }));

function start(current: EpisodeRef = { season: 1, episode: 2 }) {
  const seasonCalls: Deferred<SeasonChoice[]>[] = [];
  const episodeCalls: { season: number; result: Deferred<EpisodeEntry[]> }[] = [];
  const played: EpisodeRef[] = [];
  const actor = createActor(
    episodesPanelMachine.provide({
      actors: {
        loadSeasons: fromPromise(() => {
          const result = deferred<SeasonChoice[]>();
          seasonCalls.push(result);
          return result.promise;
        }),
        loadEpisodes: fromPromise(({ input }: { input: { tvId: number; season: number } }) => {
          const result = deferred<EpisodeEntry[]>();
          episodeCalls.push({ season: input.season, result });
          return result.promise;
        }),
      },
      actions: { playEpisode: (_, { episode }) => played.push(episode) },
    }),
    { input: { tvId: 70523, current } },
  ).start();
  return { actor, seasonCalls, episodeCalls, played };
}

describe('episodesPanelMachine', () => {
  it('reads nothing until opened, then the seasons and the current season’s episodes', async () => {
    const { actor, seasonCalls, episodeCalls } = start();
    expect(actor.getSnapshot().value).toBe('closed');
    expect(seasonCalls).toHaveLength(0);
    actor.send({ type: 'episodes.open' });
    expect(actor.getSnapshot().hasTag('open')).toBe(true);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    seasonCalls[0]!.resolve(SEASONS);
    await flush();
    expect(episodeCalls.map((call) => call.season)).toEqual([1]);
    episodeCalls[0]!.result.resolve(episodesOf(1, 3));
    await flush();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.seasons).toEqual(SEASONS);
    expect(actor.getSnapshot().context.episodes[1]).toHaveLength(3);
  });

  it('reads a season once: picking it again, or opening again, reads nothing', async () => {
    const { actor, seasonCalls, episodeCalls } = start();
    actor.send({ type: 'episodes.open' });
    seasonCalls[0]!.resolve(SEASONS);
    await flush();
    episodeCalls[0]!.result.resolve(episodesOf(1, 3));
    await flush();
    actor.send({ type: 'episodes.season', season: 2 });
    expect(actor.getSnapshot().context.season).toBe(2);
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    episodeCalls[1]!.result.resolve(episodesOf(2, 2));
    await flush();
    actor.send({ type: 'episodes.season', season: 1 });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    actor.send({ type: 'episodes.close' });
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'episodes.open' });
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(seasonCalls).toHaveLength(1);
    expect(episodeCalls).toHaveLength(2);
  });

  it('refuses a season the series does not offer', async () => {
    const { actor, seasonCalls, episodeCalls } = start();
    actor.send({ type: 'episodes.open' });
    seasonCalls[0]!.resolve(SEASONS);
    await flush();
    episodeCalls[0]!.result.resolve(episodesOf(1, 3));
    await flush();
    actor.send({ type: 'episodes.season', season: 9 });
    expect(actor.getSnapshot().context.season).toBe(1);
    expect(episodeCalls).toHaveLength(1);
  });

  it('plays another episode chosen and closes; the current one only closes', async () => {
    const { actor, seasonCalls, episodeCalls, played } = start();
    actor.send({ type: 'episodes.open' });
    seasonCalls[0]!.resolve(SEASONS);
    await flush();
    episodeCalls[0]!.result.resolve(episodesOf(1, 3));
    await flush();
    actor.send({ type: 'episodes.choose', episode: { season: 1, episode: 2 } });
    expect(played).toEqual([]);
    expect(actor.getSnapshot().value).toBe('closed');
    actor.send({ type: 'episodes.open' });
    actor.send({ type: 'episodes.choose', episode: { season: 1, episode: 3 } });
    expect(played).toEqual([{ season: 1, episode: 3 }]);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it('says why a read failed and reads again on retry', async () => {
    const { actor, seasonCalls, episodeCalls } = start();
    actor.send({ type: 'episodes.open' });
    seasonCalls[0]!.reject(new Error('The catalogue could not be reached.'));
    await flush();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('The catalogue could not be reached.');
    actor.send({ type: 'episodes.retry' });
    expect(seasonCalls).toHaveLength(2);
    seasonCalls[1]!.resolve(SEASONS);
    await flush();
    episodeCalls[0]!.result.reject(new Error('Season 1 could not be loaded.'));
    await flush();
    expect(actor.getSnapshot().context.error).toBe('Season 1 could not be loaded.');
    actor.send({ type: 'episodes.retry' });
    expect(seasonCalls).toHaveLength(2);
    expect(episodeCalls).toHaveLength(2);
    episodeCalls[1]!.result.resolve(episodesOf(1, 3));
    await flush();
    expect(actor.getSnapshot().hasTag('ready')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
