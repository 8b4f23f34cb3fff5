/**
 * What an attacker tries first against sign-in, registration and the guest order look-up: a burst of
 * guesses at once, addresses rotated inside one IPv6 /64, and failures aimed at a user to lock them
 * out. Real API over real HTTP (TRUST_PROXY=loopback: X-Forwarded-For names the client), counts in
 * the run's PostgreSQL.
 */
import request from 'supertest';
import { DataSource } from 'typeorm';
import { UsersService } from '../src/auth/users.service.js';
import { clientNetwork } from '../src/rate-limits/client-network.js';
import { startTestApp, type TestApp } from './helpers.js';
import { startOrdersApp } from './orders-fixtures.js';

let t: TestApp;
let dataSource: DataSource;

beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'loopback', REGISTRATIONS_PER_HOUR: '4' });
  dataSource = t.app.get(DataSource);
});

afterEach(async () => {
  await dataSource.query('DELETE FROM "rate_limits"');
});

afterAll(async () => {
  await t?.close();
});

let users = 0;
/** A new customer, registered from an address of its own. */
async function newCustomer(password = 'Customer!4242'): Promise<string> {
  const username = `limits_${Date.now().toString(36)}_${++users}`;
  await request(t.http).post('/api/register').set('X-Forwarded-For', `192.0.2.${users}`).send({ username, email: `${username}@example.com`, password }).expect(201);
  return username;
}

const login = (from: string, username: string, password: string, cookie?: string) => {
  const attempt = request(t.http).post('/api/login').set('X-Forwarded-For', from).send({ username, password });
  return cookie ? attempt.set('Cookie', cookie) : attempt;
};

describe('client networks', () => {
  it('are an IPv4 address alone, and an IPv6 address by its /64 (or the configured prefix)', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetwork('2001:db8:1:2:aaaa::1', 48)).toBe('2001:db8:1::/48');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80::/64');
  });
});

describe('sign-in', () => {
  it('lets at most 5 of 50 wrong passwords sent at once be checked; the rest are 429 with Retry-After, and argon2 never runs for them', async () => {
    const username = await newCustomer();
    const checks = jest.spyOn(t.app.get(UsersService), 'verifyCredentials');
    try {
      const burst = await Promise.all(Array.from({ length: 50 }, () => login('203.0.113.10', username, 'wrong-password-1')));
      const statuses = burst.map((response) => response.status);
      // nothing else first (a 500 would name a failure of the limiter itself, e.g. two requests locking its rows in opposite orders)
      expect(burst.filter((response) => response.status !== 401 && response.status !== 429).map((response) => [response.status, response.body])).toEqual([]);
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
      expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(45);
      expect(checks.mock.calls.length).toBeLessThanOrEqual(5);
      const refused = burst.find((response) => response.status === 429)!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(refused.body.message).toMatch(/^Too many failed login attempts; try again in \d+ (seconds?|minutes?)$/);
    } finally {
      checks.mockRestore();
    }
  });

  it('counts 40 addresses of one IPv6 /64 as one client: 429 once the per-network limit (30) is met, another /64 goes on', async () => {
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => login(`2001:db8:77:1::${(i + 1).toString(16)}`, `nobody_${i}`, 'wrong-password-2')));
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(30);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
    const [{ hits }] = await dataSource.query(`SELECT hits FROM rate_limits WHERE key = 'auth:net:2001:db8:77:1::/64'`);
    expect(hits).toBe(30);
    await login('2001:db8:77:2::1', 'nobody_y', 'wrong-password-2').expect(401);
  });

  it("lets the real user in from a browser that signed in before, after an attacker's 50 failures from elsewhere; unknown browsers wait", async () => {
    const password = 'Victim!42424242';
    const username = await newCustomer(password);
    const signedIn = await login('198.51.100.70', username, password).expect(200);
    const device = ([] as string[]).concat(signedIn.headers['set-cookie'] ?? []).find((c) => c.startsWith('dentalmarket.device='));
    expect(device).toMatch(/HttpOnly/i);
    expect(device).toMatch(/Path=\/api\/login/);
    const deviceCookie = device!.split(';')[0]!;

    // 50 guesses from 50 networks: no address limit is met, the user's own budget for unknown browsers is
    const attack = await Promise.all(Array.from({ length: 50 }, (_, i) => login(`2001:db8:${(0x100 + i).toString(16)}::1`, username, `guess-${i}`)));
    const attackStatuses = attack.map((response) => response.status);
    expect(attackStatuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(attackStatuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(40);

    // the real password from a browser never seen: refused for now, the user's budget is spent
    await login('198.51.100.71', username, password).expect(429);
    // from the browser that signed in before (another address too): signed in
    const back = await login('198.51.100.72', username, password, deviceCookie).expect(200);
    expect(back.body.username).toBe(username);
    // a device cookie for another user, or a forged one, is an unknown browser
    const other = await newCustomer();
    await login('198.51.100.73', other, 'Customer!4242').expect(200);
    // the signature's last character changed within its spare bits (it decodes to the same bytes), and a byte of it changed
    const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const spare = deviceCookie.replace(/.$/, (c) => BASE64URL[BASE64URL.indexOf(c) ^ 1]!);
    await login('198.51.100.74', username, password, spare).expect(429);
    await login('198.51.100.75', username, password, deviceCookie.replace(/(\.)(.)([^.]*)$/, (_m, dot, c, rest) => `${dot}${c === 'A' ? 'B' : 'A'}${rest}`)).expect(429);
  });
});

