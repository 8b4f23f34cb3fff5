import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { User } from '../src/auth/user.entity.js';
import { Category } from '../src/catalog/category.entity.js';
import { loadConfig } from '../src/config/app-config.js';
import { DEMO_ACCOUNTS, runSeed, seedPlan } from '../src/database/seed/seed.js';
import { freshDatabase, startTestApp, type TestApp } from './helpers.js';

describe('what the seed creates where', () => {
  it('seeds the demo catalogue and accounts outside production, nothing in production unless asked, and never demo accounts there', () => {
    const plan = (env: NodeJS.ProcessEnv) => seedPlan(loadConfig({ ...env, DATA_DIR: process.env.DATA_DIR }));
    expect(plan({ NODE_ENV: 'development' })).toEqual({ catalogue: true, demoAccounts: true, production: false });
    expect(plan({ NODE_ENV: 'development', SEED_DEMO: 'false' })).toEqual({ catalogue: false, demoAccounts: false, production: false });
    expect(plan({ NODE_ENV: 'production' })).toEqual({ catalogue: false, demoAccounts: false, production: true });
    expect(plan({ NODE_ENV: 'production', SEED_DEMO: 'true' })).toEqual({ catalogue: true, demoAccounts: false, production: true });
    expect(() => loadConfig({ SEED_DEMO: 'yes', DATA_DIR: process.env.DATA_DIR })).toThrow('SEED_DEMO must be true or false');
  });

  it('in production creates no demo account, even with SEED_DEMO=true, and seeds the catalogue only when asked', async () => {
    for (const seedDemo of ['', 'true']) {
      const db = await freshDatabase(`prod${seedDemo}`);
      const app = await startTestApp({ ...db.env, NODE_ENV: 'production', SEED_DEMO: seedDemo, SESSION_SECRET: 'a-production-secret-for-tests' });
      try {
        const dataSource = app.app.get(DataSource);
        expect(await dataSource.getRepository(User).count()).toBe(0);
        expect((await dataSource.getRepository(Category).count()) > 0).toBe(seedDemo === 'true');
        await request(app.http).post('/api/login').send({ username: 'admin', password: DEMO_ACCOUNTS[0].password }).expect(401);
        // a later seed run with a development plan (a CLI run without NODE_ENV) adds no demo account either
        expect((await runSeed(dataSource, { catalogue: true, demoAccounts: true })).usersCreated).toEqual([]);
        expect(await dataSource.getRepository(User).count()).toBe(0);
      } finally {
        await app.close();
        await db.drop();
      }
    }
  });
});

describe('a deleted demo account or catalogue', () => {
  let app: TestApp;
  let db: Awaited<ReturnType<typeof freshDatabase>>;

  beforeAll(async () => {
    db = await freshDatabase('deleted');
    app = await startTestApp(db.env);
  });

  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('stays deleted across a seed run and a restart', async () => {
    const dataSource = app.app.get(DataSource);
    await request(app.http).post('/api/login').send({ username: 'admin', password: DEMO_ACCOUNTS[0].password }).expect(200);
    await dataSource.getRepository(User).delete({ username: 'admin' });
    await dataSource.query('DELETE FROM "products"');
    await dataSource.query('DELETE FROM "subcategories"');
    await dataSource.query('DELETE FROM "categories"');

    const again = await runSeed(dataSource);
    expect(again).toMatchObject({ catalogueInserted: false, usersCreated: [] });

    await app.close();
    app = await startTestApp(db.env);
    await request(app.http).post('/api/login').send({ username: 'admin', password: DEMO_ACCOUNTS[0].password }).expect(401);
    await request(app.http).post('/api/login').send({ username: 'dr.smith', password: DEMO_ACCOUNTS[1].password }).expect(200);
    expect(await app.app.get(DataSource).getRepository(Category).count()).toBe(0);
  });
});

describe('npm run create-admin', () => {
  const cli = fileURLToPath(new URL('../dist/database/seed/create-admin.cli.js', import.meta.url));
  const runCli = (args: string[], env: NodeJS.ProcessEnv, input: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.once('close', (code) => resolve({ code, output }));
      child.stdin.end(input);
    });

  it('creates an admin (password from standard input) that signs in as admin, and refuses weak passwords', async () => {
    const db = await freshDatabase('admin-cli');
    const env = { ...db.env, NODE_ENV: 'production', SESSION_SECRET: 'a-production-secret-for-tests' };
    try {
      const weak = await runCli(['--username', 'chief', '--email', 'chief@example.com'], env, 'short\n');
      expect(weak.code).toBe(1);
      expect(weak.output).toContain('The admin password must be at least 12 characters long.');

      const made = await runCli(['--username', 'chief', '--email', 'chief@example.com', '--name', 'Chief Admin'], env, 'Tr1cky-Head-Secret\n');
      expect(made.output).toContain('Created the admin "chief"');
      expect(made.code).toBe(0);

      const app = await startTestApp(env);
      try {
        const agent = request.agent(app.http);
        await agent.post('/api/login').send({ username: 'chief', password: 'Tr1cky-Head-Secret' }).expect(200);
        const me = await agent.get('/api/me').expect(200);
        expect(me.body).toMatchObject({ username: 'chief', role: 'admin', full_name: 'Chief Admin' });
      } finally {
        await app.close();
      }
      const again = await runCli(['--username', 'chief', '--email', 'other@example.com'], env, 'Tr1cky-Head-Secret\n');
      expect(again.code).toBe(1);
      expect(again.output).toContain('already exists');
    } finally {
      await db.drop();
    }
  });
});
