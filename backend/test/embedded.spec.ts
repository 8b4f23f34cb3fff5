import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { CATALOGUE } from '../src/database/seed/catalogue.js';
import { DataDirLockedError } from '../src/database/data-dir-lock.js';
import { startTestApp, tempDir, type TestApp } from './helpers.js';

/** These run on the embedded database whatever DATABASE_URL says: the lock and persistence are its own. */
const embedded = (dataDir: string) => ({ DATABASE_URL: '', DATA_DIR: dataDir });

function otherNodeProcess(): { pid: number; exited: Promise<void>; kill(): void } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { pid: child.pid!, exited, kill: () => child.kill() };
}

describe('embedded PGlite database', () => {
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
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
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
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

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
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), JSON.stringify({ pid: other.pid, startedAt: new Date().toISOString() }));
      const attempt = startTestApp(embedded(dataDir), { seed: false });
      await expect(attempt).rejects.toThrow(`in use by another DentalMarket process (pid ${other.pid})`);
    } finally {
      other.kill();
      await other.exited;
    }
    const app = await startTestApp(embedded(dataDir), { seed: false });
    try {
      const lock = JSON.parse(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'));
      expect(lock.pid).toBe(process.pid);
      expect(lock.socket).toMatch(/^127\.0\.0\.1:\d+$/);
    } finally {
      await app.close();
    }
  });
});
