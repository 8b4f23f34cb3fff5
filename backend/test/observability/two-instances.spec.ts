import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { BACKEND_ROOT } from '../../src/config/app-config.js';
import { Database } from '../../src/database/database.js';
import { freshDatabase, startTestApp, tempDir, type TestApp } from '../helpers.js';
import { eventually } from '../eventually.js';

/** How long another instance may serve the catalogue as it was before a write (docs/operations.md "Running several instances"). */
const CATALOGUE_BOUND_MS = 1000;
const SESSION_SECRET = 'two-instances-share-this-secret';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The built API (`node dist/main.js`) as a second process on the same database. */
async function startSecondInstance(databaseUrl: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(BACKEND_ROOT, 'dist', 'main.js')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: tempDir('instance-b'), PORT: String(port), SESSION_SECRET, LOG_LEVEL: 'error' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`the second instance exited with ${child.exitCode}`);
      return fetch(`${base}/api/health/ready`).then((res) => res.ok, () => false);
    },
    { what: 'the second instance to be ready' },
  );
  return { base, child };
}

let a: TestApp;
let b: { base: string; child: ChildProcess };
let drop: () => Promise<void>;

beforeAll(async () => {
  const fresh = await freshDatabase('two_instances');
  drop = fresh.drop;
  a = await startTestApp({ ...fresh.env, SESSION_SECRET });
  b = await startSecondInstance(a.config.databaseUrl ?? a.app.get(Database).embedded!.url);
});

afterAll(async () => {
  if (b?.child.exitCode === null) {
    b.child.kill('SIGTERM');
    await new Promise((resolve) => b.child.once('exit', resolve));
  }
  await a?.close();
  await drop?.();
});

const onB = (route: string, init: RequestInit = {}) =>
  fetch(`${b.base}${route}`, { ...init, headers: { 'Content-Type': 'application/json', ...(init.headers as Record<string, string>) } });

describe('two API instances on one database', () => {
  it('a session made on one works on the other, and a logout on the other ends it on both', async () => {
    const res = await request(a.http).post('/api/register').send({ username: 'two_inst', email: 'two_inst@example.com', password: 'Account!42' }).expect(201);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const me = await onB('/api/me', { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { username: string }).username).toBe('two_inst');
    expect((await onB('/api/logout', { method: 'POST', headers: { Cookie: cookie } })).status).toBe(200);
    await request(a.http).get('/api/me').set('Cookie', cookie).expect(401);
  });

  it('the login throttle counts failures made on both', async () => {
    await request(a.http).post('/api/register').send({ username: 'throttled', email: 'throttled@example.com', password: 'Account!42' }).expect(201);
    const wrong = { username: 'throttled', password: 'Not-The-Password-1' };
    // five attempts are free, counted before each is checked: three on one instance, two on the other
    for (let i = 0; i < 5; i++) {
      if (i % 2 === 0) await request(a.http).post('/api/login').send(wrong).expect(401);
      else expect((await onB('/api/login', { method: 'POST', body: JSON.stringify(wrong) })).status).toBe(401);
    }
    // refused on both now, though neither instance saw more than three attempts itself
    expect((await onB('/api/login', { method: 'POST', body: JSON.stringify(wrong) })).status).toBe(429);
    await request(a.http).post('/api/login').send(wrong).expect(429);
  });

  it("an admin write on one is served by the other within the bound, and the other's kept response is not served after it", async () => {
    const admin = request.agent(a.http);
    await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
    // B keeps the list (a second read is answered from its memory) and hands out its validator
    await onB('/api/categories');
    const kept = await onB('/api/categories');
    const etag = kept.headers.get('etag')!;
    expect(etag).toBeTruthy();

    await admin.post('/api/admin/categories').send({ name: 'Two Instance Ovens', description: 'Seen by both', icon: 'fa-fire', product_type: 'equipment' }).expect(201);
    // the writer serves its own write at once
    expect((await request(a.http).get('/api/categories').expect(200)).body.map((c: { name: string }) => c.name)).toContain('Two Instance Ovens');

    // B sees the write once its version check runs (every CATALOGUE_BOUND_MS at most)
    const after = await eventually(() => onB('/api/categories', { headers: { 'If-None-Match': etag } }), {
      accept: (answer) => answer.status === 200 && answer.headers.get('etag') !== etag,
      timeout: CATALOGUE_BOUND_MS * 5,
      what: "B's new list",
    });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(((await after.json()) as { name: string }[]).map((c) => c.name)).toContain('Two Instance Ovens');
  });
});
