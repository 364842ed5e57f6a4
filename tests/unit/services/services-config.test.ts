import { describe, expect, it } from 'vitest';

import { backendConfig, ConfigurationError } from '../../../src/services/config/backend-config.ts';
import { loadServices } from '../../../src/services/services.ts';

const FIREBASE = {
  VITE_BACKEND: 'firebase',
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-marquee',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
};

describe('backend configuration', () => {
  it('defaults to the embedded backend', () => {
    expect(backendConfig({})).toEqual({ backend: 'embedded' });
    expect(backendConfig({ VITE_BACKEND: ' embedded ' })).toEqual({ backend: 'embedded' });
  });

  it('reads the Firebase and Stripe variables, and the optional emulator hosts', () => {
    expect(
      backendConfig({
        ...FIREBASE,
        VITE_FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        VITE_FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
      }),
    ).toEqual({
      backend: 'firebase',
      firebase: {
        apiKey: 'key',
        authDomain: 'demo.firebaseapp.com',
        projectId: 'demo-marquee',
        appId: '1:2:web:3',
        stripePublishableKey: 'pk_test_1',
        authEmulatorHost: 'http://127.0.0.1:9099',
        firestoreEmulatorHost: '127.0.0.1:8080',
      },
    });
  });

  it('names every missing variable', () => {
    const error = (() => {
      try {
        backendConfig({ ...FIREBASE, VITE_FIREBASE_APP_ID: '', VITE_STRIPE_PUBLISHABLE_KEY: undefined });
      } catch (e) {
        return e;
      }
    })() as ConfigurationError;
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error.problems).toEqual([
      'VITE_FIREBASE_APP_ID is not set (VITE_BACKEND=firebase needs it)',
      'VITE_STRIPE_PUBLISHABLE_KEY is not set (VITE_BACKEND=firebase needs it)',
    ]);
  });

  it('refuses an unknown backend', () => {
    expect(() => backendConfig({ VITE_BACKEND: 'supabase' })).toThrow(ConfigurationError);
  });
});

describe('loadServices', () => {
  it('gives the embedded adapters by default', async () => {
    const services = await loadServices({} as ImportMetaEnv);
    expect(Object.keys(services).sort()).toEqual([
      'accountStore',
      'auth',
      'catalogue',
      'grants',
      'metrics',
      'payments',
      'userState',
      'watching',
    ]);
    expect(services.catalogue.trailerEmbedUrl('k')).toMatch(/^\/embed\/k\?/);
  });

  it('refuses the Firebase backend in a build made without it, saying what to do', async () => {
    await expect(loadServices(FIREBASE as unknown as ImportMetaEnv)).rejects.toThrow(
      /this build was made for the embedded backend/,
    );
  });
});
