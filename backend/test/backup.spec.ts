import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import request from 'supertest';
import * as tar from 'tar';
import { DataSource } from 'typeorm';
import { BackupScheduler } from '../src/backup/backup.module.js';
import { defaultBackupFile, pruneBackups } from '../src/backup/backup.service.js';
import { restoreBackup } from '../src/backup/restore.service.js';
import { APP_CONFIG, type AppConfig } from '../src/config/app-config.js';
import { freshDatabase, startTestApp, tempDir, type TestApp } from './helpers.js';
import { eventually } from './eventually.js';

const dist = (cli: string) => fileURLToPath(new URL(`../dist/backup/${cli}.cli.js`, import.meta.url));

/** The built CLI, as `npm run backup|restore` runs it. */
function runCli(cli: 'backup' | 'restore', args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [dist(cli), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('close', (code) => resolve({ code, output }));
  });
}

/** Per app table: row count and a checksum of every row (the catalogue counter apart: a restore moves it on). */
async function tableDigests(dataSource: DataSource): Promise<Record<string, string>> {
  const tables: Array<{ name: string }> = await dataSource.query(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename NOT IN ('typeorm_migrations', 'catalogue_state') ORDER BY 1`,
  );
  const digests: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await dataSource.query(`SELECT count(*) AS n, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM "${name}" t`);
    digests[name] = `${row.n}:${row.sum}`;
  }
  return digests;
}

const CUSTOMER = { username: 'backup_customer', email: 'backup_customer@example.com', password: 'Backed-Up!42' };

describe('npm run backup / npm run restore', () => {
  let dir: string;
  let file: string;
  let before: Record<string, string>;
  let productId: number;

  beforeAll(async () => {
    dir = tempDir('backup');
    const source = await freshDatabase('backup_source', { seeded: true });
    const app = await startTestApp(source.env);
    try {
      await request(app.http).post('/api/register').send(CUSTOMER).expect(201);
      const admin = request.agent(app.http);
      await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
      const [sub] = await app.app.get(DataSource).query(`SELECT id, category_id FROM subcategories ORDER BY id LIMIT 1`);
      const product = await admin
        .post('/api/admin/products')
        .send({ name: 'Backed-up Autoclave', manufacturer: 'Restorix', product_type: 'equipment', category_id: sub.category_id, subcategory_id: sub.id, price: '1999' })
        .expect(201);
      productId = product.body.id;
      file = path.join(dir, 'nightly.tar.gz');
      // while the API runs: the embedded server is reached through its socket, a server through DATABASE_URL
      const made = await runCli('backup', [file], source.env);
      expect(made.output).toContain(file);
      expect(made.code).toBe(0);
      before = await tableDigests(app.app.get(DataSource));
    } finally {
      await app.close();
      await source.drop();
    }
  });

  it('writes one private .tar.gz with a manifest and a file per table', async () => {
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const entries: string[] = [];
    await tar.list({ file, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries).toEqual(expect.arrayContaining(['manifest.json', 'tables/users.csv', 'tables/products.csv', 'tables/session.csv']));
    expect(entries).not.toContain('tables/typeorm_migrations.csv');
  });

  // 180 s: a restore CLI (a first start's initdb, or a new database, and every table's rows), then an app
  // on what it restored took over Jest's 60 s on a busy CI machine
  it('restores into an empty database: the same rows, the same login, ids continue', async () => {
    const target = await freshDatabase('backup_target');
    try {
      const restored = await runCli('restore', [file], target.env);
      expect(restored.output).toContain('counts checked');
      expect(restored.code).toBe(0);

      const app = await startTestApp(target.env);
      try {
        expect(await tableDigests(app.app.get(DataSource))).toEqual(before);
        const agent = request.agent(app.http);
        await agent.post('/api/login').send({ username: CUSTOMER.username, password: CUSTOMER.password }).expect(200);
        expect((await agent.get('/api/me').expect(200)).body.username).toBe(CUSTOMER.username);
        expect((await request(app.http).get(`/api/products/${productId}`).expect(200)).body.name).toBe('Backed-up Autoclave');
        // the sequences were reset: a new account gets a fresh id rather than a duplicate key
        await request(app.http).post('/api/register').send({ ...CUSTOMER, username: 'after_restore', email: 'after_restore@example.com' }).expect(201);
      } finally {
        await app.close();
      }

      const refused = await runCli('restore', [file], target.env);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('The database is not empty');
      expect(refused.output).toContain('--force');

      const forced = await runCli('restore', [file, '--force'], target.env);
      expect(forced.output).toContain('Replaced');
      expect(forced.code).toBe(0);
      const again = await startTestApp(target.env, { seed: false });
      try {
        expect(await tableDigests(again.app.get(DataSource))).toEqual(before);
      } finally {
        await again.close();
      }
    } finally {
      await target.drop();
    }
  }, 180_000);

  it('refuses a damaged, foreign or newer file before touching any database', async () => {
    const nowhere = 'postgres://nobody@127.0.0.1:1/none';
    const garbage = path.join(dir, 'garbage.tar.gz');
    fs.writeFileSync(garbage, 'not a backup');
    await expect(restoreBackup(nowhere, garbage)).rejects.toThrow(`${garbage} is not a usable DentalMarket backup: it cannot be unpacked as a .tar.gz`);

    const truncated = path.join(dir, 'truncated.tar.gz');
    fs.writeFileSync(truncated, fs.readFileSync(file).subarray(0, Math.floor(fs.statSync(file).size / 2)));
    await expect(restoreBackup(nowhere, truncated)).rejects.toThrow('is not a usable DentalMarket backup');

    const unpacked = tempDir('unpacked');
    await tar.extract({ file, cwd: unpacked });
    const manifest = JSON.parse(fs.readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
    const repack = async (name: string, change: (m: typeof manifest) => void, edit?: () => void) => {
      const copy = structuredClone(manifest);
      change(copy);
      edit?.();
      fs.writeFileSync(path.join(unpacked, 'manifest.json'), JSON.stringify(copy));
      const out = path.join(dir, name);
      await tar.create({ gzip: true, file: out, cwd: unpacked }, fs.readdirSync(unpacked));
      return out;
    };
    const newer = await repack('newer.tar.gz', (m) => (m.formatVersion = 99));
    await expect(restoreBackup(nowhere, newer)).rejects.toThrow('its format version is 99');
    const foreign = await repack('foreign.tar.gz', (m) => (m.format = 'something-else'));
    await expect(restoreBackup(nowhere, foreign)).rejects.toThrow('does not describe a DentalMarket backup');
    const future = await repack('future.tar.gz', (m) => m.migrations.push('Orders1799999999999'));
    await expect(restoreBackup(nowhere, future)).rejects.toThrow('was made by a newer DentalMarket (migrations Orders1799999999999 are unknown here)');
    const tampered = await repack('tampered.tar.gz', () => undefined, () => fs.appendFileSync(path.join(unpacked, 'tables', 'users.csv'), '999,x\n'));
    await expect(restoreBackup(nowhere, tampered)).rejects.toThrow('the rows of the table users do not match their checksum');

    const cli = await runCli('restore', [garbage], { DATABASE_URL: nowhere });
    expect(cli.code).toBe(1);
    expect(cli.output.trim()).toBe(`${garbage} is not a usable DentalMarket backup: it cannot be unpacked as a .tar.gz (TAR_BAD_ARCHIVE: Unrecognized archive format)`);
  });

  it('refuses to restore into an embedded DATA_DIR an API is running on', async () => {
    const dataDir = tempDir('backup-locked');
    const app = await startTestApp({ DATABASE_URL: '', DATA_DIR: dataDir }, { seed: false });
    try {
      const refused = await runCli('restore', [file], { DATABASE_URL: '', DATA_DIR: dataDir });
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`The embedded database in ${dataDir} is in use by another DentalMarket process`);
    } finally {
      await app.close();
    }
  });
});

describe('BACKUP_SCHEDULE=daily', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let app: TestApp | undefined;

  beforeAll(async () => {
    db = await freshDatabase('backup_schedule', { seeded: true });
  });

  afterAll(async () => {
    await app?.close();
    await db.drop();
  });

  it('backs up at start when the newest backup is a day old, keeping the newest BACKUP_KEEP', async () => {
    const dir = tempDir('scheduled');
    const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
    const old = [3, 2, 1].map((days) => defaultBackupFile(dir, new Date(twoDaysAgo - days * 60_000)));
    for (const name of old) {
      fs.writeFileSync(name, 'old');
      fs.utimesSync(name, new Date(twoDaysAgo), new Date(twoDaysAgo));
    }
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'not a backup: never deleted');

    app = await startTestApp({ ...db.env, BACKUP_SCHEDULE: 'daily', BACKUP_KEEP: '2', BACKUP_DIR: dir });
    const scheduler = app.app.get(BackupScheduler);
    await scheduler.running;
    const names = fs.readdirSync(dir).sort();
    expect(names).toHaveLength(3);
    expect(names).toContain('notes.txt');
    expect(names).toContain(path.basename(old[2]));
    const made = names.find((name) => name.endsWith('.tar.gz') && !old.includes(path.join(dir, name)))!;
    expect(fs.statSync(path.join(dir, made)).mode & 0o777).toBe(0o600);

    // with no recent backup left: another instance holding the lock makes this one skip
    fs.rmSync(path.join(dir, made));
    const url = (app.app.get(DataSource).options as { url: string }).url;
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query(`SELECT pg_advisory_lock(hashtext('dentalmarket:backup'))`);
      await scheduler.runOnce();
      expect(fs.readdirSync(dir)).toHaveLength(2);
      await other.query(`SELECT pg_advisory_unlock(hashtext('dentalmarket:backup'))`);
    } finally {
      await other.end();
    }
    await scheduler.runOnce();
    expect(fs.readdirSync(dir)).toHaveLength(3);
    // and a backup made today is not repeated
    await scheduler.runOnce();
    expect(fs.readdirSync(dir)).toHaveLength(3);
  });

  it('a server ending its connections mid-backup fails that backup (tried again in an hour), not the API', async () => {
    const { dir } = app!.app.get<AppConfig>(APP_CONFIG).backup;
    for (const name of fs.readdirSync(dir)) if (name.endsWith('.tar.gz')) fs.rmSync(path.join(dir, name));
    const url = (app!.app.get(DataSource).options as { url: string }).url;
    // one to hold a table, one to look (a transaction sees pg_stat_activity as it first read it)
    const [blocker, watcher] = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
    for (const client of [blocker, watcher]) client.on('error', () => undefined); // ended by the database's drop should the test fail
    await Promise.all([blocker.connect(), watcher.connect()]);
    try {
      // the backup's copy of the products waits behind this lock; its advisory lock's connection sits idle
      await blocker.query('BEGIN');
      await blocker.query('LOCK TABLE products IN ACCESS EXCLUSIVE MODE');
      const run = app!.app.get(BackupScheduler).runOnce();
      const backups = `SELECT pid, application_name, wait_event_type FROM pg_stat_activity WHERE application_name LIKE 'dentalmarket-backup%'`;
      await eventually(async () => (await watcher.query<{ application_name: string; wait_event_type: string | null }>(backups)).rows, {
        accept: (rows) => rows.some((row) => row.application_name === 'dentalmarket-backup' && row.wait_event_type === 'Lock') && rows.some((row) => row.application_name === 'dentalmarket-backup-lock'),
        what: 'the backup waiting on the lock',
      });
      // as a restart of the server would: both connections ended, the idle one first
      await watcher.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'dentalmarket-backup-lock'`);
      await watcher.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'dentalmarket-backup'`);
      await blocker.query('ROLLBACK');
      expect(await run).toBe(60 * 60 * 1000);
      expect(fs.readdirSync(dir).filter((name) => name.endsWith('.tar.gz'))).toEqual([]);
      await request(app!.http).get('/api/health/ready').expect(200);
    } finally {
      await Promise.all([blocker.end(), watcher.end()]);
    }
  });

  it('pruning deletes only the backups it named, oldest first', () => {
    const dir = tempDir('prune');
    const files = [1, 2, 3, 4].map((minute) => defaultBackupFile(dir, new Date(Date.UTC(2025, 0, 1, 2, minute))));
    for (const name of files) fs.writeFileSync(name, '');
    fs.writeFileSync(path.join(dir, 'dentalmarket-manual.tar.gz'), '');
    expect(pruneBackups(dir, 2)).toEqual([files[1], files[0]]);
    expect(fs.readdirSync(dir).sort()).toEqual(['dentalmarket-manual.tar.gz', path.basename(files[2]), path.basename(files[3])].sort());
  });
});
