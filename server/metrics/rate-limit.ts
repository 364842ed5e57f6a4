/**
 * Allows each key (a client address) at most `limit` hits per fixed window. Kept in memory: a
 * restart forgives, which is fine for a flood guard. The map is bounded so a flood of distinct
 * keys cannot exhaust memory; windows are counted, not listed, so a key costs the same at any rate.
 */
export class RateLimit {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts a hit for `key`; false when the key has used up its window (the hit is refused). */
  take(key: string): boolean {
    const now = this.now();
    const current = this.windows.get(key);
    if (current && now - current.start < this.windowMs) {
      if (current.hits >= this.limit) return false;
      current.hits += 1;
      return true;
    }
    this.windows.delete(key);
    if (this.windows.size >= this.maxKeys) {
      // Maps iterate in insertion order: drop the oldest window.
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    this.windows.set(key, { start: now, hits: 1 });
    return true;
  }

  /** Milliseconds until `key`'s window ends (0 when it has none). */
  retryAfter(key: string): number {
    const current = this.windows.get(key);
    return current ? Math.max(0, current.start + this.windowMs - this.now()) : 0;
  }
}
