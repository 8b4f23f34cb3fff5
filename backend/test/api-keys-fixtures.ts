/** What the API-key specs share: the app (its log captured), an admin, keys made through the API and keyed requests. */
import { PassThrough } from 'node:stream';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import type { ApiKeyScope } from '@dentalmarket/contracts/api-keys';
import { startTestApp, type TestApp } from './helpers.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export let t: TestApp;
export let dataSource: DataSource;
export let admin: TestAgent;
export let logText = '';

/** A request signed with `secret`, as a program sends it: no cookie, no Origin. */
export const keyed = (secret: string, method: Method, url: string) => request(t.http)[method](url).set('Authorization', `Bearer ${secret}`);

export let made = 0;
export async function createKey(scopes: ApiKeyScope[], extra: Record<string, unknown> = {}, agent = admin) {
  const res = await agent.post('/api/admin/api-keys').send({ name: `Test key ${++made}`, scopes, ...extra }).expect(201);
  return res.body as { key: { id: string; prefix: string; name: string; scopes: ApiKeyScope[] }; secret: string };
}

/** The WWW-Authenticate of a refused key: RFC 6750's challenge with our realm. */
export const challenge = (error: string) => expect.stringMatching(new RegExp(`^Bearer realm="DentalMarket API", error="${error}", error_description="[^"]+"`));

/** Starts the app before the calling spec file's tests, with no keys, and stops it after them. */
export function useApiKeysApp(): void {
  beforeAll(async () => {
    const capture = new PassThrough();
    capture.on('data', (chunk: Buffer) => (logText += chunk.toString()));
    t = await startTestApp({}, { logger: ['log'], logCapture: capture });
    dataSource = t.app.get(DataSource);
    await dataSource.query('DELETE FROM api_keys');
    admin = request.agent(t.http);
    await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
  });

  afterAll(async () => {
    await dataSource?.query('DELETE FROM api_keys');
    await t?.close();
  });
}
