import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { afterEach, inject } from 'vitest';

import { createHostedProfiles } from '../../src/services/account-store/hosted-profiles.ts';
import type { ProfilesStore } from '../../src/services/account-store/profiles.port.ts';
import { createHostedAuth } from '../../src/services/auth/hosted-auth.ts';
import { authContract } from './auth.contract.ts';
import { PROJECT_ID } from './support/auth-emulator.ts';
import { uniqueEmail } from './support/embedded-server.ts';
import { useHostedFirestore } from './support/hosted-firestore.ts';

const url = inject('authEmulatorUrl');
const firestore = useHostedFirestore();

/**
 * The profiles port over the Firestore emulator, each call as the customer it names (the rules
 * mirror lets a customer reach only its own profiles), as the app's one Firestore does once signed in.
 */
const customerProfiles: ProfilesStore = {
  list: (uid) => createHostedProfiles(firestore.client(uid)).list(uid),
  add: (uid, name) => createHostedProfiles(firestore.client(uid)).add(uid, name),
  rename: (uid, id, name) => createHostedProfiles(firestore.client(uid)).rename(uid, id, name),
  changeSettings: (uid, id, settings) => createHostedProfiles(firestore.client(uid)).changeSettings(uid, id, settings),
  changeLock: (uid, id, lock) => createHostedProfiles(firestore.client(uid)).changeLock(uid, id, lock),
  changeMaturity: (uid, id, change) => createHostedProfiles(firestore.client(uid)).changeMaturity(uid, id, change),
  remove: (uid, id) => createHostedProfiles(firestore.client(uid)).remove(uid, id),
  select: (uid, id) => createHostedProfiles(firestore.client(uid)).select(uid, id),
};
let apps: FirebaseApp[] = [];
let n = 0;
afterEach(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  apps = [];
});

authContract('hosted adapter, Firebase Auth emulator', () => ({
  newAuth() {
    const app = initializeApp({ apiKey: 'fake-api-key', projectId: PROJECT_ID }, `auth-${n++}`);
    apps.push(app);
    const auth = getAuth(app);
    connectAuthEmulator(auth, url, { disableWarnings: true });
    return createHostedAuth(auth, { profiles: customerProfiles });
  },
  uniqueEmail,
  profilesOf: () => customerProfiles,
}));
