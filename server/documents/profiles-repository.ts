import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';

import { DEFAULT_MATURITY, isMaturityLevel, type MaturityLevel } from '../../shared/profiles/maturity.ts';
import type { Profile, ProfileSettings } from '../../shared/profiles/profile.schema.ts';
import { type AvatarId, isAvatarId, isSubtitleChoice } from '../../shared/profiles/profile-options.ts';
import {
  checkProfileName,
  isProfileProblem,
  MAX_PROFILES,
  newProfileId,
  type ProfileProblem,
} from '../../shared/profiles/profile-rules.ts';
import { runWrite } from '../db/write-turn.ts';

interface ProfileRow {
  id: string;
  name: string;
  /** The account's last choice, where a new session starts. */
  active: number;
  avatar: string | null;
  autoplay_next: number | null;
  autoplay_previews: number | null;
  language: string | null;
  subtitle_size: string | null;
  subtitle_color: string | null;
  subtitle_background: string | null;
  locked: number;
  pin_to_add: number;
  maturity: string;
}

/** A title a profile has blocked. */
export interface BlockedTitle {
  mediaType: 'movie' | 'tv';
  id: number;
}

/** What a profile holds about its lock: its PIN's hash (null: no lock) and whether adding needs it. */
export interface ProfileLock {
  pinHash: string | null;
  pinToAdd: boolean;
}

const COLUMNS =
  'id, name, active, avatar, autoplay_next, autoplay_previews, language, subtitle_size, subtitle_color, ' +
  'subtitle_background, pin_hash IS NOT NULL AS locked, pin_to_add, maturity';

export type ProfileWrite = { ok: true; profile: Profile; profiles: Profile[] } | { ok: false; problem: ProfileProblem };

export type ProfileRemoval = { ok: true; profiles: Profile[] } | { ok: false; problem: ProfileProblem };

/**
 * The sparse document: only what was chosen (shared/profiles/profile.schema.ts). `activeProfile`
 * is the calling session's choice (`active`), not the account's.
 */
const toProfile = (row: ProfileRow, active: string | null): Profile => {
  const profile: Profile = { id: row.id, name: row.name, activeProfile: row.id === active };
  if (isAvatarId(row.avatar)) profile.avatar = row.avatar;
  const settings: ProfileSettings = {};
  if (row.autoplay_next !== null) settings.autoplayNext = row.autoplay_next === 1;
  if (row.autoplay_previews !== null) settings.autoplayPreviews = row.autoplay_previews === 1;
  if (row.language !== null) settings.language = row.language as ProfileSettings['language'];
  if (isSubtitleChoice.size(row.subtitle_size)) settings.subtitleSize = row.subtitle_size;
  if (isSubtitleChoice.color(row.subtitle_color)) settings.subtitleColor = row.subtitle_color;
  if (isSubtitleChoice.background(row.subtitle_background)) settings.subtitleBackground = row.subtitle_background;
  if (Object.keys(settings).length > 0) profile.settings = settings;
  if (row.locked === 1) profile.locked = true;
  if (row.locked === 1 && row.pin_to_add === 1) profile.pinToAdd = true;
  // Sparse too: a profile that sees everything says nothing of it.
  if (row.maturity !== DEFAULT_MATURITY && isMaturityLevel(row.maturity)) profile.maturity = row.maturity;
  return profile;
};

const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

/**
 * The session a call is made in: the stored key of its token (sessionKey), or null outside one
 * (sign-up's first profile). The profile documents are answered as that session sees them.
 */
export type CallingSession = string | null;

/**
 * The profiles of each customer in SQLite. Every statement is scoped by uid, so an id from
 * another account is simply not found. Every write runs in a write turn (server/db/write-turn.ts),
 * which holds the write lock from its first read, so checks (the count, a duplicate name) and the write they
 * guard cannot interleave with another writer's.
 */
