/**
 * `npm run seed -w backend`: applies migrations and runs the seed as a start would (see `seedPlan`:
 * demo accounts never in production; each step at most once per database), on the database the
 * API uses (see `withCliDatabase`).
 */
import 'reflect-metadata';
import { ConfigError, startConfig } from '../../config/app-config.js';
import { withCliDatabase } from '../cli-database.js';
import { DataDirLockedError } from '../data-dir-lock.js';
import { EmbeddedPostgresError } from '../embedded-postgres.js';
import { runSeed, seedPlan, type SeedResult } from './seed.js';
import { setPasswordHashMemory } from '../../auth/users.service.js';

function report(result: SeedResult): void {
  console.log(
    result.catalogueInserted
      ? `Seeded the demo catalogue: ${result.categories} categories, ${result.subcategories} subcategories, ${result.products} products.`
      : 'Demo catalogue: not seeded (seeded once before, SEED_DEMO is off, or the catalogue already has categories).',
  );
  console.log(
    result.usersCreated.length > 0
      ? `Created demo accounts: ${result.usersCreated.join(', ')}.`
      : 'Demo accounts: none created (created once before, production, or SEED_DEMO=false).',
  );
}

async function main(): Promise<void> {
  const config = startConfig();
  setPasswordHashMemory(config.passwordHashMemoryKib);
  await withCliDatabase(config, async (dataSource, where) => {
    console.log(`Seeding ${where}`);
    report(await runSeed(dataSource, seedPlan(config)));
  });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof EmbeddedPostgresError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  },
);
