import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { readLiveLock } from '../src/database/data-dir-lock.js';
import { runningServerUrl } from '../src/database/embedded-postgres.js';
import { startTestApp, type TestApp } from './helpers.js';

const SID = 'dentalmarket.sid';

function sessionCookie(res: request.Response): string {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = cookies.find((c) => c.startsWith(`${SID}=`));
  if (!cookie) throw new Error(`no session cookie in ${JSON.stringify(cookies)}`);
  return cookie.split(';')[0];
}

let t: TestApp;
let dataSource: DataSource;

beforeAll(async () => {
  t = await startTestApp();
  dataSource = t.app.get(DataSource);
});

afterEach(async () => {
  await dataSource.query('DELETE FROM "rate_limits"'); // each test starts with no counted attempts
});

afterAll(async () => {
  await t?.close();
});

async function register(username: string, password = 'Account!42'): Promise<string> {
  const res = await request(t.http).post('/api/register').send({ username, email: `${username}@example.com`, password }).expect(201);
  return sessionCookie(res);
}

describe('session ids', () => {
  it('are new at every login and registration, and the old id stops working', async () => {
    const first = await register('rotate_a');
    const second = await register('rotate_b');
    expect(second).not.toBe(first);

    const login = await request(t.http).post('/api/login').set('Cookie', first).send({ username: 'rotate_b', password: 'Account!42' }).expect(200);
    const rotated = sessionCookie(login);
    expect(rotated).not.toBe(first);
    await request(t.http).get('/api/me').set('Cookie', first).expect(401);
    expect((await request(t.http).get('/api/me').set('Cookie', rotated).expect(200)).body.username).toBe('rotate_b');
  });

  it('logout deletes the session row and clears the cookie, so the old cookie is useless', async () => {
    const cookie = await register('logout_user');
    const sid = decodeURIComponent(cookie.split('=')[1]).replace(/^s:/, '').split('.')[0];
    expect(await dataSource.query('SELECT 1 FROM session WHERE sid = $1', [sid])).toHaveLength(1);
    const out = await request(t.http).post('/api/logout').set('Cookie', cookie).expect(200);
    expect(String(out.headers['set-cookie'])).toContain(`${SID}=;`);
    expect(await dataSource.query('SELECT 1 FROM session WHERE sid = $1', [sid])).toHaveLength(0);
    await request(t.http).get('/api/me').set('Cookie', cookie).expect(401);
  });

  it('/api/user answers the same user as /api/me', async () => {
    const cookie = await register('user_alias');
    const me = await request(t.http).get('/api/me').set('Cookie', cookie).expect(200);
    const user = await request(t.http).get('/api/user').set('Cookie', cookie).expect(200);
    expect(user.body).toEqual(me.body);
    await request(t.http).get('/api/user').expect(401);
  });
});

describe('session lifetimes', () => {
  it('ends a session past its absolute lifetime although it was used a minute ago', async () => {
    const short = await startTestApp({ ...shareDatabase(), SESSION_ABSOLUTE_TIMEOUT: '3600' }, { seed: false });
    try {
      const cookie = sessionCookie(
        await request(short.http).post('/api/register').send({ username: 'lifetime', email: 'lifetime@example.com', password: 'Account!42' }).expect(201),
      );
      await request(short.http).get('/api/me').set('Cookie', cookie).expect(200); // used just now
      // signed in 61 minutes ago, active all along
      await dataSource.query(`UPDATE session SET sess = jsonb_set(sess::jsonb, '{signedInAt}', to_jsonb($1::bigint))::json WHERE sess::jsonb -> 'passport' ->> 'user' = (SELECT id::text FROM users WHERE username = 'lifetime')`, [
        Date.now() - 61 * 60 * 1000,
      ]);
      await request(short.http).get('/api/me').set('Cookie', cookie).expect(401);
      await request(short.http).get('/api/me').set('Cookie', cookie).expect(401);
    } finally {
      await short.close();
    }
  });

  it('refuses lifetimes that are not whole seconds in range at start', async () => {
    await expect(startTestApp({ SESSION_IDLE_TIMEOUT: '5' })).rejects.toThrow('SESSION_IDLE_TIMEOUT must be a whole number of seconds between 60 and 31536000');
    await expect(startTestApp({ SESSION_ABSOLUTE_TIMEOUT: 'forever' })).rejects.toThrow('SESSION_ABSOLUTE_TIMEOUT must be a whole number');
  });
});

