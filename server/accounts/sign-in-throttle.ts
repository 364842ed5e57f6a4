/**
 * Counts failed sign-ins per key (an e-mail, a client address) in a sliding window and says
 * when a key has failed too often. Kept in memory: a restart forgives, which is acceptable for
 * a throttle, and nothing is written on the hot path. The map is bounded so a flood of
 * distinct keys cannot exhaust memory.
 */
export class SignInThrottle {
  private readonly failures = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    const kept = (this.failures.get(key) ?? []).filter((at) => at > since);
    if (kept.length === 0) this.failures.delete(key);
    else this.failures.set(key, kept);
    return kept;
  }

  isBlocked(key: string): boolean {
    return this.recent(key).length >= this.limit;
  }

  recordFailure(key: string): void {
    const kept = this.recent(key);
    if (!this.failures.has(key) && this.failures.size >= this.maxKeys) {
      // Maps iterate in insertion order: drop the oldest key.
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
    this.failures.set(key, [...kept, this.now()]);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }
}
