import { Injectable, Logger } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { Transactions } from '../database/transactions.js';

/**
 * One counted key. `window`: at most `limit` hits per fixed window of `windowSeconds` (the window
 * starts at the key's first hit). `backoff`: `limit` hits pass freely, then each further hit must
 * wait for the last one's block, which doubles (15 s, 30 s, 1 min … up to `MAX_BLOCK_SECONDS`); the
 * count is forgotten `windowSeconds` after the last counted hit.
 */
export interface LimitRule {
  key: string;
  limit: number;
  windowSeconds: number;
  kind: 'window' | 'backoff';
}

export interface Verdict {
  allowed: boolean;
  /** when refused: seconds until a hit of every refusing key would be counted again */
  retryAfterSeconds: number;
  /** hits the tightest key has left in its window (0 when refused) */
  remaining: number;
  /** seconds until the tightest key's count starts again (its window ends or its block lifts): RateLimit-Reset */
  resetSeconds: number;
  /** the keys that refused */
  refusedBy: string[];
}

/**
 * A back-off key's first block, once its free hits are used: long enough that a burst arriving over
 * a busy second still meets it (a 1 s block let a 6th guess of 50 at once through), short enough for
 * a person who mistyped five times.
 */
export const FIRST_BLOCK_SECONDS = 15;
/** Longest block a back-off key grows to. */
export const MAX_BLOCK_SECONDS = 15 * 60;

// The statement's parts, written once: each SET expression reads the row as it was before this
// statement (PostgreSQL's rule for ON CONFLICT DO UPDATE), so the new count is spelled out where used.
const WINDOW = `make_interval(secs => EXCLUDED."window_seconds")`;
const EXPIRED = `(r."window_start" <= now() - ${WINDOW})`;
const BLOCKED = `(EXCLUDED."backoff" AND NOT ${EXPIRED} AND coalesce(r."blocked_until" > now(), false))`;
const HITS = `(CASE WHEN ${EXPIRED} THEN 1 WHEN ${BLOCKED} THEN r."hits" ELSE r."hits" + 1 END)`;
const block = (hits: string, limit: string) =>
  `CASE WHEN ${hits} >= ${limit} THEN now() + make_interval(secs => least(${FIRST_BLOCK_SECONDS} * power(2, ${hits} - ${limit}), ${MAX_BLOCK_SECONDS})) END`;

/**
 * Counts before it judges: every hit is one atomic upsert per key (row locked, count incremented,
 * verdict returned in the same statement), so of 50 requests arriving at once exactly `limit` are
 * let through, on one instance or many (the counts live in PostgreSQL's `rate_limits` table).
 */
const CONSUME = `
  INSERT INTO "rate_limits" AS r ("key", "hits", "window_start", "blocked_until", "limit", "window_seconds", "backoff", "allowed", "expires_at")
  SELECT k, 1, now(), CASE WHEN b THEN ${block('1', 'l')} END, l, w, b, b OR l >= 1, now() + make_interval(secs => w)
    FROM unnest($1::text[], $2::int[], $3::int[], $4::bool[]) AS i(k, l, w, b)
  ON CONFLICT ("key") DO UPDATE SET
    "hits" = ${HITS},
    "window_start" = CASE WHEN ${EXPIRED} OR (EXCLUDED."backoff" AND NOT ${BLOCKED}) THEN now() ELSE r."window_start" END,
    "blocked_until" = CASE WHEN NOT EXCLUDED."backoff" THEN NULL WHEN ${BLOCKED} THEN r."blocked_until" ELSE ${block(HITS, 'EXCLUDED."limit"')} END,
    "allowed" = CASE WHEN EXCLUDED."backoff" THEN NOT ${BLOCKED} ELSE ${HITS} <= EXCLUDED."limit" END,
    "expires_at" = CASE WHEN ${EXPIRED} OR (EXCLUDED."backoff" AND NOT ${BLOCKED}) THEN now() + ${WINDOW} ELSE r."expires_at" END,
    "limit" = EXCLUDED."limit", "window_seconds" = EXCLUDED."window_seconds", "backoff" = EXCLUDED."backoff"
  RETURNING "key", "allowed", "hits", "limit",
    greatest(ceil(extract(epoch FROM (CASE WHEN "backoff" THEN coalesce("blocked_until", now()) ELSE "window_start" + make_interval(secs => "window_seconds") END) - now())), 1)::int AS "wait"`;

/**
 * The rows of keys `$1`, locked in key order: every statement that touches several keys takes their
 * locks in the same order as CONSUME (sorted keys), or two requests of a burst could each hold the
 * lock the other waits for (PostgreSQL then aborts one: a 500 in the middle of a burst of logins).
 */
const LOCKED_IN_ORDER = `SELECT "key" FROM "rate_limits" WHERE "key" = ANY($1) ORDER BY "key" FOR UPDATE`;

/** A hit given back: the count goes down by one, and a back-off block it caused is lifted. */
const REFUND = `
  UPDATE "rate_limits" SET "hits" = greatest("hits" - 1, 0),
    "blocked_until" = CASE WHEN "backoff" AND "hits" - 1 < "limit" THEN NULL ELSE "blocked_until" END
  WHERE "key" IN (${LOCKED_IN_ORDER})`;

