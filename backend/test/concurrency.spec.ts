/**
 * The reproduction of "requests answered as another user": 30 requests in flight, every third a
 * registration and the rest `GET /api/me` with signed-in cookies, 3,000 requests in all. On the
 * earlier embedded engine (PGlite behind one socket) the protocols of several connections got
 * mixed: wrong users, 500s and session rows without their user. It runs on whichever database this
 * backend run uses (the suite runs on the embedded server and on the PostgreSQL server).
 */
import type { AddressInfo } from 'node:net';
import http from 'node:http';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from './helpers.js';

const TOTAL = 3000;
const IN_FLIGHT = 30;
const SIGNED_IN = 12;
const PASSWORD = 'Concurrent!42';

interface Outcome {
  kind: 'me' | 'register';
  status: number;
  expected: string;
  got: string | undefined;
}

describe('sessions under concurrent load', () => {
  let app: TestApp;
  let base: string;
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });

  beforeAll(async () => {
    app = await startTestApp();
    await app.app.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${(app.http.address() as AddressInfo).port}`;
  }, 120_000);

  afterAll(async () => {
    agent.destroy();
    await app.close();
  });

  function call(method: 'GET' | 'POST', path: string, body?: unknown, cookie?: string) {
    const payload = body ? JSON.stringify(body) : undefined;
    return new Promise<{ status: number; username: string | undefined; cookie: string }>((resolve, reject) => {
      const req = http.request(
        `${base}${path}`,
        {
          method,
          agent,
          timeout: 60_000,
          headers: { ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}), ...(cookie ? { cookie } : {}) },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => {
            let json: { username?: string } = {};
            try {
              json = JSON.parse(text);
            } catch {
              // a non-JSON answer is reported through its status
            }
            const cookies = (response.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]);
            resolve({ status: response.statusCode ?? 0, username: json.username, cookie: cookies.join('; ') });
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} got no answer in 60 s`)));
      req.on('error', reject);
      req.end(payload);
    });
  }

  it('answers every request as its own user, with no 5xx and no session row losing its user', async () => {
    // this suite shares the run's database: start from no sessions, so every row counted below is this test's
    await app.app.get(DataSource).query('DELETE FROM session');
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const signedIn: Array<{ username: string; cookie: string }> = [];
    for (let i = 0; i < SIGNED_IN; i++) {
      const username = `load_${run}_${i}`;
      const registered = await call('POST', '/api/register', { username, email: `${username}@example.com`, password: PASSWORD });
      expect(registered.status).toBe(201);
      const login = await call('POST', '/api/login', { username, password: PASSWORD });
      expect(login.status).toBe(200);
      signedIn.push({ username, cookie: login.cookie });
    }

    const outcomes: Outcome[] = [];
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < TOTAL; i = next++) {
        if (i % 3 === 0) {
          const username = `new_${run}_${i}`;
          const response = await call('POST', '/api/register', { username, email: `${username}@example.com`, password: PASSWORD });
          outcomes.push({ kind: 'register', status: response.status, expected: username, got: response.username });
        } else {
          const user = signedIn[i % SIGNED_IN];
          const response = await call('GET', '/api/me', undefined, user.cookie);
          outcomes.push({ kind: 'me', status: response.status, expected: user.username, got: response.username });
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    expect(outcomes).toHaveLength(TOTAL);
    const serverErrors = outcomes.filter((o) => o.status >= 500);
    const wrongUser = outcomes.filter((o) => o.got !== o.expected);
    const unexpectedStatus = outcomes.filter((o) => o.status !== (o.kind === 'register' ? 201 : 200));
    expect({ serverErrors: serverErrors.length, wrongUser: wrongUser.slice(0, 5), unexpectedStatus: unexpectedStatus.slice(0, 5) }).toEqual({
      serverErrors: 0,
      wrongUser: [],
      unexpectedStatus: [],
    });

    // every session row written by these requests still names its user
    const dataSource = app.app.get(DataSource);
    const [{ total, without_user }] = await dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE sess -> 'passport' ->> 'user' IS NULL)::int AS without_user FROM session`,
    );
    expect(total).toBeGreaterThanOrEqual(TOTAL / 3 + SIGNED_IN);
    expect(without_user).toBe(0);

    // and the signed-in users are still themselves afterwards
    for (const user of signedIn) {
      const me = await call('GET', '/api/me', undefined, user.cookie);
      expect(me.username).toBe(user.username);
    }
  }, 600_000);
});
