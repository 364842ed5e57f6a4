/** Which backend holds accounts, documents and checkout (the catalogue is chosen on its own). */
export type Backend = 'embedded' | 'firebase';

/** What the Firebase + Stripe adapters need, from VITE_* build-time variables. */
export interface FirebaseConfig {
  apiKey: string;
  authDomain: string;
  projectId: string;
  appId: string;
  stripePublishableKey: string;
  /** e.g. http://127.0.0.1:9099: use the Auth emulator instead of Firebase Auth. */
  authEmulatorHost?: string;
  /** e.g. 127.0.0.1:8080: use a Firestore emulator instead of Cloud Firestore. */
  firestoreEmulatorHost?: string;
  /** Where the Stripe extension's functions run (its customer portal link); us-central1 when unset. */
  functionsRegion?: string;
}

export type BackendConfig = { backend: 'embedded' } | { backend: 'firebase'; firebase: FirebaseConfig };

/** The configuration cannot work as given; `problems` lists each variable to fix. */
export class ConfigurationError extends Error {
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Marquee is not configured correctly: ${problems.join('; ')}`);
    this.name = 'ConfigurationError';
    this.problems = problems;
  }
}

/** The variables the Firebase backend needs, with the field each fills. */
export const FIREBASE_VARIABLES = {
  VITE_FIREBASE_API_KEY: 'apiKey',
  VITE_FIREBASE_AUTH_DOMAIN: 'authDomain',
  VITE_FIREBASE_PROJECT_ID: 'projectId',
  VITE_FIREBASE_APP_ID: 'appId',
  VITE_STRIPE_PUBLISHABLE_KEY: 'stripePublishableKey',
} as const satisfies Record<string, keyof FirebaseConfig>;

type Env = Partial<Record<string, string | boolean | undefined>>;

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value.trim() : '');

/**
 * Reads VITE_BACKEND (`embedded`, the default, or `firebase`) and, for Firebase, its variables.
 * Throws a ConfigurationError naming every missing or wrong variable.
 */
export function backendConfig(env: Env): BackendConfig {
  const backend = text(env.VITE_BACKEND) || 'embedded';
  if (backend === 'embedded') return { backend };
  if (backend !== 'firebase') {
    throw new ConfigurationError([`VITE_BACKEND is "${backend}"; use "embedded" (the default) or "firebase"`]);
  }
  const missing = Object.keys(FIREBASE_VARIABLES).filter((name) => !text(env[name]));
  if (missing.length > 0) {
    throw new ConfigurationError(missing.map((name) => `${name} is not set (VITE_BACKEND=firebase needs it)`));
  }
  const firebase = Object.fromEntries(
    Object.entries(FIREBASE_VARIABLES).map(([name, field]) => [field, text(env[name])]),
  ) as unknown as FirebaseConfig;
  const authEmulatorHost = text(env.VITE_FIREBASE_AUTH_EMULATOR_HOST);
  const firestoreEmulatorHost = text(env.VITE_FIRESTORE_EMULATOR_HOST);
  if (authEmulatorHost)
    firebase.authEmulatorHost = /^https?:\/\//.test(authEmulatorHost) ? authEmulatorHost : `http://${authEmulatorHost}`;
  if (firestoreEmulatorHost) firebase.firestoreEmulatorHost = firestoreEmulatorHost.replace(/^https?:\/\//, '');
  const functionsRegion = text(env.VITE_FIREBASE_FUNCTIONS_REGION);
  if (functionsRegion) firebase.functionsRegion = functionsRegion;
  return { backend: 'firebase', firebase };
}
