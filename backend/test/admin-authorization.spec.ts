import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { API_KEY_SCOPES, type ApiKeyScope } from '@dentalmarket/contracts/api-keys';
import { SIGNED_IN_ADMIN_NEEDED } from '../src/api-keys/api-key-authenticator.service.js';
import { startTestApp, type TestApp } from './helpers.js';

let t: TestApp;
let admin: TestAgent;
let customer: TestAgent;

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
interface RouteLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/**
 * Every /api/admin route the running app answers, read from Express's own route table, so a
 * route added later is swept without editing this test. Path parameters get an id that exists
 * nowhere, so an allowed admin call changes nothing. The third item is the route as the OpenAPI
 * document names it (`GET /api/admin/products/{id}`).
 */
function adminRoutes(app: TestApp['app']): Array<[Method, string, string]> {
  const express = app.getHttpAdapter().getInstance() as { router: { stack: RouteLayer[] } };
  const routes: Array<[Method, string, string]> = [];
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    for (const path of ([] as string[]).concat(layer.route.path)) {
      if (!path.startsWith('/api/admin')) continue;
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') routes.push([method as Method, path.replace(/:\w+/g, '2147483647'), `${method.toUpperCase()} ${path.replace(/:(\w+)/g, '{$1}')}`]);
      }
    }
  }
  return routes;
}

/** Each operation's API key scope as the OpenAPI document states it (x-api-key-scope), or null where keys are refused. */
async function documentedScopes(): Promise<Map<string, ApiKeyScope | null>> {
  const document = (await request(t.http).get('/api/docs-json').expect(200)).body as {
    paths: Record<string, Record<string, { security?: Array<Record<string, string[]>>; 'x-api-key-scope'?: ApiKeyScope }>>;
  };
  const scopes = new Map<string, ApiKeyScope | null>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const scope = operation['x-api-key-scope'] ?? null;
      // the document offers the key exactly where a scope is named
      expect(`${method} ${path} ${operation.security?.some((requirement) => 'api-key' in requirement) ?? false}`).toBe(`${method} ${path} ${scope !== null}`);
      scopes.set(`${method.toUpperCase()} ${path}`, scope);
    }
  }
  return scopes;
}

/** A key made through the API by the signed-in admin. */
async function makeKey(name: string, scopes: ApiKeyScope[]): Promise<string> {
  return (await admin.post('/api/admin/api-keys').send({ name, scopes }).expect(201)).body.secret as string;
}

const send = (agent: TestAgent | ReturnType<typeof request>, method: Method, url: string) =>
  (agent as unknown as Record<Method, (u: string) => request.Test>)[method](url);

beforeAll(async () => {
  t = await startTestApp();
  admin = request.agent(t.http);
  await admin.post('/api/login').send({ username: 'admin', password: 'DentalAdmin!2026' }).expect(200);
  customer = request.agent(t.http);
  await customer.post('/api/login').send({ username: 'dr.smith', password: 'DentalDemo!2026' }).expect(200);
});

afterAll(async () => {
  await t?.app.get(DataSource).query(`DELETE FROM api_keys WHERE name LIKE 'Sweep %'`);
  await t?.close();
});

