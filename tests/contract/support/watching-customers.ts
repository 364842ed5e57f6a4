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
    return { uid, profiles: await twoProfiles(uid, createLocalProfiles({ api })), store: createLocalWatching({ api }) };
  },
});

/** Customers of the Firestore emulator with the rules mirror, through the hosted adapters. */
export const hostedWatchingHarness = (firestore: ReturnType<typeof useHostedFirestore>): WatchingHarness => ({
  async newCustomer() {
    const uid = newUid();
    const db = firestore.client(uid);
    return { uid, profiles: await twoProfiles(uid, createHostedProfiles(db)), store: createHostedWatching(db) };
  },
});
