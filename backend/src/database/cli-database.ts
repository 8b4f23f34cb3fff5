import type { DataSource } from 'typeorm';
import type { AppConfig } from '../config/app-config.js';
import { DataDirLockedError, readLiveLock } from './data-dir-lock.js';
import { openDatabase } from './data-source.js';
import { Database } from './database.js';
import { runningServerUrl } from './embedded-postgres.js';

/**
 * Runs `work` on the database the API uses, the way a command-line tool reaches it:
 * - DATABASE_URL set: that server;
 * - embedded database with the API running: the running API's server, through its Unix socket
 *   (directory in DATA_DIR/dentalmarket.lock, password in DATA_DIR/postgres.password), so there is
 *   no need to stop the API;
 * - embedded database and nothing running: starts it from DATA_DIR (taking the lock) and stops it after.
 * Migrations are applied first in every case.
 */
export async function withCliDatabase<T>(config: AppConfig, work: (dataSource: DataSource, where: string) => Promise<T>): Promise<T> {
  const through = async (url: string, where: string) => {
    const dataSource = await openDatabase(url);
    try {
      return await work(dataSource, where);
    } finally {
      await dataSource.destroy();
    }
  };
  if (config.databaseUrl) return through(config.databaseUrl, 'the PostgreSQL server named by DATABASE_URL');
  const running = readLiveLock(config.dataDir);
  if (running) {
    const url = runningServerUrl(config.dataDir, running);
    if (!url) throw new DataDirLockedError(config.dataDir, running);
    return through(url, `the running API's embedded database (pid ${running.pid})`);
  }
  const database = await Database.open(config);
  try {
    return await work(database.dataSource, `the embedded database in ${config.dataDir}`);
  } finally {
    await database.close();
  }
}
