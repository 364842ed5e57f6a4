import { randomInt } from 'node:crypto';

import type { Database } from 'better-sqlite3';

import { findHiddenCharacter, toIdentityForm } from '../../shared/text/identity-text.ts';

/** A profile document as docs/spec.md §3 and §7 shape it. */
export interface Profile {
  id: string;
  name: string;
  activeProfile: boolean;
}

interface ProfileRow {
  id: string;
  name: string;
  active: number;
}

export const MAX_PROFILES = 5;
export const MAX_NAME_LENGTH = 50;
const ID_LENGTH = 12;
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/** Why a write was refused; the routes turn each into a status, a code and a message. */
export type ProfileProblem =
  | { kind: 'missing-name' }
  | { kind: 'name-too-long' }
  | { kind: 'control-characters' }
  | { kind: 'hidden-characters' }
  | { kind: 'duplicate-name'; existingName: string }
  | { kind: 'too-many-profiles' }
  | { kind: 'not-found' };

export type ProfileWrite = { ok: true; profile: Profile; profiles: Profile[] } | { ok: false; problem: ProfileProblem };

export type ProfileRemoval = { ok: true; profiles: Profile[] } | { ok: false; problem: ProfileProblem };

// C0/C1 controls, lone surrogates (not text at all), and the line/paragraph separators.
const FORBIDDEN = /[\p{Cc}\p{Cs}\p{Zl}\p{Zp}]/u;
// What is left after removing these is what a viewer can see.
const INVISIBLE = /[\p{White_Space}\p{Cf}]/gu;

/**
 * Checks a name as typed and returns it trimmed and composed (NFC), with its key for
 * case-insensitive uniqueness, or the problem. Lengths count code points (an emoji is one
 * character, as SQLite counts them).
 */
export function checkProfileName(raw: string): { name: string; key: string } | ProfileProblem {
  const name = toIdentityForm(raw.trim());
  if (FORBIDDEN.test(name)) return { kind: 'control-characters' };
  if (name.replace(INVISIBLE, '') === '') return { kind: 'missing-name' };
  // Zero-width and bidi controls would make a look-alike of another name (shared/text/).
  if (findHiddenCharacter(name)) return { kind: 'hidden-characters' };
  if ([...name].length > MAX_NAME_LENGTH) return { kind: 'name-too-long' };
  return { name, key: nameKey(name) };
}

/**
 * The name compared without regard to case or compatibility forms: "Ann", "ANN" and "Ａｎｎ" share
 * a key. Upper- then lower-casing folds what lower-casing alone misses ("ß" and "SS").
 */
export function nameKey(trimmedName: string): string {
  return trimmedName.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
}

function newProfileId(): string {
  return Array.from({ length: ID_LENGTH }, () => BASE36[randomInt(BASE36.length)]).join('');
}

const toProfile = (row: ProfileRow): Profile => ({ id: row.id, name: row.name, activeProfile: row.active === 1 });

const isProblem = (value: object): value is ProfileProblem => 'kind' in value;

/**
 * The profiles of each customer in SQLite. Every statement is scoped by uid, so an id from
 * another account is simply not found. Every write is one IMMEDIATE transaction: it holds the
 * write lock from its first read, so checks (the count, a duplicate name) and the write they
 * guard cannot interleave with another writer's.
 */
