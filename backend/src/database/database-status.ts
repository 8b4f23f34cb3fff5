import { Logger } from '@nestjs/common';
import type { Socket } from 'node:net';
import pg from 'pg';

/** Bounds that keep a request from hanging on an unreachable or stuck database. */
export const CONNECT_TIMEOUT_MS = 10_000;
export const STATEMENT_TIMEOUT_MS = 15_000;
/** Client-side bound for a server that stopped answering altogether (a statement timeout needs a live server). */
export const QUERY_TIMEOUT_MS = STATEMENT_TIMEOUT_MS + 5_000;
/**
 * How long a request may wait for a free pooled connection (or a new one's SCRAM handshake). Longer
 * than a connect: on a saturated machine (the backend suite's concurrency test on a load average of
 * 15 on 2 cores saw waits past 30 s) the queue is slow but moving, and each connection it waits for
 * is itself bounded by the statement and query timeouts.
 */
export const POOL_WAIT_MS = 60_000;

/**
 * A pg client whose connection to the server (the TCP or Unix socket connect) is bounded by
 * CONNECT_TIMEOUT_MS: a server that is gone or black-holed fails fast. The rest of the set-up (the
 * SCRAM handshake, whose hashing waits in libuv's thread pool behind password hashing during a burst
 * of sign-ins) is bounded only by the pool's wait (POOL_WAIT_MS), so a busy API does not mistake its
 * own queue for an outage.
 *
 * It always listens for its own `error`: a connection the server ends (a crash, a restart, an
 * administrator's pg_terminate_backend) while the client is checked out between queries, or in the
 * instant between a pool handing it out and its user listening (TypeORM listens a promise later),
 * would otherwise emit `error` with nobody listening and end the process. The client is then not
 * queryable, so its holder meets the error on its next query (an unreachable database, counted by the
 * status) and releases it; an idle client's error still reaches the pool's listener as well.
 */
export class BoundedClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: 0 });
    this.on('error', () => undefined);
    // the pool connects a client as soon as it makes one, so the bound starts here
    const socket = (this as unknown as { connection: { stream: Socket } }).connection.stream;
    const timer = setTimeout(() => {
      socket.destroy(Object.assign(new Error(`connect ETIMEDOUT: no connection to the database within ${CONNECT_TIMEOUT_MS} ms`), { code: 'ETIMEDOUT' }));
    }, CONNECT_TIMEOUT_MS);
    socket.once('connect', () => clearTimeout(timer));
    socket.once('close', () => clearTimeout(timer));
  }
}

/** How often, while the database is down, a summary is logged and a probe tries to reach it. */
const SUMMARY_EVERY_MS = 5_000;
const PROBE_EVERY_MS = 500;
const PROBE_TIMEOUT_MS = 2_000;

/** Network and server-state failures that mean "the database cannot be reached", not "this query was wrong". */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOENT', 'EAI_AGAIN']);
/** SQLSTATE class 08 (connection exception) and 57P01-03 (server shutting down, crashed, starting). */
const UNREACHABLE_SQLSTATE = /^(08...|57P0[123])$/;
const UNREACHABLE_MESSAGE = /Connection terminated(?! due to connection timeout)|Client has encountered a connection error|not queryable|Connection ended unexpectedly/i;
/** 57014: the statement timeout (or a cancel): the server is there but overloaded. */
const TIMED_OUT_SQLSTATE = '57014';
/**
 * Waits that ran out: for a free pooled connection, for a new connection to be set up, for an
 * answer. A saturated machine (password hashing filling the thread pool, say) can cause any of
 * them with the database in good health, so they fail the request (503) without marking an outage.
 */
const TIMED_OUT_MESSAGE = /timeout exceeded when trying to connect|due to connection timeout|^timeout expired$|Query read timeout/;

interface ErrorLike {
  code?: string;
  message?: string;
  driverError?: ErrorLike;
}

function causes(error: unknown): ErrorLike[] {
  if (!error || typeof error !== 'object') return [];
  const e = error as ErrorLike;
  return e.driverError ? [e, e.driverError] : [e];
}

/** The database cannot be reached at all (the error may come through TypeORM's QueryFailedError). */
export function isUnreachable(error: unknown): boolean {
  return causes(error).some((e) => (e.code !== undefined && (UNREACHABLE_CODES.has(e.code) || UNREACHABLE_SQLSTATE.test(e.code))) || UNREACHABLE_MESSAGE.test(e.message ?? ''));
}

/** A request should be answered 503 (try again later) rather than 500: unreachable, or timed out. */
export function isUnavailable(error: unknown): boolean {
  return isUnreachable(error) || causes(error).some((e) => e.code === TIMED_OUT_SQLSTATE || TIMED_OUT_MESSAGE.test(e.message ?? ''));
}

