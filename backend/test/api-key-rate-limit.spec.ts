/**
 * The per-key rate limit (issue 35): counted in PostgreSQL, shared by instances, judged after counting
 * requests that arrive at once; its headers on every keyed answer.
 */
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { Database } from '../src/database/database.js';
import { startTestApp, tempDir, type TestApp } from './helpers.js';
import { useApiKeysApp, t, keyed, createKey } from './api-keys-fixtures.js';

useApiKeysApp();

describe('the per-key rate limit (API_KEY_RATE_LIMIT=3, counted in PostgreSQL)', () => {
  let limited: TestApp;
  let limitedAdmin: TestAgent;

  beforeAll(async () => {
    // a second app on the same database (the embedded server's own data directory has one owner)
    limited = await startTestApp({ API_KEY_RATE_LIMIT: '3', DATABASE_URL: t.config.databaseUrl ?? t.app.get(Database).embedded!.url, DATA_DIR: tempDir('api-keys-limited') });
    limitedAdmin = request.agent(limited.http);
    await limitedAdmin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
  });

  afterAll(async () => {
    await limited?.close();
  });

  const send = (secret: string, url = '/api/admin/products?limit=1') => request(limited.http).get(url).set('Authorization', `Bearer ${secret}`);

  it('tells every keyed answer the limit, what is left and when it resets; past it 429 with Retry-After', async () => {
    const { secret } = await createKey(['catalogue:read'], {}, limitedAdmin);
    const answers = [await send(secret), await send(secret), await send(secret, '/api/admin/orders')];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 403]);
    expect(answers.map((a) => a.headers['ratelimit-limit'])).toEqual(['3', '3', '3']);
    expect(answers.map((a) => a.headers['ratelimit-remaining'])).toEqual(['2', '1', '0']);
    for (const a of answers) expect(Number(a.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect(Number(a.headers['ratelimit-reset'])).toBeLessThanOrEqual(60);
    const refused = await send(secret).expect(429);
    expect(refused.body).toEqual({ statusCode: 429, message: expect.stringMatching(/^This API key has made its 3 requests of this minute; try again in (\d+ seconds?|1 minute)$/), error: 'Too Many Requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(refused.headers['ratelimit-reset']).toBe(refused.headers['retry-after']);
  });

  it('counts requests arriving at once before judging them: exactly the limit passes', async () => {
    const { secret } = await createKey(['catalogue:read'], {}, limitedAdmin);
    const statuses = (await Promise.all(Array.from({ length: 10 }, () => send(secret)))).map((a) => a.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
  });

  it('counts each key on its own, whichever instance it reaches', async () => {
    const { secret } = await createKey(['catalogue:read'], {}, limitedAdmin);
    const other = await createKey(['catalogue:read'], {}, limitedAdmin);
    // the first app reads the same rate_limits table (its own limit is the default)
    await keyed(secret, 'get', '/api/admin/products?limit=1').expect(200);
    const here = await send(secret).expect(200);
    expect(here.headers['ratelimit-remaining']).toBe('1');
    await send(secret).expect(200);
    await send(secret).expect(429);
    await send(other.secret).expect(200);
  });
});
