/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_BRAND_NAME?: string;
  /** The embedded catalogue's api_key (must match the server's MARQUEE_CATALOGUE_API_KEY). */
  readonly VITE_CATALOGUE_API_KEY?: string;
  /** Set to read TMDB and embed YouTube instead of the embedded catalogue. */
  readonly VITE_TMDB_API_KEY?: string;
  /** `embedded` (default) or `firebase`: which backend holds accounts, documents and checkout. */
  readonly VITE_BACKEND?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  /** Optional: the Firebase Auth emulator, e.g. http://127.0.0.1:9099. */
  readonly VITE_FIREBASE_AUTH_EMULATOR_HOST?: string;
  /** Where the Stripe extension's functions run; us-central1 when unset. */
  readonly VITE_FIREBASE_FUNCTIONS_REGION?: string;
  /** Optional: a Firestore emulator, e.g. 127.0.0.1:8080. */
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
}
