import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { type ActorRefFrom, createActor } from 'xstate';

import type { GrantRequest } from '../../../shared/watching/playback.schema';
import { PlaybackRefusal, type PlaybackRefusalKind } from '../../components/watching/PlaybackRefusal';
import { fromPromise } from '../../machines/from-promise';
import { playbackGrantMachine } from '../../machines/watching/playback-grant.machine';
import type { ProgrammeRequest } from '../../machines/watching/programme';
import { api } from '../../services/http/api-client';
import type { GrantAnswer, GrantsPort } from '../../services/playback/grants.port';
import { createMediaHostGrants } from '../../services/playback/media-host-grants';
import { removePrerenderedPlayer } from '../prerendered-shell';

export type GrantActor = ActorRefFrom<typeof playbackGrantMachine>;

/** Where an account without a plan chooses one. */
export const PLANS_HREF = '/change-plan';

/** The grant request for the page's film or episode. */
export function grantRequestOf(request: ProgrammeRequest): GrantRequest {
  return {
    media_type: request.mediaType,
    id: request.id,
    ...(request.episode ? { season: request.episode.season, episode: request.episode.episode } : {}),
  };
}

/**
 * The grant machine wired to a grants port. A request waits for the releases still on their way:
 * the next episode's player asks while the last one's lease is being given back, and on a
 * one-screen plan the server must see the release first.
 */
export function provideGrant(grants: GrantsPort) {
  const releasing = new Set<Promise<unknown>>();
  return playbackGrantMachine.provide({
    actors: {
      requestGrant: fromPromise<GrantAnswer, GrantRequest>(async ({ input }) => {
        await Promise.allSettled([...releasing]);
        return grants.request(input);
      }),
      renewLease: fromPromise<boolean, { leaseId: string }>(({ input }) => grants.renew(input.leaseId)),
      releaseLease: fromPromise<void, { leaseId: string }>(({ input }) => {
        const release = grants.release(input.leaseId);
        releasing.add(release);
        void release.finally(() => releasing.delete(release)).catch(() => undefined);
        return release;
      }),
    },
  });
}

const liveGrant = provideGrant(createMediaHostGrants(api));

/** Starts asking for a grant for the page's programme; the caller sends `grant.release` when it leaves. */
export function startGrant(request: ProgrammeRequest): GrantActor {
  return createActor(liveGrant, { input: { request: grantRequestOf(request) } }).start();
}

const KIND: Record<string, PlaybackRefusalKind> = {
  noMembership: 'no-membership',
  tooManyScreens: 'too-many-screens',
  stoppingScreen: 'too-many-screens',
  abovePlan: 'above-plan',
  ended: 'ended',
  failed: 'failed',
};

/** The refusal kind the grant's state shows, or null while it is asked for, held or given back. */
export function refusalOf(state: string): PlaybackRefusalKind | null {
  return KIND[state] ?? null;
}

/** The player page's content when its grant is refused or has ended. */
export function GrantRefusal({
  grant,
  onChoosePlan,
  onBack,
}: {
  grant: GrantActor;
  onChoosePlan: () => void;
  onBack: () => void;
}) {
  const state = useSelector(grant, (s) => (typeof s.value === 'string' ? s.value : 'granted'));
  const message = useSelector(grant, (s) => s.context.message ?? '');
  const screens = useSelector(grant, (s) => s.context.screens);
  // The server painted a player for this address: the refusal takes its place.
  useLayoutEffect(removePrerenderedPlayer, []);
  const kind = refusalOf(state) ?? 'failed';
  return (
    <main>
      <PlaybackRefusal
        kind={kind}
        message={message}
        screens={screens}
        stopping={state === 'stoppingScreen'}
        plansHref={PLANS_HREF}
        onChoosePlan={onChoosePlan}
        onStopScreen={(id) => grant.send({ type: 'grant.stopScreen', id })}
        onRetry={() => grant.send({ type: 'grant.retry' })}
        onBack={onBack}
      />
    </main>
  );
}
