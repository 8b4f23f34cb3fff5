import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';

/** Bumped when the archive's layout changes; a restore refuses a format it does not know. */
export const BACKUP_FORMAT = 'dentalmarket-backup';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupTable {
  name: string;
  /** the COPY column list, in the file's order */
  columns: string[];
  rows: number;
  /** sha256 of the table's file, checked before anything is restored */
  sha256: string;
}

/** manifest.json: what the archive holds and the schema it was made at. */
export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  /** applied migrations (their names, in order): restore migrates to exactly this point before loading */
  migrations: string[];
  /** in load order: a table comes after those its foreign keys point to */
  tables: BackupTable[];
}

export class BackupFileError extends Error {
  constructor(file: string, why: string) {
    super(`${file} is not a usable DentalMarket backup: ${why}`);
    this.name = 'BackupFileError';
  }
}

/** Each table's rows as `COPY ... (FORMAT csv)` writes them. */
export function tableFile(table: string): string {
  return `tables/${table}.csv`;
}

export function sha256(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}

/** A private scratch directory (0700: the table files hold password hashes and sessions). */
export function scratchDir(parent = os.tmpdir()): string {
  fs.mkdirSync(parent, { recursive: true, mode: 0o700 });
  return fs.mkdtempSync(path.join(parent, '.dentalmarket-backup-'));
}

/**
 * Packs `dir` (manifest.json and tables/) into `file`, mode 0600. Written beside `file` under a
 * temporary name and renamed, so a backup file is never seen half written.
 */
export async function packArchive(dir: string, manifest: BackupManifest, file: string): Promise<void> {
  fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  const draft = `${file}.${process.pid}.partial`;
  const entries = ['manifest.json', ...manifest.tables.map((table) => tableFile(table.name))];
  try {
    fs.writeFileSync(draft, '', { mode: 0o600 });
    await tar.create({ gzip: true, file: draft, cwd: dir, portable: true }, entries);
    fs.chmodSync(draft, 0o600);
    fs.renameSync(draft, file);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function parseManifest(file: string, text: string): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupFileError(file, 'its manifest.json is not JSON');
  }
  if (manifest?.format !== BACKUP_FORMAT) throw new BackupFileError(file, 'its manifest.json does not describe a DentalMarket backup');
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION) {
    throw new BackupFileError(file, `its format version is ${manifest.formatVersion}; this version of DentalMarket reads version ${BACKUP_FORMAT_VERSION} (use the version that made it)`);
  }
  if (!Array.isArray(manifest.migrations) || !Array.isArray(manifest.tables)) throw new BackupFileError(file, 'its manifest.json lacks migrations or tables');
  for (const table of manifest.tables) {
    if (!/^[a-z_][a-z0-9_]*$/.test(table.name) || !Array.isArray(table.columns) || !Number.isInteger(table.rows)) {
      throw new BackupFileError(file, `its manifest.json describes the table ${JSON.stringify(table.name)} wrongly`);
    }
  }
  return manifest;
}

/**
 * Unpacks `file` into a scratch directory and checks it whole (manifest, every table file and
 * its checksum) before the caller touches a database. The caller removes `dir`.
 */
export async function unpackArchive(file: string): Promise<{ manifest: BackupManifest; dir: string }> {
  if (!fs.existsSync(file)) throw new BackupFileError(file, 'there is no such file');
  const dir = scratchDir();
  try {
    try {
      // strict: a truncated or damaged gzip/tar stream is an error, not a warning
      await tar.extract({ file, cwd: dir, strict: true, filter: (entry) => entry === 'manifest.json' || /^tables\/[a-z0-9_]+\.csv$/.test(entry) });
    } catch (error) {
      throw new BackupFileError(file, `it cannot be unpacked as a .tar.gz (${(error as Error).message})`);
    }
    const manifestFile = path.join(dir, 'manifest.json');
    if (!fs.existsSync(manifestFile)) throw new BackupFileError(file, 'it has no manifest.json');
    const manifest = parseManifest(file, fs.readFileSync(manifestFile, 'utf8'));
    for (const table of manifest.tables) {
      const tablePath = path.join(dir, tableFile(table.name));
      if (!fs.existsSync(tablePath)) throw new BackupFileError(file, `the rows of the table ${table.name} are missing`);
      if ((await sha256(tablePath)) !== table.sha256) throw new BackupFileError(file, `the rows of the table ${table.name} do not match their checksum`);
    }
    return { manifest, dir };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
