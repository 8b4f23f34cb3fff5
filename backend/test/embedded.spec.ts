import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { demoCatalogue } from '../src/database/seed/catalogue.js';
import { DataDirLockedError } from '../src/database/data-dir-lock.js';
import { startTestApp, tempDir, type TestApp } from './helpers.js';

const CATALOGUE = demoCatalogue();

/** These run on the embedded database whatever DATABASE_URL says: the lock and persistence are its own. */
const embedded = (dataDir: string) => ({ DATABASE_URL: '', DATA_DIR: dataDir });

function otherNodeProcess(): { pid: number; exited: Promise<void>; kill(): void } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { pid: child.pid!, exited, kill: () => child.kill() };
}

describe('embedded PostgreSQL server', () => {
  let dataDir: string;
  let first: TestApp | undefined;

  beforeAll(() => {
    dataDir = tempDir('embedded');
  });

  afterAll(async () => {
    await first?.close();
  });

  it('starts on an empty directory, migrates and seeds the catalogue', async () => {
    first = await startTestApp(embedded(dataDir));
    expect(first.config.databaseUrl).toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'postgres', 'PG_VERSION'))).toBe(true);
    expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8').trim().length).toBeGreaterThanOrEqual(16);
    const categories = await request(first.http).get('/api/categories').expect(200);
    expect(categories.body).toHaveLength(CATALOGUE.length);
    const products = await request(first.http).get('/api/products?limit=1').expect(200);
    expect(products.body.total).toBe(CATALOGUE.flatMap((c) => c.subcategories.flatMap((s) => s.products)).length);
  });

  it('refuses a second instance on the same DATA_DIR with a clear message', async () => {
    const attempt = startTestApp(embedded(dataDir));
    await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(attempt).rejects.toThrow(`The embedded database in ${dataDir} is in use by another DentalMarket process`);
    // the running instance is unaffected
    await request(first!.http).get('/api/health/ready').expect(200);
  });

  it('keeps data and sessions across a restart', async () => {
    const agent = request.agent(first!.http);
    await agent
      .post('/api/register')
      .send({ username: 'persistent', email: 'persistent@example.com', password: 'Persist!42' })
      .expect(201);
    const cookie = (await agent.post('/api/login').send({ username: 'persistent', password: 'Persist!42' }).expect(200)).headers['set-cookie'];
    await first!.close();
    first = undefined;
    expect(fs.existsSync(path.join(dataDir, 'dentalmarket.lock'))).toBe(false);

    first = await startTestApp(embedded(dataDir));
    const me = await request(first.http).get('/api/me').set('Cookie', cookie as unknown as string[]).expect(200);
    expect(me.body.username).toBe('persistent');
    const categories = await request(first.http).get('/api/categories').expect(200);
    expect(categories.body).toHaveLength(CATALOGUE.length);
  });
});

describe('data directory lock', () => {
  it('is refused while another live process holds it, and taken over once that process is gone', async () => {
    const dataDir = tempDir('lock');
    const other = otherNodeProcess();
    try {
      fs.writeFileSync(path.join(dataDir, 'dentalmarket.lock'), JSON.stringify({ pid: other.pid, startedAt: new Date().toISOString() }));
      const attempt = startTestApp(embedded(dataDir), { seed: false });
      await expect(attempt).rejects.toThrow(`in use by another DentalMarket process (pid ${other.pid})`);
    } finally {
      other.kill();
      await other.exited;
    }
    const app = await startTestApp(embedded(dataDir), { seed: false });
    try {
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'dentalmarket.lock'), 'utf8'));
      expect(lock.pid).toBe(process.pid);
      expect(lock.socket).toBe(path.join(dataDir, 'postgres-run'));
    } finally {
      await app.close();
    }
  });
});

describe('who can reach the embedded server', () => {
  let app: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = tempDir('reach');
    app = await startTestApp(embedded(dataDir), { seed: false });
  });

  afterAll(async () => {
    await app?.close();
  });

  it('listens on an owner-only Unix socket and no TCP port, and asks for the generated password', async () => {
    const socketDir = path.join(dataDir, 'postgres-run');
    expect(fs.statSync(socketDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(dataDir, 'postgres.password')).mode & 0o777).toBe(0o600);
    const settings = await app.app.get(DataSource).query(
      `SELECT name, setting FROM pg_settings WHERE name IN ('listen_addresses', 'unix_socket_permissions', 'password_encryption') ORDER BY name`,
    );
    expect(settings).toEqual([
      { name: 'listen_addresses', setting: '' },
      { name: 'password_encryption', setting: 'scram-sha-256' },
      { name: 'unix_socket_permissions', setting: '0700' },
    ]);
    const hba = await app.app.get(DataSource).query(`SELECT DISTINCT auth_method FROM pg_hba_file_rules`);
    expect(hba).toEqual([{ auth_method: 'scram-sha-256' }]);

    const withoutPassword = new pg.Client({ host: socketDir, port: 5432, user: 'dentalmarket', database: 'dentalmarket', password: 'wrong' });
    await expect(withoutPassword.connect()).rejects.toThrow(/password authentication failed/);
    await withoutPassword.end().catch(() => undefined);
  });
});

/** Alive and not a zombie (an orphan that exited may wait for a reaper that never comes). */
function running(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

describe('an embedded server left behind by a killed API', () => {
  it('is shut down and replaced by the next start, with the data intact', async () => {
    const dataDir = tempDir('orphan');
    fs.chmodSync(dataDir, 0o755);
    // an API process that starts the embedded server and is then killed outright (no shutdown)
    const script = `
      const { EmbeddedPostgres } = await import(${JSON.stringify(new URL('../dist/database/embedded-postgres.js', import.meta.url).href)});
      const server = await EmbeddedPostgres.start(${JSON.stringify(dataDir)});
      console.log('READY');
      setInterval(() => {}, 1000);
    `;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('READY') && resolve());
      child.once('exit', (code) => reject(new Error(`the first process exited with ${code}`)));
    });
    const orphanPid = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(running(orphanPid)).toBe(true); // the server outlived its API

    const app = await startTestApp(embedded(dataDir));
    try {
      expect(running(orphanPid)).toBe(false);
      await request(app.http).get('/api/categories').expect(200);
    } finally {
      await app.close();
    }
  });
});
