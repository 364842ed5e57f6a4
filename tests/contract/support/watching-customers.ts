import { doc, serverTimestamp, writeBatch } from 'firebase/firestore';

import type { MyListWrite } from '../../../shared/watching/watching.schema.ts';
import { createHostedProfiles } from '../../../src/services/account-store/hosted-profiles.ts';
import { createLocalProfiles } from '../../../src/services/account-store/local-profiles.ts';
import type { ProfilesStore } from '../../../src/services/account-store/profiles.port.ts';
import { createLocalAuth } from '../../../src/services/auth/local-auth.ts';
import { createHostedWatching } from '../../../src/services/watching/hosted-watching.ts';
import { createLocalWatching } from '../../../src/services/watching/local-watching.ts';
import type { ProfileRef, WatchingStore } from '../../../src/services/watching/watching.port.ts';
import { uniqueEmail, type useEmbeddedServer } from './embedded-server.ts';
import { newUid, type useHostedFirestore } from './hosted-firestore.ts';

/** A signed-in customer with two profiles and its own watching adapter (its own session or credentials). */
export interface WatchingCustomer {
  uid: string;
  /** Two of the customer's profiles. */
  profiles: [ProfileRef, ProfileRef];
  store: WatchingStore;
  /** Deletes one of the customer's profiles through the profiles adapter. */
  deleteProfile(profile: ProfileRef): Promise<void>;
  /**
   * Puts these titles in a profile's My List at once, as the backend stores them (adding 500
   * titles one by one through the port reads the growing list back 500 times).
   */
  fillMyList(profile: ProfileRef, items: MyListWrite[]): Promise<void>;
}

export interface WatchingHarness {
  newCustomer(): Promise<WatchingCustomer>;
}

async function twoProfiles(uid: string, profiles: ProfilesStore): Promise<[ProfileRef, ProfileRef]> {
  await profiles.add(uid, 'Ann');
  const [first, second] = await profiles.add(uid, 'Kids');
  return [
    { uid, profileId: first.id },
    { uid, profileId: second.id },
  ];
}

/** Customers of the real embedded server, through the local adapters. */
export const localWatchingHarness = (server: ReturnType<typeof useEmbeddedServer>): WatchingHarness => ({
  async newCustomer() {
    const { api } = server.client();
    const { uid } = await createLocalAuth({ api }).signUp(uniqueEmail(), 'secret-password');
    const profiles = createLocalProfiles({ api });
    return {
      uid,
      profiles: await twoProfiles(uid, profiles),
      store: createLocalWatching({ api }),
      deleteProfile: async ({ profileId }) => void (await profiles.remove(uid, profileId)),
      // A few requests at a time (each answers the growing list, so 500 in flight could outlast
      // the client's timeout on a busy machine).
      fillMyList: async (profile, items) => {
        const path = `/documents/customers/${uid}/profiles/${profile.profileId}/my_list`;
        for (let start = 0; start < items.length; start += 20) {
          await Promise.all(
            items
              .slice(start, start + 20)
              .map((item) => api(`${path}/${item.media_type}-${item.id}`, { method: 'PUT', body: item })),
          );
        }
      },
    };
  },
});

/** Customers of the Firestore emulator with the rules mirror, through the hosted adapters. */
export const hostedWatchingHarness = (firestore: ReturnType<typeof useHostedFirestore>): WatchingHarness => ({
  async newCustomer() {
    const uid = newUid();
    const db = firestore.client(uid);
    const profiles = createHostedProfiles(db);
    return {
      uid,
      profiles: await twoProfiles(uid, profiles),
      store: createHostedWatching(db),
      deleteProfile: async ({ profileId }) => void (await profiles.remove(uid, profileId)),
      // One batch with the count the adapter keeps (docs/guide.md, "Continue Watching and My List"),
      // as the customer's own client may write it under the rules.
      fillMyList: async (profile, items) => {
        const profileDoc = doc(db, 'customers', uid, 'profiles', profile.profileId);
        const batch = writeBatch(db);
        for (const item of items) {
          batch.set(doc(profileDoc, 'my_list', `${item.media_type}-${item.id}`), {
            ...item,
            added_at: serverTimestamp(),
          });
        }
        batch.update(profileDoc, { my_list_count: items.length });
        await batch.commit();
      },
    };
  },
});
