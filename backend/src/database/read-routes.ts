import { AsyncLocalStorage } from 'node:async_hooks';
import { Inject, Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import type pg from 'pg';
import type { DataSource } from 'typeorm';
import { countRead, countUnlockedRetry } from '../observability/metrics.js';
import { isUnreachable } from './database-status.js';
import { Database } from './database.js';
import { lsnOf, lsnText, type Replica, REPLICA_CHECK_MS, type ReplicaSet } from './replicas.js';
import { Transactions } from './transactions.js';

/** What a read is for: the label of `db_reads_total`. */
export type ReadPurpose = 'catalogue' | 'search-index' | 'sitemap' | 'analytics' | 'export';

/** Where a read goes: the primary (DATABASE_URL) or one of DATABASE_READ_URLS. */
export interface ReadTarget {
  name: string;
  dataSource: DataSource;
  replica?: Replica;
}

/**
 * What a request requires of the server that answers its reads: it has seen catalogue version
 * `version` (so nothing older may be served), its own write reached the primary's WAL at `afterLsn`
 * (so a replica must have replayed that far), or it must read the primary (`primary`: an admin).
 */
export interface ReadNeeds {
  version?: bigint;
  afterLsn?: bigint;
  primary?: boolean;
}

/** The read-your-writes cookie: the primary's WAL position right after the browser's last write. */
export const WROTE_COOKIE = 'dm_wrote';
/** The newest catalogue version the browser was served. */
export const SEEN_COOKIE = 'dm_seen';

const requests = new AsyncLocalStorage<ReadNeeds>();
/** The read a catalogue request runs in: its target and the catalogue version of its snapshot. */
const reads = new AsyncLocalStorage<{ target: ReadTarget; version: string }>();

function cookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1).trim();
  }
  return undefined;
}

