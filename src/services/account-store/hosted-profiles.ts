import {
  collection,
  doc,
  type DocumentReference,
  type Firestore,
  getDocs,
  runTransaction,
  Timestamp,
  type Transaction,
  writeBatch,
} from 'firebase/firestore';

import type { Profile } from '../../../shared/profiles/profile.schema';
import { isAvatarId, isSubtitleChoice, LANGUAGE_CODES, LOCK_MESSAGES } from '../../../shared/profiles/profile-options';
import {
  MAX_PROFILES,
  nameKey,
  newProfileId,
  PROFILE_MESSAGES,
  requireProfileName,
} from '../../../shared/profiles/profile-rules';
import { firestoreError } from '../firebase/firestore-errors';
import type { ProfilesStore } from './profiles.port';

/** customers/{uid}/profiles/{id}: docs/spec.md §3's fields plus the creation time that orders them. */
interface ProfileDocument extends Profile {
  created: Timestamp;
}

interface Stored {
  ref: DocumentReference;
  data: ProfileDocument;
}

const byAge = (a: Stored, b: Stored) =>
  a.data.created.toMillis() - b.data.created.toMillis() || a.data.id.localeCompare(b.data.id);
/** The same sparse document as the embedded server's: an avatar and settings only once chosen. */
const toProfile = ({ data }: Stored): Profile => {
  const profile: Profile = { id: data.id, name: data.name, activeProfile: data.activeProfile === true };
  if (isAvatarId(data.avatar)) profile.avatar = data.avatar;
  if (data.settings && Object.keys(data.settings).length > 0) profile.settings = { ...data.settings };
  return profile;
};

/** Profile locks need a server to check the PIN; Firestore's rules cannot hash one. */
const NO_LOCKS = 'Profile locks are not available with the hosted account store yet.';
/** Maturity limits need a server to enforce them; the hosted catalogue is TMDB's, called directly. */
const NO_MATURITY = 'Maturity limits are not available with the hosted account store yet.';

/**
 * The profiles port over Cloud Firestore, customers/{uid}/profiles, with the embedded server's
 * rules (trimmed name required, at most 50 characters, unique ignoring case, at most 5 profiles,
 * the first one active, select clears the others, deleting the active one activates the oldest
 * remaining) applied in one transaction per change. Every profile the change depends on is read
 * inside the transaction, so a concurrent change to any of them makes Firestore retry it.
 */
