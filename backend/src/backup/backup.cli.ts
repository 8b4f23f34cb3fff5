/**
 * `npm run backup [-- FILE]`: a consistent copy of the database the API uses (see
 * `withCliDatabase`: DATABASE_URL, the running API's embedded server, or the embedded server
 * started for the occasion) in one .tar.gz, by default BACKUP_DIR/dentalmarket-<time>.tar.gz.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { startConfig } from '../config/app-config.js';
import { withCliDatabase } from '../database/cli-database.js';
import { fromCommandLine, runCli, UsageError } from './backup-cli.js';
import { createBackup, defaultBackupFile } from './backup.service.js';

const USAGE = 'Usage: npm run backup [-- <file.tar.gz>]';

runCli(async () => {
  let positionals: string[];
  try {
    ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  if (positionals.length > 1) throw new UsageError(USAGE);
  const config = startConfig();
  const file = positionals[0] ? fromCommandLine(positionals[0]) : defaultBackupFile(config.backup.dir);
  await withCliDatabase(config, async (dataSource, where) => {
    const manifest = await createBackup((dataSource.options as { url: string }).url, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(`Backed up ${where}: ${manifest.tables.length} tables, ${rows} rows.`);
    console.log(file);
  });
});