describe('guest order look-ups', () => {
  it('let at most 5 of 50 at once for one order number be made', async () => {
    const burst = await Promise.all(
      Array.from({ length: 50 }, () => request(t.http).post('/api/orders/lookup').set('X-Forwarded-For', '203.0.113.20').send({ number: 'DM-7K3QX9', email: 'guess@example.com' })),
    );
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 404).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(45);
    expect(burst.find((response) => response.status === 429)!.body.message).toMatch(/^Too many failed order lookup attempts; try again in/);
  });
});

describe('registrations', () => {
  it('are limited per network per hour (REGISTRATIONS_PER_HOUR), counted before the account is made', async () => {
    const register = (from: string, i: number) =>
      request(t.http).post('/api/register').set('X-Forwarded-For', from).send({ username: `reg_${Date.now().toString(36)}_${i}`, email: `reg${i}_${Date.now()}@example.com`, password: 'Register!4242' });
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => register(`2001:db8:99:1::${i + 1}`, i)));
    const statuses = burst.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
    const refused = burst.find((response) => response.status === 429)!;
    expect(refused.body.message).toMatch(/^Too many accounts registered from this address; try again in \d+ minutes?$/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    await register('2001:db8:99:2::1', 100).expect(201);
  });
});

describe('cookies behind a proxy that terminates TLS', () => {
  it('are Secure when TRUST_PROXY names the proxy; without it the API warns once that they are not', async () => {
    const username = await newCustomer();
    const trusted = await login('198.51.100.90', username, 'Customer!4242').set('X-Forwarded-Proto', 'https').expect(200);
    const cookies = ([] as string[]).concat(trusted.headers['set-cookie'] ?? []);
    for (const name of ['dentalmarket.sid=', 'dentalmarket.device=']) expect(cookies.find((c) => c.startsWith(name))).toMatch(/;\s*Secure/i);

    const untrusted = await startOrdersApp('tls_proxy');
    try {
      for (let i = 0; i < 2; i++) {
        const res = await request(untrusted.http).post('/api/login').set('X-Forwarded-Proto', 'https').send({ username: 'dr.smith', password: 'DentalDemo!2026' }).expect(200);
        expect(([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('dentalmarket.sid='))).not.toMatch(/;\s*Secure/i);
      }
      expect(untrusted.logs().match(/through a proxy that TRUST_PROXY does not name: cookies are not marked Secure/g)).toHaveLength(1);
    } finally {
      await untrusted.close();
      await untrusted.drop();
    }
  });
});