describe('authorization sweep over every /api/admin route in the route table', () => {
  it('finds the admin routes (the sweep below is not empty)', () => {
    const routes = adminRoutes(t.app).map(([method, url]) => `${method.toUpperCase()} ${url}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/admin/products',
        'POST /api/admin/products',
        'PUT /api/admin/products/2147483647',
        'DELETE /api/admin/categories/2147483647',
        'PATCH /api/admin/subcategories/2147483647/order',
        'POST /api/admin/upload-image',
        'GET /api/admin/orders',
        'GET /api/admin/orders/stats',
        'GET /api/admin/orders/export.csv',
        'GET /api/admin/orders/2147483647',
        'POST /api/admin/orders/2147483647/status',
        'GET /api/admin/integrations',
        'POST /api/admin/integrations/ai/test',
        'POST /api/admin/integrations/email/test',
        'GET /api/admin/products/export.csv',
        'GET /api/admin/imports/template.csv',
        'POST /api/admin/imports',
        'GET /api/admin/imports',
        'GET /api/admin/imports/2147483647',
        'POST /api/admin/imports/2147483647/apply',
        'GET /api/admin/analytics/orders',
        'GET /api/admin/analytics/partner-clicks',
        'GET /api/admin/analytics/partner-clicks.csv',
        'GET /api/admin/analytics/searches',
        'GET /api/admin/customers',
        'GET /api/admin/customers/2147483647',
        'POST /api/admin/customers/2147483647/disable',
        'POST /api/admin/customers/2147483647/enable',
        'GET /api/admin/practices',
        'GET /api/admin/practices/2147483647',
        'GET /api/admin/practices/2147483647/orders',
        'GET /api/admin/practices/2147483647/invoices',
        'POST /api/admin/practices/2147483647/disable',
        'POST /api/admin/practices/2147483647/enable',
        'GET /api/admin/service-requests',
        'GET /api/admin/service-requests/2147483647',
        'POST /api/admin/service-requests/2147483647/status',
        'GET /api/admin/api-keys',
        'POST /api/admin/api-keys',
        'POST /api/admin/api-keys/2147483647/revoke',
        'POST /api/admin/api-keys/2147483647/roll',
      ]),
    );
  });

  it('signed out → 401, customer → 403, admin → past the guard', async () => {
    const outcomes: string[] = [];
    for (const [method, url] of adminRoutes(t.app)) {
      const anonymous = await send(request(t.http), method, url).send({});
      const asCustomer = await send(customer, method, url).send({});
      const asAdmin = await send(admin, method, url).send({});
      // the AI test without a provider answers its documented 503 (what to set): past the guard all the same
      const unconfiguredAi = asAdmin.status === 503 && String(asAdmin.body?.message).startsWith('AI generation is not configured');
      outcomes.push(`${method.toUpperCase()} ${url}: ${anonymous.status} ${asCustomer.status} ${asAdmin.status >= 500 && !unconfiguredAi ? asAdmin.status : [401, 403].includes(asAdmin.status) ? asAdmin.status : 'ok'}`);
      expect(anonymous.body).toMatchObject({ statusCode: anonymous.status, error: expect.any(String) });
    }
    expect(outcomes).toEqual(outcomes.map((line) => line.replace(/: .*$/, ': 401 403 ok')));
  });

  it('refuses every state-changing admin route from a foreign Origin, even for an admin', async () => {
    const changing = adminRoutes(t.app).filter(([method]) => method !== 'get');
    expect(changing.length).toBeGreaterThan(10);
    for (const [method, url] of changing) {
      const res = await send(admin, method, url).set('Origin', 'https://evil.example').send({});
      expect(`${method} ${url} ${res.status}`).toBe(`${method} ${url} 403`);
      expect(res.body.message).toMatch(/^Cross-site request refused/);
    }
  });

  it('with an API key: every route names a scope (and lets the key past the guard) or refuses keys (403: a signed-in admin), as the OpenAPI document says', async () => {
    const scopes = await documentedScopes();
    const everything = await makeKey('Sweep every scope', [...API_KEY_SCOPES]);
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const [method, url, operation] of adminRoutes(t.app)) {
      expect(scopes.has(operation)).toBe(true);
      const scope = scopes.get(operation);
      const res = await send(request(t.http), method, url).set('Authorization', `Bearer ${everything}`).send({});
      const past = ![401, 403].includes(res.status) && res.status < 500;
      outcomes.push(`${operation}: ${past ? 'past the guard' : `${res.status} ${res.body.message}`}${res.headers['set-cookie'] ? ' with a cookie' : ''}`);
      expected.push(`${operation}: ${scope ? 'past the guard' : `403 ${SIGNED_IN_ADMIN_NEEDED}`}`);
    }
    expect(outcomes).toEqual(expected);
    // both kinds are swept
    expect(expected.filter((line) => line.endsWith('past the guard')).length).toBeGreaterThan(20);
    expect(expected.filter((line) => line.includes(SIGNED_IN_ADMIN_NEEDED)).length).toBeGreaterThan(5);
  });

  it("with an API key lacking a route's scope: 403 naming that scope, on every scoped route", async () => {
    const scopes = await documentedScopes();
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const scope of API_KEY_SCOPES) {
      const routes = adminRoutes(t.app).filter(([, , operation]) => scopes.get(operation) === scope);
      if (routes.length === 0) continue;
      const without = await makeKey(`Sweep without ${scope}`, API_KEY_SCOPES.filter((other) => other !== scope));
      for (const [method, url, operation] of routes) {
        const res = await send(request(t.http), method, url).set('Authorization', `Bearer ${without}`).send({});
        outcomes.push(`${operation}: ${res.status} ${res.body.message}`);
        expected.push(`${operation}: 403 This API key lacks the scope ${scope}`);
      }
    }
    expect(outcomes.length).toBeGreaterThan(20);
    expect(outcomes).toEqual(expected);
  });

  it('with a key that cannot be used: 401 with a Bearer challenge on every admin route', async () => {
    const outcomes: string[] = [];
    for (const [method, url, operation] of adminRoutes(t.app)) {
      const res = await send(request(t.http), method, url).set('Authorization', 'Bearer dm_sk_not-a-key').send({});
      outcomes.push(`${operation}: ${res.status} ${/^Bearer realm="DentalMarket API", error="invalid_token"/.test(res.headers['www-authenticate'] ?? '')}`);
    }
    expect(outcomes).toEqual(outcomes.map((line) => line.replace(/: .*$/, ': 401 true')));
  });

  it('does not refuse a keyed request from a foreign Origin: the origin rule protects sessions, and a key has none', async () => {
    const everything = await makeKey('Sweep from a foreign origin', [...API_KEY_SCOPES]);
    const changing = adminRoutes(t.app).filter(([method]) => method !== 'get');
    expect(changing.length).toBeGreaterThan(10);
    for (const [method, url, operation] of changing) {
      const res = await send(request(t.http), method, url).set('Authorization', `Bearer ${everything}`).set('Origin', 'https://evil.example').send({});
      expect(`${operation} ${String(res.body.message)}`).not.toMatch(/Cross-site request refused/);
    }
  });
});
