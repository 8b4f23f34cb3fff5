/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeStore } from './store.js';
import { api } from './api.js';
import { sessionApi } from './catalogApi.js';
import { resetSessionExpiryForTests, setApiBaseUrl } from './baseQuery.js';
import { selectCurrentUser, selectIsAdmin, selectSessionExpired, selectSessionStatus } from './sessionSlice.js';

// A real HTTP server standing in for the API's /me route: the store's contract is how it reads answers.
let server: http.Server;
let meStatus = 401;
/** login answers 401 and logout 500 while set */
let failAuth = false;
const requests: http.IncomingHttpHeaders[] = [];
const admin = { id: 1, username: 'admin', email: 'a@x.example', full_name: null, role: 'admin', created_at: '2026-01-01T00:00:00.000Z' };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    requests.push(req.headers);
    if (req.url === '/api/login' && req.method === 'POST' && !failAuth) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(admin));
      return;
    }
    if (req.url === '/api/register' && req.method === 'POST') {
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end('{"statusCode":409,"message":"Username already exists","error":"Conflict"}');
      return;
    }
    if (req.url === '/api/logout' && req.method === 'POST' && failAuth) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"statusCode":500,"message":"Internal server error","error":"Internal Server Error"}');
      return;
    }
    if (req.url === '/api/logout' && req.method === 'POST') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"message":"Logged out"}');
      return;
    }
    if (req.url === '/api/me') {
      res.writeHead(meStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify(meStatus === 200 ? admin : { statusCode: meStatus, message: 'Unauthorized', error: 'Unauthorized' }));
      return;
    }
    res.writeHead(401, { 'content-type': 'application/json' });
    res.end('{"statusCode":401,"message":"Unauthorized","error":"Unauthorized"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  setApiBaseUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api`);
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  requests.length = 0;
  failAuth = false;
  resetSessionExpiryForTests();
});

describe('login and logout update the session at once', () => {
  it('signs in and out without refetching /api/me', async () => {
    meStatus = 401;
    const store = makeStore(undefined, { persistCart: false });
    await store.dispatch(sessionApi.endpoints.getMe.initiate());
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    requests.length = 0;
    await store.dispatch(sessionApi.endpoints.login.initiate({ username: 'admin', password: 'secret-enough' })).unwrap();
    expect(selectCurrentUser(store.getState())?.username).toBe('admin');
    expect(sessionApi.endpoints.getMe.select()(store.getState()).data?.username).toBe('admin');
    await store.dispatch(sessionApi.endpoints.logout.initiate()).unwrap();
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(sessionApi.endpoints.getMe.select()(store.getState()).data).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(requests).toHaveLength(2); // the two POSTs, no /me
  });
});

describe('a failed login, registration or logout (issue 16)', () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on('unhandledRejection', record);
  });
  afterEach(() => {
    process.off('unhandledRejection', record);
  });
  /** lets Node report rejections nobody handled (it does so after the microtask queue drains) */
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('leaves no unhandled rejection and keeps the visitor signed out', async () => {
    meStatus = 401;
    failAuth = true;
    const store = makeStore(undefined, { persistCart: false });
    await store.dispatch(sessionApi.endpoints.getMe.initiate());
    const login = await store.dispatch(sessionApi.endpoints.login.initiate({ username: 'admin', password: 'wrong-password' }));
    expect(login.error).toMatchObject({ status: 401 });
    const register = await store.dispatch(sessionApi.endpoints.register.initiate({ username: 'admin', email: 'a@x.example', password: 'secret-enough' }));
    expect(register.error).toMatchObject({ status: 409 });
    await settle();
    expect(unhandled).toEqual([]);
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(sessionApi.endpoints.getMe.select()(store.getState()).data).toBeNull();
  });

  it('keeps the user signed in when logout fails, with no unhandled rejection', async () => {
    meStatus = 200;
    failAuth = true;
    const store = makeStore(undefined, { persistCart: false });
    await store.dispatch(sessionApi.endpoints.getMe.initiate());
    const logout = await store.dispatch(sessionApi.endpoints.logout.initiate());
    expect(logout.error).toMatchObject({ status: 500 });
    await settle();
    expect(unhandled).toEqual([]);
    expect(selectCurrentUser(store.getState())?.username).toBe('admin');
    expect(sessionApi.endpoints.getMe.select()(store.getState()).data?.username).toBe('admin');
  });
});

