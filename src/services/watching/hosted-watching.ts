import {
  collection,
  doc,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  getDoc,
  getDocs,
  type QueryDocumentSnapshot,
  runTransaction,
  serverTimestamp,
  type Timestamp,
  type Transaction,
} from 'firebase/firestore';

import { PROFILE_MESSAGES } from '../../../shared/profiles/profile-rules';
import type { MyListItem, ProgressEntry } from '../../../shared/watching/watching.schema';
import {
  INVALID_TITLE_KEY_MESSAGE,
  isTitleKey,
  MAX_MY_LIST,
  MAX_PROGRESS,
  MY_LIST_FULL_MESSAGE,
  titleKey,
} from '../../../shared/watching/watching-rules';
import { firestoreError } from '../firebase/firestore-errors';
import type { ProfileRef, WatchingStore } from './watching.port';

/**
 * How many documents each of a profile's collections holds, kept on the profile document
 * (customers/{uid}/profiles/{profileId}) and changed in the same transaction as the collection:
 * Firestore cannot count inside a transaction, so this is what the limits are checked against.
 */
const COUNT_FIELD = { progress: 'progress_count', my_list: 'my_list_count' } as const;
type Kind = keyof typeof COUNT_FIELD;

const TIME_FIELD: Record<Kind, string> = { progress: 'updated_at', my_list: 'added_at' };

/** A stored time as the port's ISO string (a pending server time reads as its local estimate). */
const isoOf = (value: unknown) => ((value as Timestamp | null)?.toDate() ?? new Date()).toISOString();
const millisOf = (value: unknown) => (value as Timestamp | null)?.toMillis() ?? Number.MAX_SAFE_INTEGER;

const toProgress = (snapshot: DocumentSnapshot): ProgressEntry => {
  const data = snapshot.data({ serverTimestamps: 'estimate' }) as DocumentData;
  return { ...(data as Omit<ProgressEntry, 'key'>), key: snapshot.id, updated_at: isoOf(data.updated_at) };
};

const toMyListItem = (snapshot: DocumentSnapshot): MyListItem => {
  const data = snapshot.data({ serverTimestamps: 'estimate' }) as DocumentData;
  return { ...(data as Omit<MyListItem, 'key'>), key: snapshot.id, added_at: isoOf(data.added_at) };
};

/** Newest first by the kind's time, then by key so that equal times keep one order. */
const newestFirst = (kind: Kind) => (a: QueryDocumentSnapshot, b: QueryDocumentSnapshot) => {
  const field = TIME_FIELD[kind];
  const at = (s: QueryDocumentSnapshot) => millisOf(s.data({ serverTimestamps: 'estimate' })[field]);
  return at(b) - at(a) || b.id.localeCompare(a.id);
};

/**
 * Continue Watching and My List over Cloud Firestore, at customers/{uid}/profiles/{profileId}/
 * progress/{key} and .../my_list/{key}, with the embedded server's rules: the profile must exist,
 * a title has one document, lists come newest first, My List holds at most MAX_MY_LIST titles
 * (refused beyond), progress at most MAX_PROGRESS (the least recently saved is dropped). Every
 * change is one transaction over the profile document (its counts) and the title's document.
 * Times are Firestore server timestamps, so that every device orders them alike.
 */
