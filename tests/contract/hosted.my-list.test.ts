import { collection, getDocs } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';

import { myListContract } from './my-list.contract.ts';
import { useHostedFirestore } from './support/hosted-firestore.ts';
import { hostedWatchingHarness } from './support/watching-customers.ts';

const firestore = useHostedFirestore();

myListContract('hosted adapter, Firestore emulator with the rules mirror', () => hostedWatchingHarness(firestore));

describe('hosted adapter: deleting a profile', () => {
  it('deletes its progress and My List documents too (Firestore keeps subcollections otherwise)', async () => {
    const { uid, profiles, store, deleteProfile } = await hostedWatchingHarness(firestore).newCustomer();
    const [ann, kids] = profiles;
    for (const profile of [ann, kids]) {
      await store.myList.add(profile, {
        media_type: 'movie',
        id: 1,
        title: 'A',
        backdrop_path: null,
        poster_path: null,
      });
      await store.progress.save(profile, {
        media_type: 'tv',
        id: 2,
        season_number: 1,
        episode_number: 1,
        position_seconds: 5,
        duration_seconds: 60,
        title: 'B',
        backdrop_path: null,
      });
    }
    await deleteProfile(kids);
    const db = firestore.client(uid);
    const count = async (profileId: string, name: string) =>
      (await getDocs(collection(db, 'customers', uid, 'profiles', profileId, name))).size;
    expect([await count(kids.profileId, 'progress'), await count(kids.profileId, 'my_list')]).toEqual([0, 0]);
    expect([await count(ann.profileId, 'progress'), await count(ann.profileId, 'my_list')]).toEqual([1, 1]);
  });
});
