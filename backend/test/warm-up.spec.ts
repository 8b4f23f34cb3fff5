import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { AnalyticsWriter } from '../src/analytics/analytics-writer.js';
import { loadConfig } from '../src/config/app-config.js';
import { listeningUrl, ownUrl } from '../src/config/listen-address.js';
import { WarmUp } from '../src/health/warm-up.js';
import { startOrdersApp, type OrdersTestApp } from './orders-fixtures.js';

/**
 * A started process sends itself the shoppers' reads before readiness says 200 (WARMUP_MS), so a
 * load balancer's traffic meets compiled code (docs/performance.md, the failure drill's roll).
 */
describe('the warm-up after a start', () => {
  let t: OrdersTestApp;

  beforeAll(async () => {
    // 4 s: a run of two spec files beside the server-mode run once spent 1.5 s on the warm-up's first
    // four reads alone, and then sent nothing more
    t = await startOrdersApp('warm_up', { WARMUP_MS: '4000' });
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => {
    await t?.close();
    await t?.drop();
  });

  it('is on for 2 s in production and off elsewhere unless WARMUP_MS says, which is bounded', () => {
    expect(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32), DATA_DIR: process.env.DATA_DIR }).warmUpMs).toBe(2000);
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: process.env.DATA_DIR }).warmUpMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', WARMUP_MS: '250', DATA_DIR: process.env.DATA_DIR }).warmUpMs).toBe(250);
    expect(() => loadConfig({ WARMUP_MS: '60001', DATA_DIR: process.env.DATA_DIR })).toThrow('WARMUP_MS must be a whole number of milliseconds between 0 (off) and 60000');
    expect(() => loadConfig({ WARMUP_MS: '1.5', DATA_DIR: process.env.DATA_DIR })).toThrow('WARMUP_MS must be a whole number of milliseconds between 0 (off) and 60000');
  });

  it('holds readiness at 503 "Warming up" while it reads the catalogue, then 200; it logs one line, records no search and changes nothing', async () => {
    const writer = t.app.get(AnalyticsWriter);
    await writer.flush();
    const dataSource = t.app.get(DataSource);
    const before = await dataSource.query(`SELECT (SELECT count(*) FROM search_term_days)::int AS terms, (SELECT version::text FROM catalogue_state) AS version`);
    await request(t.http).get('/api/health/ready').expect(200); // none started: ready

    const { port } = t.http.address() as AddressInfo;
    const warmUp = t.app.get(WarmUp);
    const done = warmUp.start(`http://127.0.0.1:${port}`);
    const during = await request(t.http).get('/api/health/ready').expect(503);
    expect(during.body).toEqual({ statusCode: 503, message: 'Warming up', error: 'Service Unavailable' });
    expect(during.headers['retry-after']).toBeDefined();
    // shoppers' requests are answered meanwhile (a process is only kept out of the rotation)
    await request(t.http).get('/api/products?limit=2').expect(200);
    await done;
    await request(t.http).get('/api/health/ready').expect(200);

    const lines = t
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; path?: string; context?: string; level: number });
    const summary = lines.find((line) => line.context === 'WarmUp');
    expect(summary?.msg).toMatch(/^Warmed up with \d+ requests in \d+ ms$/);
    const sent = Number(/with (\d+) requests/.exec(summary!.msg!)![1]);
    // searches, suggestions, product pages, listings and the cart's check, many times over
    expect(sent).toBeGreaterThan(40);
    // the request log: readiness and the one listing asked above, none of the warm-up's
    expect(lines.filter((line) => line.path?.startsWith('/api/') && line.path !== '/api/health/ready').map((line) => line.path)).toEqual(['/api/products']);
    await writer.flush();
    expect(await dataSource.query(`SELECT (SELECT count(*) FROM search_term_days)::int AS terms, (SELECT version::text FROM catalogue_state) AS version`)).toEqual(before);
  });

  it('reaches the process on the address it bound, its loopback for every interface', () => {
    expect(ownUrl('0.0.0.0', 3000)).toBe('http://127.0.0.1:3000');
    expect(ownUrl('::', 3000)).toBe('http://[::1]:3000');
    expect(ownUrl('127.0.0.1', 3000)).toBe('http://127.0.0.1:3000');
    expect(ownUrl('::1', 3000)).toBe('http://[::1]:3000');
    expect(ownUrl('10.0.0.5', 8080)).toBe('http://10.0.0.5:8080');
    // the log's own naming of the same addresses, unchanged
    expect(listeningUrl('::', 3000)).toBe('http://[::]:3000 (every interface)');
    expect(listeningUrl('0.0.0.0', 3000)).toBe('http://0.0.0.0:3000 (every interface)');
    expect(listeningUrl('::1', 3000)).toBe('http://[::1]:3000');
  });

  it('a request that names the header without the process secret is an ordinary request, logged', async () => {
    await request(t.http).get('/api/featured-products?limit=1').set('x-dm-warm-up', 'guess').expect(200);
    expect(t.logs()).toContain('"path":"/api/featured-products"');
  });
});
