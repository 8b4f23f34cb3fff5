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
