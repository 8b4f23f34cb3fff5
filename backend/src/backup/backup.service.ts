import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { BACKEND_ROOT } from '../config/app-config.js';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupManifest, type BackupTable, packArchive, scratchDir, sha256, tableFile } from './backup-archive.js';
import { appliedMigrations, appTables, ident } from './backup-schema.js';

/** The names `defaultBackupFile` gives: the only files retention ever deletes. */
export const BACKUP_FILE_PATTERN = /^dentalmarket-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}(-\d{3})?Z\.tar\.gz$/;

function appVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(BACKEND_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** BACKUP_DIR/dentalmarket-2025-01-31T02-00-00-000Z.tar.gz (no colons: valid on every file system). */
export function defaultBackupFile(dir: string, at = new Date()): string {
  return path.join(dir, `dentalmarket-${at.toISOString().replace(/[:.]/g, '-')}.tar.gz`);
}

/**
 * Writes a backup of the database at `url` to `file`: every app table (not the migrations table,
 * which a restore rebuilds by migrating) copied with COPY inside one REPEATABLE READ READ ONLY
 * transaction, so all tables come from one snapshot while the API keeps writing.
 */
export async function createBackup(url: string, file: string): Promise<BackupManifest> {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  // beside the target: the table files never leave the backup's own (private) directory
  const dir = scratchDir(path.dirname(file));
  const client = new pg.Client({ connectionString: url, application_name: 'dentalmarket-backup' });
  // the server ending the connection between two statements fails the next one (the backup fails)
  // rather than emitting 'error' with nobody listening, which would end the API running it
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migrations = await appliedMigrations(client);
    const tables: BackupTable[] = [];
    fs.mkdirSync(path.join(dir, 'tables'));
    for (const { name, columns } of await appTables(client)) {
      const target = path.join(dir, tableFile(name));
      const copy = client.query(copyTo(`COPY ${ident(name)} (${columns.map(ident).join(', ')}) TO STDOUT (FORMAT csv)`));
      await pipeline(copy, fs.createWriteStream(target, { mode: 0o600 }));
      tables.push({ name, columns, rows: copy.rowCount, sha256: await sha256(target) });
    }
    await client.query('COMMIT');
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      migrations,
      tables,
    };
    await packArchive(dir, manifest, file);
    return manifest;
  } finally {
    await client.end().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The backups this app named in `dir`, oldest first (ISO timestamps sort as text). */
export function listBackups(dir: string): string[] {
  try {
    return fs.readdirSync(dir).filter((name) => BACKUP_FILE_PATTERN.test(name)).sort().map((name) => path.join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Deletes all but the newest `keep` backups that this app named in `dir`; returns those deleted. */
export function pruneBackups(dir: string, keep: number): string[] {
  const doomed = listBackups(dir).reverse().slice(keep);
  for (const file of doomed) fs.rmSync(file, { force: true });
  return doomed;
}
