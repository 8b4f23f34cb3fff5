import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { BoundedClient, DatabaseStatus, POOL_WAIT_MS, QUERY_TIMEOUT_MS, STATEMENT_TIMEOUT_MS } from './database-status.js';
import { openDatabase } from './data-source.js';
import { DEFAULT_DB_POOL_SIZE, EmbeddedPostgres, SESSION_POOL_SIZE } from './embedded-postgres.js';
import { Replica, ReplicaSet } from './replicas.js';

/** The embedded server is gone: what a request meets until it is back (an unreachable database). */
class EmbeddedServerDown extends Error {
  readonly code = 'ECONNREFUSED';
}

/**
 * Everything that talks to PostgreSQL, opened and closed in one place: the embedded server (when
 * DATABASE_URL is unset), the migrated TypeORM DataSource, and the session store's `pg` pool, with
 * `status` (reachable or not) fed by both pools and by the embedded server's supervisor.
 */
export class Database {
  private readonly beforeClose: Array<() => void | Promise<void>> = [];

  private constructor(
    readonly dataSource: DataSource,
    readonly sessionPool: pg.Pool,
    readonly embedded: EmbeddedPostgres | undefined,
    readonly status: DatabaseStatus,
    /** DATABASE_READ_URLS and their checker (none: every read on the primary) */
    readonly replicas: ReplicaSet,
  ) {}

  static async open(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<AppConfig, 'dbPoolSize' | 'readUrls' | 'replicaMaxLagMs'>>): Promise<Database> {
    const embedded = config.databaseUrl ? undefined : await EmbeddedPostgres.start(config.dataDir);
    const url = config.databaseUrl ?? embedded!.url;
    const status = new DatabaseStatus(url);
    // an idle connection the server dropped: the status decides whether that is an outage and logs
    // it once, rather than a line per connection
    const onPoolError = (error: Error) => status.suspect(error);
    try {
      const timeouts = { client: BoundedClient, poolWaitMs: POOL_WAIT_MS, statementTimeoutMs: STATEMENT_TIMEOUT_MS, queryTimeoutMs: QUERY_TIMEOUT_MS };
      const dataSource = await openDatabase(url, config.dbPoolSize, { ...timeouts, onPoolError });
      const sessionPool = new pg.Pool({
        connectionString: url,
        max: SESSION_POOL_SIZE,
        Client: BoundedClient,
        connectionTimeoutMillis: POOL_WAIT_MS,
        statement_timeout: STATEMENT_TIMEOUT_MS,
        query_timeout: QUERY_TIMEOUT_MS,
      });
      sessionPool.on('error', onPoolError);
      embedded?.supervise({
        down: (reason) => status.failed(new EmbeddedServerDown(reason), reason),
        up: () => status.reachable(),
        gaveUp: (message) => status.gaveUp(message),
      });
      // a replica's errors never mark the database down: the checker skips it and the primary serves
      const replicaOptions = { ...timeouts, onPoolError: () => undefined };
      const replicas = (config.readUrls ?? []).map((readUrl, i) => new Replica(`replica-${i + 1}`, readUrl, config.dbPoolSize ?? DEFAULT_DB_POOL_SIZE, replicaOptions));
      const replicaSet = new ReplicaSet(replicas, url, config.replicaMaxLagMs ?? 5000);
      replicaSet.start();
      return new Database(dataSource, sessionPool, embedded, status, replicaSet);
    } catch (error) {
      await embedded?.stop();
      throw error;
    }
  }

  /** Runs before the pools close (e.g. stopping the session store's prune timer). */
  onClose(callback: () => void | Promise<void>): void {
    this.beforeClose.push(callback);
  }

  /** Clients first, then the embedded server (then its lock). */
  async close(): Promise<void> {
    this.status.closing = true;
    this.status.stop();
    try {
      for (const callback of this.beforeClose.splice(0)) await callback();
      await this.replicas.stop();
      await this.sessionPool.end();
      if (this.dataSource.isInitialized) await this.dataSource.destroy();
    } finally {
      await this.embedded?.stop();
    }
  }
}
