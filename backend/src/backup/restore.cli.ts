/**
 * `npm run restore -- FILE [--force]`: loads a backup made by `npm run backup` into the database
 * the API uses: DATABASE_URL's, or the embedded one in DATA_DIR, which must not be in use (stop
 * the API first: its caches and sessions would not match the restored rows).
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { startConfig } from '../config/app-config.js';
import { DataDirLockedError, readLiveLock } from '../database/data-dir-lock.js';
import { EmbeddedPostgres } from '../database/embedded-postgres.js';
import { fromCommandLine, runCli, UsageError } from './backup-cli.js';
import { restoreBackup, type RestoreSummary } from './restore.service.js';

const USAGE = 'Usage: npm run restore -- <file.tar.gz> [--force]\n(--force replaces everything in a database that is not empty)';

function report(summary: RestoreSummary, file: string, where: string): void {
  const { manifest } = summary;
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(`Restored ${file} (made ${manifest.createdAt} by DentalMarket ${manifest.appVersion}) into ${where}.`);
  if (summary.replacedRows > 0) console.log(`Replaced ${summary.replacedRows} rows that were there before.`);
  for (const table of manifest.tables) console.log(`  ${table.name}: ${table.rows} rows`);
  console.log(`${manifest.tables.length} tables, ${rows} rows, counts checked.`);
  if (summary.laterMigrations.length > 0) console.log(`Then applied the newer migrations: ${summary.laterMigrations.join(', ')}.`);
}

runCli(async () => {
  let values: { force?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ allowPositionals: true, options: { force: { type: 'boolean' } } }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (positionals.length !== 1) throw new UsageError(USAGE);
  const file = fromCommandLine(positionals[0]);
  const force = values.force ?? false;
  const config = startConfig();
  if (config.databaseUrl) {
    report(await restoreBackup(config.databaseUrl, file, { force }), file, 'the PostgreSQL server named by DATABASE_URL');
    return;
  }
  const running = readLiveLock(config.dataDir);
  if (running) throw new DataDirLockedError(config.dataDir, running);
  const embedded = await EmbeddedPostgres.start(config.dataDir);
  try {
    report(await restoreBackup(embedded.url, file, { force }), file, `the embedded database in ${config.dataDir}`);
  } finally {
    await embedded.stop();
  }
});
