import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';

import type { Grant, GrantRequest } from '../../../../shared/watching/playback.schema';
import {
  grantRequestOf,
  type GrantView,
  holdGrant,
  provideGrant,
  refusalOf,
} from '../../../../src/screens/watching/player-grant';
import type { GrantsPort } from '../../../../src/services/playback/grants.port';
import { deferred, flush } from '../../support/deferred';

const grantFor = (id: string): Grant => ({
  lease: { id, renew_seconds: 20 },
  master: `/media/grants/${id}/master.m3u8`,
  thumbnails: null,
  max_height: 720,
});

describe('the player page’s grant', () => {
  it('asks for the page’s film or episode', () => {
    expect(grantRequestOf({ mediaType: 'movie', id: 603, episode: null })).toEqual({ media_type: 'movie', id: 603 });
    expect(grantRequestOf({ mediaType: 'tv', id: 1399, episode: { season: 2, episode: 3 } })).toEqual({
      media_type: 'tv',
      id: 1399,
      season: 2,
      episode: 3,
    });
  });

  it('asks for the next episode’s grant only once the last one’s lease is given back', async () => {
    const released = deferred<void>();
    const log: string[] = [];
    let leases = 0;
    const grants: GrantsPort = {
      async request(request: GrantRequest) {
        log.push(`request ${request.episode}`);
        leases += 1;
        return { kind: 'granted', grant: grantFor(`lease-${leases}`) };
      },
      renew: async () => true,
      release: (id) => {
        log.push(`release ${id}`);
        return released.promise;
      },
    };
    const logic = provideGrant(grants);
    const first = createActor(logic, { input: { request: { media_type: 'tv', id: 1, season: 1, episode: 1 } } });
    first.start();
    await flush();
    expect(first.getSnapshot().context.grant?.lease.id).toBe('lease-1');

    first.send({ type: 'grant.release' });
    const next = createActor(logic, { input: { request: { media_type: 'tv', id: 1, season: 1, episode: 2 } } });
    next.start();
    await flush();
    expect(log).toEqual(['request 1', 'release lease-1']);
    expect(next.getSnapshot().value).toBe('requesting');

    released.resolve();
    await flush();
    expect(log).toEqual(['request 1', 'release lease-1', 'request 2']);
    expect(next.getSnapshot().context.grant?.lease.id).toBe('lease-2');
    expect(first.getSnapshot().status).toBe('done');
  });

  it('shows a refusal for each refused or ended state, and none while asking, holding or giving back', () => {
    expect(refusalOf('noMembership')).toBe('no-membership');
    expect(refusalOf('tooManyScreens')).toBe('too-many-screens');
    expect(refusalOf('stoppingScreen')).toBe('too-many-screens');
    expect(refusalOf('ended')).toBe('ended');
    expect(refusalOf('failed')).toBe('failed');
    for (const state of ['requesting', 'granted', 'releasing', 'released']) expect(refusalOf(state)).toBeNull();
  });
});

describe('holdGrant', () => {
  function fakeGrants(answers: Array<'granted' | 'no-membership'>) {
    const released: string[] = [];
    let leases = 0;
    const grants: GrantsPort = {
      async request() {
        if (answers.shift() === 'no-membership') return { kind: 'no-membership', message: 'Choose a plan.' };
        leases += 1;
        return { kind: 'granted', grant: grantFor(`lease-${leases}`) };
      },
      renew: async () => true,
      release: async (id) => {
        released.push(id);
      },
    };
    return { logic: provideGrant(grants), released };
  }

  it('shows the grant once held, and gives it back when the player leaves', async () => {
    const { logic, released } = fakeGrants(['granted']);
    const views: GrantView[] = [];
    const stop = holdGrant({ mediaType: 'movie', id: 603, episode: null }, (view) => views.push(view), logic);
    await flush();
    expect(views.map((v) => [v.held?.lease.id ?? null, v.refused])).toEqual([
      [null, false],
      ['lease-1', false],
    ]);
    stop();
    await flush();
    expect(released).toEqual(['lease-1']);
  });

  it('gives the lease back when the tab closes, and asks again on a page restored from the cache', async () => {
    const { logic, released } = fakeGrants(['granted', 'granted']);
    const views: GrantView[] = [];
    const stop = holdGrant({ mediaType: 'movie', id: 603, episode: null }, (view) => views.push(view), logic);
    await flush();
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }));
    await flush();
    expect(released).toEqual(['lease-1']);
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    await flush();
    expect(views.at(-1)?.held?.lease.id).toBe('lease-2');
    stop();
    await flush();
    expect(released).toEqual(['lease-1', 'lease-2']);
  });

  it('shows a refusal', async () => {
    const { logic } = fakeGrants(['no-membership']);
    const views: GrantView[] = [];
    const stop = holdGrant({ mediaType: 'movie', id: 603, episode: null }, (view) => views.push(view), logic);
    await flush();
    expect(views.at(-1)).toMatchObject({ held: null, refused: true });
    expect(views.at(-1)?.actor.getSnapshot().value).toBe('noMembership');
    stop();
  });
});
