import { HttpException, HttpStatus, Injectable } from '@nestjs/common';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES = 10;

/** In-memory limit on failed logins per client address and username (per API instance). */
@Injectable()
export class LoginRateLimiter {
  private readonly failures = new Map<string, { count: number; resetAt: number }>();

  assertAllowed(key: string): void {
    const entry = this.failures.get(key);
    if (!entry) return;
    if (entry.resetAt <= Date.now()) {
      this.failures.delete(key);
      return;
    }
    if (entry.count >= MAX_FAILURES) {
      const minutes = Math.ceil((entry.resetAt - Date.now()) / 60_000);
      throw new HttpException(
        `Too many failed login attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
  }

  recordFailure(key: string): void {
    const now = Date.now();
    const entry = this.failures.get(key);
    if (!entry || entry.resetAt <= now) this.failures.set(key, { count: 1, resetAt: now + WINDOW_MS });
    else entry.count += 1;
    if (this.failures.size > 10_000) this.prune(now);
  }

  reset(key: string): void {
    this.failures.delete(key);
  }

  private prune(now: number): void {
    for (const [key, entry] of this.failures) if (entry.resetAt <= now) this.failures.delete(key);
  }
}