export function createProfilesRepository(db: Database, now: () => number = Date.now) {
  const selectAll = db.prepare<[string], ProfileRow>(
    `SELECT ${COLUMNS} FROM profiles WHERE uid = ? ORDER BY created_at, rowid`,
  );
  const selectOne = db.prepare<[string, string], ProfileRow>(
    `SELECT ${COLUMNS} FROM profiles WHERE uid = ? AND id = ?`,
  );
  const selectByKey = db.prepare<[string, string], { id: string; name: string }>(
    'SELECT id, name FROM profiles WHERE uid = ? AND name_key = ?',
  );
  const countAll = db.prepare<[string], number>('SELECT count(*) FROM profiles WHERE uid = ?').pluck();
  const insert = db.prepare<[string, string, string, string, string | null, number, number]>(
    'INSERT INTO profiles (uid, id, name, name_key, avatar, active, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const updateName = db.prepare<[string, string, string, string]>(
    'UPDATE profiles SET name = ?, name_key = ? WHERE uid = ? AND id = ?',
  );
  const updateAvatar = db.prepare<[string, string, string]>('UPDATE profiles SET avatar = ? WHERE uid = ? AND id = ?');
  // A setting left out keeps its stored value (COALESCE), so each change is a partial one.
  const updateSettings = db.prepare<
    [number | null, number | null, string | null, string | null, string | null, string | null, string, string]
  >(
    `UPDATE profiles SET autoplay_next = COALESCE(?, autoplay_next), autoplay_previews = COALESCE(?, autoplay_previews),
       language = COALESCE(?, language), subtitle_size = COALESCE(?, subtitle_size),
       subtitle_color = COALESCE(?, subtitle_color), subtitle_background = COALESCE(?, subtitle_background)
       WHERE uid = ? AND id = ?`,
  );
  const selectLock = db.prepare<[string, string], { pin_hash: string | null; pin_to_add: number }>(
    'SELECT pin_hash, pin_to_add FROM profiles WHERE uid = ? AND id = ?',
  );
  const selectPinsToAdd = db
    .prepare<[string], string>(
      'SELECT pin_hash FROM profiles WHERE uid = ? AND pin_to_add = 1 AND pin_hash IS NOT NULL',
    )
    .pluck();
  const updateLock = db.prepare<[string | null, number, string, string]>(
    'UPDATE profiles SET pin_hash = ?, pin_to_add = ? WHERE uid = ? AND id = ?',
  );
  const updateMaturity = db.prepare<[string, string, string]>(
    'UPDATE profiles SET maturity = ? WHERE uid = ? AND id = ?',
  );
  const selectMaturity = db
    .prepare<[string, string], string>('SELECT maturity FROM profiles WHERE uid = ? AND id = ?')
    .pluck();
  // The session's own choice; without one, the account's last choice unless it is locked.
  const selectSessionProfile = db
    .prepare<{ key: string | null; uid: string }, string | null>(
      `SELECT COALESCE(
         (SELECT profile_id FROM session_profiles WHERE token_hash = @key AND uid = @uid),
         (SELECT id FROM profiles WHERE uid = @uid AND active = 1 AND pin_hash IS NULL))`,
    )
    .pluck();
  // A session ended meanwhile (signed out on another device) is not chosen for: no row, no error.
  const upsertSessionProfile = db.prepare<{ key: string; uid: string; id: string }>(
    `INSERT INTO session_profiles (token_hash, uid, profile_id) SELECT token_hash, @uid, @id FROM sessions
     WHERE token_hash = @key ON CONFLICT (token_hash) DO UPDATE SET profile_id = excluded.profile_id`,
  );
  const deleteOtherSessionsProfile = db.prepare<[string, string, string | null]>(
    'DELETE FROM session_profiles WHERE uid = ? AND profile_id = ? AND token_hash IS NOT ?',
  );
  const selectBlocked = db.prepare<[string, string], { media_type: 'movie' | 'tv'; title_id: number }>(
    'SELECT media_type, title_id FROM profile_blocked_titles WHERE uid = ? AND profile_id = ? ORDER BY media_type, title_id',
  );
  const insertBlocked = db.prepare<[string, string, string, number]>(
    'INSERT OR IGNORE INTO profile_blocked_titles (uid, profile_id, media_type, title_id) VALUES (?, ?, ?, ?)',
  );
  const deleteBlocked = db.prepare<[string, string, string, number]>(
    'DELETE FROM profile_blocked_titles WHERE uid = ? AND profile_id = ? AND media_type = ? AND title_id = ?',
  );
  const deleteOne = db.prepare<[string, string]>('DELETE FROM profiles WHERE uid = ? AND id = ?');
  const clearActive = db.prepare<[string]>('UPDATE profiles SET active = 0 WHERE uid = ? AND active = 1');
  const setActive = db.prepare<[string, string]>('UPDATE profiles SET active = 1 WHERE uid = ? AND id = ?');
  // The oldest unlocked profile takes over: a locked one is made active only with its PIN.
  const activateOldest = db.prepare<[string, string]>(
    `UPDATE profiles SET active = 1 WHERE uid = ? AND id = (
       SELECT id FROM profiles WHERE uid = ? ORDER BY pin_hash IS NOT NULL, created_at, rowid LIMIT 1)`,
  );

  const activeIn = (uid: string, session: CallingSession): string | null =>
    selectSessionProfile.get({ key: session, uid }) ?? null;

  const list = (uid: string, session: CallingSession): Profile[] => {
    const active = activeIn(uid, session);
    return selectAll.all(uid).map((row) => toProfile(row, active));
  };

  /** The profile and the whole list after a successful write. */
  const written = (uid: string, id: string, session: CallingSession): ProfileWrite => {
    const profiles = list(uid, session);
    return { ok: true, profile: profiles.find((profile) => profile.id === id)!, profiles };
  };

  /** Another profile of this account with the same key, if any. */
  const duplicateOf = (uid: string, key: string, exceptId?: string): ProfileProblem | null => {
    const existing = selectByKey.get(uid, key);
    return existing && existing.id !== exceptId ? { kind: 'duplicate-name', existingName: existing.name } : null;
  };

  const add = db.transaction(
    (uid: string, rawName: string, avatar: AvatarId | undefined, session: CallingSession): ProfileWrite => {
      const checked = checkProfileName(rawName);
      if (isProfileProblem(checked)) return { ok: false, problem: checked };
      const count = countAll.get(uid)!;
      if (count >= MAX_PROFILES) return { ok: false, problem: { kind: 'too-many-profiles' } };
      const duplicate = duplicateOf(uid, checked.key);
      if (duplicate) return { ok: false, problem: duplicate };

      let id = newProfileId();
      while (selectOne.get(uid, id)) id = newProfileId();
      // The first profile of an account is its active one.
      runWrite(insert, uid, id, checked.name, checked.key, avatar ?? null, count === 0 ? 1 : 0, now());
      return written(uid, id, session);
    },
  );

  const rename = db.transaction(
    (uid: string, id: string, rawName: string, avatar: AvatarId | undefined, session: CallingSession): ProfileWrite => {
      if (!selectOne.get(uid, id)) return { ok: false, problem: { kind: 'not-found' } };
      const checked = checkProfileName(rawName);
      if (isProfileProblem(checked)) return { ok: false, problem: checked };
      // Its own name in another case is not a duplicate.
      const duplicate = duplicateOf(uid, checked.key, id);
      if (duplicate) return { ok: false, problem: duplicate };
      runWrite(updateName, checked.name, checked.key, uid, id);
      if (avatar) runWrite(updateAvatar, avatar, uid, id);
      return written(uid, id, session);
    },
  );

  const remove = db.transaction((uid: string, id: string, session: CallingSession): ProfileRemoval => {
    const row = selectOne.get(uid, id);
    if (!row) return { ok: false, problem: { kind: 'not-found' } };
    // Its sessions lose it with it (session_profiles cascades) and fall back to the account's choice.
    runWrite(deleteOne, uid, id);
    // Whenever any profile is left, one of them is the account's choice: the oldest takes over.
    if (row.active === 1) runWrite(activateOldest, uid, uid);
    return { ok: true, profiles: list(uid, session) };
  });

  const select = db.transaction((uid: string, id: string, session: CallingSession): ProfileWrite => {
    if (!selectOne.get(uid, id)) return { ok: false, problem: { kind: 'not-found' } };
    // The calling session's profile, and the account's last choice, where its next session starts.
    if (session !== null) runWrite(upsertSessionProfile, { key: session, uid, id });
    // Cleared first: the partial unique index allows one active row per account at any moment.
    runWrite(clearActive, uid);
    runWrite(setActive, uid, id);
    return written(uid, id, session);
  });

  const changeSettings = db.transaction(
    (uid: string, id: string, settings: ProfileSettings, session: CallingSession): ProfileWrite => {
      if (!selectOne.get(uid, id)) return { ok: false, problem: { kind: 'not-found' } };
      const { autoplayNext, autoplayPreviews, language, subtitleSize, subtitleColor, subtitleBackground } = settings;
      runWrite(
        updateSettings,
        flag(autoplayNext),
        flag(autoplayPreviews),
        language ?? null,
        subtitleSize ?? null,
        subtitleColor ?? null,
        subtitleBackground ?? null,
        uid,
        id,
      );
      return written(uid, id, session);
    },
  );

  const changeLock = db.transaction(
    (uid: string, id: string, lock: ProfileLock, session: CallingSession): ProfileWrite => {
      if (!selectOne.get(uid, id)) return { ok: false, problem: { kind: 'not-found' } };
      const wasOpen = activeIn(uid, session) === id;
      runWrite(updateLock, lock.pinHash, lock.pinHash && lock.pinToAdd ? 1 : 0, uid, id);
      if (lock.pinHash) {
        // A new PIN closes the profile on every other device, which has not given it; the caller
        // gave the account's password, so keeps it open if it was.
        runWrite(deleteOtherSessionsProfile, uid, id, session);
        if (wasOpen && session !== null) runWrite(upsertSessionProfile, { key: session, uid, id });
      }
      return written(uid, id, session);
    },
  );

  const changeMaturity = db.transaction(
    (uid: string, id: string, level: MaturityLevel, session: CallingSession): ProfileWrite => {
      if (!selectOne.get(uid, id)) return { ok: false, problem: { kind: 'not-found' } };
      runWrite(updateMaturity, level, uid, id);
      return written(uid, id, session);
    },
  );

  const toLevel = (stored: string | undefined): MaturityLevel => (isMaturityLevel(stored) ? stored : DEFAULT_MATURITY);

  // Every call that answers profile documents names the calling session: `activeProfile` is its choice.
  return {
    /** Sets a profile's maturity level; the caller has checked the account password. */
    changeMaturity: (uid: string, id: string, level: MaturityLevel, session: CallingSession) =>
      changeMaturity(uid, id, level, session),
    /** A profile's maturity level, or null when there is no such profile. */
    maturityOf: (uid: string, id: string): MaturityLevel | null => {
      const stored = selectMaturity.get(uid, id);
      return stored === undefined ? null : toLevel(stored);
    },
    /**
     * The profile a session watches as: the one it chose, or else the account's last choice
     * unless that is locked; null when there is none.
     */
    activeIn,
    /** The titles a profile has blocked. */
    blockedTitles: (uid: string, id: string): BlockedTitle[] =>
      selectBlocked.all(uid, id).map((row) => ({ mediaType: row.media_type, id: row.title_id })),
    /** Blocks a title for a profile (again: no change); the caller has checked the profile exists. */
    block: (uid: string, id: string, title: BlockedTitle) =>
      runWrite(insertBlocked, uid, id, title.mediaType, title.id),
    /** Unblocks a title for a profile (not blocked: no change). */
    unblock: (uid: string, id: string, title: BlockedTitle) =>
      runWrite(deleteBlocked, uid, id, title.mediaType, title.id),
    /** The account's profiles, oldest first. */
    list,
    /** Whether the account has a profile with this id. */
    has: (uid: string, id: string) => selectOne.get(uid, id) !== undefined,
    /** Adds a profile; an account's first profile becomes active. */
    add: (uid: string, name: string, avatar: AvatarId | undefined, session: CallingSession) =>
      add(uid, name, avatar, session),
    /** Renames a profile, and changes its avatar when one is given. */
    rename: (uid: string, id: string, name: string, avatar: AvatarId | undefined, session: CallingSession) =>
      rename(uid, id, name, avatar, session),
    /** Changes the settings given, keeping the others. */
    changeSettings: (uid: string, id: string, settings: ProfileSettings, session: CallingSession) =>
      changeSettings(uid, id, settings, session),
    /** Sets (a hash) or removes (null) a profile's PIN; the caller has checked the account password. */
    changeLock: (uid: string, id: string, lock: ProfileLock, session: CallingSession) =>
      changeLock(uid, id, lock, session),
    /** A profile's lock, or null when there is no such profile. */
    lockOf: (uid: string, id: string): ProfileLock | null => {
      const row = selectLock.get(uid, id);
      return row ? { pinHash: row.pin_hash, pinToAdd: row.pin_to_add === 1 } : null;
    },
    /** The PIN hashes that adding a profile asks for (any one of them opens it); none: no PIN asked. */
    pinsToAdd: (uid: string): string[] => selectPinsToAdd.all(uid),
    /**
     * Deletes a profile, and with it every session's choice of it; if it was the account's last
     * choice, the oldest remaining unlocked one becomes that.
     */
    remove: (uid: string, id: string, session: CallingSession) => remove(uid, id, session),
    /** Makes a profile the calling session's, and the account's last choice. */
    select: (uid: string, id: string, session: CallingSession) => select(uid, id, session),
  };
}

export type ProfilesRepository = ReturnType<typeof createProfilesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    profiles: ProfilesRepository;
  }
}

/** Decorates `app.profiles`: every route that reads or writes profiles uses this one. */
export default fp(
  async (app) => {
    app.decorate('profiles', createProfilesRepository(app.db));
  },
  { name: 'profiles', dependencies: ['database'] },
);
