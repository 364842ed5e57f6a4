import { createRequire } from 'node:module';

import { FirestoreServer } from '@firestore-emulator/server';
import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, type Firestore, getFirestore, setLogLevel, terminate } from 'firebase/firestore';
import { afterAll, afterEach, beforeAll } from 'vitest';

import { PRODUCTS_SEED } from '../../../server/checkout/products-seed.ts';
import { PROJECT_ID } from './auth-emulator.ts';
import { fillFirestoreEmulatorGaps, startOnLoopback } from './firestore-emulator-gaps.mjs';
import { enforcePolicy, marqueePolicy } from './firestore-emulator-policy.mjs';

const emulatorRequire = createRequire(createRequire(import.meta.url).resolve('@firestore-emulator/server'));
const { Write } = emulatorRequire('@firestore-emulator/proto/dist/google/firestore/v1/write') as {
  Write: { fromObject(value: object): unknown };
};

export const DB_ROOT = `projects/${PROJECT_ID}/databases/(default)/documents`;

type Plain = string | number | boolean | null | { seconds: number } | Record<string, unknown>;

/** A plain value as a Firestore v1 Value (strings, numbers, booleans, null, timestamps, maps). */
function toValue(value: Plain): object {
  if (value === null) return { null_value: 0 };
  if (typeof value === 'boolean') return { boolean_value: value };
  if (typeof value === 'number') return Number.isInteger(value) ? { integer_value: value } : { double_value: value };
  if (typeof value === 'string') return { string_value: value };
  if ('seconds' in value && Object.keys(value).length === 1)
    return { timestamp_value: { seconds: value.seconds, nanos: 0 } };
  return { map_value: { fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toValue(v as Plain)])) } };
}

/** A 28-character uid like Firebase Auth's. */
export function newUid() {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(28)), (b) => alphabet[b % alphabet.length]).join('');
}

interface StripeExtensionBehaviour {
  /** The price ids the fake Stripe knows; anything else gets Stripe's "No such price" error. */
  prices: Set<string>;
}

/**
 * The JS Firestore emulator in-process for one test file, with the gap filler, the JS mirror of
 * firestore.rules, the Stripe extension's catalogue (products and prices from the embedded seed)
 * and its checkout function: a new checkout session document gets `sessionId` and `url`, or an
 * `error`, written server-side (with admin rights, as the extension's Cloud Function does).
 */
export function useHostedFirestore() {
  setLogLevel('silent');
  let server: FirestoreServer;
  let port = 0;
  let apps: FirebaseApp[] = [];
  let n = 0;
  const stripe: StripeExtensionBehaviour = { prices: new Set() };

  const write = (path: string, fields: Record<string, Plain>, merge = false) =>
    server.state.writeV1Document(
      new Date(),
      Write.fromObject({
        update: {
          name: `${DB_ROOT}/${path}`,
          fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, toValue(v)])),
        },
        ...(merge ? { update_mask: { field_paths: Object.keys(fields) } } : {}),
      }) as never,
    );

  const seedProducts = () => {
    for (const product of PRODUCTS_SEED) {
      const { prices, ...fields } = product;
      write(`products/${product.id}`, { ...fields, images: null });
      for (const { id, ...price } of prices) {
        write(`products/${product.id}/prices/${id}`, price);
        if (product.active && price.active) stripe.prices.add(id);
      }
    }
  };

  /** Plays the extension's part on every new checkout session request. */
  const playStripeExtension = () => {
    const original = server.state.writeV1Document.bind(server.state);
    server.state.writeV1Document = ((
      date: Date,
      w: { has_update: boolean; update: { name: string; fields: Map<string, { string_value: string }> } },
    ) => {
      const result = original(date, w as never);
      const match = w.has_update && /\/customers\/([^/]+)\/checkout_sessions\/([^/]+)$/.exec(w.update.name);
      if (match && !w.update.fields.has('sessionId') && !w.update.fields.has('error')) {
        const price = w.update.fields.get('price')?.string_value ?? '';
        const path = `customers/${match[1]}/checkout_sessions/${match[2]}`;
        setTimeout(() => {
          if (stripe.prices.has(price)) {
            const sessionId = `cs_test_${match[2]}`;
            write(path, { sessionId, url: `https://checkout.stripe.com/c/pay/${sessionId}` }, true);
          } else {
            write(path, { error: { message: `No such price: '${price}'` } }, true);
          }
        }, 20);
      }
      return result;
    }) as typeof server.state.writeV1Document;
  };

  beforeAll(async () => {
    server = fillFirestoreEmulatorGaps(new FirestoreServer());
    enforcePolicy(server, marqueePolicy);
    port = await startOnLoopback(server);
    playStripeExtension();
    seedProducts();
  });
  afterEach(async () => {
    await Promise.all(
      apps.map(async (app) => {
        await terminate(getFirestore(app));
        await deleteApp(app);
      }),
    );
    apps = [];
  });
  afterAll(() => server.stop());

  return {
    /** A Firestore client signed in as `uid` (an Auth-emulator-style token, as the rules see it). */
    client(uid: string | null): Firestore {
      const app = initializeApp({ projectId: PROJECT_ID, apiKey: 'fake-api-key' }, `contract-${n++}`);
      apps.push(app);
      const db = getFirestore(app);
      connectFirestoreEmulator(db, '127.0.0.1', port, uid ? { mockUserToken: { user_id: uid, sub: uid } } : undefined);
      return db;
    },
    /** Writes a document with admin rights, as the Stripe extension does. */
    write,
  };
}
