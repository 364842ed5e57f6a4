import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import { type ActorRefFrom, createActor } from 'xstate';

import type { Grant, GrantRequest } from '../../../shared/watching/playback.schema';
import { PlaybackRefusal, type PlaybackRefusalKind } from '../../components/watching/PlaybackRefusal';
import { fromPromise } from '../../machines/from-promise';
import { playbackGrantMachine } from '../../machines/watching/playback-grant.machine';
import type { ProgrammeRequest } from '../../machines/watching/programme';
import type { GrantAnswer, GrantsPort } from '../../services/playback/grants.port';
import { removePrerenderedPlayer } from '../prerendered-shell';

export type GrantActor = ActorRefFrom<typeof playbackGrantMachine>;

/** Where an account without a plan chooses one. */
const PLANS_HREF = '/change-plan';

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

type GrantLogic = ReturnType<typeof provideGrant>;
const logics = new WeakMap<GrantsPort, GrantLogic>();

/** The grant machine on the app's grants port: one per port, so the next episode waits for the last one's release. */
export function grantLogicFor(grants: GrantsPort): GrantLogic {
  let logic = logics.get(grants);
  if (!logic) logics.set(grants, (logic = provideGrant(grants)));
  return logic;
}

/** What the player page shows of its grant: the player on the grant it holds, or a refusal. */
export interface GrantView {
  actor: GrantActor;
  held: Grant | null;
  refused: boolean;
}

const stateOf = (snapshot: ReturnType<GrantActor['getSnapshot']>) =>
  typeof snapshot.value === 'string' ? snapshot.value : 'granted';

/**
 * Holds the page's grant: asks for it, tells `show` when what the page shows changes (held,
 * refused), and gives the lease back when the page is hidden for good (`pagehide`: the tab
 * closing) or when the returned function is called (the player left). A page restored from the
 * back-forward cache asks again.
 */
export function holdGrant(request: ProgrammeRequest, show: (view: GrantView) => void, logic: GrantLogic): () => void {
  const start = () => {
    const started = createActor(logic, { input: { request: grantRequestOf(request) } });
    let shown: Omit<GrantView, 'actor'> | null = null;
    started.subscribe((snapshot) => {
      const next = { held: snapshot.context.grant, refused: refusalOf(stateOf(snapshot)) !== null };
      if (shown && shown.held === next.held && shown.refused === next.refused) return;
      shown = next;
      show({ actor: started, ...next });
    });
    return started.start();
  };
  let actor = start();
  const release = () => actor.send({ type: 'grant.release' });
  const restored = (event: PageTransitionEvent) => {
    if (event.persisted) actor = start();
  };
  window.addEventListener('pagehide', release);
  window.addEventListener('pageshow', restored);
  return () => {
    window.removeEventListener('pagehide', release);
    window.removeEventListener('pageshow', restored);
    release();
  };
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
  onNavigate,
  onBack,
}: {
  grant: GrantActor;
  onNavigate: (path: string) => void;
  onBack: () => void;
}) {
  const state = useSelector(grant, stateOf);
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
        onChoosePlan={() => onNavigate(PLANS_HREF)}
        onStopScreen={(id) => grant.send({ type: 'grant.stopScreen', id })}
        onRetry={() => grant.send({ type: 'grant.retry' })}
        onBack={onBack}
      />
    </main>
  );
}
