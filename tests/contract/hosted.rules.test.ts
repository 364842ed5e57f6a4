import { addDoc, collection, deleteDoc, doc, getDoc, getDocs, setDoc } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';

import { newUid, useHostedFirestore } from './support/hosted-firestore.ts';

// The JS mirror of firestore.rules (support/firestore-emulator-policy.mjs) in the Firestore
// emulator. firestore.rules itself cannot be evaluated offline; the mirror is kept beside it.
const firestore = useHostedFirestore();
const denied = { code: 'permission-denied' };

describe('firestore rules (JS mirror, enforced in the emulator)', () => {
  it('lets a customer read and write its own profiles, and refuses another customer', async () => {
    const [ann, bob] = [newUid(), newUid()];
    const annDb = firestore.client(ann);
    const bobDb = firestore.client(bob);
    await setDoc(doc(annDb, 'customers', ann, 'profiles', 'p1'), { id: 'p1', name: 'Ann', activeProfile: true });
    expect((await getDocs(collection(annDb, 'customers', ann, 'profiles'))).size).toBe(1);
    await expect(getDocs(collection(bobDb, 'customers', ann, 'profiles'))).rejects.toMatchObject(denied);
    await expect(getDoc(doc(bobDb, 'customers', ann, 'profiles', 'p1'))).rejects.toMatchObject(denied);
    await expect(setDoc(doc(bobDb, 'customers', ann, 'profiles', 'p2'), { name: 'x' })).rejects.toMatchObject(denied);
    await expect(deleteDoc(doc(bobDb, 'customers', ann, 'profiles', 'p1'))).rejects.toMatchObject(denied);
  });

  it('refuses everything under customers/ to a signed-out client', async () => {
    const ann = newUid();
    const anonymous = firestore.client(null);
    await expect(getDocs(collection(anonymous, 'customers', ann, 'profiles'))).rejects.toMatchObject(denied);
    await expect(
      addDoc(collection(anonymous, 'customers', ann, 'checkout_sessions'), { price: 'p' }),
    ).rejects.toMatchObject(denied);
  });

  it('keeps subscriptions read-only and checkout sessions to their owner', async () => {
    const [ann, bob] = [newUid(), newUid()];
    const annDb = firestore.client(ann);
    await expect(
      setDoc(doc(annDb, 'customers', ann, 'subscriptions', 's1'), { role: 'premium', status: 'active' }),
    ).rejects.toMatchObject(denied);
    expect((await getDocs(collection(annDb, 'customers', ann, 'subscriptions'))).size).toBe(0);
    await expect(
      addDoc(collection(firestore.client(bob), 'customers', ann, 'checkout_sessions'), { price: 'p' }),
    ).rejects.toMatchObject(denied);
  });

  it('lets everyone read the plans, and nobody write them or reach other collections', async () => {
    const anonymous = firestore.client(null);
    expect((await getDocs(collection(anonymous, 'products'))).size).toBeGreaterThan(0);
    const ann = firestore.client(newUid());
    await expect(setDoc(doc(ann, 'products', 'prod_free'), { active: true, name: 'Free' })).rejects.toMatchObject(
      denied,
    );
    await expect(getDocs(collection(ann, 'customers'))).rejects.toMatchObject(denied);
    await expect(setDoc(doc(ann, 'anything', 'x'), { a: 1 })).rejects.toMatchObject(denied);
  });
});
