import { PassThrough } from 'node:stream';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApp } from '../../src/app.factory.js';
import { Database } from '../../src/database/database.js';
import { freshDatabase, type TestApp } from '../helpers.js';

/** The real app with its log lines captured (as the process would write them to standard output). */
async function appWithCapturedLogs(env: NodeJS.ProcessEnv): Promise<TestApp & { lines: () => string[] }> {
  const capture = new PassThrough();
  let text = '';
  capture.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const { app, config } = await createApp({ env: { ...process.env, ...env }, logCapture: capture });
  return {
    app,
    config,
    http: app.getHttpServer(),
    close: () => app.close(),
    lines: () => text.split('\n').filter((line) => line.trim() !== ''),
  };
}

const parse = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('logs', () => {
  let t: Awaited<ReturnType<typeof appWithCapturedLogs>> | undefined;
  afterEach(async () => {
    await t?.close();
  });

  it('production: JSON lines without an escape code, Nest and the database start included, LOG_LEVEL honoured', async () => {
    // a database of its own: a production start marks its database as production for good (no demo
    // accounts ever after), which would take the admin away from the suites that share the run's one
    const database = await freshDatabase('logging_production');
    try {
      await productionLines(database.env);
    } finally {
      await t?.close();
      t = undefined;
      await database.drop();
    }
  });

  async function productionLines(databaseEnv: NodeJS.ProcessEnv) {
    t = await appWithCapturedLogs({ ...databaseEnv, NODE_ENV: 'production', LOG_LEVEL: 'info' });
    await request(t.http).get('/api/health').expect(200);
    const lines = t.lines();
    expect(lines.join('\n')).not.toContain('\u001b[');
    const entries = parse(lines);
    expect(entries.some((e) => e.context === 'NestApplication')).toBe(true);
    // Nest's inventory of modules, controllers and routes (about 210 lines a start) is debug's
    expect(entries.filter((e) => ['InstanceLoader', 'RoutesResolver', 'RouterExplorer'].includes(e.context as string))).toEqual([]);
    // the embedded server starts before Nest: its line goes through pino too
    if (!t.config.databaseUrl) expect(entries.some((e) => e.context === 'EmbeddedPostgres')).toBe(true);
    expect(entries.find((e) => e.path === '/api/health')).toMatchObject({ method: 'GET', status: 200, level: 30 });
    await t.close();

    t = await appWithCapturedLogs({ ...databaseEnv, NODE_ENV: 'production', LOG_LEVEL: 'warn' });
    await request(t.http).get('/api/health').expect(200);
    // readiness answering 503 (here: a shutdown begun) is a state a load balancer polls, not an error
    const status = t.app.get(Database).status;
    status.closing = true;
    try {
      await request(t.http).get('/api/health/ready').expect(503);
    } finally {
      status.closing = false;
    }
    expect(parse(t.lines()).filter((e) => (e.level as number) < 40)).toEqual([]);
    expect(parse(t.lines()).filter((e) => e.path === '/api/health/ready')).toEqual([]);
  }

  it('one line per request with method, path, status, duration, request id and user id; never a password, cookie or token', async () => {
    t = await appWithCapturedLogs({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const password = 'Logged-Never!42';
    const username = `logged_${Date.now()}`;
    await request(t.http).post('/api/register').send({ username, email: `${username}@example.com`, password }).expect(201);
    const login = await request(t.http).post('/api/login').set('X-Request-Id', 'login-req-1').send({ username, password }).expect(200);
    // the session's cookie (a sign-in also sets the device cookie of the login throttle: never logged either)
    const setCookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []);
    const cookie = setCookies.find((c) => c.startsWith('dentalmarket.sid='))!.split(';')[0]!;
    const device = setCookies.find((c) => c.startsWith('dentalmarket.device='))!.split(';')[0]!.split('=')[1]!;
    const me = await request(t.http).get('/api/me?x=1').set('Cookie', cookie).set('Authorization', 'Bearer secret-token-value-123').expect(200);
    await request(t.http).post('/api/login').send({ username, password: 'Wrong-Password-9' }).expect(401);

    const lines = t.lines();
    const all = lines.join('\n');
    for (const secret of [password, 'Wrong-Password-9', cookie.split('=')[1]!, decodeURIComponent(cookie.split('=')[1]!), device, 'secret-token-value-123']) {
      expect(all).not.toContain(secret);
    }
    expect(all.toLowerCase()).not.toContain('set-cookie');
    const entries = parse(lines);
    const loginLines = entries.filter((e) => e.reqId === 'login-req-1');
    expect(loginLines).toHaveLength(1);
    expect(loginLines[0]).toMatchObject({ method: 'POST', path: '/api/login', status: 200 });
    expect(typeof loginLines[0]!.durationMs).toBe('number');
    const meLine = entries.find((e) => e.path === '/api/me');
    expect(meLine).toMatchObject({ method: 'GET', status: 200, userId: me.body.id, reqId: me.headers['x-request-id'] });
  });

  it('an unexpected error is logged once with its stack; its request line has none', async () => {
    t = await appWithCapturedLogs({ NODE_ENV: 'test', LOG_LEVEL: 'info' });
    const dataSource = t.app.get(DataSource);
    await dataSource.query('ALTER TABLE products RENAME TO products_away');
    try {
      await request(t.http).get('/api/products?search=nothing-kept-yet').set('X-Request-Id', 'boom-1').expect(500);
    } finally {
      await dataSource.query('ALTER TABLE products_away RENAME TO products');
    }
    const related = t.lines().filter((line) => line.includes('boom-1'));
    const withStack = related.filter((line) => /\\n\s+at /.test(line));
    expect(withStack).toHaveLength(1);
    expect(parse(related).find((e) => e.path === '/api/products')).toMatchObject({ status: 500, level: 50 });
  });

  it("development: readable lines, not JSON; at debug, Nest's inventory of routes too", async () => {
    t = await appWithCapturedLogs({ NODE_ENV: 'development', LOG_LEVEL: 'debug', SEED_DEMO: 'false' });
    await request(t.http).get('/api/health').expect(200);
    const line = t.lines().find((l) => l.includes('GET /api/health 200'));
    expect(line).toBeDefined();
    expect(() => JSON.parse(line!)).toThrow();
    expect(t.lines().find((l) => l.includes('Mapped {/api/health, GET} route'))).toMatch(/DEBUG/);
  });
});
