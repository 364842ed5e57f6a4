import { initializeApp } from 'firebase/app';
import { type Auth, connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, type Firestore, getFirestore } from 'firebase/firestore';

import type { FirebaseConfig } from '../config/backend-config';

export interface FirebaseServices {
  auth: Auth;
  firestore: Firestore;
}

/** The Firebase app of the hosted backend, on the emulators when their hosts are configured. */
export function connectFirebase(config: FirebaseConfig): FirebaseServices {
  const app = initializeApp({
    apiKey: config.apiKey,
    authDomain: config.authDomain,
    projectId: config.projectId,
    appId: config.appId,
  });
  const auth = getAuth(app);
  const firestore = getFirestore(app);
  if (config.authEmulatorHost) connectAuthEmulator(auth, config.authEmulatorHost, { disableWarnings: true });
  if (config.firestoreEmulatorHost) {
    const at = config.firestoreEmulatorHost.lastIndexOf(':');
    connectFirestoreEmulator(
      firestore,
      config.firestoreEmulatorHost.slice(0, at),
      Number(config.firestoreEmulatorHost.slice(at + 1)),
    );
  }
  return { auth, firestore };
}
