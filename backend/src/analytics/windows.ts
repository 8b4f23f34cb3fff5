/**
 * Counters for the partner-click endpoint, kept in memory per API instance (limits are per instance,
 * as is fair for a rate limit; a click's beacon and ping arrive within milliseconds of each other).
 * Both forget everything at the end of their window, so memory stays bounded by what one window saw,
 * and each refuses new keys past `maxKeys` (a flood of addresses cannot grow it further).
 */

/** Hits per key in fixed windows of `windowMs`. */
export class WindowCounter {
  private counts = new Map<string, number>();
  private endsAt = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys: number,
  ) {}

  /** Counts one hit of `key`: whether it is within the limit (a new key past maxKeys never is). */
  hit(key: string, now = Date.now()): boolean {
    if (now >= this.endsAt) {
      this.counts.clear();
      this.endsAt = now + this.windowMs;
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count === 1 && this.counts.size >= this.maxKeys) return false;
    this.counts.set(key, count);
    return count <= this.limit;
  }

  /** Whole seconds until the current window ends (a 429's Retry-After). */
  secondsLeft(now = Date.now()): number {
    return Math.max(1, Math.ceil((this.endsAt - now) / 1000));
  }
}

/** Keys seen in the last `ttlMs` to `2 × ttlMs`: two generations, the older dropped as a whole. */
export class RecentKeys {
  private current = new Set<string>();
  private previous = new Set<string>();
  private rotatesAt = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxKeys: number,
  ) {}

  /** Whether `key` was seen recently; remembers it either way. */
  seen(key: string, now = Date.now()): boolean {
    if (now >= this.rotatesAt || this.current.size >= this.maxKeys) {
      this.previous = now >= this.rotatesAt + this.ttlMs ? new Set() : this.current;
      this.current = new Set();
      this.rotatesAt = now + this.ttlMs;
    }
    if (this.current.has(key) || this.previous.has(key)) return true;
    this.current.add(key);
    return false;
  }
}
