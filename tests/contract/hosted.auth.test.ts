import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { afterEach, inject } from 'vitest';

import { createHostedAuth } from '../../src/services/auth/hosted-auth.ts';
import { authContract } from './auth.contract.ts';
import { PROJECT_ID } from './support/auth-emulator.ts';
import { uniqueEmail } from './support/embedded-server.ts';

const url = inject('authEmulatorUrl');
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
    return createHostedAuth(auth);
  },
  uniqueEmail,
}));