/** What happened to the requests that came in while the database was down. */
export type OutageAnswer = 'refused' | 'stale';

/**
 * Whether the database is reachable, as the API last saw it. The first request (or pool, or the
 * embedded server's supervisor) that meets an unreachable database marks it down; from then on
 * requests are answered at once without touching the pool, a probe tries the database every half
 * second, and it is up again as soon as a probe gets through. The log says once that it is down
 * (with the error), a summary at most every five seconds, and once that it is back: never a line
 * per request. `closing` is set when the API begins to shut down (readiness answers 503 from then).
 */
export class DatabaseStatus {
  private readonly logger = new Logger('Database');
  private downSince: number | undefined;
  private lastError = '';
  private readonly counts: Record<OutageAnswer, number> = { refused: 0, stale: 0 };
  private readonly total: Record<OutageAnswer, number> = { refused: 0, stale: 0 };
  private summaryTimer: NodeJS.Timeout | undefined;
  private probeTimer: NodeJS.Timeout | undefined;
  private probing = false;
  private stopped = false;
  private readonly fatal: Array<(message: string) => void> = [];
  closing = false;

  constructor(private readonly url: string) {}

  get down(): boolean {
    return this.downSince !== undefined;
  }

  /** Milliseconds since the database was marked down (0 while up). */
  downForMs(): number {
    return this.downSince === undefined ? 0 : Date.now() - this.downSince;
  }

  /** Records an error from any database call: an unreachable database marks it down. Returns whether it was one. */
  failed(error: unknown, reason?: string): boolean {
    if (!isUnreachable(error)) return false;
    this.lastError = reason ?? (causes(error).at(-1)?.message || String(error));
    // after stop() (the API closed its database), a late error from a queue or a relay starts no probes
    if (this.down || this.stopped) return true;
    this.downSince = Date.now();
    this.logger.error(`Database unreachable: ${this.lastError}. API requests answer 503 (kept catalogue pages are served stale) until it is back.`);
    this.summaryTimer = setInterval(() => this.summary(), SUMMARY_EVERY_MS).unref();
    this.probeTimer = setInterval(() => void this.probe(), PROBE_EVERY_MS).unref();
    return true;
  }

  /**
   * An idle pooled connection failed: one connection ended by the server (a terminated backend) is
   * not an outage, so a probe decides before the database is marked down.
   */
  suspect(error: unknown): void {
    if (this.down || this.probing || this.stopped || !isUnreachable(error)) return;
    void this.check().then((ok) => ok || this.failed(error));
  }

  /** What to do when the database cannot be brought back (the embedded server's supervisor gave up). */
  onFatal(listener: (message: string) => void): void {
    this.fatal.push(listener);
  }

  gaveUp(message: string): void {
    for (const listener of this.fatal) listener(message);
  }

  /** Counts a request answered while down, for the summaries. */
  answered(answer: OutageAnswer): void {
    this.counts[answer] += 1;
    this.total[answer] += 1;
  }

  /** The database answered: if it was down, it is back. */
  reachable(): void {
    if (!this.down) return;
    const seconds = (this.downForMs() / 1000).toFixed(1);
    this.stopTimers();
    this.downSince = undefined;
    this.logger.log(`Database reachable again after ${seconds} s (${this.total.refused} requests answered 503, ${this.total.stale} served stale)`);
    this.total.refused = this.total.stale = this.counts.refused = this.counts.stale = 0;
  }

  /** Stops the timers (the API is closing) for good. */
  stop(): void {
    this.stopped = true;
    this.stopTimers();
  }

  private stopTimers(): void {
    clearInterval(this.summaryTimer);
    clearInterval(this.probeTimer);
    this.summaryTimer = this.probeTimer = undefined;
  }

  private summary(): void {
    this.logger.warn(
      `Database still unreachable after ${(this.downForMs() / 1000).toFixed(0)} s (${this.lastError}): ` +
        `${this.counts.refused} requests answered 503 and ${this.counts.stale} served stale in the last ${SUMMARY_EVERY_MS / 1000} s`,
    );
    this.counts.refused = this.counts.stale = 0;
  }

  private async probe(): Promise<void> {
    if (!this.probing && this.down && (await this.check())) this.reachable();
  }

  /** One connection of its own, not the pool's: the pool may be full of requests waiting for it. */
  private async check(): Promise<boolean> {
    this.probing = true;
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
    client.on('error', () => undefined); // a probe's own connection failing is what it is there to find out
    try {
      await client.connect();
      await client.query('SELECT 1');
      return true;
    } catch (error) {
      this.lastError = (error as Error).message || String(error);
      return false;
    } finally {
      this.probing = false;
      await client.end().catch(() => undefined);
    }
  }
}