/** The versions a request's If-None-Match names ("<version>-<digest>"): the client holds them, so it has seen them. */
function versionsHeld(ifNoneMatch: string | undefined): bigint | undefined {
  let newest: bigint | undefined;
  for (const [, digits] of (ifNoneMatch ?? '').matchAll(/"(\d{1,18})-/g)) {
    const version = BigInt(digits!);
    if (newest === undefined || version > newest) newest = version;
  }
  return newest;
}

const max = (a: bigint | undefined, b: bigint | undefined) => (a === undefined ? b : b === undefined || a > b ? a : b);

/**
 * Where each read goes (docs/operations.md "Reads from replicas"). Without DATABASE_READ_URLS every
 * read is the primary's, as before. With them, `pick` sends a read to a replica that is up, within
 * REPLICA_MAX_LAG_MS, has replayed the request's own last write (WROTE_COOKIE) and holds a
 * catalogue version at least as new as any the request or this process has seen; else the primary.
 */
@Injectable()
export class ReadRoutes {
  readonly primary: ReadTarget;
  private readonly set: ReplicaSet;
  /** the newest catalogue version this process has served or read: no read is answered from an older one */
  private floor = 0n;
  private turn = 0;

  constructor(@Inject(Database) private readonly database: Database) {
    this.primary = { name: 'primary', dataSource: database.dataSource };
    this.set = database.replicas;
  }

  get enabled(): boolean {
    return this.set.replicas.length > 0;
  }

  /** Seconds a write's cookie lives: past it, every replica within the lag bound has replayed the write. */
  get windowSeconds(): number {
    return Math.ceil((this.set.maxLagMs + 2 * REPLICA_CHECK_MS) / 1000) + 1;
  }

  /** Express middleware: the request's needs (its cookies and If-None-Match) for every read it makes. */
  middleware() {
    return (req: Request, _res: Response, next: NextFunction) => {
      const written = cookie(req.headers.cookie, WROTE_COOKIE);
      const seen = cookie(req.headers.cookie, SEEN_COOKIE);
      const needs: ReadNeeds = {
        afterLsn: written && /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i.test(written) ? lsnOf(written) : undefined,
        version: max(seen && /^\d{1,18}$/.test(seen) ? BigInt(seen) : undefined, versionsHeld(req.headers['if-none-match'])),
      };
      requests.run(needs, next);
    };
  }

  /** The current request's needs (none outside a request). */
  needs(): ReadNeeds {
    return requests.getStore() ?? {};
  }

  /** The read a catalogue request runs in (ReadRoutes.snapshot), if any. */
  static currentRead(): { target: ReadTarget; version: string } | undefined {
    return reads.getStore();
  }

  /** Resolves once every replica has been checked (at start, before the search index chooses where to load from). */
  async checked(): Promise<void> {
    if (this.enabled) await this.set.nextCheck();
  }

  /** Where a read with these needs goes now (the primary unless a replica qualifies); counted under `purpose`. */
  pick(purpose: ReadPurpose, needs: ReadNeeds = this.needs()): ReadTarget {
    const target = this.choose(needs);
    countRead(target.name, purpose);
    return target;
  }

  /** `pick`'s DataSource, for a service's query. */
  source(purpose: ReadPurpose): DataSource {
    return this.pick(purpose).dataSource;
  }

  /**
   * `work` on `pick`'s target; when that is a replica and it turns out unreachable (stopped since its
   * last check), it is marked down at once and `work` runs again on the primary: a replica that dies
   * costs a read a retry, never an error (a stream that had begun cannot be retried, and fails).
   */
  async read<T>(purpose: ReadPurpose, work: (target: ReadTarget) => Promise<T>, needs: ReadNeeds = this.needs(), chosen?: ReadTarget): Promise<T> {
    const target = chosen ?? this.choose(needs);
    countRead(target.name, purpose);
    try {
      return await work(target);
    } catch (error) {
      if (!target.replica || !isUnreachable(error)) throw error;
      target.replica.failed(error);
      countRead(this.primary.name, purpose);
      return work(this.primary);
    }
  }

  /** Where a read with these needs would go now, not counted (`read` counts it when it runs). */
  choose(needs: ReadNeeds = this.needs()): ReadTarget {
    if (!this.enabled || needs.primary) return this.primary;
    const version = max(this.floor, needs.version)!;
    const eligible = this.set.replicas.filter(
      (replica) => this.set.usable(replica) && replica.dataSource.isInitialized && (replica.version ?? 0n) >= version && replica.replayLsn >= (needs.afterLsn ?? 0n),
    );
    if (eligible.length === 0) return this.primary;
    const replica = eligible[this.turn++ % eligible.length]!;
    return { name: replica.name, dataSource: replica.dataSource, replica };
  }

  /** A catalogue version read from `target` (the version only ever grows on one server: replay is in commit order). */
  observe(version: string | bigint, target?: ReadTarget): void {
    const value = BigInt(version);
    if (value > this.floor) this.floor = value;
    const replica = target?.replica;
    if (replica && (replica.version === undefined || value > replica.version)) replica.version = value;
  }

  /** The catalogue version a replica target held at its last check (the primary's is CatalogueVersion's). */
  checkedVersion(target: ReadTarget): string | undefined {
    return target.replica?.version?.toString();
  }

  /**
   * Runs `work` in one REPEATABLE READ, READ ONLY transaction on `target`, whose first statement
   * reads the catalogue version: every query of `work` (through Transactions) sees the same
   * snapshot, so what it returns is exactly the data of that version, whichever server and however
   * far behind. The version comes back with the result.
   */
  async snapshot<T>(target: ReadTarget, work: () => Promise<T>): Promise<{ value: T; version: string }> {
    const runner = target.dataSource.createQueryRunner('master');
    const client = (await runner.connect()) as pg.PoolClient;
    // A connection the server ends while the snapshot is open between two statements (a replica
    // stopped, the primary restarted) emits 'error' and TypeORM releases the runner at once: the
    // work's next statement then fails with "query runner already released", which says nothing of
    // the cause. The connection's own error is what the work failed of, so that is what is thrown
    // (an unreachable server: `read` retries on the primary, a request answers 503, never 500).
    let lost: unknown;
    const onLost = (error: unknown) => (lost ??= error);
    client.on('error', onLost);
    let open = false;
    try {
      // one round trip: the transaction and the version at once
      const results = (await client.query(
        'BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; SELECT version::text AS version FROM catalogue_state',
      )) as unknown as pg.QueryResult<{ version: string }>[];
      open = true;
      const version = results[1]!.rows[0]!.version;
      this.observe(version, target);
      const value = await reads.run({ target, version }, () => Transactions.reading(runner.manager, work));
      await client.query('COMMIT');
      open = false;
      return { value, version };
    } catch (error) {
      throw lost ?? error;
    } finally {
      client.removeListener('error', onLost);
      if (open && lost === undefined) await client.query('ROLLBACK').catch(() => undefined);
      await runner.release();
    }
  }

  /**
   * Runs `work` on a replica `target`'s pool, without a transaction, as catalogue version `version`
   * (the replica's at its last check: its data is at least that new, replay only moves forward),
   * then reads the replica's version again (Replica.versionAfter, a statement sent after `work`
   * ended). Equal, no catalogue write was replayed between the check and the end of `work` (each
   * bumps the version in its own transaction), so every statement of `work` read exactly
   * `version`'s data: it comes back as that version. Otherwise (a write replayed meanwhile, or the
   * version read timed out) `work` runs again in a `snapshot`, which tags it with the version of its
   * own data. One shared statement instead of a transaction per response (docs/performance.md).
   */
  async unlocked<T>(target: ReadTarget, version: string, work: () => Promise<T>): Promise<{ value: T; version: string }> {
    const replica = target.replica!;
    const value = await reads.run({ target, version }, () => Transactions.pooled(target.dataSource, work));
    const after = await replica.versionAfter().catch((error: unknown) => {
      // unreachable: `read` retries on the primary; slow (the check's timeout): a snapshot answers
      if (isUnreachable(error)) throw error;
      return undefined;
    });
    if (after !== undefined && after.toString() === version) return { value, version };
    countUnlockedRetry(target.name);
    if (after !== undefined) this.observe(after, target);
    return this.snapshot(target, work);
  }

  /** The primary's WAL position now (after a write's commit): what a replica must have replayed to show it. */
  async primaryLsn(): Promise<string> {
    const [row] = (await this.database.dataSource.query('SELECT pg_current_wal_lsn()::text AS lsn')) as { lsn: string }[];
    return row!.lsn;
  }

  /** Sets the read-your-writes cookie after a write (its transaction committed). */
  async wrote(res: Response): Promise<void> {
    const lsn = lsnOf(await this.primaryLsn())!;
    if (res.headersSent) return;
    res.cookie(WROTE_COOKIE, lsnText(lsn), { encode: String, httpOnly: true, sameSite: 'lax', path: '/', maxAge: this.windowSeconds * 1000 });
  }

  /** Tells the browser the catalogue version it was just served, when newer than the one it had. */
  served(res: Response, version: string): void {
    const value = BigInt(version);
    const had = this.needs().version;
    if ((had !== undefined && had >= value) || res.headersSent) return;
    res.cookie(SEEN_COOKIE, version, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: this.windowSeconds * 1000 });
  }
}
