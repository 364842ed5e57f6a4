import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, createUserWithEmailAndPassword, getAuth } from 'firebase/auth';
import { afterEach, inject } from 'vitest';

import { createJsonClient } from '../../src/services/http/json-fetch.ts';
import { createHostedGrants } from '../../src/services/playback/hosted-grants.ts';
import { grantsContract } from './grants.contract.ts';
import { PROJECT_ID } from './support/auth-emulator.ts';
import { browserFetch, uniqueEmail, useEmbeddedServer } from './support/embedded-server.ts';

const url = inject('authEmulatorUrl');
// The media host configured for the emulator's project: its tokens are unsigned, accepted only so.
const server = useEmbeddedServer({ firebase: { projectId: PROJECT_ID, emulator: true } });

let apps: FirebaseApp[] = [];
let n = 0;
afterEach(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)));
  apps = [];
});
const uids = new WeakMap<object, string>();

grantsContract('hosted adapter, Firebase Auth emulator and the embedded media host', () => ({
  async newViewer() {
    const app = initializeApp({ apiKey: 'fake-api-key', projectId: PROJECT_ID }, `grants-${n++}`);
    apps.push(app);
    const auth = getAuth(app);
    connectAuthEmulator(auth, url, { disableWarnings: true });
    const { user } = await createUserWithEmailAndPassword(auth, uniqueEmail('grants'), 'secret-password');
    // No session cookie: the ID token is all the media host is told.
    const api = createJsonClient({
      baseURL: `${server.origin}/api`,
      timeout: 10_000,
      fetch: browserFetch(server.origin),
    });
    const viewer = { grants: createHostedGrants(auth, api) };
    uids.set(viewer, user.uid);
    return viewer;
  },
  // What the Stripe extension does when a subscription becomes active: the product's firebaseRole
  // in the user's custom claims (firebase-admin's setCustomUserClaims, here the emulator's REST API).
  async subscribeToStandard(viewer) {
    const response = await fetch(`${url}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ localId: uids.get(viewer), customAttributes: JSON.stringify({ stripeRole: 'standard' }) }),
    });
    if (!response.ok) throw new Error(`custom claims: HTTP ${response.status} ${await response.text()}`);
  },
  fetchMedia: (path) => fetch(`${server.origin}${path}`),
}));
