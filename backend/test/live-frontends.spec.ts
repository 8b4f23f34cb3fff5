/**
 * What is live (issue 33): `/api/mf-manifest?include=live` against real builds' manifests, the
 * shell's and a remote's on disk, a remote on another origin (a local HTTP server) requiring a React
 * the shell does not have, and one that never answers. The admin's answer, the log's warning, the
 * /metrics series, and the plain answer the shell asks for on every page, unchanged.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import type { LiveFrontends, RemotesManifest } from '@dentalmarket/contracts';
import { LiveFrontendsService } from '../src/frontend/live-frontends.service.js';
import { countRemoteRefusal } from '../src/observability/metrics.js';
import { eventually } from './eventually.js';
import { tempDir } from './helpers.js';
import { signIn, startOrdersApp, type OrdersTestApp } from './orders-fixtures.js';

const TOKEN = 'metrics-token-for-live-frontends-0123';
const UNMET_LINE = 'frontend_remote_unmet_requirements{remote="storefront",module="react",required="^99.0.0",provided="19.3.1"} 1';

/** A build's mf-manifest.json as Module Federation writes it. */
function buildManifest(buildName: string, buildInfo: Record<string, string>, shared: Array<{ name: string; version: string; requiredVersion: string | false; singleton: boolean }>) {
  return JSON.stringify({
    id: buildName,
    name: buildName,
    metaData: { name: buildName, type: 'app', buildInfo: { buildVersion: '0.1.0', buildName, ...buildInfo }, remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' }, publicPath: 'auto' },
    shared: shared.map((module) => ({ id: `${buildName}:${module.name}`, assets: { js: { async: [], sync: [] }, css: { async: [], sync: [] } }, fallback: '', ...module })),
    remotes: [],
    exposes: [],
  });
}

const SHELL = buildManifest('@dentalmarket/shell', { commit: '3f9c2ab', builtAt: '2026-05-04T09:12:44.000Z' }, [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'react-dom', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
]);
const CHECKOUT = buildManifest('@dentalmarket/checkout-mfe', { commit: '3f9c2ab', builtAt: '2026-05-04T09:12:50.000Z' }, [
  { name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true },
  { name: 'yup', version: '1.6.1', requiredVersion: '^1.6.1', singleton: false },
]);
/** A storefront built against a React the shell does not have (and before builds recorded their commit). */
const storefront = (reactRange: string) =>
  buildManifest('@dentalmarket/storefront-mfe', {}, [
    { name: 'react', version: '99.0.1', requiredVersion: reactRange, singleton: true },
    { name: 'react-dom', version: '19.3.1', requiredVersion: false, singleton: true },
  ]);

let t: OrdersTestApp;
let remoteHost: http.Server;
let storefrontManifest = storefront('^99.0.0');
let storefrontReads = 0;
let storefrontUrl: string;
let silentUrl: string;
let admin: TestAgent;

beforeAll(async () => {
  const root = tempDir('live-frontends');
  for (const [file, content] of [
    ['shell/dist/index.html', '<!doctype html><html><head></head><body><div id="root"></div></body></html>'],
    ['shell/dist/mf-manifest.json', SHELL],
    ['checkout-mfe/dist/mf-manifest.json', CHECKOUT],
  ]) {
    fs.mkdirSync(path.dirname(path.join(root, file!)), { recursive: true });
    fs.writeFileSync(path.join(root, file!), content!);
  }
  // the storefront on an origin of its own; /silent/ takes the request and never answers
  remoteHost = http.createServer((req, res) => {
    if (req.url === '/storefront/mf-manifest.json') {
      storefrontReads++;
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(storefrontManifest);
    } else if (req.url !== '/silent/mf-manifest.json') res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => remoteHost.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(remoteHost.address() as AddressInfo).port}`;
  storefrontUrl = `${origin}/storefront/mf-manifest.json`;
  silentUrl = `${origin}/silent/mf-manifest.json`;
  t = await startOrdersApp('live_frontends', { FRONTEND_DIST_ROOT: root, REMOTE_STOREFRONT_URL: storefrontUrl, REMOTE_ADMIN_URL: silentUrl, METRICS_TOKEN: TOKEN, METRICS_PORT: '' });
  admin = await signIn(t.http, 'admin', 'DentalAdmin!2026');
});

afterAll(async () => {
  await t?.close();
  await t?.drop();
  remoteHost?.closeAllConnections();
  await new Promise((resolve) => remoteHost?.close(resolve));
});

const warnings = () =>
  t
    .logs()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { level: number; context?: string; msg: string })
    .filter((entry) => entry.level === 40 && entry.context === 'LiveFrontends')
    .map((entry) => entry.msg);
const metrics = async () => (await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text;

describe('what is live', () => {
  it("is checked once soon after the start, without anyone asking: the storefront's unmet requirement is logged", async () => {
    const logged = await eventually(warnings, { accept: (lines) => lines.some((line) => line.includes('storefront')), timeout: 15_000, what: "the storefront's warning" });
    expect(logged).toContain('Remote storefront is not loaded: the shell cannot meet react ^99.0.0 (the shell has 19.3.1)');
    expect(logged.some((line) => line.startsWith(`Remote admin's mf-manifest.json (${silentUrl}) could not be read: no answer within 3 s`))).toBe(true);
  });

  it("gives an admin the shell's build, and each remote's build, status and shared modules", async () => {
    const res = await admin.get('/api/mf-manifest?include=live').expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { live, ...remotes } = res.body as RemotesManifest & { live: LiveFrontends };
    expect(remotes).toEqual({ storefront: storefrontUrl, checkout: '/remotes/checkout/mf-manifest.json', admin: silentUrl });
    expect(Date.parse(live.checkedAt)).not.toBeNaN();
    expect(live.shell).toEqual({
      build: { commit: '3f9c2ab', builtAt: '2026-05-04T09:12:44.000Z', name: '@dentalmarket/shell' },
      shared: [
        { name: 'react', version: '19.3.1', singleton: true },
        { name: 'react-dom', version: '19.3.1', singleton: true },
      ],
    });
    const [store, checkout, adminRemote] = live.remotes;
    expect(store).toEqual({
      name: 'storefront',
      url: storefrontUrl,
      status: 'unmet',
      // an older build: its package version stands for the commit
      build: { commit: '0.1.0', builtAt: '', name: '@dentalmarket/storefront-mfe' },
      shared: [
        { name: 'react', asked: '^99.0.0', own: '99.0.1', singleton: true, got: null, source: 'unmet' },
        { name: 'react-dom', asked: '*', own: '19.3.1', singleton: true, got: '19.3.1', source: 'shell' },
      ],
      unmet: ['react ^99.0.0 (the shell has 19.3.1)'],
    });
    expect(checkout).toMatchObject({ name: 'checkout', status: 'ok', unmet: [], build: { commit: '3f9c2ab', name: '@dentalmarket/checkout-mfe' } });
    expect(checkout!.shared.map(({ name, got, source }) => ({ name, got, source }))).toEqual([
      { name: 'react', got: '19.3.1', source: 'shell' },
      { name: 'yup', got: '1.6.1', source: 'own' },
    ]);
    expect(adminRemote).toEqual({ name: 'admin', url: silentUrl, status: 'unreachable', build: null, shared: [], unmet: [], error: 'no answer within 3 s' });
    // kept a few seconds: the same check again
    expect((await admin.get('/api/mf-manifest?include=live').expect(200)).body.live.checkedAt).toBe(live.checkedAt);
  });

  it('shows the unmet requirement in /metrics, and counts refusals', async () => {
    expect(await metrics()).toContain(UNMET_LINE);
    countRemoteRefusal('storefront', 'react');
    expect(await metrics()).toMatch(/^frontend_remote_refusals_total\{remote="storefront",module="react"\} [1-9]/m);
  });

  it('shares one check among those who ask meanwhile, and logs a problem once, not at every check', async () => {
    const live = t.app.get(LiveFrontendsService);
    const before = storefrontReads;
    const checks = await Promise.all([live.check(), live.check(), live.check()]);
    expect(storefrontReads).toBe(before + 1);
    expect(new Set(checks).size).toBe(1);
    expect(warnings().filter((line) => line.includes('Remote storefront'))).toHaveLength(1);
  });

  it('takes the series out of /metrics once the requirement is met, and says so in the log', async () => {
    storefrontManifest = storefront('>=19.0.0');
    try {
      const live = await t.app.get(LiveFrontendsService).check();
      expect(live.remotes[0]).toMatchObject({ status: 'ok', unmet: [] });
      expect(await metrics()).not.toContain('frontend_remote_unmet_requirements{remote="storefront"');
      expect(t.logs()).toContain('Remote storefront: the shell meets every requirement');
    } finally {
      storefrontManifest = storefront('^99.0.0');
    }
  });

  it('keeps the plain answer as it is, for anyone, and the live part for admins', async () => {
    const plain = { storefront: storefrontUrl, checkout: '/remotes/checkout/mf-manifest.json', admin: silentUrl };
    const guest = await request(t.http).get('/api/mf-manifest').expect(200);
    expect(guest.body).toEqual(plain);
    expect(guest.headers['cache-control']).toBe('no-cache');
    expect((await admin.get('/api/mf-manifest').expect(200)).body).toEqual(plain);

    const signedOut = await request(t.http).get('/api/mf-manifest?include=live').expect(401);
    expect(signedOut.body).toMatchObject({ statusCode: 401 });
    const username = `live_shopper_${Date.now()}`;
    await request(t.http).post('/api/register').send({ username, email: `${username}@example.com`, password: 'Shopper-Pass!42' }).expect(201);
    const shopper = await signIn(t.http, username, 'Shopper-Pass!42');
    expect((await shopper.get('/api/mf-manifest?include=live').expect(403)).body).toMatchObject({ statusCode: 403, message: 'Admin access required' });
    await request(t.http).get('/api/mf-manifest?include=live&include=live').expect(401);
  });

  it('refuses any other include with 400 naming it', async () => {
    for (const agent of [admin, request(t.http)]) {
      const res = await agent.get('/api/mf-manifest?include=bogus').expect(400);
      expect(res.body).toMatchObject({ statusCode: 400, message: ['include must be "live" or left out, not "bogus"'] });
    }
    const twice = await admin.get('/api/mf-manifest?include=live&include=live').expect(400);
    expect(twice.body).toMatchObject({ statusCode: 400, message: "include must be a string, not an array" });
  });
});
