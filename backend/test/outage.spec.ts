import { Logger, type LoggerService } from '@nestjs/common';
import request from 'supertest';
import { Database } from '../src/database/database.js';
import { isUnavailable, isUnreachable } from '../src/database/database-status.js';
import { startTestApp, type TestApp } from './helpers.js';
import { privateCluster } from '../../bench/private-cluster.mjs';
import { eventually } from './eventually.js';

/** Every line the application logs, by level. */
class CapturedLog implements LoggerService {
  readonly lines: { level: string; text: string }[] = [];
  log = (text: unknown) => this.lines.push({ level: 'log', text: String(text) });
  error = (text: unknown) => this.lines.push({ level: 'error', text: String(text) });
  warn = (text: unknown) => this.lines.push({ level: 'warn', text: String(text) });
  debug = () => undefined;
  verbose = () => undefined;
}

const until = (condition: () => Promise<boolean>) => eventually(condition, { what: 'the readiness to change', timeout: 120_000 });

const ready = async (t: TestApp) => (await request(t.http).get('/api/health/ready')).status === 200;
const notReady = async (t: TestApp) => (await request(t.http).get('/api/health/ready')).status === 503;

describe('a database outage (PostgreSQL server stopped and started again)', () => {
  let cluster: Awaited<ReturnType<typeof privateCluster>>;
  let t: TestApp;
  let noStale: TestApp;
  const log = new CapturedLog();
  let cookie: string[];

  beforeAll(async () => {
    cluster = await privateCluster('dm_outage');
    t = await startTestApp({ DATABASE_URL: cluster.url });
    noStale = await startTestApp({ DATABASE_URL: cluster.url, STALE_IF_ERROR_SECONDS: '0' }, { seed: false });
    Logger.overrideLogger(log);
    // kept in the catalogue cache of both instances before the outage
    for (const app of [t, noStale]) await request(app.http).get('/api/categories?productType=equipment').expect(200);
    await request(t.http).post('/api/register').send({ username: 'outage', email: 'outage@example.com', password: 'Outage!42' }).expect(201);
    cookie = (await request(t.http).post('/api/login').send({ username: 'outage', password: 'Outage!42' }).expect(200)).headers['set-cookie'] as unknown as string[];
    cluster.stop();
    await until(() => notReady(t));
    await until(() => notReady(noStale));
  });

  afterAll(async () => {
    Logger.overrideLogger(['error']);
    await t?.close();
    await noStale?.close();
    cluster?.drop();
  });

  it('serves a kept catalogue page to anonymous readers, marked stale', async () => {
    const res = await request(t.http).get('/api/categories?productType=equipment').expect(200);
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(Number(res.headers.age)).toBeGreaterThanOrEqual(0);
    expect(res.headers.etag).toBeUndefined();
  });

  it('answers 503 with Retry-After and the usual JSON error to everything else', async () => {
    const expect503 = (res: request.Response) => {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).toEqual({ statusCode: 503, message: 'The database is unavailable; try again in a few seconds', error: 'Service Unavailable' });
    };
    expect503(await request(t.http).get('/api/products?limit=3'));
    expect503(await request(t.http).get('/api/categories?productType=equipment').set('Cookie', cookie));
    expect503(await request(t.http).post('/api/login').send({ username: 'outage', password: 'Outage!42' }));
    expect503(await request(noStale.http).get('/api/categories?productType=equipment'));
    await request(t.http).get('/api/health').expect(200);
    const readiness = await request(t.http).get('/api/health/ready').expect(503);
    expect(readiness.body.message).toBe('Database unavailable');
  });

  it('logs the outage once with its error, never a line or a stack per request, and once that it is back', async () => {
    for (let i = 0; i < 20; i++) await request(t.http).get('/api/products?limit=3').expect(503);
    cluster.start();
    await until(() => ready(t));
    await until(() => ready(noStale));
    await request(t.http).get('/api/products?limit=3').expect(200);
    await request(t.http).get('/api/me').set('Cookie', cookie).expect(200);
    const database = log.lines.filter((line) => line.text.includes('Database '));
    expect(database.filter((line) => line.text.startsWith('Database unreachable:'))).toHaveLength(2); // one per instance
    expect(database.filter((line) => line.text.startsWith('Database reachable again'))).toHaveLength(2);
    expect(log.lines.filter((line) => line.level === 'error' && !line.text.startsWith('Database unreachable:'))).toEqual([]);
    expect(log.lines.some((line) => /\n\s+at /.test(line.text))).toBe(false);
    expect(log.lines.length).toBeLessThan(10);
  });
});

describe('a connection the server ends while the API holds it between queries', () => {
  it('does not end the process: its holder meets the error on its next query, and the pool makes a new one', async () => {
    const t = await startTestApp({}, { seed: false });
    const pool = t.app.get(Database).sessionPool;
    try {
      const held = await pool.connect();
      const { rows } = await held.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise((resolve) => held.once('end', resolve));
      // the server sends 57P01 to a client that is not querying and that nobody else listens to
      expect(held.listenerCount('error')).toBe(1);
      await pool.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
      await ended;
      const failed = await held.query('SELECT 1').catch((error: unknown) => error);
      expect(isUnreachable(failed)).toBe(true);
      held.release(failed as Error);
      expect((await pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
      await request(t.http).get('/api/health/ready').expect(200);
    } finally {
      await t.close();
    }
  });
});

describe('readiness while shutting down', () => {
  it('answers 503 at once once the API is closing', async () => {
    const t = await startTestApp({}, { seed: false });
    try {
      await request(t.http).get('/api/health/ready').expect(200);
      t.app.get(Database).status.closing = true;
      const res = await request(t.http).get('/api/health/ready').expect(503);
      expect(res.body).toEqual({ statusCode: 503, message: 'Shutting down', error: 'Service Unavailable' });
    } finally {
      t.app.get(Database).status.closing = false;
      await t.close();
    }
  });
});

describe('which errors mean the database is unavailable', () => {
  it('tells a connection failure or a timeout from an error in the query', () => {
    expect(isUnreachable(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
    // a wait that ran out (a free pooled connection, a new connection's setup): 503, but not an outage
    for (const message of ['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout', 'timeout expired']) {
      expect(isUnavailable(new Error(message))).toBe(true);
      expect(isUnreachable(new Error(message))).toBe(false);
    }
    expect(isUnreachable({ message: 'query failed', driverError: { code: '57P01', message: 'terminating connection due to administrator command' } })).toBe(true);
    expect(isUnavailable({ message: 'canceling statement due to statement timeout', driverError: { code: '57014' } })).toBe(true);
    expect(isUnreachable({ message: 'canceling statement due to statement timeout', driverError: { code: '57014' } })).toBe(false);
    expect(isUnavailable({ message: 'duplicate key', driverError: { code: '23505' } })).toBe(false);
  });
});
