import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';

import type { ActivityItem } from '../../../../shared/activity/activity.schema';
import { viewingActivityMachine } from '../../../../src/machines/watching/viewing-activity.machine';

const PROFILE = { uid: 'u1', profileId: 'p1' };
const line = (key: string, title: string): ActivityItem => ({
  key,
  media_type: 'movie',
  id: Number(key.split('-')[1]),
  season_number: null,
  episode_number: null,
  title,
  played_at: '2026-11-29T10:00:00.000Z',
});
const MATRIX = line('movie-603', 'The Matrix');
const FIGHT_CLUB = line('movie-550', 'Fight Club');

function start({
  load = async () => [MATRIX, FIGHT_CLUB],
  hide = async ({ key }: { key: string }) => [MATRIX, FIGHT_CLUB].filter((item) => item.key !== key),
  profile = PROFILE as typeof PROFILE | null,
} = {}) {
  const announced = vi.fn();
  const logic = viewingActivityMachine.provide({
    actors: {
      loadActivity: fromPromise(async () => load()),
      hideLine: fromPromise(async ({ input }: { input: { profile: typeof PROFILE; key: string } }) => hide(input)),
    },
    actions: { announceHidden: announced },
  });
  const actor = createActor(logic, { input: { profile } }).start();
  return { actor, announced };
}

describe('viewingActivityMachine', () => {
  it('reads the profile’s lines', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items).toEqual([MATRIX, FIGHT_CLUB]);
  });

  it('without a profile reads nothing', () => {
    const load = vi.fn(async () => []);
    const { actor } = start({ load, profile: null });
    expect(actor.getSnapshot().value).toBe('noProfile');
    expect(load).not.toHaveBeenCalled();
  });

  it('hides a line, takes the store’s answer and announces it', async () => {
    const { actor, announced } = start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'activity.hide', key: 'movie-603' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.hiding).toBe('movie-603');
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items).toEqual([FIGHT_CLUB]);
    expect(actor.getSnapshot().context.hiding).toBeNull();
    expect(announced).toHaveBeenCalledTimes(1);
  });

  it('keeps the lines and says why when a Hide fails; nothing is announced', async () => {
    const { actor, announced } = start({
      hide: async () => {
        throw new Error('Could not reach the server.');
      },
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'activity.hide', key: 'movie-603' });
    await waitFor(actor, (s) => s.matches('ready') && s.context.hideError !== null);
    expect(actor.getSnapshot().context).toMatchObject({
      items: [MATRIX, FIGHT_CLUB],
      hideError: 'Could not reach the server.',
      hiding: null,
    });
    expect(announced).not.toHaveBeenCalled();
    actor.send({ type: 'activity.dismissError' });
    expect(actor.getSnapshot().context.hideError).toBeNull();
  });

  it('fails with the store’s words and reads again on retry', async () => {
    let calls = 0;
    const { actor } = start({
      load: async () => {
        calls += 1;
        if (calls === 1) throw new Error('The server answered 503.');
        return [MATRIX];
      },
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('The server answered 503.');
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    actor.send({ type: 'activity.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.items).toEqual([MATRIX]);
  });
});