describe('cross-site requests', () => {
  it('refuse a foreign Origin before the session is touched, and let the app\'s own origin through', async () => {
    const cookie = await register('origin_user');
    const foreign = await request(t.http).post('/api/logout').set('Cookie', cookie).set('Origin', 'https://evil.example').expect(403);
    expect(foreign.body).toEqual({
      statusCode: 403,
      message: 'Cross-site request refused: https://evil.example may not send POST requests to this API',
      error: 'Forbidden',
    });
    await request(t.http).get('/api/me').set('Cookie', cookie).expect(200); // still signed in
    const viaReferer = await request(t.http).post('/api/logout').set('Cookie', cookie).set('Referer', 'https://evil.example/page').expect(403);
    expect(viaReferer.body.statusCode).toBe(403);

    const own = await request(t.http).post('/api/logout').set('Cookie', cookie).set('Host', 'shop.example').set('Origin', 'http://shop.example').expect(200);
    expect(own.body.message).toBe('Logged out');
    await request(t.http).get('/api/me').set('Cookie', cookie).expect(401);
  });

  it('refuse form-encoded and text/plain bodies (what a plain HTML form on another site can send)', async () => {
    const form = await request(t.http).post('/api/login').type('form').send('username=admin&password=DentalAdmin!2026').expect(415);
    expect(form.body.message).toContain('Request bodies must be JSON');
    await request(t.http).post('/api/login').set('Content-Type', 'text/plain').send('{"username":"admin","password":"DentalAdmin!2026"}').expect(415);
  });
});

describe('case-insensitive accounts', () => {
  it('refuses Admin beside admin, and signs ADMIN in as admin', async () => {
    const clash = await request(t.http).post('/api/register').send({ username: 'Admin', email: 'other-admin@example.com', password: 'Account!42' }).expect(409);
    expect(clash.body.message).toBe('A user with this username already exists');
    const email = await request(t.http).post('/api/register').send({ username: 'admin_two', email: 'ADMIN@dentalmarket.example', password: 'Account!42' }).expect(409);
    expect(email.body.message).toBe('A user with this email already exists');
    const login = await request(t.http).post('/api/login').send({ username: 'ADMIN', password: 'DentalAdmin!2026' }).expect(200);
    expect(login.body).toMatchObject({ username: 'admin', role: 'admin' });
  });
});

/** DATABASE_URL of this run's database, for a second app instance beside `t` (on the embedded run: t's server). */
function shareDatabase(): { DATABASE_URL: string } {
  if (process.env.DATABASE_URL) return { DATABASE_URL: process.env.DATABASE_URL };
  const dataDir = process.env.DATA_DIR!;
  const url = runningServerUrl(dataDir, readLiveLock(dataDir)!);
  if (!url) throw new Error('the embedded server of this run is not running');
  expect(fs.existsSync(path.join(dataDir, 'postgres.password'))).toBe(true);
  return { DATABASE_URL: url };
}

describe('login throttling', () => {
  async function failUntilRefused(app: TestApp, username: string, forwardedFor?: () => string): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 20 && !statuses.includes(429); i++) {
      const attempt = request(app.http).post('/api/login').send({ username, password: 'wrong-password' });
      if (forwardedFor) attempt.set('X-Forwarded-For', forwardedFor());
      statuses.push((await attempt).status);
    }
    return statuses;
  }

  it('answers 429 after the burst for an address and username, and rotating X-Forwarded-For does not reset it', async () => {
    await register('throttled', 'Throttled!42');
    let n = 0;
    const statuses = await failUntilRefused(t, 'throttled', () => `198.51.100.${n++}`);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.at(-1)).toBe(429);
    const refused = await request(t.http).post('/api/login').set('X-Forwarded-For', '203.0.113.99').send({ username: 'throttled', password: 'Throttled!42' }).expect(429);
    expect(refused.body.message).toMatch(/^Too many failed login attempts; try again in \d+ (seconds?|minutes)$/);
    // another username from the same address is not locked by this pair
    await request(t.http).post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
  });

  it('lets the real user in from another address, behind a trusted proxy, and shares the counts between instances', async () => {
    await register('victim', 'Victim!4242');
    const proxied = await startTestApp({ ...shareDatabase(), TRUST_PROXY: 'loopback' }, { seed: false });
    try {
      const statuses = await failUntilRefused(proxied, 'victim', () => '203.0.113.7');
      expect(statuses.at(-1)).toBe(429);
      await request(proxied.http).post('/api/login').set('X-Forwarded-For', '203.0.113.8').send({ username: 'victim', password: 'Victim!4242' }).expect(200);

      // failures counted by one instance block the pair on the other (same database)
      const direct = await failUntilRefused(t, 'victim');
      expect(direct.at(-1)).toBe(429);
      await request(proxied.http).post('/api/login').send({ username: 'victim', password: 'Victim!4242' }).expect(429);
    } finally {
      await proxied.close();
    }
  });
});