export function createHostedWatching(db: Firestore): WatchingStore {
  const profileDoc = ({ uid, profileId }: ProfileRef) => doc(db, 'customers', uid, 'profiles', profileId);
  const kindCollection = (profile: ProfileRef, kind: Kind) => collection(profileDoc(profile), kind);
  const titleDoc = (profile: ProfileRef, kind: Kind, key: string) => {
    if (!isTitleKey(key)) throw new Error(INVALID_TITLE_KEY_MESSAGE);
    return doc(kindCollection(profile, kind), key);
  };

  const guarded = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw firestoreError(error);
    }
  };

  /** The profile's count of `kind` read in the transaction; throws when the profile is not there. */
  const countIn = async (transaction: Transaction, profile: ProfileRef, kind: Kind): Promise<number> => {
    const snapshot = await transaction.get(profileDoc(profile));
    if (!snapshot.exists()) throw new Error(PROFILE_MESSAGES.notFound);
    const count = snapshot.get(COUNT_FIELD[kind]);
    return typeof count === 'number' && count > 0 ? count : 0;
  };

  const setCount = (transaction: Transaction, profile: ProfileRef, kind: Kind, count: number) =>
    transaction.update(profileDoc(profile), { [COUNT_FIELD[kind]]: count });

  /** All of a profile's documents of `kind`, newest first; throws when the profile is not there. */
  const readAll = async (profile: ProfileRef, kind: Kind) => {
    const [profileSnapshot, snapshot] = await Promise.all([
      getDoc(profileDoc(profile)),
      getDocs(kindCollection(profile, kind)),
    ]);
    if (!profileSnapshot.exists()) throw new Error(PROFILE_MESSAGES.notFound);
    return [...snapshot.docs].sort(newestFirst(kind));
  };

  /** Removes a title's document if it is there, keeping the count; absent is no change. */
  const removeTitle = (profile: ProfileRef, kind: Kind, key: string) =>
    runTransaction(db, async (transaction) => {
      const ref = titleDoc(profile, kind, key);
      const count = await countIn(transaction, profile, kind);
      if (!(await transaction.get(ref)).exists()) return;
      transaction.delete(ref);
      setCount(transaction, profile, kind, Math.max(0, count - 1));
    });

  /**
   * The least recently saved progress documents beyond room for one more, each read again in the
   * transaction (so a concurrent change retries it). Only a full list pays for reading it whole.
   */
  const oldestProgress = async (transaction: Transaction, profile: ProfileRef, count: number) => {
    const excess = count - MAX_PROGRESS + 1;
    if (excess <= 0) return [];
    const oldest = [...(await getDocs(kindCollection(profile, 'progress'))).docs]
      .sort(newestFirst('progress'))
      .slice(-excess);
    const refs: DocumentReference[] = [];
    for (const found of oldest) {
      if ((await transaction.get(found.ref)).exists()) refs.push(found.ref);
    }
    return refs;
  };

  const myList = (profile: ProfileRef) => guarded(async () => (await readAll(profile, 'my_list')).map(toMyListItem));

  return {
    progress: {
      list: (profile) => guarded(async () => (await readAll(profile, 'progress')).map(toProgress)),
      save: (profile, entry) =>
        guarded(async () => {
          const ref = titleDoc(profile, 'progress', titleKey(entry.media_type, entry.id));
          await runTransaction(db, async (transaction) => {
            let count = await countIn(transaction, profile, 'progress');
            if (!(await transaction.get(ref)).exists()) {
              const dropped = await oldestProgress(transaction, profile, count);
              for (const old of dropped) transaction.delete(old);
              count = count - dropped.length + 1;
              setCount(transaction, profile, 'progress', count);
            }
            transaction.set(ref, { ...entry, updated_at: serverTimestamp() });
          });
          return toProgress(await getDoc(ref));
        }),
      remove: (profile, key) => guarded(() => removeTitle(profile, 'progress', key)),
    },
    myList: {
      list: myList,
      add: (profile, item) =>
        guarded(async () => {
          const ref = titleDoc(profile, 'my_list', titleKey(item.media_type, item.id));
          await runTransaction(db, async (transaction) => {
            const count = await countIn(transaction, profile, 'my_list');
            if ((await transaction.get(ref)).exists()) {
              // Already there: what it shows is refreshed; its place and added_at stay.
              const { title, backdrop_path, poster_path } = item;
              transaction.update(ref, { title, backdrop_path, poster_path });
              return;
            }
            if (count >= MAX_MY_LIST) throw new Error(MY_LIST_FULL_MESSAGE);
            transaction.set(ref, { ...item, added_at: serverTimestamp() });
            setCount(transaction, profile, 'my_list', count + 1);
          });
          return myList(profile);
        }),
      remove: (profile, key) =>
        guarded(async () => {
          await removeTitle(profile, 'my_list', key);
          return myList(profile);
        }),
    },
  };
}
