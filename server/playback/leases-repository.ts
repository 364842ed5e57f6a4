import { randomBytes } from 'node:crypto';

import type { Database } from 'better-sqlite3';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';

import { sessionKey } from '../accounts/accounts-repository.ts';
import { inWriteTurn, runWrite } from '../db/write-turn.ts';

/** A lease not renewed for this long has ended: its screen is free, its media addresses stop working. */
export const LEASE_TTL_MS = 60_000;
/** How often a player renews its lease: three chances before it lapses. */
export const LEASE_RENEW_MS = 20_000;
/** How long a worker trusts what it last read of a grant before reading it again. */
const GRANT_CACHE_MS = 2_000;

/** A screen playing, as its account sees it (to stop one). */
export interface Screen {
  id: string;
  device: string;
  title: string;
  startedAt: number;
  seenAt: number;
}

/** What a grant token lets its holder read. */
export interface Grant {
  leaseId: string;
  uid: string;
  folder: string;
  maxHeight: number;
}

interface LeaseRow {
  token_hash: string;
  id: string;
  uid: string;
  device: string;
  title: string;
  folder: string;
  max_height: number;
  started_at: number;
  seen_at: number;
  ended_at: number | null;
}

export interface NewLease {
  uid: string;
  device: string;
  title: string;
  folder: string;
  maxHeight: number;
}

/** A lease was made: its public id, and the token its media addresses carry (never stored). */
export interface LeaseMade {
  id: string;
  token: string;
}

const toScreen = (row: LeaseRow): Screen => ({
  id: row.id,
  device: row.device,
  title: row.title,
  startedAt: row.started_at,
  seenAt: row.seen_at,
});

/**
 * The screens playing, one lease each. The writes are the write path's (call them inside
 * `inWriteTurn`): `startIfFree` counts the live leases and adds one in the same transaction, so
 * two screens starting at once on two workers never both take the last place.
 */
export function createLeasesRepository(db: Database, now: () => number = Date.now) {
  const selectLive = db.prepare<[string, number], LeaseRow>(
    'SELECT * FROM playback_leases WHERE uid = ? AND ended_at IS NULL AND seen_at > ? ORDER BY started_at',
  );
  const insert = db.prepare(
    `INSERT INTO playback_leases (token_hash, id, uid, device, title, folder, max_height, started_at, seen_at)
     VALUES (@tokenHash, @id, @uid, @device, @title, @folder, @maxHeight, @at, @at)`,
  );
  const renew = db.prepare<[number, string, string, number]>(
    'UPDATE playback_leases SET seen_at = ? WHERE id = ? AND uid = ? AND ended_at IS NULL AND seen_at > ?',
  );
  const end = db.prepare<[number, string, string]>(
    'UPDATE playback_leases SET ended_at = ? WHERE id = ? AND uid = ? AND ended_at IS NULL',
  );
  const endAll = db.prepare<[number, string]>(
    'UPDATE playback_leases SET ended_at = ? WHERE uid = ? AND ended_at IS NULL',
  );
  const selectByToken = db.prepare<[string], LeaseRow>('SELECT * FROM playback_leases WHERE token_hash = ?');
  const prune = db.prepare<[number]>('DELETE FROM playback_leases WHERE coalesce(ended_at, seen_at) < ?');

  // Every media request asks; a player asks several times a second. A lease ended on another
  // worker is seen here within GRANT_CACHE_MS.
  const grants = new LRUCache<string, { grant: Grant | null; until: number }>({ max: 10_000 });

  const live = (uid: string) => selectLive.all(uid, now() - LEASE_TTL_MS);

  return {
    /** The account's screens playing now, oldest first. */
    screens: (uid: string): Screen[] => live(uid).map(toScreen),

    /** Starts a lease if the account has fewer than `screens` playing; otherwise the screens in use. */
    startIfFree(lease: NewLease, screens: number): { ok: true; lease: LeaseMade } | { ok: false; screens: Screen[] } {
      const playing = live(lease.uid);
      if (playing.length >= screens) return { ok: false, screens: playing.map(toScreen) };
      const token = randomBytes(32).toString('base64url');
      const id = randomBytes(12).toString('base64url');
      runWrite(insert, { ...lease, tokenHash: sessionKey(token), id, at: now() });
      return { ok: true, lease: { id, token } };
    },

    /** Keeps a live lease alive; false when it has ended or lapsed (its player must ask again). */
    renew: (uid: string, id: string): boolean => runWrite(renew, now(), id, uid, now() - LEASE_TTL_MS).changes === 1,

    /** Ends one of the account's leases (its own screen stopping, or another stopped from here). */
    end: (uid: string, id: string): boolean => runWrite(end, now(), id, uid).changes === 1,

    /** Ends every lease of the account (its password changed, its membership ended). */
    endAll: (uid: string): number => runWrite(endAll, now(), uid).changes,

    /** What `token` grants now: null once its lease has ended or lapsed, or for a token never made. */
    grantOf(token: string): Grant | null {
      const at = now();
      const cached = grants.get(token);
      if (cached && cached.until > at) return cached.grant;
      const row = selectByToken.get(sessionKey(token));
      const alive = row && row.ended_at === null && row.seen_at > at - LEASE_TTL_MS;
      const grant = alive ? { leaseId: row.id, uid: row.uid, folder: row.folder, maxHeight: row.max_height } : null;
      grants.set(token, { grant, until: at + GRANT_CACHE_MS });
      return grant;
    },

    /** Deletes leases ended (or lapsed) before `before`; returns how many. */
    prune: (before: number): number => runWrite(prune, before).changes,
  };
}

export type LeasesRepository = ReturnType<typeof createLeasesRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    leases: LeasesRepository;
  }
}

/** Ended leases are kept a day (a screens list may still name one), then deleted, hourly. */
const KEEP_ENDED_MS = 24 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/** `app.leases`: the screens playing, over the app's database, with old leases pruned hourly. */
export default fp<{ now?: () => number }>(
  async (app, options) => {
    const now = options.now ?? Date.now;
    const leases = createLeasesRepository(app.db, now);
    app.decorate('leases', leases);
    const prune = () => inWriteTurn(app.db, () => leases.prune(now() - KEEP_ENDED_MS));
    const timer = setInterval(() => {
      prune().catch((error: unknown) => app.log.warn(error, 'playback: pruning ended leases failed'));
    }, PRUNE_EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'leases', dependencies: ['database'] },
);
