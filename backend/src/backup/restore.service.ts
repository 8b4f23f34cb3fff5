import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { createDataSource, MIGRATIONS, openDatabase } from '../database/data-source.js';
import { type BackupManifest, tableFile, unpackArchive } from './backup-archive.js';
import { appliedMigrations, appTables, CATALOGUE_STATE, ident } from './backup-schema.js';

/** A restore that would lose data or cannot match the backup's schema: nothing has been changed. */
export class RestoreRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreRefusedError';
  }
}

export interface RestoreSummary {
  manifest: BackupManifest;
  /** rows that were in the app's tables before (0 unless forced) */
  replacedRows: number;
  /** migrations newer than the backup, applied after the load */
  laterMigrations: string[];
}

function migrationName(migration: (typeof MIGRATIONS)[number]): string {
  return new migration().name!;
}

/** The backup's migrations must be this version's, in its order (a newer version's backup is refused). */
function checkMigrations(manifest: BackupManifest, file: string): void {
  const known = MIGRATIONS.map(migrationName);
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new RestoreRefusedError(`${file} was made by a newer DentalMarket (migrations ${unknown.join(', ')} are unknown here): restore it with that version or a later one.`);
  }
  if (manifest.migrations.some((name, index) => name !== known[index])) throw new RestoreRefusedError(`${file} lists its migrations in an order this version does not have.`);
}

/** Migrates the target to exactly the backup's point, so its rows fit the tables they were copied from. */
async function migrateTo(url: string, manifest: BackupManifest): Promise<void> {
  const dataSource = new DataSource({ ...createDataSource(url).options, migrations: MIGRATIONS.slice(0, manifest.migrations.length) } as DataSourceOptions);
  await dataSource.initialize();
  try {
    await dataSource.runMigrations();
  } finally {
    await dataSource.destroy();
  }
}

async function rowsIn(client: pg.ClientBase, tables: string[]): Promise<number> {
  let total = 0;
  for (const table of tables) total += Number((await client.query(`SELECT count(*) AS n FROM ${ident(table)}`)).rows[0].n);
  return total;
}

/** Rows in the app's tables (the migrations' catalogue counter aside); refused when there are any, unless forced. */
async function refuseUnlessEmpty(client: pg.ClientBase, force: boolean): Promise<number> {
  const names = (await appTables(client)).map((table) => table.name).filter((name) => name !== CATALOGUE_STATE);
  const existing = await rowsIn(client, names);
  if (existing > 0 && !force) {
    throw new RestoreRefusedError(
      `The database is not empty (${existing} rows in the app's tables). Restore into an empty database or a fresh DATA_DIR, or add --force to replace everything in it.`,
    );
  }
  return existing;
}

/** Every serial/identity sequence of `table` continues after the largest restored value. */
async function resetSequences(client: pg.ClientBase, table: string, columns: string[]): Promise<void> {
  for (const column of columns) {
    const { rows } = await client.query<{ sequence: string | null }>(`SELECT pg_get_serial_sequence($1, $2) AS sequence`, [ident(table), column]);
    const sequence = rows[0].sequence;
    if (!sequence) continue;
    await client.query(`SELECT setval($1, coalesce(max(${ident(column)}), 1), max(${ident(column)}) IS NOT NULL) FROM ${ident(table)}`, [sequence]);
  }
}

/**
 * Loads the backup in one transaction: the app's tables emptied, each table copied back, sequences
 * reset, row counts checked against the manifest, then committed; migrations newer than the
 * backup run afterwards. Refuses (changing nothing) a database that already has rows unless `force`.
 */
async function load(url: string, manifest: BackupManifest, dir: string, force: boolean): Promise<number> {
  const client = new pg.Client({ connectionString: url, application_name: 'dentalmarket-restore' });
  await client.connect();
  try {
    const target = await appTables(client);
    const missing = manifest.tables.filter((table) => !target.some((t) => t.name === table.name && table.columns.every((c) => t.columns.includes(c))));
    if (missing.length > 0) throw new RestoreRefusedError(`The database has no place for the table(s) ${missing.map((t) => t.name).join(', ')} of the backup.`);
    const names = target.map((table) => table.name);
    const existing = await refuseUnlessEmpty(client, force);
    await client.query('BEGIN');
    // a superuser loads with triggers and foreign-key checks off; others rely on the manifest's parent-first order
    const { rows: role } = await client.query<{ rolsuper: boolean }>(`SELECT rolsuper FROM pg_roles WHERE rolname = current_user`);
    if (role[0]?.rolsuper) await client.query(`SET LOCAL session_replication_role = replica`);
    const { rows: before } = await client.query<{ version: string }>(`SELECT coalesce(max(version), 0) AS version FROM ${ident(CATALOGUE_STATE)}`);
    await client.query(`TRUNCATE ${names.map(ident).join(', ')}`);
    for (const table of manifest.tables) {
      const copy = client.query(copyFrom(`COPY ${ident(table.name)} (${table.columns.map(ident).join(', ')}) FROM STDIN (FORMAT csv)`));
      await pipeline(fs.createReadStream(path.join(dir, tableFile(table.name))), copy);
      await resetSequences(client, table.name, table.columns);
    }
    for (const table of manifest.tables) {
      const rows = await rowsIn(client, [table.name]);
      if (rows !== table.rows) throw new Error(`The table ${table.name} holds ${rows} rows after the load, the backup ${table.rows}: nothing was restored.`);
    }
    // past every version an API instance may have cached, so none serves the catalogue it had before
    await client.query(`UPDATE ${ident(CATALOGUE_STATE)} SET version = greatest(version, $1::bigint) + 1`, [before[0].version]);
    await client.query('COMMIT');
    return existing;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Restores `file` into the database at `url` (see `load`); checks the whole file first. */
export async function restoreBackup(url: string, file: string, options: { force?: boolean } = {}): Promise<RestoreSummary> {
  const { manifest, dir } = await unpackArchive(file);
  try {
    checkMigrations(manifest, file);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    // before anything changes: refused here leaves the database exactly as it was
    const applied = await (async () => {
      await refuseUnlessEmpty(client, options.force ?? false);
      return appliedMigrations(client);
    })().finally(() => client.end());
    if (applied.length > manifest.migrations.length) {
      throw new RestoreRefusedError(
        `The database is already migrated past the backup (${applied.at(-1)}; the backup stops at ${manifest.migrations.at(-1)}). Restore into an empty database or a fresh DATA_DIR.`,
      );
    }
    await migrateTo(url, manifest);
    const replacedRows = await load(url, manifest, dir, options.force ?? false);
    const laterMigrations = MIGRATIONS.slice(manifest.migrations.length).map(migrationName);
    await (await openDatabase(url)).destroy();
    return { manifest, replacedRows, laterMigrations };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
