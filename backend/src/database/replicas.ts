import { Logger } from '@nestjs/common';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { createDataSource, type ServingOptions } from './data-source.js';

/** How often each replica's position (and the primary's) is read: the resolution of the lag and of read-your-writes. */
export const REPLICA_CHECK_MS = 250;
/** A check that takes longer than this counts the replica as unreachable for that round. */
const CHECK_TIMEOUT_MS = 2000;

/** A WAL position ('16/B374D848') as a number, so positions compare; undefined for null (not a standby, nothing replayed). */
export function lsnOf(text: string | null | undefined): bigint | undefined {
  if (!text) return undefined;
  const [high, low] = text.split('/');
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

export function lsnText(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** The primary's WAL position as read at `at` (ms since epoch). */
interface Sample {
  at: number;
  lsn: bigint;
}

/**
 * How far behind the primary a replica that has replayed up to `replay` is, from the primary's
 * positions read at each check: the time since the primary first held WAL the replica has not
 * replayed (0 when it has replayed the latest position read). Measured, never guessed: a paused or
 * disconnected replica's lag grows with the clock as soon as the primary writes anything, and an
 * idle primary leaves nothing to lag behind.
 */
export function lagOf(samples: readonly Sample[], replay: bigint, now: number): number {
  const latest = samples.at(-1);
  if (!latest || replay >= latest.lsn) return 0;
  const first = samples.find((sample) => sample.lsn > replay)!;
  return Math.max(0, now - first.at);
}

/** One streaming replica: its own pool (a TypeORM DataSource, opened once it first answers) and what the last check found. */
export class Replica {
  /** reachable, a standby, and answering its checks */
  up = false;
  /** behind the primary, ms (Infinity until the first check) */
  lagMs = Number.POSITIVE_INFINITY;
  /** the last WAL position it had replayed */
  replayLsn = 0n;
  /** catalogue_state.version it served at the last check (it only ever grows: replay is in commit order) */
  version: bigint | undefined;
  /** why it is not up, for the log */
  problem: string | undefined = 'not checked yet';
  readonly dataSource: DataSource;
  private probe: Promise<pg.Client> | undefined;
  private opening: Promise<void> | undefined;
  /** the version read on the probe now (sent), and the one callers wait for after it (not sent yet) */
  private reading: Promise<bigint> | undefined;
  private queued: Promise<bigint> | undefined;
  /** closed with the API: no probe connection is made again */
  private closed = false;

  constructor(
    readonly name: string,
    readonly url: string,
    poolSize: number,
    serving: ServingOptions,
  ) {
    // no extensions to create (a standby is read-only): the schema came with the primary's WAL
    this.dataSource = createDataSource(url, poolSize, serving);
    this.dataSource.setOptions({ installExtensions: false });
  }

  /** Its position and catalogue version on a connection of its own (not the pool's, which may be full of reads). */
  async check(): Promise<{ replay: bigint; version: bigint | undefined }> {
    const { rows } = await (await this.client()).query<{ standby: boolean; replay: string | null; version: string | null }>(
      `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS replay,
              (SELECT version::text FROM catalogue_state) AS version`,
    );
    const row = rows[0]!;
    if (!row.standby) throw new Error('it is not a standby (promoted, or not a replica): its data may differ from the primary');
    const replay = lsnOf(row.replay);
    if (replay === undefined) throw new Error('it has replayed no WAL yet');
    // the pool is opened once the replica answers: an API may start while a replica is down
    if (!this.dataSource.isInitialized) await (this.opening ??= this.dataSource.initialize().then(() => undefined).finally(() => (this.opening = undefined)));
    return { replay, version: row.version === null ? undefined : BigInt(row.version) };
  }

  /**
   * The catalogue version from a read sent after this call (on the probe connection): what
   * ReadRoutes.unlocked compares with the version a read was made as. Concurrent callers share one
   * read, as long as it has not been sent yet: one statement answers all the reads that finished
   * while the previous one was on its way.
   */
  versionAfter(): Promise<bigint | undefined> {
    if (!this.reading) return this.readVersion();
    this.queued ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.readVersion();
      });
    return this.queued;
  }

  private readVersion(): Promise<bigint> {
    const reading = (async () => {
      const { rows } = await (await this.client()).query<{ version: string }>('SELECT version::text AS version FROM catalogue_state');
      const version = BigInt(rows[0]!.version);
      if (this.version === undefined || version > this.version) this.version = version;
      return version;
    })();
    this.reading = reading;
    void reading.then(
      () => this.reading === reading && (this.reading = undefined),
      (error: unknown) => {
        if (this.reading === reading) this.reading = undefined;
        this.failed(error);
      },
    );
    return reading;
  }

  /** The probe connection (made at the first call after it was dropped). */
  private client(): Promise<pg.Client> {
    if (this.closed) return Promise.reject(new Error(`replica ${this.name} is closed`));
    const probe = (this.probe ??= this.connect());
    // a connection that could not be made is not kept: the next call tries again
    probe.catch(() => this.probe === probe && (this.probe = undefined));
    return probe;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: CHECK_TIMEOUT_MS, query_timeout: CHECK_TIMEOUT_MS });
    client.on('error', () => undefined); // the next query fails, and the check says so
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  /** A failed check: the probe connection is dropped (the next check makes a new one). */
  failed(error: unknown): void {
    this.up = false;
    this.problem = (error as Error).message || String(error);
    const probe = this.probe;
    this.probe = undefined;
    void probe?.then((client) => client.end()).catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    const probe = this.probe;
    this.probe = undefined;
    await probe?.then((client) => client.end()).catch(() => undefined);
    await this.opening?.catch(() => undefined);
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

/**
 * The replicas of DATABASE_READ_URLS and their checker: every REPLICA_CHECK_MS it reads the
 * primary's WAL position (pg_current_wal_lsn), then each replica's replayed position
 * (pg_last_wal_replay_lsn) and catalogue version, and from those each replica's lag (lagOf). A
 * replica that fails its check, is not a standby, or lags more than `maxLagMs` is not `usable`.
 */
export class ReplicaSet {
  private readonly logger = new Logger('Replicas');
  private readonly samples: Sample[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private primaryProbe: pg.Client | undefined;
  /** resolves after the next complete check (tests, and the first routing decision) */
  private waiters: Array<() => void> = [];

  constructor(
    readonly replicas: Replica[],
    private readonly primaryUrl: string,
    readonly maxLagMs: number,
  ) {}

  start(): void {
    if (this.replicas.length === 0) return;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.check().finally(() => {
        this.running = undefined;
        if (!this.stopped) this.timer = setTimeout(tick, REPLICA_CHECK_MS).unref();
      });
    };
    tick();
  }

  /** Whether `replica` may serve a read now. */
  usable(replica: Replica): boolean {
    return replica.up && replica.lagMs <= this.maxLagMs;
  }

  /** The newest WAL position of the primary the checker has read (0 before the first). */
  get primaryLsn(): bigint {
    return this.samples.at(-1)?.lsn ?? 0n;
  }

  /** Resolves after a check that started after this call has finished. */
  nextCheck(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private async check(): Promise<void> {
    const waiting = this.waiters.splice(0);
    try {
      await this.samplePrimary();
    } catch (error) {
      // the primary unreachable: the replicas' lag is measured against the positions read before
      this.logger.debug?.(`primary position not read: ${(error as Error).message}`);
      const probe = this.primaryProbe;
      this.primaryProbe = undefined;
      void probe?.end().catch(() => undefined);
    }
    await Promise.all(this.replicas.map((replica) => this.checkReplica(replica)));
    for (const resolve of waiting) resolve();
  }

  private async samplePrimary(): Promise<void> {
    if (!this.primaryProbe) {
      const client = new pg.Client({ connectionString: this.primaryUrl, connectionTimeoutMillis: CHECK_TIMEOUT_MS, query_timeout: CHECK_TIMEOUT_MS });
      client.on('error', () => undefined);
      await client.connect().catch(async (error: unknown) => {
        await client.end().catch(() => undefined);
        throw error;
      });
      this.primaryProbe = client;
    }
    const { rows } = await this.primaryProbe.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    const at = Date.now();
    this.samples.push({ at, lsn: lsnOf(rows[0]!.lsn)! });
    // enough history to tell any lag up to twice the bound; beyond, a replica is skipped anyway
    const keepFrom = at - 2 * this.maxLagMs - 10 * REPLICA_CHECK_MS;
    while (this.samples.length > 2 && this.samples[1]!.at < keepFrom) this.samples.shift();
  }

  /** what the log last said of each replica (nothing yet: its first check is logged either way) */
  private readonly reported = new Map<Replica, boolean>();

  private async checkReplica(replica: Replica): Promise<void> {
    try {
      const { replay, version } = await replica.check();
      replica.replayLsn = replay;
      if (version !== undefined && (replica.version === undefined || version > replica.version)) replica.version = version;
      replica.lagMs = lagOf(this.samples, replay, Date.now());
      replica.up = true;
      replica.problem = replica.lagMs > this.maxLagMs ? `${replica.lagMs} ms behind the primary (bound ${this.maxLagMs} ms)` : undefined;
    } catch (error) {
      replica.failed(error);
    }
    const usable = this.usable(replica);
    if (usable !== this.reported.get(replica) && !this.stopped) {
      this.reported.set(replica, usable);
      if (usable) this.logger.log(`replica ${replica.name} serves reads (${replica.lagMs} ms behind)`);
      else this.logger.warn(`replica ${replica.name} skipped, the primary serves its reads: ${replica.problem}`);
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    for (const resolve of this.waiters.splice(0)) resolve();
    await this.primaryProbe?.end().catch(() => undefined);
    await Promise.all(this.replicas.map((replica) => replica.close()));
  }
}
