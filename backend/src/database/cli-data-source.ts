/**
 * The DataSource the TypeORM CLI uses (`npm run migration:generate|run|revert -w backend`): the
 * same entities and migrations as the API, on DATABASE_URL, or, without it, on the running API's
 * embedded server (through its socket; start the API first with `npm start`).
 */
import 'reflect-metadata';
import { startConfig } from '../config/app-config.js';
import { readLiveLock } from './data-dir-lock.js';
import { createDataSource } from './data-source.js';
import { runningServerUrl } from './embedded-postgres.js';

function url(): string {
  const config = startConfig();
  if (config.databaseUrl) return config.databaseUrl;
  const running = readLiveLock(config.dataDir);
  const embedded = running && runningServerUrl(config.dataDir, running);
  if (!embedded) {
    throw new Error(`Set DATABASE_URL, or start the API (npm start) so the CLI can use its embedded database in ${config.dataDir}.`);
  }
  return embedded;
}

export default createDataSource(url());
