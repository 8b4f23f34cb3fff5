/**
 * `npm run seed -w backend`: applies migrations and runs the idempotent seed.
 * - DATABASE_URL set: against that server.
 * - Embedded database and the API running: through the running API's PGlite socket (its address
 *   is in DATA_DIR/pglite.lock), so there is no need to stop the server.
 * - Embedded database and nothing running: opens DATA_DIR itself (taking the lock).
 */
import 'reflect-metadata';
import { ConfigError, loadConfig } from '../../config/app-config.js';
import { DataDirLockedError, readLiveLock } from '../data-dir-lock.js';
import { openDatabase } from '../data-source.js';
import { Database } from '../database.js';
import { runSeed, type SeedResult } from './seed.js';

function report(result: SeedResult): void {
  console.log(
    result.catalogueInserted
      ? `Seeded the demo catalogue: ${result.categories} categories, ${result.subcategories} subcategories, ${result.products} products.`
      : 'The catalogue already has categories: left as it is.',
  );
  console.log(
    result.usersCreated.length > 0
      ? `Created demo accounts: ${result.usersCreated.join(', ')}.`
      : 'Demo accounts already exist.',
  );
}

async function seedThrough(url: string): Promise<SeedResult> {
  const dataSource = await openDatabase(url);
  try {
    return await runSeed(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.databaseUrl) {
    console.log('Seeding the PostgreSQL server named by DATABASE_URL');
    report(await seedThrough(config.databaseUrl));
    return;
  }
  const running = readLiveLock(config.dataDir);
  if (running) {
    if (!running.socket) {
      throw new DataDirLockedError(config.dataDir, running);
    }
    console.log(`Seeding through the running API (pid ${running.pid}, embedded database at ${running.socket})`);
    report(await seedThrough(`postgres://postgres@${running.socket}/postgres`));
    return;
  }
  console.log(`Seeding the embedded database in ${config.dataDir}`);
  const database = await Database.open(config);
  try {
    report(await runSeed(database.dataSource));
  } finally {
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(1);
  },
);
