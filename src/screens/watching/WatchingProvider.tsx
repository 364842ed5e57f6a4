import { type ReactNode, useEffect, useMemo } from 'react';

import { useProfiles } from '../profiles/profiles-actor';
import { SessionContext } from '../session/session-context';
import { activeProfileRef } from './active-profile';
import { ContinueWatchingContext, MyListContext, provideWatching, RatingsContext } from './watching-actors';
import { useWatchingStore } from './watching-context';

/** The signed-in account's active profile, as a stable object while it stays the same profile. */
function useActiveProfile() {
  const uid = SessionContext.useSelector((s) => s.context.user?.uid);
  const profileId = activeProfileRef(uid, useProfiles())?.profileId;
  return useMemo(() => (uid && profileId ? { uid, profileId } : null), [uid, profileId]);
}

/** Tells both actors when the active profile changes: each then loads that profile's own documents. */
function FollowActiveProfile({ keepsRatings }: { keepsRatings: boolean }) {
  const profile = useActiveProfile();
  const myList = MyListContext.useActorRef();
  const continueWatching = ContinueWatchingContext.useActorRef();
  const ratings = RatingsContext.useActorRef();
  useEffect(() => {
    myList.send({ type: 'myList.profileChanged', profile });
    continueWatching.send({ type: 'continueWatching.profileChanged', profile });
    ratings.send({ type: 'ratings.profileChanged', profile: keepsRatings ? profile : null });
  }, [profile, myList, continueWatching, ratings, keepsRatings]);
  return null;
}

/**
 * Continue Watching, My List and ratings for the signed-in part of the app: one actor each, shared by
 * the rows, the buttons and the pages, following the active profile.
 */
export function WatchingProvider({ children }: { children: ReactNode }) {
  const store = useWatchingStore();
  const logic = useMemo(() => provideWatching(store), [store]);
  const profile = useActiveProfile();
  return (
    <MyListContext.Provider logic={logic.myList} options={{ input: { profile } }}>
      <ContinueWatchingContext.Provider logic={logic.continueWatching} options={{ input: { profile } }}>
        {/* Without a ratings store (hosted mode) the ratings actor never has a profile: no thumbs show. */}
        <RatingsContext.Provider logic={logic.ratings} options={{ input: { profile: store.ratings ? profile : null } }}>
          <FollowActiveProfile keepsRatings={store.ratings !== undefined} />
          {children}
        </RatingsContext.Provider>
      </ContinueWatchingContext.Provider>
    </MyListContext.Provider>
  );
}
