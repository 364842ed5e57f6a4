import {
  addDoc,
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
} from 'firebase/firestore';
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

  it('keeps progress and My List to their owner, under an existing profile, in shape', async () => {
    const [ann, bob] = [newUid(), newUid()];
    const annDb = firestore.client(ann);
    const bobDb = firestore.client(bob);
    await setDoc(doc(annDb, 'customers', ann, 'profiles', 'p1'), { id: 'p1', name: 'Ann', activeProfile: true });
    const progress = (id: string) => doc(annDb, 'customers', ann, 'profiles', id, 'progress', 'movie-603');
    const item = doc(annDb, 'customers', ann, 'profiles', 'p1', 'my_list', 'movie-603');
    const entry = {
      media_type: 'movie',
      id: 603,
      season_number: null,
      episode_number: null,
      position_seconds: 20,
      duration_seconds: 7200,
      title: 'The Matrix',
      backdrop_path: '/m.jpg',
      updated_at: serverTimestamp(),
    };
    const listed = { media_type: 'movie', id: 603, title: 'The Matrix', backdrop_path: null, poster_path: '/p.jpg' };

    await setDoc(progress('p1'), entry);
    await setDoc(item, { ...listed, added_at: serverTimestamp() });
    // Under a profile that does not exist: refused.
    await expect(setDoc(progress('nosuchprofile'), entry)).rejects.toMatchObject(denied);
    // Out of shape (each alone): the key names another title, a wrong type, a bad value, an extra
    // field, the client's clock for the server's time, a count beyond the limit.
    const refused = [
      () => setDoc(doc(annDb, 'customers', ann, 'profiles', 'p1', 'progress', 'movie-604'), entry),
      () => setDoc(progress('p1'), { ...entry, id: '603' }),
      () => setDoc(progress('p1'), { ...entry, position_seconds: -1 }),
      () => setDoc(progress('p1'), { ...entry, extra: true }),
      () => setDoc(progress('p1'), { ...entry, updated_at: Timestamp.now() }),
      () =>
        setDoc(doc(annDb, 'customers', ann, 'profiles', 'p1', 'my_list', 'tv-1'), {
          ...listed,
          added_at: serverTimestamp(),
        }),
      () => setDoc(item, { ...listed, added_at: serverTimestamp() }), // added_at never changes
      () => updateDoc(item, { title: '' }),
      () => updateDoc(doc(annDb, 'customers', ann, 'profiles', 'p1'), { my_list_count: 501 }),
    ];
    for (const attempt of refused) await expect(attempt()).rejects.toMatchObject(denied);
    await updateDoc(item, { title: 'Matrix' });

    // Another customer can neither read nor write nor delete them.
    const bobSees = (path: string[]) => collection(bobDb, 'customers', ann, 'profiles', 'p1', ...path);
    await expect(getDocs(bobSees(['progress']))).rejects.toMatchObject(denied);
    await expect(getDocs(bobSees(['my_list']))).rejects.toMatchObject(denied);
    await expect(setDoc(doc(bobSees(['my_list']), 'movie-1'), listed)).rejects.toMatchObject(denied);
    await expect(deleteDoc(doc(bobSees(['progress']), 'movie-603'))).rejects.toMatchObject(denied);

    expect((await getDoc(item)).data()).toMatchObject({ title: 'Matrix' });
    await deleteDoc(progress('p1'));
    expect((await getDocs(collection(annDb, 'customers', ann, 'profiles', 'p1', 'progress'))).size).toBe(0);
  });
});