/** Keys forgotten (a successful login clears its own failures), locked in order as above. */
const FORGET = `DELETE FROM "rate_limits" WHERE "key" IN (${LOCKED_IN_ORDER})`;

/** Expired keys; a row a request holds right now is left for the next prune rather than waited for. */
const PRUNE = `
  DELETE FROM "rate_limits" WHERE "key" IN (
    SELECT "key" FROM "rate_limits" WHERE "expires_at" < now() AND ("blocked_until" IS NULL OR "blocked_until" < now())
    FOR UPDATE SKIP LOCKED)`;

/**
 * The one rate limiter of the API (logins, guest order look-ups, registrations, service requests,
 * partner clicks): counts in PostgreSQL, shared by every instance. Keys name the limit and the
 * client's network (`clientNetwork`), e.g. `login:net:203.0.113.7`.
 */
@Injectable()
export class RateLimiter {
  private readonly logger = new Logger(RateLimiter.name);
  /** used only while the database cannot be reached, by the limits that must not fail with it */
  private readonly local = new LRUCache<string, { hits: number; endsAt: number }>({ max: 100_000 });
  private lastPrune = 0;

  constructor(private readonly transactions: Transactions) {}

  /**
   * Counts one hit on every key; refused when any key refuses. The keys that did count a refused
   * request's hit get it back, so a request refused by one limit does not use up the others.
   */
  async consume(rules: LimitRule[]): Promise<Verdict> {
    const sorted = [...rules].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)); // one lock order: no deadlocks
    const rows: Array<{ key: string; allowed: boolean; hits: number; limit: number; wait: number }> = await this.transactions.manager.query(CONSUME, [
      sorted.map((r) => r.key),
      sorted.map((r) => r.limit),
      sorted.map((r) => r.windowSeconds),
      sorted.map((r) => r.kind === 'backoff'),
    ]);
    this.pruneNowAndThen();
    const refused = rows.filter((row) => !row.allowed);
    if (refused.length > 0) {
      const counted = rows.filter((row) => row.allowed).map((row) => row.key);
      if (counted.length > 0) await this.refund(counted);
      const retryAfterSeconds = Math.max(...refused.map((row) => row.wait));
      return { allowed: false, retryAfterSeconds, remaining: 0, resetSeconds: retryAfterSeconds, refusedBy: refused.map((row) => row.key) };
    }
    const tightest = rows.reduce((a, b) => (b.limit - b.hits < a.limit - a.hits ? b : a));
    return { allowed: true, retryAfterSeconds: 0, remaining: Math.max(tightest.limit - tightest.hits, 0), resetSeconds: tightest.wait, refusedBy: [] };
  }

  /**
   * As `consume`, but while the database cannot be reached each instance counts `window` keys in
   * its own memory instead of failing: for limits on requests that do not need the database
   * themselves (partner clicks are buffered and written later).
   */
  async consumeOrCountLocally(rules: LimitRule[]): Promise<Verdict> {
    try {
      return await this.consume(rules);
    } catch (error) {
      this.logger.debug(`rate limit counted in memory: ${(error as Error).message}`);
      return this.consumeLocally(rules);
    }
  }

  async refund(keys: string[]): Promise<void> {
    await this.transactions.manager.query(REFUND, [keys]);
  }

  /** Forgets keys (a successful login clears its own failures). */
  async forget(keys: string[]): Promise<void> {
    await this.transactions.manager.query(FORGET, [keys]);
  }

  private consumeLocally(rules: LimitRule[], now = Date.now()): Verdict {
    const verdict: Verdict = { allowed: true, retryAfterSeconds: 0, remaining: Number.MAX_SAFE_INTEGER, resetSeconds: 0, refusedBy: [] };
    for (const rule of rules) {
      let entry = this.local.get(rule.key);
      if (!entry || entry.endsAt <= now) entry = { hits: 0, endsAt: now + rule.windowSeconds * 1000 };
      entry.hits += 1;
      this.local.set(rule.key, entry);
      if (entry.hits > rule.limit) {
        verdict.allowed = false;
        verdict.retryAfterSeconds = Math.max(verdict.retryAfterSeconds, Math.ceil((entry.endsAt - now) / 1000));
        verdict.refusedBy.push(rule.key);
      }
      const left = rule.limit - entry.hits;
      if (left < verdict.remaining) verdict.resetSeconds = Math.ceil((entry.endsAt - now) / 1000);
      verdict.remaining = verdict.allowed ? Math.min(verdict.remaining, left) : 0;
    }
    if (!verdict.allowed) verdict.resetSeconds = verdict.retryAfterSeconds;
    return verdict;
  }

  /** Expired keys are deleted at most once a minute per instance, by their indexed expiry. */
  private pruneNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPrune < 60_000) return;
    this.lastPrune = now;
    this.transactions.manager
      .query(PRUNE)
      .catch((error: Error) => this.logger.warn(`pruning rate limits failed: ${error.message}`));
  }
}
