import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';

import { becauseYouWatchedMachine } from '../../../../src/machines/browse/because-you-watched.machine.ts';
import type { BecauseYouWatchedRow } from '../../../../src/services/ratings/ratings.port.ts';
import type { ProfileRef } from '../../../../src/services/watching/watching.port.ts';
import { flush } from '../../support/deferred.ts';

const ANN: ProfileRef = { uid: 'uid-alice', profileId: 'p1' };
const row = (name: string): BecauseYouWatchedRow => ({
  because: { key: 'movie-603', media_type: 'movie', id: 603, name },
  titles: [{ id: 604, title: 'The Matrix Reloaded', overview: '', backdrop_path: '/b.webp', poster_path: null }],
});

describe('becauseYouWatchedMachine', () => {
  it('reads the rows for the profile, again on refresh, and not without a profile', async () => {
    const answers = [[], [row('The Matrix')]];
    const asked: ProfileRef[] = [];
    const actor = createActor(
      becauseYouWatchedMachine.provide({
        actors: {
          loadRows: fromPromise(async ({ input }: { input: { profile: ProfileRef } }) => {
            asked.push(input.profile);
            return answers[asked.length - 1] ?? [];
          }),
        },
      }),
      { input: { profile: null } },
    ).start();
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    actor.send({ type: 'becauseYouWatched.profileChanged', profile: ANN });
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.rows).toEqual([]);
    actor.send({ type: 'becauseYouWatched.refresh' });
    await flush();
    expect(asked).toEqual([ANN, ANN]);
    expect(actor.getSnapshot().context.rows.map((r) => r.because.name)).toEqual(['The Matrix']);
  });

  it('fails with the reason, and a refresh tries again', async () => {
    let fail = true;
    const actor = createActor(
      becauseYouWatchedMachine.provide({
        actors: {
          loadRows: fromPromise(async () => {
            if (fail) throw new Error('Offline.');
            return [row('Dune')];
          }),
        },
      }),
      { input: { profile: ANN } },
    ).start();
    await flush();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('Offline.');
    fail = false;
    actor.send({ type: 'becauseYouWatched.refresh' });
    await flush();
    expect(actor.getSnapshot().context.rows).toHaveLength(1);
  });
});
