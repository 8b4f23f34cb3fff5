import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { Transactions } from '../database/transactions.js';

/** Failures of one username from one address before the back-off starts. */
export const PAIR_FREE_FAILURES = 5;
/** Failures from one address, any usernames, before the back-off starts. */
export const ADDRESS_FREE_FAILURES = 30;
/** Longest wait the back-off grows to. */
export const MAX_BLOCK_SECONDS = 15 * 60;
/** A key's count starts again after this long without a failure. */
const FORGET_AFTER = '1 hour';

export class TooManyLoginAttempts extends HttpException {
  constructor(
    readonly retryAfterSeconds: number,
    what = 'login',
  ) {
    super(
      `Too many failed ${what} attempts; try again in ${retryAfterSeconds < 60 ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}` : `${Math.ceil(retryAfterSeconds / 60)} minutes`}`,
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * Failed logins counted in PostgreSQL, so every API instance sees the same counts: per client
 * address, and per (address, username). Past the free failures each further failure doubles the
 * wait (1 s, 2 s, 4 s … up to 15 min), as Saleor does; while a key waits, logins answer 429 saying
 * when to try again. A success clears its (address, username) pair. Counts are per address, so an
 * attacker's failures never lock the real user out from another address.
 */
@Injectable()
export class LoginThrottle {
  constructor(private readonly transactions: Transactions) {}

  private keys(address: string, username: string): string[] {
    // one client, one key: a dual-stack listener sees IPv4 clients as ::ffff:a.b.c.d, an IPv4 one as a.b.c.d
    const client = address.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');
    return [`address:${client}`, `pair:${client}:${username.toLowerCase()}`];
  }

  /** `what` names the attempts in the 429's message (guest order look-ups share the per-address budget). */
  async assertAllowed(address: string, username: string, what = 'login'): Promise<void> {
    const rows: Array<{ wait: number }> = await this.transactions.manager.query(
      `SELECT ceil(extract(epoch FROM max("blocked_until") - now()))::int AS wait
         FROM "login_attempts" WHERE "key" = ANY($1) AND "blocked_until" > now()`,
      [this.keys(address, username)],
    );
    const wait = rows[0]?.wait;
    if (wait && wait > 0) throw new TooManyLoginAttempts(wait, what);
  }

  async recordFailure(address: string, username: string): Promise<void> {
    const [addressKey, pairKey] = this.keys(address, username);
    await this.transactions.manager.query(
      `INSERT INTO "login_attempts" AS a ("key", "failures", "last_failure_at", "blocked_until")
       SELECT k, 1, now(), NULL FROM unnest($1::text[]) AS k
       ON CONFLICT ("key") DO UPDATE SET
         "failures" = CASE WHEN a."last_failure_at" < now() - interval '${FORGET_AFTER}' THEN 1 ELSE a."failures" + 1 END,
         "last_failure_at" = now(),
         "blocked_until" = CASE
           WHEN a."last_failure_at" < now() - interval '${FORGET_AFTER}' THEN NULL
           WHEN a."failures" + 1 > (CASE WHEN a."key" LIKE 'pair:%' THEN $2::int ELSE $3::int END)
             THEN now() + make_interval(secs => least(power(2, a."failures" + 1 - (CASE WHEN a."key" LIKE 'pair:%' THEN $2::int ELSE $3::int END) - 1), $4::int))
           ELSE NULL END`,
      [[addressKey, pairKey], PAIR_FREE_FAILURES, ADDRESS_FREE_FAILURES, MAX_BLOCK_SECONDS],
    );
  }

  async recordSuccess(address: string, username: string): Promise<void> {
    await this.transactions.manager.query(`DELETE FROM "login_attempts" WHERE "key" = $1`, [this.keys(address, username)[1]]);
  }

  /** Forgets keys idle for longer than the window (called now and then, e.g. after a login). */
  async prune(): Promise<void> {
    await this.transactions.manager.query(`DELETE FROM "login_attempts" WHERE "last_failure_at" < now() - interval '${FORGET_AFTER}' AND ("blocked_until" IS NULL OR "blocked_until" < now())`);
  }
}