export function createHostedProfiles(db: Firestore): ProfilesStore {
  const profiles = (uid: string) => collection(db, 'customers', uid, 'profiles');

  const readAll = async (uid: string, transaction?: Transaction): Promise<Stored[]> => {
    const snapshot = await getDocs(profiles(uid));
    const stored: Stored[] = [];
    for (const found of snapshot.docs) {
      // Read again through the transaction, which then watches each one for concurrent writes.
      const current = transaction ? await transaction.get(found.ref) : found;
      if (current.exists()) stored.push({ ref: current.ref, data: current.data() as ProfileDocument });
    }
    return stored.sort(byAge);
  };

  /** Runs `change` over the current list in a transaction; resolves with the list it leaves. */
  const change = async (
    uid: string,
    apply: (list: Stored[], transaction: Transaction) => Stored[],
  ): Promise<Profile[]> => {
    try {
      const after = await runTransaction(db, async (transaction) =>
        apply(await readAll(uid, transaction), transaction),
      );
      return after.sort(byAge).map(toProfile);
    } catch (error) {
      throw firestoreError(error);
    }
  };

  /**
   * Firestore keeps a deleted document's subcollections: a deleted profile's Continue Watching
   * and My List are deleted after it (at most 500 writes per batch). Nothing reaches them once
   * the profile is gone, so a failure here leaves unreachable documents, not a wrong answer.
   */
  const deleteWatching = async (uid: string, id: string) => {
    for (const name of ['progress', 'my_list']) {
      const { docs } = await getDocs(collection(profiles(uid), id, name));
      for (let start = 0; start < docs.length; start += 500) {
        const batch = writeBatch(db);
        for (const found of docs.slice(start, start + 500)) batch.delete(found.ref);
        await batch.commit();
      }
    }
  };

  const find = (list: Stored[], id: string) => {
    const found = list.find((stored) => stored.data.id === id);
    if (!found) throw new Error(PROFILE_MESSAGES.notFound);
    return found;
  };

  const duplicateOf = (list: Stored[], name: string, exceptId?: string) =>
    list.find((stored) => stored.data.id !== exceptId && nameKey(stored.data.name) === nameKey(name));

  /** Sets activeProfile on each profile as `active` says, writing only those that change. */
  const activate = (list: Stored[], transaction: Transaction, active: Stored | undefined) =>
    list.map((stored) => {
      const activeProfile = stored === active;
      if (stored.data.activeProfile === activeProfile) return stored;
      transaction.update(stored.ref, { activeProfile });
      return { ...stored, data: { ...stored.data, activeProfile } };
    });

  return {
    async list(uid) {
      try {
        return (await readAll(uid)).map(toProfile);
      } catch (error) {
        throw firestoreError(error);
      }
    },
    add: (uid, rawName, { avatar, kids } = {}) =>
      change(uid, (list, transaction) => {
        // Maturity levels are the embedded server's (docs/household.md): a kids profile too.
        if (kids) throw new Error(NO_MATURITY);
        const { name } = requireProfileName(rawName);
        if (list.length >= MAX_PROFILES) throw new Error(PROFILE_MESSAGES.tooMany);
        const duplicate = duplicateOf(list, name);
        if (duplicate) throw new Error(PROFILE_MESSAGES.duplicate(duplicate.data.name));
        let id = newProfileId();
        while (list.some((stored) => stored.data.id === id)) id = newProfileId();
        const data: ProfileDocument = { id, name, activeProfile: list.length === 0, created: Timestamp.now() };
        if (avatar) data.avatar = avatar;
        const ref = doc(profiles(uid), id);
        transaction.set(ref, data);
        return [...list, { ref, data }];
      }),
    rename: (uid, id, rawName, avatar, kids) =>
      change(uid, (list, transaction) => {
        if (kids) throw new Error(NO_MATURITY);
        const target = find(list, id);
        const { name } = requireProfileName(rawName);
        const duplicate = duplicateOf(list, name, id);
        if (duplicate) throw new Error(PROFILE_MESSAGES.duplicate(duplicate.data.name));
        const changed = avatar ? { name, avatar } : { name };
        transaction.update(target.ref, changed);
        return list.map((stored) => (stored === target ? { ...stored, data: { ...stored.data, ...changed } } : stored));
      }),
    changeSettings: (uid, id, settings) =>
      change(uid, (list, transaction) => {
        const target = find(list, id);
        const { language, subtitleSize: size, subtitleColor: color, subtitleBackground: background } = settings;
        // The same checks as the embedded server's schema; the subtitle choices sit in the same settings field.
        if (
          (language !== undefined && !LANGUAGE_CODES.includes(language)) ||
          (size !== undefined && !isSubtitleChoice.size(size)) ||
          (color !== undefined && !isSubtitleChoice.color(color)) ||
          (background !== undefined && !isSubtitleChoice.background(background))
        ) {
          throw new Error(LOCK_MESSAGES.settings);
        }
        const merged = { ...target.data.settings, ...settings };
        transaction.update(target.ref, { settings: merged });
        return list.map((stored) =>
          stored === target ? { ...stored, data: { ...stored.data, settings: merged } } : stored,
        );
      }),
    changeLock: async () => {
      throw new Error(NO_LOCKS);
    },
    changeMaturity: async () => {
      throw new Error(NO_MATURITY);
    },
    async remove(uid, id) {
      const rest = await change(uid, (list, transaction) => {
        const target = find(list, id);
        transaction.delete(target.ref);
        const rest = list.filter((stored) => stored !== target);
        // Whenever any profile is left, one is active: the oldest takes over from a deleted active one.
        return target.data.activeProfile ? activate(rest, transaction, rest[0]) : rest;
      });
      await deleteWatching(uid, id).catch(() => undefined);
      return rest;
    },
    select: (uid, id) => change(uid, (list, transaction) => activate(list, transaction, find(list, id))),
  };
}
