import { LRUCache } from 'lru-cache';

import type { Account, SessionFound } from './accounts-repository.ts';

/**
 * Sessions that have ended: one (by its key, the stored hash of its token), or all of an
 * account's but the one under `except` (a new password keeps the session that set it). Forgetting
 * an account's sessions without ending them makes each process read the account afresh (a new e-mail).
 */
export type EndedSessions = { key: string } | { uid: string; except?: string };

/**
 * Carries ended sessions between the processes of a cluster (server/cluster/ended-sessions-relay.ts).
 */
export interface EndedSessionsRelay {
  /** Tells every other process; resolves once each has forgotten them. */
  announce(ended: EndedSessions): Promise<void>;
  /** Calls `listener` for each announcement of another process, until the returned function is called. */
  listen(listener: (ended: EndedSessions) => void): () => void;
}

/**
 * Sessions remembered at most; past it the least recently used go first. Bounded by count, not
 * bytes: every entry is the same small record (an account's uid, e-mail and dates, a few hundred
 * bytes), so 10,000 are a few MB at most.
 */
export const DEFAULT_SESSIONS_KEPT = 10_000;

/**
 * The live sessions this process has looked up lately, so that a signed-in request does not read
 * SQLite for its session (docs/decisions.md, "Sessions remembered per worker"). In a cluster each
 * of the other workers' commits empties this connection's page cache, so that read cost far more
 * than its 3 µs alone. An entry is used until its session expires or is ended; ending sessions
 * (sign-out, a new sign-in, "Sign out of all devices") goes through `forget`, in every process,
 * before the request that ended them is answered. Unknown tokens are not remembered: they are
 * looked up each time, as before.
 */
export class SessionCache {
  readonly #entries: LRUCache<string, SessionFound>;

  constructor(
    private readonly now: () => number = Date.now,
    limit = DEFAULT_SESSIONS_KEPT,
  ) {
    this.#entries = new LRUCache({ max: limit });
  }

  /** The account of the live session under `key`; undefined when not remembered (or expired). */
  get(key: string): Account | undefined {
    return this.found(key)?.account;
  }

  /** The live session under `key` as remembered; undefined when not remembered (or expired). */
  found(key: string): SessionFound | undefined {
    const found = this.#entries.get(key);
    if (!found) return undefined;
    if (found.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return found;
  }

  set(key: string, found: SessionFound): void {
    this.#entries.set(key, found);
  }

  forget(ended: EndedSessions): void {
    if ('key' in ended) {
      this.#entries.delete(ended.key);
      return;
    }
    const ending = [...this.#entries.entries()].filter(
      ([key, found]) => found.account.uid === ended.uid && key !== ended.except,
    );
    for (const [key] of ending) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