export function createProfilesRepository(db: Database, now: () => number = Date.now) {
  const selectAll = db.prepare<[string], ProfileRow>(
    'SELECT id, name, active FROM profiles WHERE uid = ? ORDER BY created_at, rowid',
  );
  const selectOne = db.prepare<[string, string], ProfileRow>(
    'SELECT id, name, active FROM profiles WHERE uid = ? AND id = ?',
  );
  const selectByKey = db.prepare<[string, string], { id: string; name: string }>(
    'SELECT id, name FROM profiles WHERE uid = ? AND name_key = ?',
  );
  const countAll = db.prepare<[string], number>('SELECT count(*) FROM profiles WHERE uid = ?').pluck();
  const insert = db.prepare<[string, string, string, string, number, number]>(
    'INSERT INTO profiles (uid, id, name, name_key, active, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const updateName = db.prepare<[string, string, string, string]>(
    'UPDATE profiles SET name = ?, name_key = ? WHERE uid = ? AND id = ?',
  );
  const deleteOne = db.prepare<[string, string]>('DELETE FROM profiles WHERE uid = ? AND id = ?');
  const clearActive = db.prepare<[string]>('UPDATE profiles SET active = 0 WHERE uid = ? AND active = 1');
  const setActive = db.prepare<[string, string]>('UPDATE profiles SET active = 1 WHERE uid = ? AND id = ?');
  const activateOldest = db.prepare<[string, string]>(
    `UPDATE profiles SET active = 1 WHERE uid = ? AND id = (
       SELECT id FROM profiles WHERE uid = ? ORDER BY created_at, rowid LIMIT 1)`,
  );

  const list = (uid: string): Profile[] => selectAll.all(uid).map(toProfile);

  /** The profile and the whole list after a successful write. */
  const written = (uid: string, id: string): ProfileWrite => ({
    ok: true,
    profile: toProfile(selectOne.get(uid, id)!),
    profiles: list(uid),
  });

  /** Another profile of this account with the same key, if any. */
  const duplicateOf = (uid: string, key: string, exceptId?: string): ProfileProblem | null => {
    const existing = selectByKey.get(uid, key);
    return existing && existing.id !== exceptId ? { kind: 'duplicate-name', existingName: existing.name } : null;
  };

  const add = db.transaction((uid: string, rawName: string): ProfileWrite => {
    const checked = checkProfileName(rawName);
    if (isProblem(checked)) return { ok: false, problem: checked };
    const count = countAll.get(uid)!;
    if (count >= MAX_PROFILES) return { ok: false, problem: { kind: 'too-many-profiles' } };
    const duplicate = duplicateOf(uid, checked.key);
    if (duplicate) return { ok: false, problem: duplicate };

    let id = newProfileId();
    while (selectOne.get(uid, id)) id = newProfileId();
    // The first profile of an account is its active one.
    insert.run(uid, id, checked.name, checked.key, count === 0 ? 1 : 0, now());
    return written(uid, id);
  });

  const rename = db.transaction((uid: string, id: string, rawName: string): ProfileWrite => {
    if (!selectOne.get(uid, id)) return { ok: false, problem: { kind: 'not-found' } };
    const checked = checkProfileName(rawName);
    if (isProblem(checked)) return { ok: false, problem: checked };
    // Its own name in another case is not a duplicate.
    const duplicate = duplicateOf(uid, checked.key, id);
    if (duplicate) return { ok: false, problem: duplicate };
    updateName.run(checked.name, checked.key, uid, id);
    return written(uid, id);
  });

  const remove = db.transaction((uid: string, id: string): ProfileRemoval => {
    const row = selectOne.get(uid, id);
    if (!row) return { ok: false, problem: { kind: 'not-found' } };
    deleteOne.run(uid, id);
    // Whenever any profile is left, one of them is active: the oldest takes over.
    if (row.active === 1) activateOldest.run(uid, uid);
    return { ok: true, profiles: list(uid) };
  });

  const select = db.transaction((uid: string, id: string): ProfileWrite => {
    if (!selectOne.get(uid, id)) return { ok: false, problem: { kind: 'not-found' } };
    // Cleared first: the partial unique index allows one active row per account at any moment.
    clearActive.run(uid);
    setActive.run(uid, id);
    return written(uid, id);
  });

  return {
    /** The account's profiles, oldest first. */
    list,
    /** Whether the account has a profile with this id. */
    has: (uid: string, id: string) => selectOne.get(uid, id) !== undefined,
    /** Adds a profile; an account's first profile becomes active. */
    add: (uid: string, name: string) => add.immediate(uid, name),
    rename: (uid: string, id: string, name: string) => rename.immediate(uid, id, name),
    /** Deletes a profile; if it was active, the oldest remaining one becomes active. */
    remove: (uid: string, id: string) => remove.immediate(uid, id),
    /** Makes a profile the account's only active one. */
    select: (uid: string, id: string) => select.immediate(uid, id),
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;
