import { useSelector } from '@xstate/react';
import { useMemo } from 'react';

import { sendStatus } from '../../components/status';
import { ViewingActivity } from '../../components/watching/ViewingActivity';
import { fromPromise } from '../../machines/from-promise';
import { viewingActivityMachine } from '../../machines/watching/viewing-activity.machine';
import type { ActivityStore, ProfileRef } from '../../services/watching/watching.port';
import { useInspectedActorRef } from '../inspect-context';
import { useProfiles } from '../profiles/profiles-actor';
import { SessionContext } from '../session/session-context';
import { activeProfileRef } from './active-profile';
import { activityLines } from './activity-lines';
import { ContinueWatchingContext } from './watching-actors';
import { useWatchingStore } from './watching-context';

const NOT_KEPT = 'Viewing activity is not kept by this service.';

/** The page's machine over a store; `onHidden` hears of each line hidden. */
export function provideViewingActivity(store: ActivityStore | undefined, onHidden: () => void) {
  return viewingActivityMachine.provide({
    actors: {
      loadActivity: fromPromise(({ input }) =>
        store ? store.list(input.profile) : Promise.reject(new Error(NOT_KEPT)),
      ),
      hideLine: fromPromise(({ input }) =>
        store ? store.hide(input.profile, input.key) : Promise.reject(new Error(NOT_KEPT)),
      ),
    },
    actions: { announceHidden: onHidden },
  });
}

/** "/viewing-activity": the active profile's viewing activity (reached from the account page). */
export default function ViewingActivityScreen() {
  const uid = SessionContext.useSelector((s) => s.context.user?.uid);
  const profiles = useProfiles();
  const profile = activeProfileRef(uid, profiles);
  const name = profiles.find((candidate) => candidate.activeProfile)?.name ?? '';
  // Another profile chosen meanwhile: its own activity, read afresh.
  return <ProfileActivity key={profile?.profileId ?? ''} profile={profile} profileName={name} />;
}

function ProfileActivity({ profile, profileName }: { profile: ProfileRef | null; profileName: string }) {
  const store = useWatchingStore();
  const continueWatching = ContinueWatchingContext.useActorRef();
  const logic = useMemo(
    // A hidden title may leave Continue Watching: it reads itself again.
    () => provideViewingActivity(store.activity, () => continueWatching.send({ type: 'continueWatching.refresh' })),
    [store, continueWatching],
  );
  const actor = useInspectedActorRef(logic, { input: { profile } });
  const status = useSelector(actor, (s) =>
    s.matches('failed') ? 'error' : s.matches('loading') || s.matches('starting') ? 'loading' : 'ready',
  );
  const items = useSelector(actor, (s) => s.context.items);
  const error = useSelector(actor, (s) => s.context.error);
  const hiding = useSelector(actor, (s) => s.matches('hiding'));
  const hideError = useSelector(actor, (s) => s.context.hideError);
  const lines = useMemo(() => activityLines(items), [items]);

  return (
    <ViewingActivity
      profileName={profileName}
      status={status}
      lines={lines}
      errorMessage={error ?? undefined}
      onRetry={() => actor.send({ type: 'activity.retry' })}
      hideStatus={sendStatus(hiding, hideError)}
      hideError={hideError ?? undefined}
      onHide={(key) => actor.send({ type: 'activity.hide', key })}
      downloadHref={profile && store.activity ? store.activity.csvAddress(profile) : ''}
    />
  );
}
