import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { isRating, ratingOf, ratingsMachine } from '../../../../src/machines/watching/ratings.machine.ts';
import type { RatingEntry, TitleRating } from '../../../../src/services/ratings/ratings.port.ts';
import type { ProfileRef } from '../../../../src/services/watching/watching.port.ts';
import { type Deferred, deferred, flush } from '../../support/deferred.ts';

const ANN: ProfileRef = { uid: 'uid-alice', profileId: 'p1' };
const KIDS: ProfileRef = { uid: 'uid-alice', profileId: 'p2' };

const entry = (key: string, rating: TitleRating): RatingEntry => {
  const [media_type, id] = key.split('-') as ['movie' | 'tv', string];
  return { key, media_type, id: Number(id), rating, rated_at: '2026-11-29T10:00:00.000Z' };
};

interface Save {
  input: { profile: ProfileRef; key: string; rating: TitleRating | null };
  result: Deferred<void>;
}

function harness(stored: Record<string, RatingEntry[]> = {}) {
  const saves: Save[] = [];
  const loads: ProfileRef[] = [];
  const actor = createActor(
    ratingsMachine.provide({
      actors: {
        loadRatings: fromPromise(async ({ input }: { input: { profile: ProfileRef } }) => {
          loads.push(input.profile);
          return stored[input.profile.profileId] ?? [];
        }),
        saveRating: fromPromise<void, Save['input']>(({ input }) => {
          const result = deferred<void>();
          saves.push({ input, result });
          return result.promise;
        }),
      },
    }),
    { input: { profile: ANN } },
  ).start();
  return { actor, saves, loads };
}

describe('ratingsMachine', () => {
  it("loads the profile's ratings", async () => {
    const { actor } = harness({ p1: [entry('movie-603', 'love'), entry('tv-1399', 'down')] });
    await flush();
    expect(actor.getSnapshot().matches('loaded')).toBe(true);
    expect(ratingOf(actor.getSnapshot().context, 'movie-603')).toBe('love');
    expect(ratingOf(actor.getSnapshot().context, 'tv-1399')).toBe('down');
    expect(ratingOf(actor.getSnapshot().context, 'movie-85')).toBeNull();
  });

  it('shows a rating at once, sends it, and counts the confirmed change', async () => {
    const { actor, saves } = harness();
    await flush();
    actor.send({ type: 'ratings.rate', key: 'movie-603', rating: 'up' });
    expect(ratingOf(actor.getSnapshot().context, 'movie-603')).toBe('up');
    expect(isRating(actor.getSnapshot().context, 'movie-603')).toBe(true);
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    expect(saves.map((save) => save.input)).toEqual([{ profile: ANN, key: 'movie-603', rating: 'up' }]);
    // A press while the store is busy is not taken.
    actor.send({ type: 'ratings.rate', key: 'movie-603', rating: 'love' });
    expect(saves).toHaveLength(1);
    saves[0]!.result.resolve();
    await flush();
    expect(actor.getSnapshot().context.revision).toBe(1);
    expect(isRating(actor.getSnapshot().context, 'movie-603')).toBe(false);
    expect(ratingOf(actor.getSnapshot().context, 'movie-603')).toBe('up');
  });

  it('clears the rating when its chosen button is pressed again, and changes it with another', async () => {
    const { actor, saves } = harness({ p1: [entry('movie-603', 'up')] });
    await flush();
    actor.send({ type: 'ratings.rate', key: 'movie-603', rating: 'up' });
    expect(ratingOf(actor.getSnapshot().context, 'movie-603')).toBeNull();
    expect(saves[0]!.input.rating).toBeNull();
    saves[0]!.result.resolve();
    await flush();
    actor.send({ type: 'ratings.rate', key: 'movie-603', rating: 'down' });
    expect(saves[1]!.input.rating).toBe('down');
  });

  it('puts the previous rating back and says why when the store refuses', async () => {
    const { actor, saves } = harness({ p1: [entry('movie-603', 'up')] });
    await flush();
    actor.send({ type: 'ratings.rate', key: 'movie-603', rating: 'love' });
    saves[0]!.result.reject(new Error('The network is down.'));
    await flush();
    expect(ratingOf(actor.getSnapshot().context, 'movie-603')).toBe('up');
    expect(actor.getSnapshot().context.notice).toBe('Could not save your rating. The network is down.');
    expect(actor.getSnapshot().context.revision).toBe(0);
    actor.send({ type: 'ratings.dismissNotice' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('starts over with another profile', async () => {
    const { actor, loads } = harness({ p1: [entry('movie-603', 'up')], p2: [entry('movie-85', 'love')] });
    await flush();
    actor.send({ type: 'ratings.profileChanged', profile: KIDS });
    await flush();
    expect(loads).toEqual([ANN, KIDS]);
    expect(actor.getSnapshot().context.ratings).toEqual({ 'movie-85': 'love' });
    actor.send({ type: 'ratings.profileChanged', profile: null });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