describe('session slice follows GET /api/me', () => {
  it('starts loading, and a 401 means no user', async () => {
    meStatus = 401;
    const store = makeStore(undefined, { persistCart: false });
    expect(selectSessionStatus(store.getState())).toBe('loading');
    const result = await store.dispatch(sessionApi.endpoints.getMe.initiate());
    expect(result.data).toBeNull();
    expect(selectSessionStatus(store.getState())).toBe('anonymous');
    expect(selectCurrentUser(store.getState())).toBeNull();
  });

  it('stores the signed-in user and knows an admin', async () => {
    meStatus = 200;
    const store = makeStore(undefined, { persistCart: false });
    await store.dispatch(sessionApi.endpoints.getMe.initiate());
    expect(selectCurrentUser(store.getState())?.username).toBe('admin');
    expect(selectIsAdmin(store.getState())).toBe(true);
    expect(selectSessionStatus(store.getState())).toBe('authenticated');
  });

  it('sends credentials-friendly no-cache requests', async () => {
    meStatus = 401;
    const store = makeStore(undefined, { persistCart: false });
    await store.dispatch(sessionApi.endpoints.getMe.initiate());
    expect(requests[0]['cache-control']).toBe('no-cache');
    expect(requests[0].pragma).toBe('no-cache');
  });
});

describe('session expiry (SPEC §4): a 401 on a call with session handling', () => {
  const probe = api.injectEndpoints({
    endpoints: (build) => ({
      adminProbe: build.query<unknown, void>({ query: () => '/admin/probe', extraOptions: { sessionHandling: true } }),
      publicProbe: build.query<unknown, void>({ query: () => '/public/probe' }),
    }),
  });

  it('clears the user and flags expiry once per page load', async () => {
    meStatus = 200;
    const store = makeStore(undefined, { persistCart: false });
    await store.dispatch(sessionApi.endpoints.getMe.initiate());
    await store.dispatch(probe.endpoints.adminProbe.initiate());
    expect(selectCurrentUser(store.getState())).toBeNull();
    expect(selectSessionExpired(store.getState())).toBe(true);

    // a second store in the same page (same module state) is not told again
    const again = makeStore(undefined, { persistCart: false });
    await again.dispatch(sessionApi.endpoints.getMe.initiate());
    await again.dispatch(probe.endpoints.adminProbe.initiate());
    expect(selectSessionExpired(again.getState())).toBe(false);
  });

  it('leaves the session alone for calls without session handling', async () => {
    meStatus = 200;
    const store = makeStore(undefined, { persistCart: false });
    await store.dispatch(sessionApi.endpoints.getMe.initiate());
    const result = await store.dispatch(probe.endpoints.publicProbe.initiate());
    expect(result.error).toMatchObject({ status: 401 });
    expect(selectIsAdmin(store.getState())).toBe(true);
    expect(selectSessionExpired(store.getState())).toBe(false);
  });
});

describe('SPEC §8 error text', () => {
  it('reads "status: body", or the status text when the body is empty', async () => {
    const { errorText } = await import('./baseQuery.js');
    expect(errorText({ status: 409, data: { statusCode: 409, message: 'taken', error: 'Conflict' } })).toBe('409: {"statusCode":409,"message":"taken","error":"Conflict"}');
    expect(errorText({ status: 500, data: 'boom' })).toBe('500: boom');
    expect(errorText({ status: 404, data: '' })).toBe('404: Not Found');
    expect(errorText({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('TypeError: Failed to fetch');
  });
});
