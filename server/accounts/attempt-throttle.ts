/**
 * Counts attempts per key (an e-mail, a client address) in a sliding window and refuses a key
 * that has used up its limit. An attempt is reserved *before* the slow work (hashing) and in the
 * same synchronous step as the check, so a burst of concurrent requests cannot all pass the check
 * before any of them is counted; a reservation is released only when the attempt succeeds.
 *
 * Kept in memory: a restart forgives, which is acceptable for a throttle. The map is bounded so
 * a flood of distinct keys cannot exhaust memory.
 */
export class AttemptThrottle {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.attempts.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.attempts.delete(key);
    else this.attempts.set(key, kept);
    return kept;
  }

  /**
   * Counts an attempt for `key` unless it is blocked. Returns the reservation's time, to hand to
   * `release` if the attempt succeeds, or undefined when the key has used up its limit.
   */
  reserve(key: string): number | undefined {
    const kept = this.recent(key);
    if (kept.length >= this.limit) return undefined;
    if (!this.attempts.has(key) && this.attempts.size >= this.maxKeys) {
      // Maps iterate in insertion order: drop the oldest key.
      const oldest = this.attempts.keys().next().value;
      if (oldest !== undefined) this.attempts.delete(oldest);
    }
    const at = this.now();
    this.attempts.set(key, [...kept, at]);
    return at;
  }

  /** Gives back one reservation made at `at` (an attempt that succeeded does not count). */
  release(key: string, at: number): void {
    const kept = this.attempts.get(key);
    const index = kept?.indexOf(at) ?? -1;
    if (!kept || index < 0) return;
    kept.splice(index, 1);
    if (kept.length === 0) this.attempts.delete(key);
  }

  /** Forgets every attempt for `key`. */
  reset(key: string): void {
    this.attempts.delete(key);
  }
}

/**
 * Reserves one attempt on each of several throttles, all or none: if any key is blocked, the
 * reservations already made are given back and the result is undefined.
 */
export function reserveAll(
  entries: ReadonlyArray<readonly [AttemptThrottle, string]>,
): { release: () => void } | undefined {
  const made: Array<readonly [AttemptThrottle, string, number]> = [];
  for (const [throttle, key] of entries) {
    const at = throttle.reserve(key);
    if (at === undefined) {
      for (const [t, k, a] of made) t.release(k, a);
      return undefined;
    }
    made.push([throttle, key, at]);
  }
  return { release: () => made.forEach(([t, k, a]) => t.release(k, a)) };
}
