import { Logger } from '@nestjs/common';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { openDatabase } from './data-source.js';
import { EmbeddedPostgres, SESSION_POOL_SIZE } from './embedded-postgres.js';

/**
 * Everything that talks to PostgreSQL, opened and closed in one place: the embedded server (when
 * DATABASE_URL is unset), the migrated TypeORM DataSource, and the session store's `pg` pool.
 */
export class Database {
  private readonly beforeClose: Array<() => void | Promise<void>> = [];

  private constructor(
    readonly dataSource: DataSource,
    readonly sessionPool: pg.Pool,
    readonly embedded: EmbeddedPostgres | undefined,
  ) {}

  static async open(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'> & Partial<Pick<AppConfig, 'dbPoolSize'>>): Promise<Database> {
    const embedded = config.databaseUrl ? undefined : await EmbeddedPostgres.start(config.dataDir);
    const url = config.databaseUrl ?? embedded!.url;
    try {
      const dataSource = await openDatabase(url, config.dbPoolSize);
      const sessionPool = new pg.Pool({ connectionString: url, max: SESSION_POOL_SIZE });
      sessionPool.on('error', (error) => new Logger('SessionStore').error(`idle client error: ${error.message}`));
      return new Database(dataSource, sessionPool, embedded);
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
    try {
      for (const callback of this.beforeClose.splice(0)) await callback();
      await this.sessionPool.end();
      if (this.dataSource.isInitialized) await this.dataSource.destroy();
    } finally {
      await this.embedded?.stop();
    }
  }
}
