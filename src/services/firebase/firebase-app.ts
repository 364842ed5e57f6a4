import { initializeApp } from 'firebase/app';
import { type Auth, connectAuthEmulator, getAuth } from 'firebase/auth';
import { connectFirestoreEmulator, type Firestore, getFirestore } from 'firebase/firestore';

import type { FirebaseConfig } from '../config/backend-config';

export interface FirebaseServices {
  auth: Auth;
  firestore: Firestore;
  /** The Stripe extension's createPortalLink callable: the customer portal's address. */
  createPortalLink: (returnUrl: string) => Promise<string>;
}

/** The Stripe extension's callable that opens Stripe's customer portal (its default function name). */
const PORTAL_FUNCTION = 'ext-firestore-stripe-payments-createPortalLink';

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
  // Cloud Functions are loaded only when a member opens the portal.
  const createPortalLink = async (returnUrl: string) => {
    const { getFunctions, httpsCallable } = await import('firebase/functions');
    const call = httpsCallable<{ returnUrl: string }, { url: string }>(
      getFunctions(app, config.functionsRegion),
      PORTAL_FUNCTION,
    );
    return (await call({ returnUrl })).data.url;
  };
  return { auth, firestore, createPortalLink };
}
